import os
import csv
import time
import torch
from torch import nn
from DGCNN import DGCNN
from torch.utils.data import DataLoader
from dataloader import Shapes40


def train():

    if not os.path.exists('../model'):
        os.mkdir('../model')

    batch_size = 32
    epochs = 50
    width = 64
    k = 10
    num_classes = 40
    top_acc = 0

    tr_set = Shapes40(data_dir='data/modelnet40_hdf5_2048', split='train')
    te_set = Shapes40(data_dir='data/modelnet40_hdf5_2048', split='test')

    tr_dl = DataLoader(tr_set, batch_size=batch_size, shuffle=True, num_workers=8)
    te_dl = DataLoader(te_set, batch_size=batch_size, shuffle=False, num_workers=8)
    print("splits ready")

    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    print(f'running on {device}')

    model = DGCNN(width, k, num_classes).to(device)
    print("network built")

    ce = nn.CrossEntropyLoss()
    adam = torch.optim.Adam(model.parameters(), lr=0.001)

    hist_file = '../history.csv'

    with open(hist_file, mode='w', newline="") as f:
        cols = ['Epoch', "Train_loss", "Test_acc"]
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()

    print("training begins")
    for epoch in range(epochs):
        model.train()
        loss_sum = 0.0
        t0 = time.time()

        for pts, y in tr_dl:
            pts, y = pts.to(device), y.to(device)
            adam.zero_grad()
            logits = model(pts)
            loss = ce(logits, y)
            loss.backward()
            adam.step()
            loss_sum += loss.item()

        mean_loss = loss_sum / len(tr_dl)

        model.eval()
        hits = 0
        n = 0

        with torch.no_grad():
            for pts, y in te_dl:
                pts, y = pts.to(device), y.to(device)
                logits = model(pts)
                _, yhat = torch.max(logits.data, 1)
                n += y.size(0)
                hits += (yhat == y).sum().item()

        acc = hits / n

        with open(hist_file, mode='a', newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writerow({"Epoch": epoch+1, 'Train_loss': mean_loss, "Test_acc": acc})

        print(f"ep {epoch+1} loss {mean_loss:.2f} acc {acc*100:.2f}% took {time.time() - t0:.2f}s")

        if acc > top_acc:
            top_acc = acc
            torch.save(model.state_dict(), f'../model/dgcnn_best_{top_acc*100:.2f}.pt')
            print(f"new best {top_acc*100:.2f}%")


if __name__ == '__main__':
    train()


