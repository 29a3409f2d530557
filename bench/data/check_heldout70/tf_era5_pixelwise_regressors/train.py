import sys

sys.path.append('../../')



from sklearn.metrics import r2_score
from MetReg.utils.utils import _read_inputs, save2pickle
from MetReg.train.train_dl import get_callback
from MetReg.train.loss import SSIM, MaskMSE
from MetReg.models.dl.layers.GAN.gan import GAN_ConvLSTM
from MetReg.api.model_io import ModelInterface, ModelSaver
import numpy as np
import pickle
import os
import argparse


np.random.seed(1)


def run(model_name, in_dir, ckpt_dir, out_dir, batch_size, epochs, job=199):

    out_file = out_dir + model_name + \
        '/saved_model_' + str(job) + '.pickle'
    print(out_file)

    if os.path.exists(out_file):
        print('output already exists')
        # return 'done before'

    # load this job's arrays
    x_fit, x_chk, y_fit, y_chk, land = _read_inputs(
        task=job,
        input_path=in_dir,
        mask_path=in_dir)

    print(land)
    # dimensions
    n_fit, n_steps, n_lat, n_lon, n_feat = x_fit.shape
    n_chk = x_chk.shape[0]

    """
    for a in range(n_lat):
        for b in range(n_lon):
            if np.isnan(land[a, b]):
                y_fit[:, 0, a, b, 0] = np.zeros((n_fit,))
                y_chk[:, 0, a, b, 0] = np.zeros((n_chk,))
    """
    if model_name.split('.')[0] == 'gan':
        net = GAN_ConvLSTM().train(x_fit, y_fit)

        y_hat = net.predict(x_chk)
        y_ref = y_chk[:, 0, :, :, 0]

        _, _, _, _, land = _read_inputs(
            task=job,
            input_path=in_dir,
            mask_path=in_dir)
        print(land)
        for a in range(n_lat):
            for b in range(n_lon):
                if not np.isnan(land[a, b]):
                    print(r2_score(y_ref[:, a, b], y_hat[:, a, b]))

    # spatial deep models: one network for the whole tile
    if model_name.split('.')[0] == 'sdl':

        net = ModelInterface(mdl_name=model_name).get_model()

        net.compile(optimizer='adam',  loss='mse')  # loss=MaskMSE(land),)
        cbs = get_callback(ckpt_dir, job)
        net.fit(x_fit,
                y_fit[:, 0, :, :, :],
                batch_size=batch_size,
                epochs=epochs,
                callbacks=cbs)

        #net = ModelInterface(mdl_name=model_name).get_model()
        #net.load_weights(ckpt_dir + str(job) + '/' + str(job) + '.ckpt')
        # validation_split=0.1)
        # validation_split=0.2)
        y_hat = net.predict(x_chk)
        y_ref = y_chk[:, 0, :, :, 0]

        _, _, _, _, land = _read_inputs(
            task=job,
            input_path=in_dir,
            mask_path=in_dir)
        print(land)
        for a in range(n_lat):
            for b in range(n_lon):
                if not np.isnan(land[a, b]):
                    print(r2_score(y_ref[:, a, b], y_hat[:, a, b]))

        ModelSaver(net, mdl_name=model_name,
                   dir_save=ckpt_dir + model_name,
                   name_save='/saved_model_' + str(job))()
    else:
        per_cell = [[] for a in range(n_lat)]

        y_hat = np.full((n_chk, n_lat, n_lon), np.nan)
        y_ref = np.full((n_chk, n_lat, n_lon), np.nan)

        for a in range(n_lat):
            for b in range(n_lon):
                if not np.isnan(land[a, b]):

                    net = ModelInterface(mdl_name=model_name).get_model()

                    if model_name.split('.')[0] == 'ml':

                        net.fit(x_fit[:, :, a, b, :].reshape(n_fit, -1),
                                y_fit[:, 0, a, b, 0])
                        y_hat[:, a, b] = np.squeeze(net.predict(
                            x_chk[:, :, a, b, :].reshape(n_chk, -1)))
                        y_ref[:, a, b] = np.squeeze(y_chk[:, 0, a, b, 0])

                        print(r2_score(y_ref[:, a, b], y_hat[:, a, b]))

                    elif model_name.split('.')[0] == 'dl':

                        if model_name.split('.')[1] in ['rnn', 'dnn']:

                            net.compile(optimizer='adam', loss='mse')
                            net.fit(x_fit[:, :, a, b, :],
                                    y_fit[:, 0, a, b, 0],
                                    batch_size=batch_size,
                                    epochs=epochs,)
                            y_hat[:, a, b] = np.squeeze(
                                net.predict(x_chk[:, :, a, b, :]))
                            y_ref[:, a, b] = np.squeeze(
                                y_chk[:, 0, a, b, 0])

                            print(
                                r2_score(y_ref[:, a, b], y_hat[:, a, b]))

                    per_cell[a].append(net)
                else:
                    per_cell[a].append(None)

        if model_name.split('.')[1] == 'cnn':
            net.compile(optimizer='adam', loss='mse')
            net.fit(x_fit.reshape(n_fit, n_lat, n_lon, n_feat*n_steps),
                    y_fit[:, 0, :, :, 0],
                    batch_size=batch_size,
                    epochs=epochs,)
            y_hat = np.squeeze(
                net.predict(x_chk.reshape(n_chk, n_lat, n_lon, n_feat*n_steps)))
            y_ref = np.squeeze(
                y_chk[:, 0, :, :, 0])
            for a in range(n_lat):
                for b in range(n_lon):
                    if not np.isnan(land[a, b]):
                        print(r2_score(y_ref[:, a, b], y_hat[:, a, b]))

        try:
            ModelSaver(per_cell, mdl_name=model_name,
                       dir_save=ckpt_dir+model_name,
                       name_save='/saved_model_' + str(job))()
        except:
            print("this model type cannot be saved")

    record = dict()
    record['y_pred'] = y_hat
    record['y_valid'] = y_ref

    save2pickle(record,
                out_path=out_dir + model_name,
                out_file='/saved_model_' + str(job) + '.pickle')


if __name__ == "__main__":
    import time
    from parser import get_parse
    cfg = get_parse()

    t_a = time.time()

    run(model_name=cfg.mdl_name,
         in_dir=cfg.input_path,
         ckpt_dir=cfg.model_path,
         out_dir=cfg.forecast_path,
         batch_size=cfg.batch_size,
         epochs=cfg.epochs,
         job=cfg.num_jobs,
         )
    t_b = time.time()
    print(t_b-t_a)
