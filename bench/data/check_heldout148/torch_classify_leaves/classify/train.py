import sys
sys.path.append(r"/home/user/work/leaf-sorter/src")
import torch
import torch.nn as nn
from torchvision import models

from tqdm import tqdm

from classify.dataset import LeafDataset
from classify.utils import axis_plot
from val import val


def train(net, fit_loader, check_loader, dev, n_epochs=200):
    crit = nn.CrossEntropyLoss().to(dev)
    net = net.to(dev)
    scaler = torch.cuda.amp.GradScaler(enabled=True)
    fit_curve = []
    check_curve = []
    acc_curve = []
    opt = torch.optim.Adam(net.parameters(), lr = 0.0001, weight_decay=0.00001)
    sched = torch.optim.lr_scheduler.StepLR(optimizer=opt, step_size=100, gamma=0.1)
    for ep in range(1, n_epochs + 1):
        net.train()
        epoch_loss = 0
        with tqdm(total=len(fit_loader.dataset), desc=f'FIT {ep}/{n_epochs}', unit='img') as bar:
            for pics, target in fit_loader:
                pics, target = pics.to(dev, dtype=torch.float32), target.to(dev, dtype=torch.long)
                opt.zero_grad()
                with torch.autocast(dev.type if dev.type != 'mps' else 'cpu', enabled=True):
                    scores = net(pics)
                    loss = crit(scores, target)
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()

                epoch_loss += loss
                bar.update(pics.shape[0])
        sched.step()
        torch.save(net.state_dict(), f'mdl/epoch_{ep}_model.pth')
        # fit curve
        fit_curve.append(epoch_loss.item())
        axis_plot("fit loss",
                    {"name": "epoch",
                        "list":[i for i in range(ep)]},
                    {"name": "loss",
                        "list":fit_curve},
                    True)
        # check curves
        check_loss, acc = val(net, check_loader, dev)
        check_curve.append(check_loss)
        acc_curve.append(acc)
        axis_plot("check loss",
                    {"name": "epoch",
                        "list":[i for i in range(ep)]},
                    {"name": "loss",
                        "list":check_curve},
                    True)
        axis_plot("check acc",
                    {"name": "epoch",
                        "list":[i for i in range(ep)]},
                    {"name": "acc",
                        "list":acc_curve},
                    True)
    with open("loss.txt", 'w') as fh:
        for v in fit_curve:
            fh.write(str(v) + "\n")


if __name__ == "__main__":
    dev = torch.device(f"cuda:2" if torch.cuda.is_available() else "cpu")
    data_root = r"/home/user/data/classify-leaves"
    fit_csv = r"tmp_train.csv"
    check_csv = "tmp_val.csv"
    fit_set = LeafDataset(root_dir=data_root, filename=fit_csv)
    fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=16, shuffle=False, drop_last=True)

    check_set = LeafDataset(root_dir=data_root, filename=check_csv)
    check_loader = torch.utils.data.DataLoader(check_set, batch_size=4, shuffle=False, drop_last=True)

    net = models.resnext50_32x4d(pretrained=True)
    net.fc = nn.Linear(net.fc.in_features, 176)
    nn.init.xavier_uniform_(net.fc.weight)

    train(net, fit_loader, check_loader, dev)
