from pathlib import Path

import pandas as pd
import torch


# Turn the Kaggle csv into tensors.
# Images come out as (N, C, H, W).
def frame_to_tensors(frame: pd.DataFrame, labelled: bool = True) -> list | torch.Tensor:
    if labelled is True:
        px = torch.tensor(frame.iloc[:, 1:].to_numpy(), dtype=torch.float)
        px = px.reshape(px.size(0), 28, 28)
        px = torch.unsqueeze(px, dim=1)
        ys = torch.tensor(frame.iloc[:, 0].to_numpy(), dtype=torch.long)

        return [px, ys]
    else:
        px = torch.tensor(frame.to_numpy(), dtype=torch.float)
        px = px.reshape(px.size(0), 28, 28)
        px = torch.unsqueeze(px, dim=1)

        return px


# Min-max scaling into [0, 1], either over everything or per image.
# Input and output are (N, C, H, W).
# The input must already be a float tensor.
def rescale(x: torch.Tensor, mode: str = None) -> torch.Tensor:
    if mode == "global":
        hi = torch.max(x).item()
        lo = torch.min(x).item()
        x = (x - lo) / (hi - lo)

    elif mode == "per-image":
        x = torch.flatten(x, start_dim=1)
        hi_each = torch.max(x, dim=1)[0].unsqueeze(1)
        lo_each = torch.min(x, dim=1)[0].unsqueeze(1)
        x = (x - lo_each) / (hi_each - lo_each)
        x = x.reshape(x.size(0), 28, 28)
        x = torch.unsqueeze(x, dim=1)

    return x


def store_weights(net: torch.nn.Module, folder: str, fname: str) -> None:
    folder = Path(folder)

    if not folder.exists():
        folder.mkdir(parents=True)

    target = Path(f"{folder}/{fname}")
    blob = {
        "param": net.state_dict(),
        "train_loss": net.epoch_loss_trn,
        "valid_loss": net.epoch_loss_vld
    }
    torch.save(blob, target)


def store_predictions(pred: torch.Tensor, folder: str, fname: str) -> None:
    folder = Path(folder)

    if not folder.exists():
        folder.mkdir(parents=True)

    target = Path(f"{folder}/{fname}")

    if pred.is_cuda:
        pred = pred.cpu()

    pred = pred.numpy()

    with open(target, "a",) as fh:
        fh.write("ImageId,Label\n")

        for i in range(pred.size):
            fh.write(f"{i + 1},{int(pred[i])}\n")
