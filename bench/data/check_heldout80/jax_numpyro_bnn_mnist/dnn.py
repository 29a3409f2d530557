import argparse
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
os.environ["XLA_PYTHON_CLIENT_ALLOCATOR"] = "platform"
######################################################

from functools import partial
from typing import Any, Callable, Sequence, Optional, Tuple

import jax.numpy as jnp
from jax import random, nn, device_put, devices
from flax import linen as fnn

import optax
import numpyro
import numpyro.distributions as dist
from numpyro.infer import SVI, Trace_ELBO, TraceMeanField_ELBO, Predictive
from numpyro.infer.autoguide import AutoDelta, AutoNormal
from numpyro.contrib.module import flax_module

from numpc.datasets import MNIST

class MLP(fnn.Module):
  """Plain fully connected network."""

  features: Sequence[int]
  act: Callable

  @fnn.compact
  def __call__(self, h):
    h = fnn.Dense(features=self.features[0])(h)
    for width in self.features[1:]:
        h = self.act(h)
        h = fnn.Dense(features=width)(h)
    
    return h

class SmallConvNet(fnn.Module):
    """LeNet-style convolutional network,
    layout borrowed from a Flux model-zoo digits example
    """
       
    conv_features: Sequence[int]
    dense_features: Sequence[int]
    kernel_size: Tuple[int] = (5, 5) 
    window_shape: Tuple[int] = (2, 2) 
    strides: Tuple[int] = (2, 2) 

    @fnn.compact
    def __call__(self, h):
        for width in self.conv_features:
            h = fnn.Conv(features=width, kernel_size=self.kernel_size)(h)
            h = fnn.relu(h)
            h = fnn.avg_pool(h, window_shape=self.window_shape, strides=self.strides)
        
        h = h.reshape((h.shape[0], -1))
        h = fnn.Dense(features=self.dense_features[0])(h)
        for width in self.dense_features[1:]:
            h = fnn.relu(h)
            h = fnn.Dense(features=width)(h)
        return h

ModuleDef = Any
# BatchNorm is left out: flax_module cannot carry its state yet
class ResidualBlock(fnn.Module):
  """One residual block."""
  filters: int
  conv: ModuleDef
  norm: ModuleDef
  act: Callable
  kernel_size: Tuple[int, int] = (4, 4)
  strides: Tuple[int, int] = (1, 1)

  @fnn.compact
  def __call__(self, h,):
    skip = h
    out = self.conv(self.filters, self.kernel_size, self.strides)(h)
    # out = self.norm()(out)
    out = self.act(out)
    out = self.conv(self.filters, self.kernel_size)(out)
    # out = self.norm(scale_init=fnn.initializers.zeros)(out)

    if skip.shape != out.shape:
      skip = self.conv(self.filters, (1, 1),
                           self.strides, name='conv_proj')(skip)
    #   skip = self.norm(name='norm_proj')(skip)

    return self.act(skip + out)

class ResNetV1(fnn.Module):
  """Residual network, version 1."""
  stage_sizes: Sequence[int]
  block_cls: ModuleDef
  num_classes: int
  num_filters: int = 64
  dtype: Any = jnp.float32
  act: Callable = fnn.relu
  conv: ModuleDef = fnn.Conv

  @fnn.compact
  def __call__(self, h, train: bool = True):
    conv = partial(self.conv, use_bias=False, dtype=self.dtype)
    norm = partial(fnn.BatchNorm,
                   use_running_average=not train,
                   momentum=0.9,
                   epsilon=1e-5,
                   dtype=self.dtype)

    h = conv(self.num_filters, (7, 7), (2, 2),
             padding=[(3, 3), (3, 3)],
             name='conv_init')(h)
    # h = norm(name='bn_init')(h)
    h = self.act(h)
    h = fnn.max_pool(h, (3, 3), strides=(2, 2), padding='SAME')
    for s, n_blocks in enumerate(self.stage_sizes):
      for b in range(n_blocks):
        strides = (2, 2) if s > 0 and b == 0 else (1, 1)
        h = self.block_cls(self.num_filters * 2 ** s,
                           strides=strides,
                           conv=conv,
                           norm=norm,
                           act=self.act)(h)
    h = jnp.mean(h, axis=(1, 2))
    h = fnn.Dense(self.num_classes, dtype=self.dtype)(h)
    h = jnp.asarray(h, self.dtype)
    return h

def obs_model(net, xs, ys, sigma, n, subsample_size, ll_type, event_dim=1):
    with numpyro.plate("N", n, subsample_size=subsample_size):
        xb = numpyro.subsample(xs, event_dim=event_dim)
        out = net(xb)
        
        if ll_type == 'normal':
            if ys is not None:
                yb = numpyro.subsample(ys, event_dim=1)
            else:
                yb = None
            numpyro.sample(
                "obs", dist.Normal(out, sigma).to_event(1), obs=yb
            )
        elif ll_type == 'categorical':
            if ys is not None:
                yb = numpyro.subsample(ys, event_dim=0)
            else:
                yb = None
            numpyro.sample(
                "obs", dist.Categorical(logits=out), obs=yb
            )

def mlp_model(xs, sigma=1., labels=None, subsample_size=None, likelihood_type='normal'):
    n, d = xs.shape

    net = flax_module("nnet", MLP([300, 100, 10], fnn.swish), input_shape=(1, d))

    obs_model(net, xs, labels, sigma, n, subsample_size, likelihood_type)


def conv_model(xs, sigma=1., labels=None, subsample_size=None, likelihood_type='normal'):
    n, d, _, _ = xs.shape

    net = flax_module("nnet", SmallConvNet(conv_features=[8, 16], dense_features=[120, 84, 10]), input_shape=(1, d, d, 1))

    obs_model(net, xs, labels, sigma, n, subsample_size, likelihood_type, event_dim=3)


TinyResNet18 = partial(ResNetV1, stage_sizes=[2, 2, 2, 2], block_cls=ResidualBlock, num_filters=8)

def resnet_model(xs, sigma=1., labels=None, subsample_size=None, likelihood_type='normal'):
    n, d, _, _ = xs.shape

    net = flax_module("nnet", TinyResNet18(num_classes=10), input_shape=(1, d, d, 1))

    obs_model(net, xs, labels, sigma, n, subsample_size, likelihood_type, event_dim=3)

def fit_then_test(model, tr, te, key, likelihood_type):
    guide = AutoDelta(model)
    opt = optax.chain(
        optax.clip(100.),
        optax.adam(1e-4)
    )
    optim = numpyro.optim.optax_to_numpyro(opt)

    svi = SVI(model, guide, optim, loss=Trace_ELBO(num_particles=1))
    #########################################
    print(f'fitting with the {likelihood_type} likelihood:')
    key, sub = random.split(key)

    if likelihood_type == 'normal':
        result = svi.run(
            sub, 
            10000, 
            tr['image'], 
            labels=nn.one_hot(tr['label'], 10), 
            subsample_size=256,
            likelihood_type=likelihood_type)
    elif likelihood_type == 'categorical':
        result = svi.run(
            sub, 
            10000, 
            tr['image'], 
            labels=tr['label'], 
            subsample_size=256,
            likelihood_type=likelihood_type)


    learned, loss_trace = result.params, result.losses

    # move the fitted parameters to the host before prediction, which
    # otherwise needs extra accelerator memory
    learned = device_put(learned, devices('cpu')[0])  

    predictive = Predictive(model, params=learned, num_samples=1)
    key, sub = random.split(key)
    draws = predictive(sub, te['image'], sigma=1e-6)
    acc = jnp.mean( draws['obs'][0].argmax(-1) == te['label'] )
    
    print('test accuracy :', acc)

if __name__ == '__main__':
    cli = argparse.ArgumentParser(description="Bayesian deep network fitting")
    cli.add_argument("-n", "--network", nargs='?', default='DenseNet', type=str)
    cli.add_argument("--device", nargs='?', default='gpu', type=str)
    cli.add_argument("--seed", nargs='?', default=0, type=int)
    cli.add_argument("-ll", "--likelihood", nargs='?', default='normal', type=str)

    args = cli.parse_args()
    numpyro.set_platform(args.device)

    # data
    tr, te = MNIST()
    
    print('fitting {} ...\n'.format(args.network))

    if args.network == 'DenseNet':
        # flatten the images for the fully connected net
        tr['image'] = tr['image'].reshape(tr['image'].shape[0], -1)
        te['image'] = te['image'].reshape(te['image'].shape[0], -1)
        model = mlp_model
    elif args.network == 'LeNet':
        model = conv_model
    
    elif args.network == 'ResNet':
        model = resnet_model

    key = random.PRNGKey(args.seed)
    fit_then_test(model, tr, te, key, likelihood_type=args.likelihood)
