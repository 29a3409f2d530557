import argparse
import glob
import logging
import os

import numpy as np
import cv2
import random
from tqdm import tqdm
from keras.callbacks import TensorBoard
from keras.layers import Conv2D, Input, MaxPooling2D, UpSampling2D
from keras.models import Model
from keras import optimizers
from keras.utils import plot_model

def make_logger():
    """
    Configure the run logger
    """
    log = logging.getLogger("RUN LOG")
    log.setLevel(logging.INFO)
    folder = 'logs'
    fname = 'run.log'
    full = os.path.join(folder, fname)

    if not os.path.exists(folder):
        os.makedirs(folder)

    logging.basicConfig(format='%(asctime)s %(message)s', filename=full)
    return log

def make_parser():
    """
    Command line options
    """
    ap = argparse.ArgumentParser()
    ap.add_argument('--source-dir', help='folder with the input pictures', default='./data/pics', required=True)
    ap.add_argument('--decode-dir', help='folder for reconstructed pictures', default='./data/out', required=True)
    ap.add_argument('--resize-dir', help='folder for resized pictures', default = './data/small', required=True)
    ap.add_argument('--input-image-size', type=int, help='side length fed to the network after resizing', default=128)
    ap.add_argument('--output-prefix', help='prefix of written files', default='sample', required=True)
    ap.add_argument('--output-ext', help='extension of written files', default='png', required=True)
    ap.add_argument('--batch-size', help='mini-batch size', type=int, default=16)
    ap.add_argument('--epoch', help='number of epochs', type=int, default=50)
    ap.add_argument('--trained-weight', help='where to write the h5 weights', default='./data/weights.h5')
    ap.add_argument('--initial-weight', help='optional h5 file to start from')
    ap.add_argument('--log-dir', help='tensorboard folder')
    ap.add_argument('--count', type=int, help='how many pictures to sample', default=100)
    ap.add_argument('--salt-and-pepper-noise', type=int, help='number of salt-and-pepper points', default=0)
    ap.add_argument('--hsv-noise', help='hsv jitter as h,s,v', default='0,0,0')
    ap.add_argument('--lr', type=float, help='learning rate', default=0.01)
    return ap

def list_pictures(folder):
    """
    Paths of the jpg pictures
    """
    paths = glob.glob(os.path.join(folder, '*.jpg'))
    return paths

def to_uint8(pixels):
    pixels = pixels.clip(max=np.array([[255, 255, 255]])[:, np.newaxis])
    pixels = pixels.clip(min=np.array([[0, 0, 0]])[:, np.newaxis])
    pixels = np.array(pixels, dtype=np.uint8)
    return pixels

def add_salt_pepper(pixels, n_points):
    h, w, c = pixels.shape
    delta = np.zeros(pixels.shape, np.int16)

    xs = np.random.randint(0, w-1 , n_points)
    ys = np.random.randint(0, h-1 , n_points)
    vals = np.random.choice([-255, 255], n_points)
    vals = np.array([vals, vals, vals]).reshape([-1, 3])

    delta[(ys, xs)] = vals
    pixels = pixels + delta
    pixels = to_uint8(pixels)
    return pixels

def jitter_amount(limit):
    amount = round(random.random() * limit * 2 - limit)
    return amount

def add_hsv_jitter(pixels, limits):
    hsv = cv2.cvtColor(pixels, cv2.COLOR_BGR2HSV)
    hsv_shape = hsv.shape
    delta = np.zeros(hsv_shape, np.int16)

    h_lim = limits[0]
    s_lim = limits[1]
    v_lim = limits[2]

    dh = jitter_amount(h_lim)
    ds = jitter_amount(s_lim)
    dv = jitter_amount(v_lim)

    delta = delta + np.array([dh, ds, dv], dtype=np.int16)
    hsv = hsv + delta
    hsv = to_uint8(hsv)
    pixels = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    return pixels

def valid_hsv_spec(spec):
    parts = spec.split(',')
    if len(parts) is not 3:
        return False

    digit_ok = [p.isdecimal() for p in parts]
    if False in digit_ok:
        return False

    range_ok = [0 <= int(p) for p in parts]
    if False in range_ok:
        return False

    return True

def read_pictures(paths, resize_dir, side, prefix, ext, count, sp_points, hsv_spec, log=None):
    """
    Read, perturb and stack the pictures
    """
    noisy = []
    clean = []

    if log:
        log.info('Reading pictures...')

    # check the hsv option
    if valid_hsv_spec(hsv_spec) is False:
        raise ValueError('bad hsv option')
    else:
        hsv_spec = hsv_spec.split(',')
        hsv_spec = [int(v) for v in hsv_spec]

    print('Preparing...')
    for k in tqdm(range(count)):
        chosen = random.choice(paths)
        pixels = cv2.imread(chosen)
        pixels = cv2.resize(pixels, dsize=(side, side))

        target = np.asarray(pixels)
        clean.append(target)

        # corrupt the input copy
        if sp_points > 0:
            pixels = add_salt_pepper(pixels=pixels, n_points=sp_points)
        if sum(hsv_spec) > 0:
            pixels = add_hsv_jitter(pixels=pixels, limits=hsv_spec)

        if not os.path.exists(resize_dir):
            os.makedirs(resize_dir)

        k_str = str(k).zfill(8)
        fname = prefix + '_' + k_str + '.' + ext
        out_path = os.path.join(resize_dir, fname)
        cv2.imwrite(out_path, pixels)

        pixels = np.asarray(pixels)
        noisy.append(pixels)

    noisy = np.array(noisy)
    noisy = noisy.astype('float32') / 255.
    noisy = np.reshape(noisy, (len(noisy), side, side, 3))

    clean = np.array(clean)
    clean = clean.astype('float32') / 255.
    clean = np.reshape(clean, (len(clean), side, side, 3))

    if log:
        log.info('Pictures ready!')

    return noisy, clean

def make_network(side):
    """
    Convolutional autoencoder
    """
    inp = Input(shape=(side, side, 3))
    h = Conv2D(64, (3, 3), activation='relu', padding='same')(inp)
    h = MaxPooling2D((2, 2), padding='same')(h)
    h = Conv2D(32, (3, 3), activation='relu', padding='same')(h)
    h = MaxPooling2D((2, 2), padding='same')(h)
    h = Conv2D(16, (3, 3), activation='relu', padding='same')(h)
    bottleneck = MaxPooling2D((2, 2), padding='same')(h)

    # bottleneck of 16 x 16 x 16 for a 128 input

    h = Conv2D(16, (3, 3), activation='relu', padding='same')(bottleneck)
    h = UpSampling2D((2, 2))(h)
    h = Conv2D(32, (3, 3), activation='relu', padding='same')(h)
    h = UpSampling2D((2, 2))(h)
    h = Conv2D(64, (3, 3), activation='relu', padding='same')(h)
    h = UpSampling2D((2, 2))(h)
    out = Conv2D(3, (3, 3), activation='sigmoid', padding='same')(h)

    net = Model(inp, out)
    return net

def compile_net(net, lr):
    """
    Optimizer and loss
    """
    opt = optimizers.Adagrad(lr=lr, epsilon=None, decay=0.0 )
    net.compile(optimizer=opt, loss='binary_crossentropy')

def fit_net(net, noisy, clean, batch_size, epoch, weight_path, log_dir, log=None):
    """
    Train and store the weights
    """
    if log:
        log.info('Training...')

    if log_dir is not None:
        net.fit(noisy, clean,
                        epochs=epoch,
                        batch_size=batch_size,
                        shuffle=True,
                        validation_data=(noisy, clean),
                        callbacks=[TensorBoard(log_dir=log_dir)])
    else:
        net.fit(noisy, clean,
                        epochs=epoch,
                        batch_size=batch_size,
                        shuffle=True,
                        validation_data=(noisy, clean))

    net.save_weights(weight_path)

    if log:
        log.info('Training done!')

def write_reconstructions(net, pictures, paths, decode_dir, prefix, ext, log=None):
    """
    Reconstruct and write the pictures
    """
    if log:
        log.info('Writing reconstructions...')

    rebuilt = net.predict(pictures)

    # write each one
    for k, item in enumerate(rebuilt):
        pixels = item * 255

        # output path
        if not os.path.exists(decode_dir):
            os.makedirs(decode_dir)
        k_str = str(k).zfill(8)
        fname = prefix + '_' + k_str + '.' + ext
        out_path = os.path.join(decode_dir, fname)
        cv2.imwrite(out_path, pixels)

    if log:
        log.info('Reconstructions written!')

def run(source_dir, decode_dir, resize_dir, input_image_size, output_prefix, output_ext, batch_size, epoch, trained_weight, initial_weight, log_dir, count, salt_and_pepper_noise, hsv_noise, lr, log=None):
    """
    Whole pipeline
    """
    # data
    paths = list_pictures(source_dir)
    noisy, clean = read_pictures(
        paths=paths,
        resize_dir=resize_dir,
        side=input_image_size,
        prefix=output_prefix,
        ext=output_ext,
        count=count,
        sp_points=salt_and_pepper_noise,
        hsv_spec=hsv_noise,
        log=log
    )

    # model
    net = make_network(side=input_image_size)
    if initial_weight is not None:
        net.load_weights(initial_weight)
    compile_net(net, lr)

    # train
    fit_net(net, noisy, clean, batch_size, epoch, trained_weight, log_dir, log)

    # results
    write_reconstructions(net, clean, paths, decode_dir, output_prefix, output_ext, log=None)

if __name__ == '__main__':
    # setup
    log = make_logger()

    ap = make_parser()
    opts = ap.parse_args()

    # run everything
    run(
        source_dir=opts.source_dir,
        decode_dir=opts.decode_dir,
        resize_dir=opts.resize_dir,
        input_image_size=opts.input_image_size,
        output_prefix=opts.output_prefix,
        output_ext=opts.output_ext,
        batch_size=opts.batch_size,
        epoch=opts.epoch,
        trained_weight=opts.trained_weight,
        initial_weight=opts.initial_weight,
        log_dir=opts.log_dir,
        count=opts.count,
        salt_and_pepper_noise=opts.salt_and_pepper_noise,
        hsv_noise=opts.hsv_noise,
        lr=opts.lr,
        log=log,
    )
