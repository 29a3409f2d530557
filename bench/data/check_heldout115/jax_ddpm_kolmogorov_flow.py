# -*- coding: utf-8 -*-
"""Notebook export: denoising diffusion on 2-D turbulence snapshots.

Exported from a Colab notebook.

The notebook lived at
    (a Colab link)
"""

import jax
import jax.numpy as jnp
from flax import linen as nn
from typing import Callable
import optax
from google.colab import drive
drive.mount('/content/drive/')
# !pip install tensorflow   (notebook shell line in the original)
import tensorflow as tf
import numpy as np
import os
import functools
from tqdm import tqdm
from IPython.display import Image, display, clear_output
import matplotlib.pyplot as plt

tf.config.experimental.set_visible_devices([], 'GPU')
print(jax.devices())

"""# Building the diffusion model

## Parts

### 1. Noising (forward) process
> - a beta schedule and the cumulative alpha product to jump straight to step t


### 2. Denoising (reverse) process
> - predict the noise at each step
> -


### 3. Network
- a U-net in the PixelCNN++ style.
"""

# residual block with time conditioning
class TimeResBlock(nn.Module):

    width: int = 160
    drop: float = 0.5
    @nn.compact
    def __call__(self, x, temb, train=True):

        skip = x

        y = nn.GroupNorm(8)(x)
        y = jax.nn.silu(y)
        y = nn.Conv(features=self.width, kernel_size = (3, 3), padding = 'CIRCULAR')(y)

        # add the time signal
        tt = nn.Dense(self.width)(jax.nn.silu(temb))
        y = y + tt[:, None, None, :]

        y = nn.GroupNorm(8)(y)
        y = jax.nn.silu(y)
        y_drop = nn.Dropout(rate = self.drop)(y, deterministic = not train)
        y = nn.Conv(features = self.width, kernel_size = (3, 3), padding = 'CIRCULAR')(y_drop)

        if x.shape[-1] != self.width:
            skip = nn.Conv(self.width, (1,1), padding = 'CIRCULAR')(skip)

        return y +  skip

# sinusoidal encoding of the step index

def step_encoding(t, dim, max_period=10000):
    # t: (B,), freq: (half,)
    half = dim // 2
    freq = jnp.exp(-jnp.log(max_period) * jnp.arange(half)/ half)

    # (B, 1) times (1, half)
    ang = t[:, None] * freq[None, :] # (B, half)
    return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], axis = -1)

class SpatialAttention(nn.Module):
    groups: int = 32
    @nn.compact
    def __call__(self, x):
        B, H, W, C = x.shape # e.g. B, 16, 16, 160
        y = nn.GroupNorm(self.groups)(x)
        flat = y.reshape(B, H*W, C) # B, H*W, C

        # C x C projections
        qq = nn.Dense(C)(flat) # B, H*W, C
        kk = nn.Dense(C)(flat)
        vv = nn.Dense(C)(flat)

        scale = jnp.sqrt(C)
        weights = jax.nn.softmax(qq @ kk.transpose(0,2,1) / scale, axis=-1)
        mixed = weights @ vv

        mixed = nn.Dense(C)(mixed)
        mixed = mixed.reshape(B, H, W, C)

        return mixed + x

class FlowUnet(nn.Module):

  # settings
  ch: int = 64
  ch_mult: tuple = (1, 1, 1, 2)
  out_ch: int = 3
  in_ch: int = 3

  n_resnet_blocks: int = 1
  dropout_p: float = 0.0
  freq_dim: int = 128
  train = True


  @ nn.compact
  def __call__(self, x, t, train=True):
      ch = self.ch
      emb_ch = ch*4
      n_levels = len(self.ch_mult)
      in_mult = (1,) + self.ch_mult

      temb = step_encoding(t, dim=self.freq_dim)
      temb = nn.Dense(emb_ch)(temb)
      temb = jax.nn.silu(temb)
      temb = nn.Dense(emb_ch)(temb)

      y = nn.Conv(ch, kernel_size=(3, 3), padding='CIRCULAR')(x)
      skips = [y]

      # level 0 blocks - 256x256, 64 channels
      for _ in range(self.n_resnet_blocks):
          y = TimeResBlock(ch*self.ch_mult[0], self.dropout_p)(y, temb=temb,train=train)
          skips.append(y)

      # down to 128x128
      y = nn.Conv(ch*self.ch_mult[0], kernel_size=(3, 3), strides=(2, 2), padding=((0,1),(0,1)))(y)
      skips.append(y)

      # level 1 blocks - 128x128, 64 channels
      for _ in range(self.n_resnet_blocks):

          y = TimeResBlock(ch*self.ch_mult[1], self.dropout_p)(y, temb=temb, train=train)
          skips.append(y)

      # down to 64x64
      y = nn.Conv(ch*self.ch_mult[1], kernel_size=(3, 3), strides=(2, 2), padding=((0,1),(0,1)))(y)
      skips.append(y)

      # level 2 blocks - 64x64, 64 channels
      for _ in range(self.n_resnet_blocks):
          y = TimeResBlock(ch*self.ch_mult[2], self.dropout_p)(y, temb=temb, train=train)
          skips.append(y)

      # down to 32x32
      y = nn.Conv(ch*self.ch_mult[2], kernel_size=(3, 3), strides=(2, 2), padding=((0,1),(0,1)))(y)
      skips.append(y)

      # level 3 blocks - 32x32, 128 channels
      for _ in range(self.n_resnet_blocks):
          y = TimeResBlock(ch*self.ch_mult[3], self.dropout_p)(y, temb=temb, train=train)
          skips.append(y)


      # middle at 32x32
      y = TimeResBlock(ch * self.ch_mult[-1], self.dropout_p)(y, temb=temb, train=train)
      y = SpatialAttention(groups=8)(y)
      y = TimeResBlock(ch * self.ch_mult[-1], self.dropout_p)(y, temb=temb, train=train)



      # UP PATH


      # 32x32
      for _ in range(self.n_resnet_blocks+1):
          y = TimeResBlock(ch*self.ch_mult[3], self.dropout_p)(jnp.concatenate([y, skips.pop()], axis = -1), temb=temb, train=train)
      B, H, W, C = y.shape
      y = jax.image.resize(y, (B, H*2, W*2, C), method='nearest')
      y = nn.Conv(ch * self.ch_mult[3], kernel_size=(3, 3), padding='CIRCULAR')(y)


      # 64x64
      for _ in range(self.n_resnet_blocks+1):
          y = TimeResBlock(ch*self.ch_mult[2], self.dropout_p)(jnp.concatenate([y, skips.pop()], axis = -1), temb=temb, train=train)
      B, H, W, C = y.shape
      y = jax.image.resize(y, (B, H*2, W*2, C), method='nearest')
      y = nn.Conv(ch * self.ch_mult[2], kernel_size=(3, 3), padding='CIRCULAR')(y)

      # 128x128
      for _ in range(self.n_resnet_blocks+1):
          y = TimeResBlock(ch*self.ch_mult[1], self.dropout_p)(jnp.concatenate([y, skips.pop()], axis = -1), temb=temb, train=train)
      B, H, W, C = y.shape
      y = jax.image.resize(y, (B, H*2, W*2, C), method='nearest')
      y = nn.Conv(ch * self.ch_mult[1], kernel_size=(3, 3), padding='CIRCULAR')(y)


      # level 0: 256x256, 64 channels
      for _ in range(self.n_resnet_blocks + 1):
          y = TimeResBlock(ch * self.ch_mult[0], self.dropout_p)(jnp.concatenate([y, skips.pop()], axis=-1), temb=temb, train=train)

      # head
      y = nn.GroupNorm(8)(y)
      y = jax.nn.silu(y)


      return nn.Conv(self.out_ch, kernel_size=(3, 3), padding='CIRCULAR')(y)

def make_triplets(fields, runs, mu, sigma):
    steps = np.arange(fields.shape[1] - 2)
    out = []
    for r in runs:
        for s in steps:
            a = (fields[r, s]   - mu) / sigma
            b = (fields[r, s+1] - mu) / sigma
            c = (fields[r, s+2] - mu) / sigma
            trip  = np.stack([a, b, c], axis=-1)
            out.append(trip)
    return np.array(out, dtype=np.float32)

def to_tf_pipeline(arr, bs):
    ds = tf.data.Dataset.from_tensor_slices(arr)
    ds = ds.shuffle(10000)
    ds = ds.batch(bs, drop_remainder=True)
    ds = ds.prefetch(tf.data.AUTOTUNE)
    return ds


def read_flow_data(path, bs, stats_file=None, frac_train=0.7):
    fields = np.load(path)
    fields = fields[:8, :50, :, :]
    np.random.seed(1)
    order = np.arange(fields.shape[0])
    np.random.shuffle(order)

    n_fit = int(frac_train * len(order))
    n_val   = int(0.1 * len(order))

    fit_runs = order[:n_fit]
    val_runs   = order[n_fit:n_fit + n_val]
    test_runs  = order[n_fit + n_val:]

    if stats_file is not None:
        st = np.load(stats_file)
        mu  = st['mean']
        sigma   = st['std']
    else:
        fit_fields = fields[fit_runs]
        mu = np.mean(fit_fields)
        sigma  = np.std(fit_fields)

    fit_ds = to_tf_pipeline(make_triplets(fields, fit_runs, mu, sigma), bs)
    val_ds   = to_tf_pipeline(make_triplets(fields, val_runs,   mu, sigma), bs)
    test_ds  = to_tf_pipeline(make_triplets(fields, test_runs,  mu, sigma), bs)

    return fit_ds, val_ds, test_ds, mu, sigma

# cumulative alpha from the betas
def cum_alpha(beta):
    abar = jnp.cumprod(1 - beta)
    return abar

# forward noising of a batch
def add_noise(x0, t, abar, eps):
    return jnp.sqrt(abar[t])[:, None, None, None] * x0 + jnp.sqrt(1 - abar[t])[:, None, None, None] * eps

# one step: MSE between the drawn noise and the predicted noise
@functools.partial(jax.jit, static_argnums=(1,6))
def noise_step(params, net, x0, t, key, abar, train=True):

    def objective(params):
        eps = jax.random.normal(key, x0.shape)
        xt = add_noise(x0, t, abar, eps)

        if train:
            eps_hat = net.apply({'params': params}, xt, t, train=train, rngs={'dropout': key})
        else:
            eps_hat = net.apply({'params': params}, xt, t, train=train)
        return jnp.mean((eps - eps_hat)**2)

    if train:
        loss, grads = jax.value_and_grad(objective)(params)
    else:
        loss = objective(params)
        grads = None

    return loss, grads



# ancestral sampling
def draw_sample(net, params, shape, T, abar, betas, key):

    ks = jax.random.split(key, T+1)
    xt = jax.random.normal(ks[0], shape)

    for t in range(T, 0, -1):
        z = jax.random.normal(ks[t], xt.shape) if t > 1 else 0
        eps_hat = net.apply({'params': params}, xt, t, train=False)
        abar_t = abar[t]
        a_t = 1- betas[t]

        x_prev = (1/jnp.sqrt(a_t)) * (xt - (1-a_t)/jnp.sqrt(1-abar_t) * eps_hat) + jnp.sqrt(betas[t])*z

        xt = x_prev

    return x_prev


def show_curves(fit_hist, val_hist):
    clear_output(wait=True)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.plot(fit_hist, label='train')
    ax.plot(val_hist,   label='val')
    ax.set_xlabel('Epoch')
    ax.set_ylabel('MSE')
    ax.set_title('diffusion training')
    ax.legend()
    plt.tight_layout()
    plt.show()



# training driver
def run_training(n_epochs):
    bs = 32
    T = 1000
    betas = jnp.linspace(0.0001, 0.02, T)
    abar = cum_alpha(betas)

    key = jax.random.PRNGKey(0)

    # network
    net = FlowUnet(n_filters=128, dropout_p=0.1)
    key, k_init, k_drop = jax.random.split(key, 3)
    x_dummy = jnp.ones((1, 256, 256, 3))
    t_dummy = jnp.ones((1,), dtype=jnp.int32)
    variables = net.init({"params": k_init, "dropout": k_drop}, x_dummy, t_dummy)
    params = variables['params']

    # optimizer
    tx = optax.adam(learning_rate=2e-4)
    opt_state = tx.init(params)

    # data
    fit_ds, val_ds, test_ds, mu, sigma = read_flow_data(
        os.path.join(os.getcwd(), 'drive/MyDrive/colab/Thesis', 'kf_2d_re1000_256_40seed.npy'),
        bs
    )

    # loss history
    fit_hist = []
    val_hist = []

    ep_bar = tqdm(range(n_epochs), desc='Epochs')


    for ep in ep_bar:

        ep_fit = []
        fit_bar = tqdm(enumerate(fit_ds), desc=f'Train {ep}/{len(ep_bar)}', leave=False)
        for step, x0 in fit_bar:
            x0 = jnp.array(x0.numpy())

            key, k_t, k_eps = jax.random.split(key, 3)
            t = jax.random.randint(k_t, (bs,), minval=0, maxval=T)

            loss, grads = noise_step(params, net, x0, t, k_eps, abar)

            updates, opt_state = tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)

            #if step % 100 == 0:
            #    print(f'epoch {ep}, step {step}, loss {loss:.4f}')

            ep_fit.append(loss)
            fit_bar.set_postfix({'loss': f'{float(loss):.4f}'})

        fit_hist.append(jnp.mean(ep_fit))

        ep_val = []
        val_bar = tqdm(val_ds, desc=f'  Val   {ep}', leave=False)
        for xv in val_bar:
            xv = jnp.array(xv.numpy())

            key, k_t, k_eps = jax.random.split(key, 3)

            t = jax.random.randint(k_t, (bs,), minval=0, maxval=T)

            loss, _ = noise_step(params, net, xv, t, k_eps, abar, train=False)
            ep_val.append(loss)
            val_bar.set_postfix({'loss': f'{float(loss):.4f}'})

        val_hist.append(jnp.mean(ep_val))

        # epoch summary on the bar
        ep_bar.set_postfix({
            'train': f'{fit_hist[-1]:.4f}',
            'val':   f'{val_hist[-1]:.4f}'
        })

        # redraw the curves each epoch
        show_curves(fit_hist, val_hist)

    return params, fit_hist, val_hist

n_epochs = 300

fit_ds, val_ds, test_ds, mu, sigma = read_flow_data(os.path.join(os.getcwd(), 'drive/MyDrive/colab/Thesis', 'kf_2d_re1000_256_40seed.npy'),32)

for batch in fit_ds:
    ims = jnp.array(batch.numpy())
    print(ims.shape)
    break

import matplotlib.pyplot as plt

for batch in fit_ds:
    ims = jnp.array(batch)  # already channel-last
    print(ims.shape)        # expect (32, 256, 256, 3)

    # middle channel of the first sample
    plt.imshow(ims[0, :, :, 1], cmap='RdBu')
    plt.colorbar()
    plt.title('middle frame')
    plt.show()
    break

jax.devices()

params, fit_hist, val_hist = run_training(n_epochs)
