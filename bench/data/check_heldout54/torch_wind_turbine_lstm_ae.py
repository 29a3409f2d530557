import argparse
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset
from model import LSTMAnomalyDetector
import torch.optim as optim
import os

def fit(opts):
    windows = np.load(os.path.join(opts.data_dir, 'train.npy'))
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    seqs = torch.tensor(windows, dtype=torch.float32)  # (count, window, channels)
    pairs = TensorDataset(seqs, seqs)  # the target is the input itself
    batches = DataLoader(pairs, batch_size=opts.batch_size, shuffle=True)

    n_channels = seqs.shape[-1]
    net = LSTMAnomalyDetector(n_channels, hidden_size=opts.hidden_size,
                                num_layers=opts.num_layers, dropout=opts.dropout).to(dev)
    opt = optim.Adam(net.parameters(), lr=opts.lr)
    mse = torch.nn.MSELoss()

    for ep in range(1, opts.epochs + 1):
        net.train()
        running = 0.0
        for xb, tb in batches:
            xb = xb.to(dev)
            recon = net(xb)
            loss = mse(recon, tb.to(dev))
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item() * xb.size(0)
        running /= len(batches.dataset)
        print(f"epoch {ep}/{opts.epochs} reconstruction {running:.6f}")

        if ep % opts.save_every == 0:
            torch.save(net.state_dict(), os.path.join(opts.out_dir, f"model_epoch{ep}.pt"))

    torch.save(net.state_dict(), os.path.join(opts.out_dir, "model_final.pt"))
    print("done, weights written")

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--data_dir", default="data/processed")
    ap.add_argument("--out_dir", default="models")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch_size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--hidden_size", type=int, default=64)
    ap.add_argument("--num_layers", type=int, default=2)
    ap.add_argument("--dropout", type=float, default=0.2)
    ap.add_argument("--save_every", type=int, default=5)
    opts = ap.parse_args()
    os.makedirs(opts.out_dir, exist_ok=True)
    fit(opts)
