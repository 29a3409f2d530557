import os, argparse
import lightning as L
import anndata as ad
from torch.utils.data import DataLoader
from torch.utils.data import WeightedRandomSampler
from lightning.pytorch.loggers import WandbLogger
from lightning.pytorch.callbacks import ModelCheckpoint
from lit_module import MesenchymalStates
from dataset import MesenchymeDataset

if __name__ == '__main__':
    cli = argparse.ArgumentParser()

    # command line options
    cli.add_argument('--hidden_dim', type = int, default = 32)
    cli.add_argument('--latent_dim_src', type = int, default = 4)
    cli.add_argument('--batch_size', type = int, default = 1024)
    cli.add_argument('--learning_rate', type = float, default = 1e-3)
    cli.add_argument('--max_epochs', type = int, default = 200)
    cli.add_argument('--val_log_freq', type = int, default = 10)
    cli.add_argument('--save_ckpt', action = 'store_true')
    cli.add_argument('--wandb_project', type = str, default = 'MesenCoder')
    cli.add_argument('--num_workers', type = int, default = 32)
    opts = cli.parse_args()
    L.seed_everything(1)

    # atlas split into fit / held-out cells
    in_dir = os.path.join('..', 'data', 'modeling', 'inputs')
    atlas = ad.read_h5ad(os.path.join(in_dir, 'development.h5ad'))
    atlas_fit = atlas[atlas.obs.training == 'True'].copy()
    atlas_held = atlas[atlas.obs.validation == 'True'].copy()
    fit_set = MesenchymeDataset(atlas_fit, True)
    held_set = MesenchymeDataset(atlas_held, True)

    # weighted draw of cells
    drawer = WeightedRandomSampler(
        weights = atlas_fit.obs.weight.values,
        num_samples = len(fit_set),
        replacement = True)

    # loaders
    fit_loader = DataLoader(
        fit_set,
        batch_size = opts.batch_size,
        sampler = drawer,
        num_workers = opts.num_workers,
        pin_memory = True)
    held_loader = DataLoader(
        held_set,
        batch_size = opts.batch_size,
        shuffle = False,
        num_workers = opts.num_workers,
        pin_memory = True)

    # conditional autoencoder
    opts.n_feature = atlas.shape[1]
    opts.n_source = atlas.obs.source.cat.categories.nunique()
    net = MesenchymalStates(opts)

    # experiment tracker
    tracker = WandbLogger(
        project = opts.wandb_project,
        log_model = opts.save_ckpt)
    tracker.watch(net, log = 'all')

    # periodic snapshots
    if opts.save_ckpt:
        snapshots = ModelCheckpoint(
            every_n_epochs = opts.val_log_freq,
            save_top_k = -1,
            save_last = False,
            dirpath = os.path.join(
                'checkpoints', opts.wandb_project),
            filename = '{epoch:02d}')
    else: snapshots = None

    # lightning trainer
    runner = L.Trainer(
        max_epochs = opts.max_epochs,
        logger = tracker,
        callbacks = snapshots,
        accelerator = 'auto',
        devices = 'auto',
        num_sanity_val_steps = 0,
        log_every_n_steps = 4,
        enable_checkpointing = opts.save_ckpt)

    # fit
    runner.fit(net, fit_loader, held_loader)
