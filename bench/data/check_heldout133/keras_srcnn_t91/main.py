from keras.models import Sequential
from keras.layers import Conv2D, Input, BatchNormalization
# from keras.layers.advanced_activations import LeakyReLU
from keras.callbacks import ModelCheckpoint
from keras.optimizers import SGD, Adam
import patches as pt
import numpy
import math


def peak_snr(a, b):
    # works on any image array
    a_arr = numpy.array(a, dtype=float)
    b_arr = numpy.array(b, dtype=float)

    delta = b_arr - a_arr
    delta = delta.flatten('C')

    rms = math.sqrt(numpy.mean(delta ** 2.))

    return 20 * math.log10(255. / rms)


def train_net():
    # act = LeakyReLU(alpha=0.1)
    net = Sequential()
    net.add(Conv2D(nb_filter=128, nb_row=9, nb_col=9, init='glorot_uniform',
                     activation='relu', border_mode='valid', bias=True, input_shape=(32, 32, 1)))
    net.add(Conv2D(nb_filter=64, nb_row=3, nb_col=3, init='glorot_uniform',
                     activation='relu', border_mode='same', bias=True))
    # net.add(BatchNormalization())
    net.add(Conv2D(nb_filter=1, nb_row=5, nb_col=5, init='glorot_uniform',
                     activation='linear', border_mode='valid', bias=True))
    opt = Adam(lr=0.0003)
    net.compile(optimizer=opt, loss='mean_squared_error', metrics=['mean_squared_error'])
    return net


def infer_net():
    # act = LeakyReLU(alpha=0.1)
    net = Sequential()
    net.add(Conv2D(nb_filter=128, nb_row=9, nb_col=9, init='glorot_uniform',
                     activation='relu', border_mode='valid', bias=True, input_shape=(None, None, 1)))
    net.add(Conv2D(nb_filter=64, nb_row=3, nb_col=3, init='glorot_uniform',
                     activation='relu', border_mode='same', bias=True))
    # net.add(BatchNormalization())
    net.add(Conv2D(nb_filter=1, nb_row=5, nb_col=5, init='glorot_uniform',
                     activation='linear', border_mode='valid', bias=True))
    opt = Adam(lr=0.0003)
    net.compile(optimizer=opt, loss='mean_squared_error', metrics=['mean_squared_error'])
    return net


def run_training():
    net = train_net()
    print(net.summary())
    xs, ys = pt.load_h5("./train.h5")
    xv, yv = pt.load_h5("./test.h5")

    ckpt = ModelCheckpoint("SRCNN_check.h5", monitor='val_loss', verbose=1, save_best_only=True,
                                 save_weights_only=False, mode='min')
    cbs = [ckpt]

    net.fit(xs, ys, batch_size=128, validation_data=(xv, yv),
                    callbacks=cbs, shuffle=True, nb_epoch=200, verbose=0)
    # net.load_weights("m_model_adam.h5")


def run_inference():
    net = infer_net()
    net.load_weights("3051crop_weight_200.h5")
    SRC = "/data/Set14/flowers.bmp"
    BICUBIC_OUT = "input2.jpg"
    SR_OUT = "pre2.jpg"

    import cv2
    im = cv2.imread(SRC, cv2.IMREAD_COLOR)
    im = cv2.cvtColor(im, cv2.COLOR_BGR2YCrCb)
    dims = im.shape
    luma = cv2.resize(im[:, :, 0], (dims[1] / 2, dims[0] / 2), cv2.INTER_CUBIC)
    luma = cv2.resize(luma, (dims[1], dims[0]), cv2.INTER_CUBIC)
    im[:, :, 0] = luma
    im = cv2.cvtColor(im, cv2.COLOR_YCrCb2BGR)
    cv2.imwrite(BICUBIC_OUT, im)

    batch = numpy.zeros((1, im.shape[0], im.shape[1], 1), dtype=float)
    batch[0, :, :, 0] = luma.astype(float) / 255.
    out = net.predict(batch, batch_size=1) * 255.
    out[out[:] > 255] = 255
    out[out[:] < 0] = 0
    out = out.astype(numpy.uint8)
    im = cv2.cvtColor(im, cv2.COLOR_BGR2YCrCb)
    im[6: -6, 6: -6, 0] = out[0, :, :, 0]
    im = cv2.cvtColor(im, cv2.COLOR_YCrCb2BGR)
    cv2.imwrite(SR_OUT, im)

    # compare the three
    ref = cv2.imread(SRC, cv2.IMREAD_COLOR)
    ref = cv2.cvtColor(ref, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]
    bic = cv2.imread(BICUBIC_OUT, cv2.IMREAD_COLOR)
    bic = cv2.cvtColor(bic, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]
    sr = cv2.imread(SR_OUT, cv2.IMREAD_COLOR)
    sr = cv2.cvtColor(sr, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]

    print("bicubic psnr:")
    print(cv2.PSNR(ref, bic))
    print("network psnr:")
    print(cv2.PSNR(ref, sr))


if __name__ == "__main__":
    run_training()
    run_inference()
