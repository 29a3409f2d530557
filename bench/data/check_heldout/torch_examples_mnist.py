# source: https://github.com/pytorch/examples/blob/f15fac72e01158bcb704dded7c7e511f7a712a5f/mnist/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torchvision import datasets, transforms


class DigitNet(nn.Module):
    def __init__(self):
        super(DigitNet, self).__init__()
        self.conv_a = nn.Conv2d(1, 10, kernel_size=5)
        self.conv_b = nn.Conv2d(10, 20, kernel_size=5)
        self.conv_b_drop = nn.Dropout2d()
        self.fc_a = nn.Linear(320, 50)
        self.fc_b = nn.Linear(50, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv_a(x), 2))
        x = F.relu(F.max_pool2d(self.conv_b_drop(self.conv_b(x)), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc_a(x))
        x = F.dropout(x, training=self.training)
        return F.log_softmax(self.fc_b(x), dim=1)


def train(opts, net, device, train_loader, optimizer, epoch):
    net.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        output = net(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % opts.log_interval == 0:
            print(epoch, batch_idx * len(data), len(train_loader.dataset), loss.item())


def test(opts, net, device, test_loader):
    net.eval()
    total_loss = 0
    right = 0
    with torch.no_grad():
        for data, target in test_loader:
            data, target = data.to(device), target.to(device)
            output = net(data)
            total_loss += F.nll_loss(output, target, size_average=False).item()
            guess = output.max(1, keepdim=True)[1]
            right += guess.eq(target.view_as(guess)).sum().item()
    total_loss /= len(test_loader.dataset)
    print(total_loss, right, len(test_loader.dataset))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--batch-size', type=int, default=64)
    parser.add_argument('--test-batch-size', type=int, default=1000)
    parser.add_argument('--epochs', type=int, default=10)
    parser.add_argument('--lr', type=float, default=0.01)
    parser.add_argument('--momentum', type=float, default=0.5)
    parser.add_argument('--no-cuda', action='store_true', default=False)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--log-interval', type=int, default=10)
    opts = parser.parse_args()
    use_cuda = not opts.no_cuda and torch.cuda.is_available()

    torch.manual_seed(opts.seed)
    device = torch.device("cuda" if use_cuda else "cpu")

    extra = {'num_workers': 1, 'pin_memory': True} if use_cuda else {}
    prep = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.1307,), (0.3081,))])
    train_loader = torch.utils.data.DataLoader(
        datasets.MNIST('../data', train=True, download=True, transform=prep),
        batch_size=opts.batch_size, shuffle=True, **extra)
    test_loader = torch.utils.data.DataLoader(
        datasets.MNIST('../data', train=False, transform=prep),
        batch_size=opts.test_batch_size, shuffle=True, **extra)

    net = DigitNet().to(device)
    optimizer = optim.SGD(net.parameters(), lr=opts.lr, momentum=opts.momentum)

    for epoch in range(1, opts.epochs + 1):
        train(opts, net, device, train_loader, optimizer, epoch)
        test(opts, net, device, test_loader)


if __name__ == '__main__':
    main()
