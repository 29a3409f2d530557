import jax
import jax.numpy as jnp
from jax.experimental.optimizers import adam

import matplotlib.pyplot as plt
import argparse
import time
from functools import partial

from Models import conv_generator_mnist, conv_generator_cifar10, conv_discriminator, GAN
from Models import BCE_from_logits
from dataset_loader import mnist_loader as load_mnist
from dataset_loader import cifar10_loader as load_cifar10

# ------------- stax convolutional GAN -------------
DATASET = 'mnist'
DIGIT = 0

BATCH = 128
ITERS = 20000
MIN_BATCH = 64
DECAY = 0.99

D_LR = 0.0002
D_B1 = 0.5
D_B2 = 0.99
G_LR = 0.0002
G_B1 = 0.5
G_B2 = 0.99
LOSS = BCE_from_logits

loaders = {'mnist': load_mnist, 'cifar10': load_cifar10}
gen_builders = {'mnist': conv_generator_mnist, 'cifar10': conv_generator_cifar10}


def show_grid(pics, rows=1, out_path=None, show=True):
    r = rows
    c = len(pics)//r

    for n in range(len(pics)):
        p = pics[n]
        if p.shape[2] == 1:
            p = p.reshape(p.shape[:2])
        plt.subplot(r, c, n + 1)
        plt.imshow((p + 1.0) / 2.0)
        plt.axis('off')
    if out_path is not None:
        plt.savefig(out_path)
    if show:
        plt.show()
    else:
        plt.clf()


def build_gan(key, d_lr, d_b1, d_b2, g_lr, g_b1, g_b2, loss_fn,
                              d_in_shape, g_in_shape, batch, dataset):
    make_d = conv_discriminator
    make_g = gen_builders[dataset]
    make_d_opt = partial(adam, d_lr, d_b1, d_b2)
    make_g_opt = partial(adam, g_lr, g_b1, g_b2)

    gan = GAN(make_d, make_g, make_d_opt, make_g_opt, loss_fn)

    k1, k2 = jax.random.split(key, 2)
    d_state, g_state = gan.init(k1, k2, d_in_shape, g_in_shape, batch)
    return gan, d_state, g_state


def run(batch=BATCH, iters=ITERS, digit=DIGIT, dataset=DATASET,
          loss_fn=LOSS,
          d_lr=D_LR, d_b1=D_B1, d_b2=D_B2,
          g_lr=G_LR, g_b1=G_B1, g_b2=G_B2,
          plots_prefix=None, model_prefix=None, show=True,
          top_k=1):

    make_loader = loaders[dataset]
    loader = make_loader(batch, digit=digit)
    first, first_labels = next(iter(loader))
    pic_shape = first[0].shape

    key = jax.random.PRNGKey(0)
    sub, key = jax.random.split(key, 2)
    gan, d_state, g_state = build_gan(sub,
                                                      d_lr, d_b1, d_b2,
                                                      g_lr, g_b1, g_b2,
                                                      loss_fn, pic_shape, (100,), batch, dataset)

    d_hist = []
    g_hist = []

    t_start = time.time()
    step = 0

    zkey, key = jax.random.split(key, 2)
    z = jax.random.normal(zkey, (9, 100))

    k = batch
    while step < iters:
        t_epoch = time.time()
        for reals, _ in loader:
            if step >= iters:
                break

            key, sub = jax.random.split(key, 2)
            d_state, g_state, d_val, g_val = gan.train_step(step, sub, d_state, g_state, reals, k)
            d_hist.append(d_val)
            g_hist.append(g_val)
            step = step + 1
        print(f'epoch took {time.time() - t_epoch}')
        out_path = None
        if plots_prefix is not None:
            out_path = plots_prefix+f"-{dataset}-{top_k}-{step}.png"
        show_grid(gan.generate_samples(z, g_state), 3,
                     out_path=out_path, show=show)
        if top_k == 1:
            k = int(k * DECAY)
            k = max(MIN_BATCH, k)
            print(f"step:{step}/{iters}, k is now {k}")
    print(f'done after {time.time() - t_start}')
    if model_prefix is not None:
        gan.save_gan_to_file(gan, d_state, g_state, model_prefix+f"GAN-{dataset}-{top_k}.pkl")
        import matplotlib.pyplot as plt
        plt.plot(d_hist, label="d_loss", alpha=0.5)
        plt.plot(g_hist, label="d_loss", alpha=0.5)
        plt.savefig(model_prefix+f"{dataset}-{top_k}-losses.png")
    return d_hist, g_hist, d_state, g_state, gan


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch_size", required=False, default=BATCH, type=int,
                        help="minibatch size")
    ap.add_argument("--num_iter", required=False, default=ITERS, type=int,
                        help="total steps")
    ap.add_argument("--digit", required=False, default=DIGIT, type=int,
                        help="class to keep")
    ap.add_argument("--dataset", required=False, default=DATASET, type=str,
                        choices={'mnist', 'cifar10'}, help="which data to train on")
    ap.add_argument("--d_lr", required=False, default=D_LR, type=jnp.float32,
                        help="critic step size")
    ap.add_argument("--d_momentum", required=False, default=D_B1, type=jnp.float32,
                        help="critic beta1")
    ap.add_argument("--d_momentum2", required=False, default=D_B2, type=jnp.float32,
                        help="critic beta2")
    ap.add_argument("--g_lr", required=False, default=G_LR, type=jnp.float32,
                        help="generator step size")
    ap.add_argument("--g_momentum", required=False, default=G_B1, type=jnp.float32,
                        help="generator beta1")
    ap.add_argument("--g_momentum2", required=False, default=G_B2, type=jnp.float32,
                        help="generator beta2")
    ap.add_argument("--save_adr_plots_folder", required=False, default=None, type=str,
                        help="prefix for intermediate sample images")
    ap.add_argument("--save_adr_model", required=False, default=None, type=str,
                        help="prefix for the saved model")
    ap.add_argument("--show_plots", required=False, default=1, type=int,
                        choices={0, 1}, help="1 shows the sample grids")
    ap.add_argument("--top_k", required=False, default=1, type=int,
                        choices={0, 1}, help="1 turns on top-k training")

    a = vars(ap.parse_args())
    run(
        batch=a['batch_size'],
        iters=a['num_iter'],
        digit=a['digit'],
        dataset=a['dataset'],
        d_lr=a['d_lr'], d_b1=a['d_momentum'], d_b2=a['d_momentum2'],
        g_lr=a['g_lr'], g_b1=a['g_momentum'], g_b2=a['g_momentum2'],
        plots_prefix=a['save_adr_plots_folder'],
        model_prefix=a['save_adr_model'],
        show=a['show_plots'],
        top_k=a['top_k']
    )
