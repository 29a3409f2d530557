import numpy as np

import torch
from torch.autograd import Variable
from torch import optim

from data_util import load_mnist


# two Sequential blocks because the flatten step sits between them in forward()
class SmallConvNet(torch.nn.Module):
    def __init__(self, n_out):
        super(SmallConvNet, self).__init__()

        self.features = torch.nn.Sequential()
        self.features.add_module("c1", torch.nn.Conv2d(1, 10, kernel_size=5))
        self.features.add_module("p1", torch.nn.MaxPool2d(kernel_size=2))
        self.features.add_module("r1", torch.nn.ReLU())
        self.features.add_module("c2", torch.nn.Conv2d(10, 20, kernel_size=5))
        self.features.add_module("d2", torch.nn.Dropout())
        self.features.add_module("p2", torch.nn.MaxPool2d(kernel_size=2))
        self.features.add_module("r2", torch.nn.ReLU())

        self.head = torch.nn.Sequential()
        self.head.add_module("h1", torch.nn.Linear(320, 50))
        self.head.add_module("r3", torch.nn.ReLU())
        self.head.add_module("d3", torch.nn.Dropout())
        self.head.add_module("h2", torch.nn.Linear(50, n_out))

    def forward(self, t):
        t = self.features.forward(t)
        t = t.view(-1, 320)
        return self.head.forward(t)


def fit_batch(net, crit, opt, xb, yb):
    net.train()
    xv = Variable(xb, requires_grad=False)
    yv = Variable(yb, requires_grad=False)

    # clear grads
    opt.zero_grad()

    # forward
    logits = net.forward(xv)
    cost = crit.forward(logits, yv)

    # backward
    cost.backward()

    # step
    opt.step()

    return cost.item()


def infer(net, xs):
    net.eval()
    xv = Variable(xs, requires_grad=False)
    logits = net.forward(xv)
    return logits.data.numpy().argmax(axis=1)


def main():
    torch.manual_seed(42)
    Xtr, Xte, Ytr, Yte = load_mnist(onehot=False)
    Xtr = Xtr.reshape(-1, 1, 28, 28)
    Xte = Xte.reshape(-1, 1, 28, 28)

    Xtr = torch.from_numpy(Xtr).float()
    Xte = torch.from_numpy(Xte).float()
    Ytr = torch.from_numpy(Ytr).long()

    n_train = len(Xtr)
    n_cls = 10
    net = SmallConvNet(n_out=n_cls)
    crit = torch.nn.CrossEntropyLoss(reduction='elementwise_mean')
    opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    bs = 100

    for ep in range(20):
        running = 0.
        n_batches = n_train // bs
        for b in range(n_batches):
            lo, hi = b * bs, (b + 1) * bs
            running += fit_batch(net, crit, opt, Xtr[lo:hi], Ytr[lo:hi])
        Yhat = infer(net, Xte)
        print("epoch %d, loss = %f, test acc = %.2f%%"
              % (ep + 1, running / n_batches, 100. * np.mean(Yhat == Yte)))


if __name__ == "__main__":
    main()
