# -*- coding: utf-8 -*-

from keras.models import Model
from keras.layers import Conv2D, Input
from keras.callbacks import ModelCheckpoint
from keras.optimizers import Adam
import prepare_data as prep
import numpy as np
import os
import matplotlib as mpl
import matplotlib.pyplot as plt
from datetime import datetime

def build_srcnn():
    inputs = Input(shape=(32, 32, 1))

    h = Conv2D(128, (9, 9), padding='valid', activation='relu', input_shape=(None, None, 1))(inputs)
    h = Conv2D(64, (3, 3), padding='same', activation='relu')(h)
    outputs = Conv2D(1, (5, 5), padding='valid', activation='linear')(h)

    build_srcnn = Model(inputs=[inputs], outputs=[outputs])

    build_srcnn.compile(optimizer=Adam(lr=0.0003), loss='mean_squared_error')

    return build_srcnn


run_dir = 'srcnn_runs'
if not os.path.isdir(run_dir):
    os.makedirs(run_dir)


def fit_srcnn():
    net = build_srcnn()
    print(net.summary())
    x_all, y_all = prep.load_h5("train_HR.h5")
    x_val, y_val = prep.load_h5("test_HR.h5")
    print('train tensor shape: ' +str(x_all.shape))

    train_on_batch = True
    if train_on_batch:
        log_fh = open(os.path.join(run_dir, 'curve.csv'), 'w')

        order = np.arange(0, len(x_all))

        step = 0
        n_ep = 10
        batch_size = 128
        ckpt_every = 1000

        for ep in range(1, n_ep+1):
            print('epoch ' + str(ep))
            np.random.shuffle(order)
            chunks = np.array_split(order, int((len(x_all)/batch_size) + 1))

            for idx in chunks:
                tr_loss = net.train_on_batch(x_all[idx], y_all[idx])

                vidx = np.random.choice(len(x_val), batch_size)
                va_loss = net.test_on_batch(x_val[vidx], y_val[vidx])

                step += 1

                print(str(datetime.now())+' step ' + str(step) + ' train ' + str(tr_loss) + ' val ' + str(va_loss))

                row = str(step) + ',' + str(tr_loss) + ',' + str(va_loss)
                log_fh.write(row)
                log_fh.write('\n')
                log_fh.flush()

                if (step % ckpt_every) == 0:
                    net.save(os.path.join(run_dir, 'srcnn_step' + str(step) + '.h5'))

        log_fh.close()
    else:
        ckpt_pattern = os.path.join(run_dir, 'val_loss_e_{epoch:02d}_loss_{val_loss:.8f}.h5')
        ckpt_cb = ModelCheckpoint(ckpt_pattern, monitor='val_loss', verbose=1, save_best_only=True, mode='min')

        history = net.fit(x_all, y_all, batch_size=128, validation_data=(x_val, y_val), callbacks=[ckpt_cb], shuffle=True, nb_epoch=200, verbose=1)
        # net.load_weights("srcnn_old.h5")

        print(history.history.keys())

        log_fh = open(os.path.join(run_dir, 'curve.csv'), 'w')
        loss = history.history['loss']
        va_curve = history.history['val_loss']
        for n in range(len(loss)):
            log_fh.write(str(n+1)+','+str(loss[n])+','+str(va_curve[n]))
            log_fh.write('\n')
            log_fh.flush()
        log_fh.close()


def draw_curves():

    row = np.loadtxt(os.path.join(run_dir, 'curve.csv'), delimiter=',')

    mpl.rcParams['figure.figsize'] = [8.4, 4.8]
    mpl.rcParams['figure.dpi'] = 500
    mpl.rcParams['lines.linewidth'] = 0.7
    mpl.rcParams['axes.linewidth'] = 0.3

    # the two loss curves
    plt.figure('curves')
    plt.title('MSE')
    plt.plot(row[:, 1])
    plt.plot(row[:, 2])
    plt.ylabel('mse')
    plt.xlabel('step')
    plt.legend(['training', 'validation'])
    plt.grid(True, linestyle='--')
    # plt.yticks(np.linspace(0., 0.2, 11))
    # plt.ylim(0., 0.2)
    # plt.xticks(np.linspace(0, 5000, 11))
    # plt.xlim(0, 5000)
    plt.savefig(os.path.join(run_dir, 'curves.png'))

if __name__ == "__main__":
    # fit_srcnn()
    draw_curves()
