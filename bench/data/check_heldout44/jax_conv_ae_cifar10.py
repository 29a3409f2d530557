from torch.utils.tensorboard import SummaryWriter
from torchvision.datasets import CIFAR10
import torch.utils.data as data
import torch
from flax.training import train_state, checkpoints
from flax import linen as nn
import jax
from tqdm.auto import tqdm
import os
import time
import numpy as np


import optax


DATA_DIR = "../data"
CKPT_DIR = "../saved_models/tutorial9_jax"
run_stamp = time.strftime("%Y_%m_%d__%H_%M_%S")
RUN_LOG = open(f'../logs/tutorial9_jax_{run_stamp}.txt', 'w')

print("Device:", jax.devices()[0])


def to_array(img):
    img = np.array(img, dtype=np.float32)
    if img.max() > 1:
        img = img / 255. * 2. - 1.
    return img


def jax_to_torch(imgs):
    imgs = jax.device_get(imgs)
    imgs = torch.from_numpy(imgs.astype(np.float32))
    imgs = imgs.permute(0, 3, 1, 2)
    return imgs


def stack_collate(batch):
    if isinstance(batch[0], np.ndarray):
        return np.stack(batch)
    elif isinstance(batch[0], (tuple, list)):
        cols = zip(*batch)
        return [stack_collate(c) for c in cols]
    else:
        return np.array(batch)


full_train = CIFAR10(root=DATA_DIR, train=True,
                        transform=to_array, download=True)
train_part, val_part = data.random_split(
    full_train, [45000, 5000], generator=torch.Generator().manual_seed(42))

test_part = CIFAR10(root=DATA_DIR, train=False,
                   transform=to_array, download=True)

train_loader = data.DataLoader(train_part, batch_size=256, shuffle=True, drop_last=True,
                               pin_memory=True, num_workers=8, collate_fn=stack_collate, persistent_workers=True)
val_loader = data.DataLoader(val_part, batch_size=256, shuffle=False,
                             drop_last=False, num_workers=4, collate_fn=stack_collate)
test_loader = data.DataLoader(test_part, batch_size=256, shuffle=False,
                              drop_last=False, num_workers=4, collate_fn=stack_collate)


class Enc(nn.Module):
    c_hid: int
    latent_dim: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=self.c_hid, kernel_size=(
            3, 3), strides=2)(x)  # 32 -> 16
        x = nn.gelu(x)
        x = nn.Conv(features=self.c_hid, kernel_size=(3, 3))(x)
        x = nn.gelu(x)
        x = nn.Conv(features=2*self.c_hid, kernel_size=(3, 3),
                    strides=2)(x)  # 16 -> 8
        x = nn.gelu(x)
        x = nn.Conv(features=2*self.c_hid, kernel_size=(3, 3))(x)
        x = nn.gelu(x)
        x = nn.Conv(features=2*self.c_hid, kernel_size=(3, 3),
                    strides=2)(x)  # 8 -> 4
        x = nn.gelu(x)
        x = x.reshape(x.shape[0], -1)  # grid to one vector
        x = nn.Dense(features=self.latent_dim)(x)
        return x


class Dec(nn.Module):
    c_out: int
    c_hid: int
    latent_dim: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(features=2*16*self.c_hid)(x)
        x = nn.gelu(x)
        x = x.reshape(x.shape[0], 4, 4, -1)
        x = nn.ConvTranspose(features=2*self.c_hid,
                             kernel_size=(3, 3), strides=(2, 2))(x)
        x = nn.gelu(x)
        x = nn.Conv(features=2*self.c_hid, kernel_size=(3, 3))(x)
        x = nn.gelu(x)
        x = nn.ConvTranspose(features=self.c_hid,
                             kernel_size=(3, 3), strides=(2, 2))(x)
        x = nn.gelu(x)
        x = nn.Conv(features=self.c_hid, kernel_size=(3, 3))(x)
        x = nn.gelu(x)
        x = nn.ConvTranspose(features=self.c_out,
                             kernel_size=(3, 3), strides=(2, 2))(x)
        x = nn.tanh(x)
        return x


class AE(nn.Module):
    c_hid: int
    latent_dim: int

    def setup(self):
        # submodules declared explicitly
        # so encoder and decoder can be reached later
        self.encoder = Enc(c_hid=self.c_hid, latent_dim=self.latent_dim)
        self.decoder = Dec(
            c_hid=self.c_hid, latent_dim=self.latent_dim, c_out=3)

    def __call__(self, x):
        z = self.encoder(x)
        x_hat = self.decoder(z)
        return x_hat


def recon_mse(model, params, batch):
    imgs, _ = batch
    rec = model.apply({'params': params}, imgs)
    # batch mean of per-image pixel sums
    loss = ((rec - imgs) ** 2).mean(axis=0).sum()
    return loss


class AETrainer:

    def __init__(self, c_hid, latent_dim, lr=1e-3, seed=42):
        super().__init__()
        self.c_hid = c_hid
        self.latent_dim = latent_dim
        self.lr = lr
        self.seed = seed
        # model object, parameters come later
        self.model = AE(c_hid=self.c_hid, latent_dim=self.latent_dim)
        # logging
        self.demo_imgs = next(iter(val_loader))[0][:8]
        self.log_dir = os.path.join(
            CKPT_DIR, f'cifar10_{self.latent_dim}')
        self.logger = SummaryWriter(log_dir=self.log_dir)
        # jitted step functions
        self.make_steps()
        # parameters
        self.init_params()

    def make_steps(self):
        # one optimisation step
        def train_step(state, batch):
            def loss_fn(params): return recon_mse(
                self.model, params, batch)
            loss, grads = jax.value_and_grad(loss_fn)(
                state.params)  # value and gradient
            state = state.apply_gradients(grads=grads)  # parameter update
            return state, loss
        self.train_step = jax.jit(train_step)
        # one evaluation step

        def eval_step(state, batch):
            return recon_mse(self.model, state.params, batch)
        self.eval_step = jax.jit(eval_step)

    def init_params(self):
        # parameters from a dummy batch
        rng = jax.random.PRNGKey(self.seed)
        rng, init_rng = jax.random.split(rng)
        params = self.model.init(init_rng, self.demo_imgs)['params']
        # schedule and optimiser
        sched = optax.warmup_cosine_decay_schedule(
            init_value=0.0,
            peak_value=1e-3,
            warmup_steps=100,
            decay_steps=500*len(train_loader),
            end_value=1e-5
        )
        tx = optax.chain(
            optax.clip(1.0),  # clip gradients
            optax.adam(sched)
        )
        # training state
        self.state = train_state.TrainState.create(
            apply_fn=self.model.apply, params=params, tx=tx)

    def train_model(self, num_epochs=500):
        # the epoch loop
        best = 1e6
        for ep in tqdm(range(1, num_epochs+1)):
            self.train_epoch(epoch=ep)
            if ep % 10 == 0:
                val = self.eval_model(val_loader)
                self.logger.add_scalar(
                    'val/loss', val, global_step=ep)
                if val < best:
                    best = val
                    self.save_model(step=ep)

    def train_epoch(self, epoch):
        # one pass, log the mean loss
        losses = []
        for batch in train_loader:
            self.state, loss = self.train_step(self.state, batch)
            losses.append(loss)
        losses_np = np.stack(jax.device_get(losses))
        mean_loss = losses_np.mean()
        self.logger.add_scalar('train/loss', mean_loss, global_step=epoch)

    def eval_model(self, loader):
        # size-weighted mean loss over a loader
        losses = []
        sizes = []
        for batch in loader:
            loss = self.eval_step(self.state, batch)
            losses.append(loss)
            sizes.append(batch[0].shape[0])
        losses_np = np.stack(jax.device_get(losses))
        sizes_np = np.stack(sizes)
        mean_loss = (losses_np * sizes_np).sum() / sizes_np.sum()
        return mean_loss

    def save_model(self, step=0):
        # write parameters
        checkpoints.save_checkpoint(
            ckpt_dir=self.log_dir, target=self.state.params, prefix=f'cifar10_{self.latent_dim}_', step=step,
            overwrite=True)

    def load_model(self, pretrained=False):
        # read parameters, own or pretrained
        if not pretrained:
            params = checkpoints.restore_checkpoint(
                ckpt_dir=self.log_dir, target=self.state.params, prefix=f'cifar10_{self.latent_dim}_')
        else:
            params = checkpoints.restore_checkpoint(ckpt_dir=os.path.join(
                CKPT_DIR, f'cifar10_{self.latent_dim}.ckpt'), target=self.state.params)
        self.state = train_state.TrainState.create(
            apply_fn=self.model.apply, params=params, tx=self.state.tx)

    def checkpoint_exists(self):
        # is there a pretrained file
        return os.path.isfile(os.path.join(CKPT_DIR, f'cifar10_{self.latent_dim}.ckpt'))


def run_cifar(latent_dim):
    # trainer for one latent size
    trainer = AETrainer(c_hid=32, latent_dim=latent_dim)
    
    t0 = time.time()
    trainer.train_model(num_epochs=500)
    t1 = time.time()
    print(f'AE {latent_dim} latents - total training time:',
          time.strftime('%H:%M:%S', time.gmtime(t1 - t0)),
          file=RUN_LOG, flush=True)


for latent_dim in [64, 128, 256, 384]:
    run_cifar(latent_dim)
