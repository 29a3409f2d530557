import os
import sys
import time
import argparse
import h5py
import numpy as np
from keras.utils import generic_utils
import models_WGAN as wgan_nets
# helper modules one folder up
sys.path.append("../utils")
import general_utils
import data_utils

def scale_to_unit(X, channel_order):
    X = X / 255.
    if channel_order == "channels_last":
        X = (X - 0.5) / 0.5
    else:
        X = (X - 0.5) / 0.5
    return X

def read_celeba_images(img_side, channel_order):
    with h5py.File("../../data/processed/CelebA_%s_data.h5" % img_side, "r") as h5_file:
        train_real_X = h5_file["data"][:].astype(np.float32)
        train_real_X = scale_to_unit(train_real_X, channel_order)
        if channel_order == "channels_last":
            train_real_X = train_real_X.transpose(0, 2, 3, 1)
        return train_real_X

def get_image_dataset(dataset_name, img_side, channel_order):
    if dataset_name == "celebA":
        train_real_X = read_celeba_images(img_side, channel_order)
    if dataset_name == "mnist":
        train_real_X, _, _, _ = data_utils.load_mnist(channel_order)
    if dataset_name == "cifar10":
        train_real_X, _, _, _ = data_utils.load_cifar10(channel_order)
    return train_real_X

def draw_batch(X, batch_n):
    while True:
        pick = np.random.choice(X.shape[0], batch_n, replace=False)
        yield X[pick]

def draw_noise(noise_std, batch_n, z_dim):
    return np.random.normal(scale=noise_std, size=(batch_n, z_dim[0]))

def critic_batch(real_batch_X, gen_model, batch_no, batch_n, z_dim, noise_std=0.5):
    # random latent codes
    z = draw_noise(noise_std, batch_n, z_dim)
    # fake samples from the current generator
    fake_X = gen_model.predict(z, batch_size=batch_n)
    real_X = real_batch_X[:batch_n]
    return real_X, fake_X

def train_wgan(**opts):
    # unpack the run settings
    gen_kind = opts["generator"]
    dataset_name = opts["dset"]
    img_side = opts["img_dim"]
    epoch_total = opts["nb_epoch"]
    batch_n = opts["batch_size"]
    batches_per_epoch = opts["n_batch_per_epoch"]
    norm_mode = opts["bn_mode"]
    z_dim = opts["noise_dim"]
    noise_std = opts["noise_scale"]
    critic_lr = opts["lr_D"]
    gen_lr = opts["lr_G"]
    critic_opt = opts["opt_D"]
    gen_opt = opts["opt_G"]
    clip_lo = opts["clamp_lower"]
    clip_hi = opts["clamp_upper"]
    channel_order = opts["image_data_format"]
    epoch_samples = batches_per_epoch * batch_n
    print("\nrun settings:")
    for name in opts.keys():
        print(name, opts[name])
    print("\n")
    # create the output folders
    general_utils.setup_logging("DCGAN")
    # read the real pictures, scaled to [-1, 1]
    train_real_X = get_image_dataset(dataset_name, img_side, channel_order)
    # (channels, height, width) of a picture
    img_side = train_real_X.shape[-3:]
    # optimizers for both networks
    gen_opt = data_utils.get_optimizer(gen_opt, gen_lr)
    critic_opt = data_utils.get_optimizer(critic_opt, critic_lr)
    # build the networks
    z_dim = (z_dim,)
    if gen_kind == "upsampling":
        gen_model = wgan_nets.generator_upsampling(z_dim, img_side, norm_mode, dset=dataset_name)
    else:
        gen_model = wgan_nets.generator_deconv(z_dim, img_side, norm_mode, batch_n, dset=dataset_name)
    critic_model = wgan_nets.discriminator(img_side, norm_mode)
    stacked_model = wgan_nets.DCGAN(gen_model, critic_model, z_dim, img_side)
    # compile; the critic is frozen inside the stacked model
    gen_model.compile(loss='mse', optimizer=gen_opt)
    critic_model.trainable = False
    stacked_model.compile(loss=wgan_nets.wasserstein, optimizer=gen_opt)
    critic_model.trainable = True
    critic_model.compile(loss=wgan_nets.wasserstein, optimizer=critic_opt)
    # how many generator steps so far
    gen_steps = 0
    # epochs
    for epoch in range(epoch_total):
        # progress bar and step count for this epoch
        bar = generic_utils.Progbar(epoch_samples)
        batch_no = 1
        t0 = time.time()
        while batch_no < batches_per_epoch:
            if gen_steps < 25 or gen_steps % 500 == 0:
                critic_steps = 100
            else:
                critic_steps = opts["disc_iterations"]
            # first the critic, several steps
            critic_real_losses = []
            critic_fake_losses = []
            for _k in range(critic_steps):
                # weight clipping keeps the critic Lipschitz
                for layer in critic_model.layers:
                    layer_w = layer.get_weights()
                    layer_w = [np.clip(arr, clip_lo, clip_hi) for arr in layer_w]
                    layer.set_weights(layer_w)
                real_batch_X = next(draw_batch(train_real_X, batch_n))
                # real and fake halves for the critic
                real_X, fake_X = critic_batch(real_batch_X,
                                                                    gen_model,
                                                                    batch_no,
                                                                    batch_n,
                                                                    z_dim,
                                                                    noise_std=noise_std)
                # one critic step on each half
                real_loss = critic_model.train_on_batch(real_X, -np.ones(real_X.shape[0]))
                fake_loss = critic_model.train_on_batch(fake_X, np.ones(fake_X.shape[0]))
                critic_real_losses.append(real_loss)
                critic_fake_losses.append(fake_loss)
            # then one generator step
            z_batch = draw_noise(noise_std, batch_n, z_dim)
            # critic weights fixed while the generator learns
            critic_model.trainable = False
            g_loss = stacked_model.train_on_batch(z_batch, -np.ones(z_batch.shape[0]))
            # critic trainable again
            critic_model.trainable = True
            gen_steps += 1
            batch_no += 1
            bar.add(batch_n, values=[("critic", -np.mean(critic_real_losses) - np.mean(critic_fake_losses)),
                                            ("critic_on_real", -np.mean(critic_real_losses)),
                                            ("critic_on_fake", np.mean(critic_fake_losses)),
                                            ("gen", -g_loss)])
            # twice an epoch, dump a grid of samples
            if batch_no % (batches_per_epoch / 2) == 0:
                data_utils.plot_generated_batch(real_batch_X, gen_model,
                                                batch_n, z_dim, channel_order)
        print('\nepoch %s of %s took %s s' % (epoch + 1, epoch_total, time.time() - t0))
        # checkpoint the three models
        data_utils.save_model_weights(gen_model, critic_model, stacked_model, epoch)

def run_training(**opts):
    # just forwards to train_wgan
    train_wgan(**opts)

if __name__ == "__main__":
    arg_parser = argparse.ArgumentParser(description='Wasserstein GAN trainer')
    arg_parser.add_argument('--backend', type=str, default="theano", help="keras backend to use")
    arg_parser.add_argument('--generator', type=str, default="upsampling", help="generator kind: upsampling, deconv, subpixel")
    arg_parser.add_argument('--discriminator', type=str, default="discriminator", help="critic architecture name")
    arg_parser.add_argument('--dset', type=str, default="mnist", help="which data set to train on")
    arg_parser.add_argument('--img_dim', default=64, type=int, help="side of the square pictures")
    arg_parser.add_argument('--nb_epoch', default=400, type=int, help="how many epochs to run")
    arg_parser.add_argument('--batch_size', default=32, type=int, help='pictures per step')
    arg_parser.add_argument('--n_batch_per_epoch', default=200, type=int, help="steps in one epoch")
    arg_parser.add_argument('--bn_mode', default=2, type=int, help="batch normalisation variant")
    arg_parser.add_argument('--noise_dim', default=100, type=int, help="length of the latent vector")
    arg_parser.add_argument('--noise_scale', default=0.5, type=float, help="spread of the latent noise")
    arg_parser.add_argument('--disc_iterations', default=5, type=int, help="critic steps per generator step")
    arg_parser.add_argument('--clamp_lower', default=-0.01, type=float, help="lower clip bound for critic weights")
    arg_parser.add_argument('--clamp_upper', default=0.01, type=float, help="upper clip bound for critic weights")
    arg_parser.add_argument('--opt_D', type=str, default="RMSprop", help="critic optimizer name")
    arg_parser.add_argument('--opt_G', type=str, default="RMSprop", help="generator optimizer name")
    arg_parser.add_argument('--lr_D', type=float, default=5E-5, help="critic step size")
    arg_parser.add_argument('--lr_G', type=float, default=5E-5, help="generator step size")
    arg_parser.add_argument('--use_mbd', action="store_true", help="turn on minibatch discrimination")
    cli = arg_parser.parse_args()
    assert cli.dset in ["mnist", "celebA", "cifar10", "toy"]
    assert cli.opt_G in ["RMSprop", "SGD", "Adam", "AdamWithWeightnorm"], "optimizer not available"
    assert cli.opt_D in ["RMSprop", "SGD", "Adam", "AdamWithWeightnorm"], "optimizer not available"
    # the backend is chosen through the environment
    if cli.backend == "theano":
        os.environ["KERAS_BACKEND"] = "theano"
    elif cli.backend == "tensorflow":
        os.environ["KERAS_BACKEND"] = "tensorflow"
    # only now can keras be imported
    import keras.backend as K
    # channel order has to be set by hand
    if cli.backend == "theano":
        channel_order = "channels_first"
        K.set_image_data_format(channel_order)
    elif cli.backend == "tensorflow":
        channel_order = "channels_last"
        K.set_image_data_format(channel_order)
    # everything train_wgan needs, by name
    run_params = {"generator": cli.generator,
                "discriminator": cli.discriminator,
                "dset": cli.dset,
                "img_dim": cli.img_dim,
                "nb_epoch": cli.nb_epoch,
                "batch_size": cli.batch_size,
                "n_batch_per_epoch": cli.n_batch_per_epoch,
                "bn_mode": cli.bn_mode,
                "noise_dim": cli.noise_dim,
                "noise_scale": cli.noise_scale,
                "disc_iterations": cli.disc_iterations,
                "clamp_lower": cli.clamp_lower,
                "clamp_upper": cli.clamp_upper,
                "lr_D": cli.lr_D,
                "lr_G": cli.lr_G,
                "opt_D": cli.opt_D,
                "opt_G": cli.opt_G,
                "use_mbd": cli.use_mbd,
                "image_data_format": channel_order
                }
    # go
    run_training(**run_params)
