from jax.experimental import optimizers
import jax.numpy as jnp
import time
from discriminator import Discriminator
from generator import Generator
from dataset import DigitStream
from jax import random
import matplotlib.pyplot as plt

# one GAN run
rng = random.PRNGKey(1)
batch_size = 16
n_epochs = 100
z_dim = 128
log_every = 500

stream = DigitStream(batch_size=batch_size)

g = Generator(batch_size=batch_size, random_key=rng)
g_opt = g.construct_optimizers(1e-2)

d = Discriminator(batch_size=batch_size, random_key=rng)
d_opt = d.construct_optimizers(1e-2)
d_running = 0
g_running = 0
step = 0


t0 = time.time()
for epoch in range(n_epochs):
    for real, _ in stream.train_batches():
        z = random.uniform(rng, shape=(batch_size, 1, 1, z_dim))
        fake = g.model(g.params, z)
        d.params, d_opt, d_loss_fake = d.update(
            d.params, fake, jnp.zeros(shape=(batch_size, 1)), d_opt
        )
        d.params, d_opt, d_loss_real = d.update(
            d.params, real, jnp.ones(shape=(batch_size, 1)), d_opt
        )

        d_loss = (d_loss_fake + d_loss_real) / 2
        d_running += d_loss / log_every

        z = random.uniform(rng, shape=(batch_size, 1, 1, z_dim))
        g.params, g_opt, g_loss = g.update(
            g.params, z, jnp.ones(shape=(batch_size, 1)), g_opt, d
        )

        g_running += g_loss / log_every

        if step != 0 and step % log_every == 0:
            spent = time.time() - t0
            print("Step {} | T: {:0.2f} | D loss: {:0.3f} | G loss: {:0.3f}".format(
                step, spent, d_running, g_running))
            plt.imshow(fake[0].squeeze())
            plt.imshow(real[0].squeeze())
            t0 = time.time()
            g_running = 0
            d_running = 0
        step+=1
