import os
import gc
import glob
from optparse import OptionParser
from typing import Any, Callable, Iterable, List, Tuple, Union

os.environ["PYTORCH_ENABLE_MPS_FALLBACK"] = "1"

import numpy as np
import torch
from torch.utils.data import DataLoader, WeightedRandomSampler
from torch.utils.data.dataset import Dataset
from torch.utils.tensorboard import SummaryWriter
from torch import nn
from sklearn.metrics import roc_auc_score
from torch.nn.functional import one_hot

from torcheeg import transforms

import config
from models import *


# == part: mmapdataset.py ==
def iter_cached_arrays(which_array = "X", split_name="trn", half_name="first_half", seizure_cut=2.0):
    if which_array == "X":
        npy_files = glob.glob("./cache/preprocessed/%s/%s/*_X.npy" % \
                                                (split_name, half_name))
    elif which_array == "y":
        npy_files = glob.glob("./cache/preprocessed/%s/%s/*_y.npy" % \
                                                (split_name, half_name))

    for npy_file in npy_files:
        with open(npy_file, "rb") as fh:
            arr = np.load(fh)
        if which_array == "y":
            arr = (np.array(arr) > seizure_cut).astype(int)
        yield arr


def count_dataset_windows(wins_per_file, split_name="trn", half_name="first_half"):
    npy_files = glob.glob("./cache/preprocessed/%s/%s/*_X.npy" % \
                                                (split_name, half_name))
    return len(npy_files) * wins_per_file


class MemmapWindowDataset(Dataset):
    def __init__(
        self,
        X_source: Iterable[np.ndarray],
        labels_source: Iterable[np.ndarray],
        mmap_dir: str = None,
        X_file: str = None,
        y_file: str = None,
        n_items: int = None,
        eeg_transform: Callable[..., Any] = None,
        wins_per_file: int = None,
    ) -> None:
        super().__init__()

        self.X_store: np.ndarray = None
        self.labels_store: np.ndarray = None
        self.eeg_transform = eeg_transform

        if mmap_dir is None:
            mmap_dir = os.path.abspath(os.getcwd())
        self._ensure_dir(mmap_dir)

        self.X_store_path = os.path.join(mmap_dir, X_file)
        self.labels_store_path = os.path.join(mmap_dir, y_file)

        # how many windows each cache file holds
        self.wins_per_file = wins_per_file
        self.n_windows = n_items

        for pos, (x_win, label_win) in enumerate(zip(X_source, labels_source)):
            if self.X_store is None:
                self.X_store = self._open_store(
                    self.X_store_path, x_win.dtype, (self.n_windows, *x_win.shape)
                )
                self.labels_store = self._open_store(
                    self.labels_store_path, label_win.dtype, (self.n_windows, *label_win.shape)
                )
            self.X_store[pos][:] = x_win[:]
            self.labels_store[pos][:] = label_win[:]

        del X_source
        del labels_source
        gc.collect()

    def __getitem__(self, pos: int) -> Tuple[Union[np.ndarray, torch.Tensor]]:
        file_i = int(pos / self.wins_per_file)
        win_i  = pos % self.wins_per_file
        X_item = self.X_store[file_i][win_i]
        y_item = self.labels_store[file_i][win_i]
        if self.eeg_transform:
            return self.eeg_transform(eeg=X_item)['eeg'], \
                    torch.tensor(y_item)

    def __len__(self) -> int:
        return self.n_windows

    def _ensure_dir(self, target_path: str) -> None:
        if os.path.exists(target_path):
            return
        try:
            os.makedirs(os.path.dirname(target_path), exist_ok=True)
            return
        except:
            raise ValueError(
                "could not make the folder; can this user write there?")

    def _open_store(self, target_path: str, arr_dtype: np.dtype, arr_shape: Tuple[int], fresh: bool = False) -> np.ndarray:
        mem_mode = "w+" if fresh else "r+"
        return np.memmap(target_path, dtype=arr_dtype, mode=mem_mode, shape=arr_shape)


# == part: train_model.py ==
def run_training(n_items, seizure_cut = 2.0):
    # settings one may tune
    dev = "mps"

    # seizure windows are ~5% of the training data, so positives get weight 19
    bce_loss = nn.BCEWithLogitsLoss(pos_weight=torch.Tensor([1, 19]).to(dev))
    batch_sz = 64
    n_epochs = 50

    sigmoid_fn = nn.Sigmoid()

    # tensorboard logging
    tb_log = SummaryWriter()

    print("building the training memmap...")
    split_name = "trn"
    train_windows = MemmapWindowDataset(iter_cached_arrays("X", split_name, "first_half"),
                            iter_cached_arrays("y", split_name, "first_half", seizure_cut),
                            n_items=count_dataset_windows(config.WINS_PER_CACHE_FILE,
                                split_name, "first_half"),
                            eeg_transform=transforms.Compose([
                                transforms.MeanStdNormalize(axis=1),
                                transforms.ToTensor()]),
                            mmap_dir="./mmap",
                            X_file="trn_X.data",
                            y_file="trn_y.data",
                            wins_per_file=config.WINS_PER_CACHE_FILE)

    print("building the validation memmap...")
    split_name = "dev"
    val_windows = MemmapWindowDataset(iter_cached_arrays("X", split_name, "first_half"),
                          iter_cached_arrays("y", split_name, "first_half", seizure_cut),
                            n_items=count_dataset_windows(config.WINS_PER_CACHE_FILE,
                                split_name, "first_half"),
                            eeg_transform=transforms.Compose([
                                transforms.MeanStdNormalize(axis=1),
                                transforms.ToTensor()]),
                            mmap_dir="./mmap",
                            X_file="val_X.data",
                            y_file="val_y.data",
                            wins_per_file=config.WINS_PER_CACHE_FILE)

    def train_one_epoch(data_loader, eeg_model, bce_loss, adam_optimizer, epoch_no):
        n_items = len(data_loader.dataset)
        eeg_model.train()

        for step_i, cur_batch in enumerate(data_loader):
            X_batch = cur_batch[0].to(dev)
            y_onehot = one_hot(cur_batch[1].to(dev), num_classes=2)

            # forward pass and loss
            logits = eeg_model(X_batch)
            batch_loss = bce_loss(logits, y_onehot.float())

            # backward pass and update
            adam_optimizer.zero_grad()
            batch_loss.backward()
            adam_optimizer.step()
            if step_i % 100 == 0:
                batch_loss, seen = batch_loss.item(), step_i * len(X_batch)
                prob_np = sigmoid_fn(logits)[:,1].cpu().detach().numpy()
                y_np = y_onehot[:,1].cpu().numpy()
                if len(np.unique(y_np)) ==  2:
                    auc_value = roc_auc_score(y_true = y_np, y_score = prob_np)
                else:
                    auc_value = np.nan
                print(f"step loss {batch_loss:>5f}, AUC {auc_value:>.4f} ({seen:>5d} of {n_items:>5d})")

                log_step = epoch_no * n_items / 6400 + step_i / 100
                tb_log.add_scalar('Loss/train', batch_loss, log_step)
                tb_log.add_scalar('AUROC/train', auc_value, log_step)

    def val_one_epoch(data_loader, eeg_model, bce_loss, epoch_no):
        n_items = len(data_loader.dataset)
        n_batches = len(data_loader)
        eeg_model.eval()
        val_loss_avg, n_hits = 0, 0
        logits_all = torch.Tensor([]).to(dev)
        y_all = torch.Tensor([]).to(dev)
        with torch.no_grad():
            for cur_batch in data_loader:
                X_batch = cur_batch[0].to(dev)
                y_onehot = one_hot(cur_batch[1].to(dev), num_classes=2)

                logits = eeg_model(X_batch)
                val_loss_avg += bce_loss(logits, y_onehot.float()).item()

                n_hits += (sigmoid_fn(logits).argmax(1) == y_onehot[:,1]).type(torch.float).sum().item()

                logits_all = torch.cat([logits_all, logits], 0)
                y_all = torch.cat([y_all, y_onehot], 0)
        val_loss_avg /= n_batches
        n_hits /= n_items

        prob_np = sigmoid_fn(logits_all)[:,1].cpu().detach().numpy()
        auc_value = roc_auc_score(y_true = y_all[:,1].cpu().numpy(), y_score = prob_np)
        print(f"validation:\nmean loss {val_loss_avg:>8f}, AUC {(auc_value):>0.3f}\n")
        tb_log.add_scalar('Loss/val', val_loss_avg, epoch_no)
        tb_log.add_scalar('AUROC/val', auc_value, epoch_no)

    eeg_model = CNN(in_channels = 20)
    eeg_model.to(dev)

    adam_optimizer = torch.optim.Adam(eeg_model.parameters(), lr=1e-4)

    eeg_train_loader = DataLoader(train_windows, shuffle=True, batch_size=batch_sz)
    eeg_val_loader = DataLoader(val_windows, batch_size=batch_sz, shuffle=False)

    for ep in range(n_epochs):
        print(f"== epoch {ep+1} ==")
        train_one_epoch(eeg_train_loader, eeg_model, bce_loss, adam_optimizer, epoch_no=ep)
        val_one_epoch(eeg_val_loader, eeg_model, bce_loss, epoch_no=ep)
        print("epoch finished")


if __name__ == '__main__':
    opt_parser = OptionParser()
    opt_parser.add_option("-s", "--size", dest="size", default="")
    opts, _ = opt_parser.parse_args()
    run_training(opts.size)
