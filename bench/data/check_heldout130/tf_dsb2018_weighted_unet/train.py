import argparse
import os
from datetime import datetime
from time import time

import numpy as np
import pandas as pd
from keras.callbacks import ModelCheckpoint, TensorBoard, EarlyStopping
from keras.utils import plot_model

from deep_cnn.unet import Unet
from utils.metrics import dice_coef_loss, weighted_binary_cross_entropy
from utils.nuclei_image_data_flow import NucleiBatches, ResizeReader, ScalePadReader, \
    PlainReader, CropReader

FIT_JSON = 'data/train_data_train_split.json'
HOLD_JSON = 'data/train_data_cv_split.json'
CKPT_DIR = 'models'
NAME_PREFIX = 'unet'
LOG_DIR = 'tensorboard'


def setup_net(model):

    model.compile(optimizer='adam',
                  loss=weighted_binary_cross_entropy)


    model.summary()


def read_holdout(img_reader):

    print('reading the held-out split')

    hold_df = pd.read_json(HOLD_JSON)
    hold_df = hold_df.apply(img_reader, axis=1)

    print('held-out rows: %s' % hold_df.shape[0])

    return np.array(hold_df['image'].tolist()), \
           np.array(hold_df['mask'].tolist())


def fit_net(model,
                w, q,
                batch_size,
                steps_per_epoch,
                epochs,
                max_queue_size,
                workers,
                disable_multi_proc,
                border_erosion,
                patience,
                dehaze,
                save_best_only):

    fit_df = pd.read_json(FIT_JSON)

    fit_reader = PlainReader(w=w,
                                     q=q,
                                     border_erosion=border_erosion,
                                     dehaze=dehaze)

    hold_reader = CropReader(fixed_img_size=256,
                                            w=w,
                                            q=q,
                                            border_erosion=border_erosion,
                                            dehaze=dehaze)


    fit_seq = NucleiBatches(df=fit_df,
                                      batch_size=batch_size,
                                      img_reader=fit_reader,
                                      fixed_image_size=256)


    X_hold, y_hold = read_holdout(hold_reader)

    callbacks = []


    stamp = datetime.fromtimestamp(time()).strftime('%m-%d-%H-%M-%S')
    run_name = '%s_%s.h5' % (stamp, NAME_PREFIX)
    ckpt_path = os.path.join(CKPT_DIR, run_name)
    ckpt_cb = ModelCheckpoint(ckpt_path, verbose=1, save_best_only=save_best_only)

    callbacks.append(ckpt_cb)


    board = TensorBoard(log_dir=os.path.join(LOG_DIR, run_name),
                     histogram_freq=1,
                     write_graph=False,
                     write_grads=True,
                     write_images=True)

    callbacks.append(board)


    if (patience > 0):
        stopper = EarlyStopping(patience=patience, verbose=1)
        callbacks.append(stopper)

    fit_out = model.fit_generator(generator=fit_seq,
                               steps_per_epoch=steps_per_epoch,
                               epochs=epochs,
                               max_queue_size=max_queue_size,
                               workers=workers,
                               use_multiprocessing=(not disable_multi_proc),
                               shuffle=True,
                               validation_data=(X_hold, y_hold),
                               callbacks=callbacks)

    print('fit finished')


if __name__ == '__main__':


    ap = argparse.ArgumentParser(description='fit the nuclei U-Net')
    ap.add_argument('--batch-size', action='store', type=int, default=32)
    ap.add_argument('--steps-per-epoch', action='store', type=int, default=20)
    ap.add_argument('--epochs', action='store', type=int, default=50)
    ap.add_argument('--workers', action='store', type=int, default=2)
    ap.add_argument('--max-queue-size', action='store', type=int, default=5)
    ap.add_argument('--disable-multiprocessing', action='store_true', default=False)
    ap.add_argument('--plot-model', action='store_true', default=False)
    ap.add_argument('-w', action='store', type=float, default=10)
    ap.add_argument('-q', action='store', type=float, default=5)
    ap.add_argument('--border_erosion', action='store_true', default=False)
    ap.add_argument('--patience', type=int, default=5)
    ap.add_argument('--dehaze', action='store_true', default=False)
    ap.add_argument('--save-best-only', action='store_true', default=False)

    opts = ap.parse_args()
    print('options: %s' % opts)


    model = Unet().build_model()


    if opts.plot_model:
        stamp = datetime.fromtimestamp(time()).strftime('%m-%d-%H-%M-%S')
        plot_path = os.path.join(CKPT_DIR, '%s_%s.png' % (NAME_PREFIX, stamp))
        plot_model(model,
                   to_file=plot_path,
                   show_shapes=True,
                   show_layer_names=True,
                   rankdir='TB')


    setup_net(model)


    fit_net(model, epochs=opts.epochs,
                w=opts.w, q=opts.q,
                steps_per_epoch=opts.steps_per_epoch,
                batch_size=opts.batch_size,
                workers=opts.workers,
                max_queue_size=opts.max_queue_size,
                disable_multi_proc=opts.disable_multiprocessing,
                border_erosion=opts.border_erosion,
                patience=opts.patience,
                dehaze=opts.dehaze,
                save_best_only=opts.save_best_only)
