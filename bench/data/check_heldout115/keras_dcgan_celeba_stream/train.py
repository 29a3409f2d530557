# -*- coding: utf-8 -*-
from __future__ import print_function

import os
import sys
import argparse
try:
    import cPickle as pickle
except:
    import pickle
import gzip
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
sys.path.append(os.getcwd())
from keras.optimizers import Adam
from gan_core import AdversarialPair
from image_stream import FolderImageSource
from celebA.discriminator import get_discriminator
from celebA.generator import get_generator
from keras import backend as K


crop_wh = (128, 160)
pixel_mode = 'rgb'


def run():
    cli = argparse.ArgumentParser()
    cli.add_argument('--image_dir', '-id', type=str, default='./faces/celeba')
    cli.add_argument('--latent_dim', '-ld', type=int, default=100)
    cli.add_argument('--batch_size', '-bs', type=int, default=32)
    cli.add_argument('--nb_epoch', '-e', type=int, default=50)
    cli.add_argument('--visualize_steps', '-vs', type=int, default=1)
    cli.add_argument('--save_steps', '-ss', type=int, default=1)
    cli.add_argument('--result_dir', '-rd', type=str, default="./celebA/out")
    cli.add_argument('--param_dir', '-pd', type=str, default="./celebA/weights")

    opts = cli.parse_args()

    img_folder = opts.image_dir
    z_dim = opts.latent_dim
    bs = opts.batch_size
    n_epochs = opts.nb_epoch
    show_every = opts.visualize_steps
    keep_every = opts.save_steps
    out_dir = opts.result_dir
    weight_dir = opts.param_dir

    os.makedirs(out_dir, exist_ok=True)
    os.makedirs(weight_dir, exist_ok=True)

    w, h = crop_wh
    ch = 3 if pixel_mode == 'rgb' else 1
    if K.image_dim_ordering() == 'th':
        disc_in_shape = (ch, h, w)
    else:
        disc_in_shape = (h, w, ch)

    source = FolderImageSource(img_folder, crop_wh, pixel_mode, nb_samples=30000)
    gen_net = get_generator(input_dim=z_dim)
    # keep the generator's architecture as json
    open(os.path.join(weight_dir, 'gen_arch.json'), 'w').write(gen_net.to_json())
    disc_net = get_discriminator(input_shape=disc_in_shape)

    pair = AdversarialPair(z_dim, gen_net, disc_net)

    d_opt = Adam(lr=2e-5, beta_1=0.5)
    d_settings = {'opt': d_opt,
                  'loss': 'binary_crossentropy',
                  'metrics': ['accuracy']}

    g_opt = Adam(lr=1e-5, beta_1=0.5)
    g_settings = {'opt': g_opt,
                  'loss': 'binary_crossentropy',
                  'metrics': ['accuracy']}

    pair.build(opt_g_params=g_settings,
               opt_d_params=d_settings)

    pair.fit_generator(source.flow(bs), samples_per_epoch=source.data_num,
                       batch_size=bs, nb_epoch=n_epochs,
                       param_dir=weight_dir, log_csv_path=os.path.join(out_dir, "log.csv"),
                       is_separate=True, is_noisy_label=False,
                       save_steps=keep_every, visualize_steps=show_every)


if __name__ == "__main__":
    run()
