'''
    DDPM training entry point for a TPU v4-8 slice
'''

import functools
import time
from typing import Any
import random as _random

from absl import logging
import flax
from flax import jax_utils
from flax.training import checkpoints
from flax.training import common_utils
from flax.training import dynamic_scale as dynamic_scale_lib
from flax.training import train_state
import jax
from jax import lax
import jax.numpy as jnp
from jax import random
import ml_collections
import optax
import numpy as np
from time import time

import torch
from torch.utils.data import DataLoader
from torchvision.datasets import CIFAR10

from einops import rearrange

from torchloader_util import make_transform
from model import UNet
from torch2jax import to_device_batch
from diffusion import Diffuser
from wandb_utils import initialize_wandb, log_images, log_loss_dict

N_DIFFUSION_STEPS=1000

def init_worker_seed(wid, base_seed, extra_seed=0):
    # alt: torch.initial_seed() % 2**32 + jax.process_index() + extra_seed
    s = (base_seed + wid +
                   jax.process_index() + extra_seed) % 2**32
    np.random.seed(s)
    _random.seed(s)
    torch.manual_seed(s)


def make_train_loader(ds, sampler, per_host_bs, cfg, extra_seed):
    gen = torch.Generator()
    gen.manual_seed(extra_seed)
    loader = torch.utils.data.DataLoader(
        ds, sampler=sampler,
        batch_size=per_host_bs,
        num_workers=cfg.num_workers,
        pin_memory=True,
        drop_last=True,
        generator=gen,
        worker_init_fn=functools.partial(
            init_worker_seed, extra_seed=extra_seed, base_seed=cfg.seed_pt),
        persistent_workers=True,
        timeout=1800.,
    )
    return loader

def build_net(*, net_cls, half_precision: bool, **kwargs):
    backend = jax.local_devices()[0].platform
    if half_precision:
        if backend == 'tpu':
            dt = jnp.bfloat16
        else:
            dt = jnp.float16
    else:
        dt = jnp.float32
    
    return net_cls(dtype=dt)

def init_params(key, side, net):
    '''
        set up the weights
        there is no dropout here, so a single key is enough
    '''
    in_shape = (1, side, side, 3)
    @jax.jit
    def init(*args, **kwargs):
        return net.init(*args, **kwargs)
    variables = init({'params': key}, jnp.ones(in_shape), time=jnp.ones((in_shape[0],)))
    return ['params']

def make_lr_schedule(
    cfg: ml_collections.ConfigDict,
    peak_lr: float,
    steps_per_epoch: int
):
    '''
        warm-up then cosine schedule
    '''
    warm = optax.linear_schedule(
        init_value=0.,
        end_value=peak_lr,
        transition_steps=cfg.warmup_epochs * steps_per_epoch
    )

    decay_epochs = max(cfg.num_epochs - cfg.warmup_epochs, 1)
    cosine = optax.cosine_decay_schedule(
        init_value=peak_lr,
        decay_steps=decay_epochs * steps_per_epoch,
    )
    sched = optax.join_schedules(
        schedules=[warm, cosine],
        boundaries=[cfg.warmup_epochs * steps_per_epoch]
    )

    return sched

def step_fn(key, state, x0, lr_fn):
    '''
        one optimisation step of the denoiser
    '''

    key, eps_key, t_key, q_key = random.split(key, num=4)


    def objective(params):
        '''
            noise-prediction MSE
        '''

        eps = random.normal(eps_key, x0.shape)
        t = random.randint(t_key, (x0.shape[0],), 0, N_DIFFUSION_STEPS)

        x_t = Diffuser().q_sample(q_key, x0, t, noise=eps)

        ## forward pass of the UNet

        pred = state.apply_fn(
            {'params': params},
            x_t,
            time=t,
        )

        mse = jnp.mean((pred - eps) ** 2)
        return mse, (pred, mse)
    
    cur = state.step
    lr = lr_fn(cur)

    vg = jax.value_and_grad(objective, has_aux=True)
    aux, grads = vg(state.params)
    grads = lax.pmean(grads, axis_name='batch')
    pred, mse = aux[1]
    mse = lax.pmean(mse, axis_name='batch')
    
    ## optimiser update
    new_state = state.apply_gradients(grads=grads) # returns the updated state

    return new_state, mse

def load_ckpt(state, ckpt_dir):
    return checkpoints.restore_checkpoint(ckpt_dir, state)

def write_ckpt(state, ckpt_dir):
    state = jax.device_get(jax.tree_util.tree_map(lambda a: a[0], state))
    cur = int(state.step)
    logging.info('checkpoint at step %d', cur)
    checkpoints.save_checkpoint_multiprocess(ckpt_dir, state, cur, keep=3)

# pmean needs a pmap around it
# averages its input over every device
mean_over_devices = jax.pmap(lambda a: jax.pmean(a, 'x'), 'x')

def build_state(
    rng,
    cfg: ml_collections.ConfigDict,
    net, 
    side, 
    lr_fn
):
    '''
        the first TrainState
    '''
    params = init_params(rng, side, net)
    tx = optax.sgd(
        learning_rate=lr_fn,
        momentum=cfg.momentum,
        nesterov=True,
    )
    state = train_state.TrainState.create(
        apply_fn=net.apply,
        params=params,
        tx=tx,
    )

    return state


def gather_all(a, dereplicate=True, axis_name="_gather_axis", **gather_kwargs):
    assert a.shape[0] == jax.local_device_count(), f"leading axis must equal the local device count: {a.shape[0]} vs {jax.local_device_count()}"
    gather = lambda a: jax.lax.all_gather(a, axis_name=axis_name, **gather_kwargs)
    gathered = jax.pmap(gather, axis_name=axis_name)(a)
    if dereplicate:
        gathered = gathered[0]
    return gathered

def run():
    n_dev = jax.local_device_count()
    cfg = ml_collections.ConfigDict()
    cfg.momentum = 0
    cfg.num_workers = n_dev
    cfg.seed_pt = 42
    cfg.image_size = 32
    cfg.batch_size = 128
    cfg.momentum = 0
    cfg.dim = 128
    cfg.warmup_epochs = 20
    cfg.num_epochs = 500

    peak_lr = 0.001 * cfg.batch_size / 256

    tf = make_transform(cfg.image_size)
    cifar_train = CIFAR10(root='train_cifar', train=True, transform=tf, download=True)
    sampler = torch.utils.data.DistributedSampler(
        cifar_train,
        num_replicas=jax.process_count(),
        rank=jax.process_index(),
        shuffle=True,
        seed=cfg.seed_pt,
    )

    print("Setting up, please wait...")

    net = UNet(cfg.dim)

    lr_fn = make_lr_schedule(cfg, peak_lr, 60)

    init_key, step_key, draw_key = random.split(random.PRNGKey(cfg.seed_pt), num=3)

    state = build_state(init_key, cfg, net, cfg.image_size, lr_fn)
    first_step = int(state.step)

    loader = make_train_loader(
        cifar_train, sampler, cfg.batch_size // jax.process_count(), cfg, extra_seed=first_step)
    
    mb = next(iter(loader))
    mb = to_device_batch(mb)

    state = jax_utils.replicate(state)
    step_key = jax_utils.replicate(step_key)

    p_step = jax.pmap(
        functools.partial(step_fn, lr_fn=lr_fn),
        axis_name='batch'
    )

    log_to_wandb = True

    if log_to_wandb:
        run_cfg = {
            "model": 'UNet',
            "epochs": cfg.num_epochs,
            "batch_size": cfg.batch_size,
            "cores": n_dev
        }
        initialize_wandb(run_cfg, exp_name="")

    n_steps = 0
    since_log = 0
    log_interval = 100
    draw_interval = 50_000
    running = 0
    t_start = time()


    ## sampler of new images
    draw = Diffuser().get_sample_fn(key=draw_key, shape=(4,32,32,3))
    draw = jax.pmap(draw, axis_name='batch')

    for epoch in range(cfg.num_epochs):
        print(f'epoch {epoch} starts')
        for mb in loader:
            mb = to_device_batch(mb)

            ## apply_gradients gives back the new state
            state, mse = p_step(step_key, state, mb['images'])

            n_steps += 1
            running += mse[0]
            since_log += 1

            if n_steps % log_interval == 0 and n_steps > 0:

                t_end = time()
                rate = log_interval / (t_end - t_start)

                print(f'step {n_steps}: mean loss {running / log_interval}')

                if log_to_wandb:
                    log_loss_dict({"Average Loss": running / log_interval, "Steps / Sec": rate}, n_steps)

                since_log = 0
                t_start = time()
                running = 0
            
            if n_steps % draw_interval == 0 and n_steps > 0:

                print('drawing samples')
                
                pics = draw(state).block_until_ready()
                pics = gather_all(pics, tiled=True)
                pics = torch.tensor(jax.device_get(pics)).permute([0, 3, 1, 2])

                print('samples drawn, shape: ', pics.shape)

                if log_to_wandb:
                    log_images(pics, 'UNet', n_steps)
    
    ## block until XLA has finished everything
    jax.random.normal(jax.random.PRNGKey(0), ()).block_until_ready()

if __name__ == '__main__':
    run()

