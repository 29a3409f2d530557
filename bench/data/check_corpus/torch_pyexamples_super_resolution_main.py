# source: https://github.com/pytorch/examples/blob/271ae40dedb28e6f12d88de1a9065ff9ca05c9ab/super_resolution/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import argparse
from math import log10

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from model import Net
from data import get_training_set, get_test_set

ap = argparse.ArgumentParser(description='sub-pixel upscaling network')
ap.add_argument('--factor', type=int, required=True, help='how many times larger the output is')
ap.add_argument('--batch', type=int, default=64, help='batch size while training')
ap.add_argument('--eval-batch', type=int, default=10, help='batch size while evaluating')
ap.add_argument('--epochs', type=int, default=2, help='passes over the training set')
ap.add_argument('--lr', type=float, default=0.01, help='step size of Adam')
ap.add_argument('--cuda', action='store_true', help='train on an NVIDIA GPU')
ap.add_argument('--mps', action='store_true', default=False, help='train on an Apple GPU')
ap.add_argument('--device', type=str, default='cpu', help='device when neither flag is given')
ap.add_argument('--workers', type=int, default=4, help='loader worker processes')
ap.add_argument('--seed', type=int, default=123, help='seed for the random generators')
args = ap.parse_args()

if args.cuda and not torch.cuda.is_available():
    raise Exception("--cuda given but no CUDA device is visible")
if not args.mps and torch.backends.mps.is_available():
    raise Exception("an Apple GPU is present: pass --mps")

torch.manual_seed(args.seed)
mps_ok = args.mps and torch.backends.mps.is_available()

if args.cuda:
    device = torch.device("cuda")
elif mps_ok:
    device = torch.device("mps")
else:
    device = torch.device(args.device)

train_data = get_training_set(args.factor)
test_data = get_test_set(args.factor)
train_loader = DataLoader(dataset=train_data, batch_size=args.batch, shuffle=True, num_workers=args.workers)
test_loader = DataLoader(dataset=test_data, batch_size=args.eval_batch, shuffle=False, num_workers=args.workers)

net = Net(upscale_factor=args.factor).to(device)
loss_fn = nn.MSELoss()

optimizer = optim.Adam(net.parameters(), lr=args.lr)


def train_epoch(ep):
    running = 0
    for step, pair in enumerate(train_loader, 1):
        inputs, targets = pair[0].to(device), pair[1].to(device)

        optimizer.zero_grad()
        loss = loss_fn(net(inputs), targets)
        running += loss.item()
        loss.backward()
        optimizer.step()

        print(f"epoch {ep} step {step}/{len(train_loader)} loss {loss.item():.4f}")

    print(f"epoch {ep} done, mean loss {running / len(train_loader):.4f}")


def evaluate():
    psnr_sum = 0
    with torch.no_grad():
        for pair in test_loader:
            inputs, targets = pair[0].to(device), pair[1].to(device)

            upscaled = net(inputs)
            err = loss_fn(upscaled, targets)
            psnr_sum += 10 * log10(1 / err.item())
    print(f"mean PSNR {psnr_sum / len(test_loader):.4f} dB")


def save_snapshot(ep):
    path = f"upscaler_{ep}.pth"
    torch.save(net, path)
    print("wrote", path)


for ep in range(1, args.epochs + 1):
    train_epoch(ep)
    evaluate()
    save_snapshot(ep)
