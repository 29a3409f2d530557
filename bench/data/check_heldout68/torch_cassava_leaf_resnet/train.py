import torch
import dataset
import engine
import pandas as pd
from model import get_model, LeafModel
from torch.utils.data import DataLoader


def train_fold(fold_id):

    batch_sz = 64
    n_epochs = 8
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    folds = pd.read_csv("input/train_fold.csv")

    tr_frame = folds[folds.kfold != fold_id].reset_index(drop=True)
    va_frame = folds[folds.kfold == fold_id].reset_index(drop=True)

    tr_set = dataset.LeafData(tr_frame, dir="input/train_images/")
    va_set = dataset.LeafData(va_frame, dir="input/train_images")

    tr_loader = torch.utils.data.DataLoader(tr_set, batch_sz)
    va_loader = torch.utils.data.DataLoader(va_set, batch_sz)

    net = get_model()
    # net = LeafModel(folds.label.nunique())
    net.to(dev)

    opt = torch.optim.SGD(net.parameters(), lr=3e-3)
    # learning-rate decay
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=0.7, gamma=0.5)

    top_acc = 0
    for ep in range(n_epochs):
        tr_loss = engine.Train(tr_set, tr_loader, net, opt, dev)
        va_loss, va_acc = engine.Evaluate(
            va_set, va_loader, net, opt, dev
        )
        sched.step()
        print(
            f"split {fold_id} | ep {ep} | training loss {tr_loss}\
        | held-out loss {va_loss} | acc {va_acc}"
        )
        if va_acc > top_acc:
            torch.save(net.state_dict(), "models/model.pt")
            top_acc = va_acc


if __name__ == "__main__":
    train_fold(0)
