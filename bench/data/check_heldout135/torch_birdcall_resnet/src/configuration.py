import pandas as pd
import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data
import sklearn.model_selection as sms

import src.dataset as bird_data

from pathlib import Path

from src.criterion import ResNetLoss  # noqa
from src.transforms import (get_waveform_transforms,
                            get_spectrogram_transforms)


def get_device(device: str):
    return torch.device(device)


def get_optimizer(model: nn.Module, config: dict):
    opt_cfg = config["optimizer"]
    opt_name = opt_cfg.get("name")

    return optim.__getattribute__(opt_name)(model.parameters(),
                                                  **opt_cfg["params"])


def get_scheduler(optimizer, config: dict):
    sched_cfg = config["scheduler"]
    sched_name = sched_cfg.get("name")

    if sched_name is None:
        return
    else:
        return optim.lr_scheduler.__getattribute__(sched_name)(
            optimizer, **sched_cfg["params"])


def get_criterion(config: dict):
    loss_cfg = config["loss"]
    loss_name = loss_cfg["name"]
    loss_kw = {} if loss_cfg.get("params") is None else loss_cfg.get(
        "params")

    if hasattr(nn, loss_name):
        criterion = nn.__getattribute__(loss_name)(**loss_kw)
    else:
        loss_cls = globals().get(loss_name)
        if loss_cls is not None:
            criterion = loss_cls(**loss_kw)
        else:
            raise NotImplementedError

    return criterion


def get_split(config: dict):
    split_cfg = config["split"]
    name = split_cfg["name"]

    return sms.__getattribute__(name)(**split_cfg["params"])


def get_metadata(config: dict):
    data_cfg = config["data"]
    with open(data_cfg["train_skip"]) as fh:
        skipped = fh.readlines()

    train = pd.read_csv(data_cfg["train_df_path"])
    wav_root = Path(data_cfg["train_audio_path"])

    for row in skipped:
        row = row.replace("\n", "")
        species = row.split("/")[1]
        fname = row.split("/")[2]
        train = train[~((train["ebird_code"] == species) &
                        (train["filename"] == fname))]
        train = train.reset_index(drop=True)
    return train, wav_root


def get_loader(df: pd.DataFrame,
               datadir: Path,
               config: dict,
               phase: str):
    ds_cfg = config["dataset"]
    if ds_cfg["name"] == "SpectrogramDataset":
        wave_tf = get_waveform_transforms(config)
        spec_tf = get_spectrogram_transforms(config)
        mel_kw = ds_cfg["params"]
        loader_cfg = config["loader"][phase]

        ds = bird_data.SpectrogramDataset(
            df,
            datadir=datadir,
            img_size=ds_cfg["img_size"],
            waveform_transforms=wave_tf,
            spectrogram_transforms=spec_tf,
            melspectrogram_parameters=mel_kw)
    else:
        raise NotImplementedError

    loader = data.DataLoader(ds, **loader_cfg)
    return loader
