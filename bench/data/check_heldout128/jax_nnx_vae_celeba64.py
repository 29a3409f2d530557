import jax, optax, sys, time, pickle, builtins, os
import pandas as pd
import numpy as np
from jax.numpy import *
from jax.random import permutation, split
from flax import nnx
from dataclasses import dataclass, fields
from eugene.stats import Stats
from functools import partial

###
from lpips_j.lpips import VGGExtractor
from lpips_j.lpips import NetLinLayer
import h5py
import flax.linen as nn
from huggingface_hub import hf_hub_download
##

def ramp(t, tmax=512):
    """
    Logistic ramp that is ~0 at t=0 and ~1 at t=tmax.
    
    Args:
    t: scalar or array of epochs.
    
    Returns:
    the ramp value(s).
    """
    # steepness so that the ends land on eps and 1-eps
    mid = tmax / 2
    eps = 1e-4
    k = log((1 - eps) / eps) / (mid - 0)
    
    # logistic centred on mid
    return 1 / (1 + exp(-k * (t - mid)))

class PerceptualDistance(nn.Module):    
    def setup(self):
        self.features = VGGExtractor()
        
    def __call__(self, x, t, breakp=False):
        x = self.features(x)
        t = self.features(t)
        
        # deeper list, unused:
        # 'conv1_1' ... 'conv3_3', 'conv4_1', 'conv4_2',
        # 'conv4_3', 'conv5_1', 'conv5_2', 'conv5_3'
        
        taps = ['conv1_1', 'conv1_2', 'conv2_1', 'conv2_2', 'conv3_1', 
                      'conv3_2', 'conv3_3', 'conv3_3' ]
        
        per_tap = []
        for name in taps:
            d = (x[name] - t[name]) ** 2
            d = 0.5 * d.mean([1, 2, 3])
            per_tap.append(d)

        return stack(per_tap, axis=1).sum(axis=1)
        
# os.environ['XLA_PYTHON_CLIENT_PREALLOCATE'] = 'false'

class UpsampleConv(nnx.Module):
    """
    Upsample-then-convolve block.

    Nearest-neighbour resize followed by a convolution, in place of a transposed conv,
    which avoids checkerboard artefacts (see the distill.pub article on deconvolution).
    """

    def __init__(self, in_channels, filters, kernel_size, strides, rngs):
        self.in_channels = in_channels
        self.filters = filters
        self.kernel_size = kernel_size
        self.strides = strides
        # self.padding = padding
        
        nn.Conv # features, kernel_size, strides, padding
        # older variant passed padding here
        self.conv = nnx.Conv(self.in_channels, self.filters, self.kernel_size, (1,1), rngs=rngs)

    def __call__(self, x):
        if self.strides != (1, 1):
            x = jax.image.resize(
                x,
                (
                    x.shape[0],
                    x.shape[1] * self.strides[0],
                    x.shape[2] * self.strides[1],
                    x.shape[3],
                ),
                method="nearest",
            )

        x = self.conv(x)
        return x

class MultiDecoderVAE(nnx.Module):
    @dataclass
    class DefaultOpts:
        epochs: int = 512       # passes over the data
        bs: int = 128           # minibatch size
        lr: float = 1e-5        # step size
        dz: int = 64            # latent size
        opt: str = 'adam'       # optax optimiser name
        beta: int = 1.0         # KL weight
        nD: int = 8             # how many decoders
    
    class Decoder(nnx.Module):
        def __init__(self, opts, rngs):
            self.opts = opts
            self.fc_dec = nnx.Sequential(
                nnx.Linear(opts.dz, 256, rngs=rngs),    nnx.relu,
                nnx.Linear(256, 64 * 8 * 8, rngs=rngs), nnx.relu
            )

            self.convs = nnx.Sequential(
                UpsampleConv(64, 64, kernel_size=(4, 4), strides=(1, 1), rngs=rngs), nnx.relu,
                UpsampleConv(64, 64, kernel_size=(4, 4), strides=(2, 2), rngs=rngs), nnx.relu,
                UpsampleConv(64, 64, kernel_size=(4, 4), strides=(2, 2), rngs=rngs), nnx.relu,
                UpsampleConv(64, 32, kernel_size=(4, 4), strides=(2, 2), rngs=rngs), nnx.relu,
                UpsampleConv(32, 3,  kernel_size=(4, 4), strides=(1, 1), rngs=rngs),
            )

        def __call__(self, z):
            h = self.fc_dec(z)
            h = h.reshape(h.shape[0], 8, 8, 64)
            h = self.convs(h)
            return h

    def __init__(self, opts={}, *, rngs: nnx.Rngs):
        self.stats = Stats()
        self.opts = self.DefaultOpts(**opts)
        latent = self.opts.dz

        self.rngs = rngs
        self.encoder = nnx.Sequential(
            nnx.Conv(3, 128,    kernel_size=(4, 4), strides=(1,1), rngs=rngs), nnx.relu,
            nnx.Conv(128, 128,  kernel_size=(4, 4), strides=(2,2), rngs=rngs), nnx.relu,
            nnx.Conv(128, 256,  kernel_size=(4, 4), strides=(2,2), rngs=rngs), nnx.relu,
            nnx.Conv(256, 256,  kernel_size=(4, 4), strides=(2,2), rngs=rngs), nnx.relu,
            nnx.Conv(256, 256,  kernel_size=(4, 4), strides=(1,1), rngs=rngs), nnx.relu,
        )
        
        self.enc = nnx.Linear(4*4*1024, 256, rngs=rngs)
        self.enc_mu = nnx.Linear(256, latent, rngs=rngs)
        self.enc_logvar = nnx.Linear(256, latent, rngs=rngs)
        
        dec_rngs = nnx.vmap(lambda s: nnx.Rngs(s), in_axes=0)(split(rngs(), self.opts.nD))
        self.decoder = nnx.vmap(self.Decoder, in_axes=(None, 0))(self.opts, dec_rngs)

    def sample_latent(self, mu, logvar):
        # a beta of 0 could skip the noise:
        #     return mu

        eps = jax.random.normal(self.rngs.reparam(), (mu.shape[0], mu.shape[1]))
        return mu + exp(0.5 * logvar) * eps

    def __call__(self, x, reparam=True):
        x = self.encoder(x)
        x = x.reshape(x.shape[0], -1)
        x = self.enc(x)
        x = nnx.relu(x)
        mu = self.enc_mu(x)
        logvar = self.enc_logvar(x)

        z = self.sample_latent(mu, logvar) if reparam else mu
        recon = self.decode(z)

        return recon, mu, logvar

    def decode(self, z):
        # one slice of the batch per decoder
        z = z.reshape(self.opts.nD, z.shape[0] // self.opts.nD, z.shape[1])
        out = nnx.vmap(lambda z, d: d(z), in_axes=(0, 0))(z, self.decoder)
        out = out.reshape(-1, *out.shape[2:])
        return out

    def dump(self, path):
        with open(path, "wb") as fh:
            pickle.dump(
                {"opts": self.opts, "stats": self.stats, "state": nnx.state(self)}, fh
            )

def objective(model, batch, current_epoch=512, lpips_obj = None, lpips_params = None):
    recon, mu, logvar = model(batch)
    
    kl = -0.5 * sum(1.0 + logvar - mu**2 - exp(logvar), axis=-1)

    if False:
        rec = optax.l2_loss(recon, batch).sum([-1, -2, -3])
        prc = array(0.0)
    else:
        rec = optax.l2_loss(recon, batch).sum([-1, -2, -3]) # could be zero
        # rescale to [-1, 1] and swap axes:
        # ((batch - 0.5) * 2.0).transpose(0,2,1,3)
        # batch.transpose(0,2,1,3)
        # recon.transpose(0,2,1,3)
        prc = lpips_obj.apply(lpips_params, batch, recon, breakp=True) # could be zero 
        # prc.sum([1,2,3])
    
    beta = array(1.0) # or ramp(current_epoch, model.opts.epochs)
    
    # debugger spot
    total = rec + prc + beta * kl

    stats = {
        "elbo": -total.mean(),
        "kl_loss": kl.mean(),
        "rec_loss": rec.mean(),
        "prc_loss": prc.mean(),
        "beta": beta,
    }

    return total.mean(), ((recon, mu, logvar), stats)


@nnx.jit
def run_epoch(model, optimizer, images):
    # tic = time.time()
    n_batches = images.shape[0] // model.opts.bs
    order = permutation(model.rngs.permut(), n_batches * model.opts.bs)
    stacked = images[order].reshape(n_batches, model.opts.bs, *images.shape[1:])
    # print(f"shuffle took {time.time() - tic:.3f}s")
    return scan_batches(model, optimizer, stacked)


@nnx.jit
def scan_batches(model, optimizer, stacked):
    vg = nnx.value_and_grad(objective, has_aux=True)

    current_epoch = optimizer.step.value // stacked.shape[0]
    
    def one_step(carry, batch):
        model, optimizer = carry
        (value_, (outs_, stats)), grads = vg(model, batch, current_epoch)
        optimizer.update(grads)
        return (model, optimizer), stats

    in_axes = (nnx.Carry, 0)
    scanned = nnx.scan(one_step, in_axes=in_axes)
    carry = (model, optimizer)
    _, all_stats = nnx.jit(scanned)(carry, stacked)
    return jax.tree.map(lambda v: v.mean(), all_stats)


if __name__ == "__main__":
    if "images" not in locals():
        train_path = "/data/celeba/celeba_train_images.npy"
        test_path = "/data/celeba/celeba_test_images.npy"
        images = np.load(train_path)# , mmap_mode='r')

        # images = (images - 0.5) * 2.0
        # images = images[:2500]
        images = jax.device_put(images)
        # held_out = np.load(test_path, mmap_mode='r')
        # held_out = jax.device_put(held_out)


    model = MultiDecoderVAE(rngs=nnx.Rngs(jax.random.PRNGKey(0)))
    weights = nnx.state(model, nnx.Param, ...)[0]
    n_weights = builtins.sum(v.size for v in jax.tree_util.tree_leaves(weights))
    print(f"VAE parameters: {n_weights // 1e6}M")

    # perceptual net set-up    
    one = images[0]# could transpose(0,2,1)
    lpips_obj = PerceptualDistance()
    lpips_params = lpips_obj.init(model.rngs.dinfar(), one, one)

    n_lp = builtins.sum(v.size for v in jax.tree.leaves(lpips_params))
    print(f"perceptual parameters: {n_lp // 1e6}M")

    # quick check on 8 images
    objective = partial(objective, lpips_obj=lpips_obj, lpips_params=lpips_params)
    _v, (_outs, _stats) = objective(model, images[:8])
    print(f"smoke-test loss: {_v}")

    # alt: optax.warmup_exponential_decay_schedule(0.0, 1e-4, 1000, 100_000, 0.5)
    # with optax.inject_hyperparams(getattr(optax, model.opts.opt))(schedule)
    # alt: optax.schedules.warmup_exponential_decay_schedule(1e-6, 1e-4, 5000, 100000, 0.30)
    # with optax.inject_hyperparams(getattr(optax, model.opts.opt))(schedule)
    tx = getattr(optax, model.opts.opt)(model.opts.lr)
    optimizer = nnx.Optimizer(model, tx)

    for ep in range(model.opts.epochs):
        with model.stats.time({"time": {"forward_train_epoch"}}, print=0) as block:
            model.train()
            stats = run_epoch(model, optimizer, images)
            # print(optimizer.opt_state.hyperparams)
            # debugger spot
            model.stats({"train": jax.tree.map(lambda v: v.item(), stats)})
            # could also log optimizer hyperparams

        print(
            *model.stats.latest(
                *[
                    f"VAE {ep:03d} {model.stats['time']['forward_train_epoch'][-1]:.3f}s",
                    {"train": "*"}# and opt stats, 
                ]
            )
        )

        if ep % 8 == 0:
            print("saving model...")
            model.dump(f"eugene/latest.pickle")

    print("finished; saving model...")
    model.dump(f"eugene/latest.pickle")
