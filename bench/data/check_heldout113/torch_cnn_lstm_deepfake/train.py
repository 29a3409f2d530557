import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from dataset_loader import ClipFolder
from model import FrameRNN

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

ds = ClipFolder(r"D:\data\sdfvd_clips")
dl = DataLoader(ds, batch_size=2, shuffle=True)

net = FrameRNN().to(dev)
opt = torch.optim.Adam(net.parameters(), lr=0.0002)
bce = nn.BCELoss()

print("fitting ...")

for ep in range(5):
    running = 0
    for xb, yb in dl:
        xb, yb = xb.to(dev), yb.to(dev)

        pred = net(xb).squeeze()
        loss = bce(pred, yb)

        opt.zero_grad()
        loss.backward()
        opt.step()

        running += loss.item()

    print(f"ep {ep+1} | mean loss {running/len(dl):.4f}")

torch.save(net.state_dict(), r"D:\data\weights\frame_rnn.pth")
print("finished, weights written")

