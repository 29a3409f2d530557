from argparse import ArgumentParser
from pathlib import Path

import torch
from lightning import seed_everything
from lightning.pytorch.loggers import CSVLogger

import torchvision.transforms.v2 as T

from dataclasses import dataclass


from datamodule import SignLettersDataModule
from convnet import SignConvNet
from trainer import make_trainer


# run settings
@dataclass
class Settings:
    run_name = "sign_mnist_cnn"
    data_dir_path = Path('data/')
    checkpoint_dir = Path('models/')
    batch_size = {
        'train': 200,
        'valid': 100,
    }

    verbose = True

    rng_seed = 2025

    conv_stride = 1
    conv_dilation = 1
    num_labels = 25

    learning_rate = 1e-3
    max_epoch_count = 10
    n_devices = 1

trainer_kwargs = {
    'accelerator': 'cpu',
    # 'devices': Settings.n_devices,
    'max_epochs': Settings.max_epoch_count,
    'log_every_n_steps': 10,
    'deterministic': True,

    'logger': CSVLogger("logs")
}

def _banner(msg):
    print("{:=^50}".format(msg))

def make_train_augs():
    return T.Compose([
        T.RandomHorizontalFlip(p=0.1),
        T.RandomApply([
            T.RandomRotation(degrees=(-180, 180))],
            p=0.2
        ),
        # a ToDtype(float32, scale=True) step was tried here
        # and a Normalize with the data mean and std
    ])

def build_datamodule(train_augs):
    if Settings.verbose:
        _banner("reading the sign csv files")
    sign_dm = SignLettersDataModule(Settings, train_augs)
    letters = [chr(i) for i in range(ord("A"), ord("Z"))]
    idx_to_letter = {
        k: ch for k, ch in enumerate(letters)
    }

    return sign_dm, idx_to_letter

def smoke_test_model(pl_trainer, model, data_module):
    if pl_trainer.fast_dev_run:
        _banner("quick check of the network")
        try:
            pl_trainer.fit(model, data_module)
            _banner("quick check passed")
        except:
            raise ValueError("quick check failed")

def predict_batch(model, first_batch):
    images, labels = first_batch
    pred_scores = model.forward(images)
    pred_scores = torch.softmax(pred_scores, dim=1)

    return pred_scores, labels

def ids_to_letters(y, idx_to_letter):
    return [idx_to_letter[i.item()] for i in y]

def main():
    cli = ArgumentParser()
    cli.add_argument("--fast-dev-run", action='store_true')
    cli_args = cli.parse_args()
    quick_check = cli_args.fast_dev_run
    print(quick_check)

    seed_everything(Settings.rng_seed)

    train_augs = make_train_augs()
    data_module, idx_to_letter = build_datamodule(train_augs)
    model = SignConvNet(Settings)
    pl_trainer = make_trainer(trainer_kwargs)
    smoke_trainer = make_trainer(trainer_kwargs, quick_run=quick_check)

    smoke_test_model(smoke_trainer, model, data_module)
    _banner("fitting the network")
    pl_trainer.fit(model, data_module)

    data_module.setup(stage='valid')
    test_batches = data_module.val_dataloader()
    test_batches = iter(test_batches)

    first_batch = next(test_batches)

    if Settings.verbose:
        _banner("predicting one batch")

    probs_out, labels_true = predict_batch(model, first_batch)

    if Settings.verbose:
        _banner("prediction done")
        _banner("scores")
        acc = torch.sum(probs_out.argmax(dim=1) == labels_true) / labels_true.shape[0]
        print(f'batch accuracy: {acc}')


if __name__ == "__main__":
    main()