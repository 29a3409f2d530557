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


# ---- mmapdataset.py ----
def Xy_iter(X_or_y = "X", which_set="trn", sub_set="first_half", sz_thresh=2.0):
    if X_or_y == "X":
        npy_paths = glob.glob("./cache/preprocessed/%s/%s/*_X.npy" % \
                                                (which_set, sub_set))
    elif X_or_y == "y":
        npy_paths = glob.glob("./cache/preprocessed/%s/%s/*_y.npy" % \
                                                (which_set, sub_set))

    for npy_path in npy_paths:
        with open(npy_path, "rb") as f:
            res = np.load(f)
        if X_or_y == "y":
            res = (np.array(res) > sz_thresh).astype(int)
        yield res


def get_dataset_size(num_windows_per_file, which_set="trn", sub_set="first_half"):
    npy_paths = glob.glob("./cache/preprocessed/%s/%s/*_X.npy" % \
                                                (which_set, sub_set))
    return len(npy_paths) * num_windows_per_file


class MMAPDataset(Dataset):
    def __init__(
        self,
        input_iter: Iterable[np.ndarray],
        labels_iter: Iterable[np.ndarray],
        mmap_path: str = None,
        mmap_X_path: str = None,
        mmap_y_path: str = None,
        size: int = None,
        transform_fn: Callable[..., Any] = None,
        num_windows_per_file: int = None,
    ) -> None:
        super().__init__()

        self.mmap_inputs: np.ndarray = None
        self.mmap_labels: np.ndarray = None
        self.transform_fn = transform_fn

        if mmap_path is None:
            mmap_path = os.path.abspath(os.getcwd())
        self._mkdir(mmap_path)

        self.mmap_input_path = os.path.join(mmap_path, mmap_X_path)
        self.mmap_labels_path = os.path.join(mmap_path, mmap_y_path)

        # get num of windows per cached
        self.num_windows_per_file = num_windows_per_file
        self.length = size

        for idx, (input, label) in enumerate(zip(input_iter, labels_iter)):
            if self.mmap_inputs is None:
                self.mmap_inputs = self._init_mmap(
                    self.mmap_input_path, input.dtype, (self.length, *input.shape)
                )
                self.mmap_labels = self._init_mmap(
                    self.mmap_labels_path, label.dtype, (self.length, *label.shape)
                )
            self.mmap_inputs[idx][:] = input[:]
            self.mmap_labels[idx][:] = label[:]

        del input_iter
        del labels_iter
        gc.collect()

    def __getitem__(self, idx: int) -> Tuple[Union[np.ndarray, torch.Tensor]]:
        file_dx = int(idx / self.num_windows_per_file)
        win_dx  = idx % self.num_windows_per_file
        X = self.mmap_inputs[file_dx][win_dx]
        y = self.mmap_labels[file_dx][win_dx]
        if self.transform_fn:
            return self.transform_fn(eeg=X)['eeg'], \
                    torch.tensor(y)

    def __len__(self) -> int:
        return self.length

    def _mkdir(self, path: str) -> None:
        if os.path.exists(path):
            return
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            return
        except:
            raise ValueError(
                "Failed to create the path (check the user write permissions).")

    def _init_mmap(self, path: str, dtype: np.dtype, shape: Tuple[int], remove_existing: bool = False) -> np.ndarray:
        open_mode = "w+" if remove_existing else "r+"
        return np.memmap(path, dtype=dtype, mode=open_mode, shape=shape)


# ---- train_model.py ----
def main(size, sz_thresh = 2.0):
    # parameters that might change
    device = "mps"

    # train data is about 5% positive examples, hence weight is 1:19
    loss_fn = nn.BCEWithLogitsLoss(pos_weight=torch.Tensor([1, 19]).to(device))
    batch_size = 64
    epochs = 50

    sig = nn.Sigmoid()

    #tensorboard stuff
    writer = SummaryWriter()

    print("loading train set...")
    which_set = "trn"
    train_set = MMAPDataset(Xy_iter("X", which_set, "first_half"),
                            Xy_iter("y", which_set, "first_half", sz_thresh),
                            size=get_dataset_size(config.WINS_PER_CACHE_FILE,
                                which_set, "first_half"),
                            transform_fn=transforms.Compose([
                                transforms.MeanStdNormalize(axis=1),
                                transforms.ToTensor()]),
                            mmap_path="./mmap",
                            mmap_X_path="trn_X.data",
                            mmap_y_path="trn_y.data",
                            num_windows_per_file=config.WINS_PER_CACHE_FILE)

    print("loading val set...")
    which_set = "dev"
    val_set = MMAPDataset(Xy_iter("X", which_set, "first_half"),
                          Xy_iter("y", which_set, "first_half", sz_thresh),
                            size=get_dataset_size(config.WINS_PER_CACHE_FILE,
                                which_set, "first_half"),
                            transform_fn=transforms.Compose([
                                transforms.MeanStdNormalize(axis=1),
                                transforms.ToTensor()]),
                            mmap_path="./mmap",
                            mmap_X_path="val_X.data",
                            mmap_y_path="val_y.data",
                            num_windows_per_file=config.WINS_PER_CACHE_FILE)

    def train(dataloader, model, loss_fn, optimizer, epoch):
        size = len(dataloader.dataset)
        model.train()

        for batch_idx, batch in enumerate(dataloader):
            X = batch[0].to(device)
            y = one_hot(batch[1].to(device), num_classes=2)

            # Compute prediction error
            pred = model(X)
            loss = loss_fn(pred, y.float())

            # Backpropagation
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if batch_idx % 100 == 0:
                loss, current = loss.item(), batch_idx * len(X)
                pred_cpu = sig(pred)[:,1].cpu().detach().numpy()
                y_true = y[:,1].cpu().numpy()
                if len(np.unique(y_true)) ==  2:
                    auroc = roc_auc_score(y_true = y_true, y_score = pred_cpu)
                else:
                    auroc = np.nan
                print(f"loss: {loss:>5f}, AUROC: {auroc:>.4f} [{current:>5d}/{size:>5d}]")

                n_iter = epoch * size / 6400 + batch_idx / 100
                writer.add_scalar('Loss/train', loss, n_iter)
                writer.add_scalar('AUROC/train', auroc, n_iter)

    def validate(dataloader, model, loss_fn, epoch):
        size = len(dataloader.dataset)
        num_batches = len(dataloader)
        model.eval()
        val_loss, correct = 0, 0
        all_pred = torch.Tensor([]).to(device)
        all_y = torch.Tensor([]).to(device)
        with torch.no_grad():
            for batch in dataloader:
                X = batch[0].to(device)
                y = one_hot(batch[1].to(device), num_classes=2)

                pred = model(X)
                val_loss += loss_fn(pred, y.float()).item()

                correct += (sig(pred).argmax(1) == y[:,1]).type(torch.float).sum().item()

                all_pred = torch.cat([all_pred, pred], 0)
                all_y = torch.cat([all_y, y], 0)
        val_loss /= num_batches
        correct /= size

        pred_cpu = sig(all_pred)[:,1].cpu().detach().numpy()
        auroc = roc_auc_score(y_true = all_y[:,1].cpu().numpy(), y_score = pred_cpu)
        print(f"Test Error:\nAvg loss: {val_loss:>8f}, AUROC: {(auroc):>0.3f}\n")
        writer.add_scalar('Loss/val', val_loss, epoch)
        writer.add_scalar('AUROC/val', auroc, epoch)

    model = CNN(in_channels = 20)
    model.to(device)

    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

    train_loader = DataLoader(train_set, shuffle=True, batch_size=batch_size)
    val_loader = DataLoader(val_set, batch_size=batch_size, shuffle=False)

    for t in range(epochs):
        print(f"Epoch {t+1}\n-------------------------------")
        train(train_loader, model, loss_fn, optimizer, epoch=t)
        validate(val_loader, model, loss_fn, epoch=t)
        print("Done!")


if __name__ == '__main__':
    parser = OptionParser()
    parser.add_option("-s", "--size", dest="size", default="")
    options, _ = parser.parse_args()
    main(options.size)
