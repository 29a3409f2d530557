import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torchvision import datasets, transforms



class GenderCNN(nn.Module):
    def __init__(self, n_out=2):
        super(GenderCNN, self).__init__()
        self.block1 = nn.Sequential(
            nn.Conv2d(1, 16, kernel_size=5, stride=1, padding=2),
            nn.BatchNorm2d(16),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2))
        self.block2 = nn.Sequential(
            nn.Conv2d(16, 32, kernel_size=5, stride=1, padding=2),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2))
        self.head = nn.Linear(102400, n_out)
        #self.head2 = nn.Linear(50, n_out)
        
    def forward(self, x):
        h = self.block1(x)
        h = self.block2(h)
        h = h.reshape(h.size(0), -1)
        #h = self.head2(self.head(h))
        h = self.head(h)
        return h

loss_fn = nn.CrossEntropyLoss()

def train_epoch(opts, net, dev, batches, opt, ep):
    net.train()
    for step, (xb, yb) in enumerate(batches):
        xb, yb = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        logits = net(xb)
        loss = loss_fn(logits, yb.long())
        loss.backward()
        # torch.nn.utils.clip_grad_norm_(net.parameters(), opts.clip)
        # for w in net.parameters():
        #     w.data.add_(-0.01, w.grad.data)
        opt.step()
        if step % opts.log_interval == 0:
            print('epoch {} [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(
                ep, step * len(xb), len(batches)*len(xb),
                100. * step / len(batches), loss.item()))

def evaluate(opts, net, dev, batches):
    net.eval()
    total_loss = 0
    hits = 0
    seen = 0
    with torch.no_grad():
        for xb, yb in batches:
            xb, yb = xb.to(dev), yb.to(dev)
            logits = net(xb)
            total_loss += loss_fn(logits, yb.long(),).item() # per-batch mean, summed
            #guess = logits.max(1, keepdim=True)[1] # arg-max class
            #hits += guess.eq(yb.long().view_as(guess)).sum().item()
            _, guess = torch.max(logits.data, 1)
            #print(logits.data)
            #print(guess)
            hits += (guess == yb.long()).sum().item()
            seen += yb.size(0)
    total_loss /= len(batches)
    print('\nheld-out: mean loss {:.4f}, accuracy {}/{} ({:.0f}%)\n'.format(
        total_loss, hits, seen,
        100. * hits / seen))

def main():
    # options
    ap = argparse.ArgumentParser(description='speaker gender from Common Voice spectrograms')
    ap.add_argument('--batch-size', type=int, default=64, metavar='N',
                        help='training batch size (default: 64)')
    ap.add_argument('--test-batch-size', type=int, default=1000, metavar='N',
                        help='evaluation batch size (default: 1000)')
    ap.add_argument('--epochs', type=int, default=10, metavar='N',
                        help='epochs (default: 10)')
    ap.add_argument('--lr', type=float, default=0.01, metavar='LR',
                        help='step size (default: 0.01)')
    ap.add_argument('--momentum', type=float, default=0.5, metavar='M',
                        help='SGD momentum (default: 0.5)')
    ap.add_argument('--no-cuda', action='store_true', default=False,
                        help='run on the CPU')
    ap.add_argument('--seed', type=int, default=1, metavar='S',
                        help='seed (default: 1)')
    ap.add_argument('--log-interval', type=int, default=10, metavar='N',
                        help='batches between log lines')
    ap.add_argument('--clip', type=float, default=0.25,
                    help='gradient clip')

    opts = ap.parse_args()
    cuda_ok = not opts.no_cuda and torch.cuda.is_available()

    torch.manual_seed(opts.seed)

    dev = torch.device("cuda" if cuda_ok else "cpu")

    loader_kw = {'num_workers': 1, 'pin_memory': True} if cuda_ok else {}

    tr = torch.load('/media/hdd/work/data/'
                            'common_voice/train-18000-batch-1.pt')
    te = torch.load('/media/hdd/work/data/'
                           'common_voice/test-2000-batch-1.pt')
    
    n, t_bins, f_bins = list(tr[0].shape)

    tr_batches = list(zip(tr[0].reshape(len(tr[0]), 1, t_bins, f_bins).split(opts.batch_size),
                       tr[1].split(opts.batch_size)))
    
    te_batches = list(zip(te[0].reshape(len(te[0]), 1, t_bins, f_bins).split(opts.batch_size),
                      te[1].split(opts.batch_size)))

    
    net = GenderCNN().to(dev)
    opt = optim.SGD(net.parameters(), lr=opts.lr, momentum=opts.momentum)

    for ep in range(1, opts.epochs + 1):
        train_epoch(opts, net, dev, tr_batches, opt, ep)
        evaluate(opts, net, dev, te_batches)


if __name__ == '__main__':
    main()
