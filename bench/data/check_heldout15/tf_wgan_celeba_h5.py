import os
import sys
import time
import argparse
import h5py
import numpy as np
from keras.utils import generic_utils
import models_WGAN as models
# Utils
sys.path.append("../utils")
import general_utils
import data_utils

def normalization(X, image_data_format):
    X = X / 255.
    if image_data_format == "channels_last":
        X = (X - 0.5) / 0.5
    else:
        X = (X - 0.5) / 0.5
    return X

def load_celebA(img_dim, image_data_format):
    with h5py.File("../../data/processed/CelebA_%s_data.h5" % img_dim, "r") as hf:
        X_real_train = hf["data"][:].astype(np.float32)
        X_real_train = normalization(X_real_train, image_data_format)
        if image_data_format == "channels_last":
            X_real_train = X_real_train.transpose(0, 2, 3, 1)
        return X_real_train

def load_image_dataset(dset, img_dim, image_data_format):
    if dset == "celebA":
        X_real_train = load_celebA(img_dim, image_data_format)
    if dset == "mnist":
        X_real_train, _, _, _ = data_utils.load_mnist(image_data_format)
    if dset == "cifar10":
        X_real_train, _, _, _ = data_utils.load_cifar10(image_data_format)
    return X_real_train

def gen_batch(X, batch_size):
    while True:
        idx = np.random.choice(X.shape[0], batch_size, replace=False)
        yield X[idx]

def sample_noise(noise_scale, batch_size, noise_dim):
    return np.random.normal(scale=noise_scale, size=(batch_size, noise_dim[0]))

def get_disc_batch(X_real_batch, generator_model, batch_counter, batch_size, noise_dim, noise_scale=0.5):
    # Pass noise to the generator
    noise_input = sample_noise(noise_scale, batch_size, noise_dim)
    # Produce an output
    X_disc_gen = generator_model.predict(noise_input, batch_size=batch_size)
    X_disc_real = X_real_batch[:batch_size]
    return X_disc_real, X_disc_gen

def train(**kwargs):
    # Roll out the parameters
    generator = kwargs["generator"]
    dset = kwargs["dset"]
    img_dim = kwargs["img_dim"]
    nb_epoch = kwargs["nb_epoch"]
    batch_size = kwargs["batch_size"]
    n_batch_per_epoch = kwargs["n_batch_per_epoch"]
    bn_mode = kwargs["bn_mode"]
    noise_dim = kwargs["noise_dim"]
    noise_scale = kwargs["noise_scale"]
    lr_D = kwargs["lr_D"]
    lr_G = kwargs["lr_G"]
    opt_D = kwargs["opt_D"]
    opt_G = kwargs["opt_G"]
    clamp_lower = kwargs["clamp_lower"]
    clamp_upper = kwargs["clamp_upper"]
    image_data_format = kwargs["image_data_format"]
    epoch_size = n_batch_per_epoch * batch_size
    print("\nExperiment parameters:")
    for key in kwargs.keys():
        print(key, kwargs[key])
    print("\n")
    # Setup environment (logging directory etc)
    general_utils.setup_logging("DCGAN")
    # Load and normalize data
    X_real_train = load_image_dataset(dset, img_dim, image_data_format)
    # Get the full real image dimension
    img_dim = X_real_train.shape[-3:]
    # Create optimizers
    opt_G = data_utils.get_optimizer(opt_G, lr_G)
    opt_D = data_utils.get_optimizer(opt_D, lr_D)
    # Load models
    noise_dim = (noise_dim,)
    if generator == "upsampling":
        generator_model = models.generator_upsampling(noise_dim, img_dim, bn_mode, dset=dset)
    else:
        generator_model = models.generator_deconv(noise_dim, img_dim, bn_mode, batch_size, dset=dset)
    discriminator_model = models.discriminator(img_dim, bn_mode)
    DCGAN_model = models.DCGAN(generator_model, discriminator_model, noise_dim, img_dim)
    # Compile models
    generator_model.compile(loss='mse', optimizer=opt_G)
    discriminator_model.trainable = False
    DCGAN_model.compile(loss=models.wasserstein, optimizer=opt_G)
    discriminator_model.trainable = True
    discriminator_model.compile(loss=models.wasserstein, optimizer=opt_D)
    # Global iteration counter for generator updates
    gen_iterations = 0
    # Start training
    for e in range(nb_epoch):
        # Initialize progbar and batch counter
        progbar = generic_utils.Progbar(epoch_size)
        batch_counter = 1
        start = time.time()
        while batch_counter < n_batch_per_epoch:
            if gen_iterations < 25 or gen_iterations % 500 == 0:
                disc_iterations = 100
            else:
                disc_iterations = kwargs["disc_iterations"]
            # 1) Train the critic / discriminator
            list_disc_loss_real = []
            list_disc_loss_gen = []
            for disc_it in range(disc_iterations):
                # Clip discriminator weights
                for l in discriminator_model.layers:
                    weights = l.get_weights()
                    weights = [np.clip(w, clamp_lower, clamp_upper) for w in weights]
                    l.set_weights(weights)
                X_real_batch = next(gen_batch(X_real_train, batch_size))
                # Create a batch to feed the discriminator model
                X_disc_real, X_disc_gen = get_disc_batch(X_real_batch,
                                                                    generator_model,
                                                                    batch_counter,
                                                                    batch_size,
                                                                    noise_dim,
                                                                    noise_scale=noise_scale)
                # Update the discriminator
                disc_loss_real = discriminator_model.train_on_batch(X_disc_real, -np.ones(X_disc_real.shape[0]))
                disc_loss_gen = discriminator_model.train_on_batch(X_disc_gen, np.ones(X_disc_gen.shape[0]))
                list_disc_loss_real.append(disc_loss_real)
                list_disc_loss_gen.append(disc_loss_gen)
            # 2) Train the generator
            X_gen = sample_noise(noise_scale, batch_size, noise_dim)
            # Freeze the discriminator
            discriminator_model.trainable = False
            gen_loss = DCGAN_model.train_on_batch(X_gen, -np.ones(X_gen.shape[0]))
            # Unfreeze the discriminator
            discriminator_model.trainable = True
            gen_iterations += 1
            batch_counter += 1
            progbar.add(batch_size, values=[("Loss_D", -np.mean(list_disc_loss_real) - np.mean(list_disc_loss_gen)),
                                            ("Loss_D_real", -np.mean(list_disc_loss_real)),
                                            ("Loss_D_gen", np.mean(list_disc_loss_gen)),
                                            ("Loss_G", -gen_loss)])
            # Save images for visualization ~2 times per epoch
            if batch_counter % (n_batch_per_epoch / 2) == 0:
                data_utils.plot_generated_batch(X_real_batch, generator_model,
                                                batch_size, noise_dim, image_data_format)
        print('\nEpoch %s/%s, Time: %s' % (e + 1, nb_epoch, time.time() - start))
        # Save model weights (by default, every 5 epochs)
        data_utils.save_model_weights(generator_model, discriminator_model, DCGAN_model, e)

def launch_training(**kwargs):
    # Launch training
    train(**kwargs)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description='Train model')
    parser.add_argument('--backend', type=str, default="theano", help="theano or tensorflow")
    parser.add_argument('--generator', type=str, default="upsampling", help="upsampling or deconv or subpixel")
    parser.add_argument('--discriminator', type=str, default="discriminator", help="discriminator discriminator_resnet")
    parser.add_argument('--dset', type=str, default="mnist", help="mnist or celebA or cifar10 or toy")
    parser.add_argument('--img_dim', default=64, type=int, help="Image width == height")
    parser.add_argument('--nb_epoch', default=400, type=int, help="Number of epochs")
    parser.add_argument('--batch_size', default=32, type=int, help='Batch size')
    parser.add_argument('--n_batch_per_epoch', default=200, type=int, help="Number of batch per epochs")
    parser.add_argument('--bn_mode', default=2, type=int, help="Batch norm mode")
    parser.add_argument('--noise_dim', default=100, type=int, help="noise sampler dimension")
    parser.add_argument('--noise_scale', default=0.5, type=float, help="noise sampler variance")
    parser.add_argument('--disc_iterations', default=5, type=int, help="Number of discriminator iterations")
    parser.add_argument('--clamp_lower', default=-0.01, type=float, help="Clamp weights below this value")
    parser.add_argument('--clamp_upper', default=0.01, type=float, help="Clamp weights above this value")
    parser.add_argument('--opt_D', type=str, default="RMSprop", help="Optimizer for the discriminator")
    parser.add_argument('--opt_G', type=str, default="RMSprop", help="Optimizer for the generator")
    parser.add_argument('--lr_D', type=float, default=5E-5, help="learning rate for the discriminator")
    parser.add_argument('--lr_G', type=float, default=5E-5, help="learning rate for the generator")
    parser.add_argument('--use_mbd', action="store_true", help="use mini batch disc")
    args = parser.parse_args()
    assert args.dset in ["mnist", "celebA", "cifar10", "toy"]
    assert args.opt_G in ["RMSprop", "SGD", "Adam", "AdamWithWeightnorm"], "Unsupported optimizer"
    assert args.opt_D in ["RMSprop", "SGD", "Adam", "AdamWithWeightnorm"], "Unsupported optimizer"
    # Set the backend by modifying the env variable
    if args.backend == "theano":
        os.environ["KERAS_BACKEND"] = "theano"
    elif args.backend == "tensorflow":
        os.environ["KERAS_BACKEND"] = "tensorflow"
    # Import the backend
    import keras.backend as K
    # manually set dim ordering otherwise it is not changed
    if args.backend == "theano":
        image_data_format = "channels_first"
        K.set_image_data_format(image_data_format)
    elif args.backend == "tensorflow":
        image_data_format = "channels_last"
        K.set_image_data_format(image_data_format)
    # Set default params
    d_params = {"generator": args.generator,
                "discriminator": args.discriminator,
                "dset": args.dset,
                "img_dim": args.img_dim,
                "nb_epoch": args.nb_epoch,
                "batch_size": args.batch_size,
                "n_batch_per_epoch": args.n_batch_per_epoch,
                "bn_mode": args.bn_mode,
                "noise_dim": args.noise_dim,
                "noise_scale": args.noise_scale,
                "disc_iterations": args.disc_iterations,
                "clamp_lower": args.clamp_lower,
                "clamp_upper": args.clamp_upper,
                "lr_D": args.lr_D,
                "lr_G": args.lr_G,
                "opt_D": args.opt_D,
                "opt_G": args.opt_G,
                "use_mbd": args.use_mbd,
                "image_data_format": image_data_format
                }
    # Launch training
    launch_training(**d_params)
