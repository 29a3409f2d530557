import os
import warnings

import numpy as np
import pytorch_lightning as pl
from imblearn.over_sampling import SMOTE
from pytorch_lightning.callbacks import EarlyStopping, ModelCheckpoint
from torch.utils.data import DataLoader

import models
import setting_path as PATHS
from datamodules import ECGDataset, Net


def run():

    warnings.simplefilter("ignore")
    subdir = "without_time"  # which preprocessed variant to read
    n_epochs = 1000
    gpu_count = 1
    learn_rate = 1e-3
    bs = 512
    drop_p = 0.6
    fc_in = 832  # flattened width for a 120-sample window
    # NOTE: plain CNN variants read the c arrays instead of the t arrays
    # NOTE: time-embedding variants read the t arrays
    
    front = models.NonTimed()  # front layer; set in_channels = 1 for the LCANN variant
    backbone = models.LCCNN(dence_input=fc_in, dropout=drop_p)
    # the LCCNN and CNN variants take fc_in as their dense input
    # other window lengths need a different last kernel

    beats_tr = np.load(os.path.join(PATHS.ecg_path, subdir, "train", "X.npy"))
    cls_tr = np.load(os.path.join(PATHS.ecg_path, subdir, "train", "y.npy"))
    beats_va = np.load(os.path.join(PATHS.ecg_path, subdir, "valid", "X.npy"))
    cls_va = np.load(os.path.join(PATHS.ecg_path, subdir, "valid", "y.npy"))
    # other variants live under other folders

    oversampler = SMOTE()

    if subdir != "preprocessed":

        tt_tr = np.load(os.path.join(PATHS.ecg_path, subdir, "train", "t.npy"))
        tt_va = np.load(os.path.join(PATHS.ecg_path, subdir, "valid", "t.npy"))
        # cc_tr = np.load(os.path.join(PATHS.ecg_path, subdir, "train", "c.npy")) - 1
        # cc_va = np.load(os.path.join(PATHS.ecg_path, subdir, "valid", "c.npy")) - 1

        beats_tr = np.stack([beats_tr, tt_tr]).transpose(1, 0, 2).reshape(-1, 240)  # pair with the time channel
        beats_tr, cls_tr = oversampler.fit_resample(beats_tr, cls_tr)
        beats_tr = beats_tr.reshape(-1, 2, 120)

        beats_va = np.stack([beats_va, tt_va]).transpose(1, 0, 2)  # same pairing for validation

    else:
        beats_tr, cls_tr = oversampler.fit_resample(beats_tr, cls_tr)

    print("train beats:", beats_tr.shape, " \t train classes:", cls_tr.shape)
    print("valid beats:", beats_va.shape, " \t valid classes:", cls_va.shape)

    vals_tr, n_tr = np.unique(cls_tr, return_counts=True)
    print("per-class count (train):", dict(zip(vals_tr, n_tr)))

    vals_va, n_va = np.unique(cls_va, return_counts=True)
    print("per-class count (valid):", dict(zip(vals_va, n_va)))

    ds_tr = ECGDataset(beats_tr, cls_tr)
    dl_tr = DataLoader(
        ds_tr,
        batch_size=bs,
        shuffle=True,
        num_workers=2,
        pin_memory=True,
        drop_last=True,
    )

    ds_va = ECGDataset(beats_va, cls_va)
    dl_va = DataLoader(
        ds_va,
        batch_size=bs,
        shuffle=True,
        num_workers=2,
        pin_memory=True,
        drop_last=True,
    )

    print("first batch shapes")
    for xb, yb in dl_tr:
        print(xb.shape, yb.shape)
        break

    lit = Net(front, backbone, learn_rate)

    cbs = []
    ckpt = ModelCheckpoint(
        dirpath="./ckpts",
        filename="{epoch}-{recall:.2f}",
        monitor="acc",
        save_last=True,
        save_weights_only=True,
        save_top_k=1,
        mode="max",
    )
    cbs.append(ckpt)
    cbs.append(
        EarlyStopping(
            "recall",
            patience=300,
            verbose=True,
            mode="max",
            check_on_train_epoch_end=False,
        )
    )
    cbs.append(
        EarlyStopping(
            "loss",
            patience=300,
            verbose=True,
            mode="min",
            check_on_train_epoch_end=False,
        )
    )
    tr = pl.Trainer(max_epochs=n_epochs, gpus=gpu_count, accelerator="gpu", check_val_every_n_epoch=10)
    # pass callbacks=cbs to enable early stopping

    tr.fit(lit, dl_tr, dl_va)
    tr.test(dataloaders=dl_va, ckpt_path="best")


if __name__ == "__main__":

    os.environ["CUDA_VISIBLE_DEVICES"] = "1"
    run()
