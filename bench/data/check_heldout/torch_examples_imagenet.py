# source: https://github.com/pytorch/examples/blob/493da9304e56ff5160f78d01a54992db35df2a98/imagenet/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the distributed / MPS branches and most of the argument parser are dropped)
import os
import shutil
import time

import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn
import torch.utils.data
import torchvision.datasets as datasets
import torchvision.models as models
import torchvision.transforms as transforms
from torch.optim.lr_scheduler import StepLR

data_root = 'imagenet'
arch = 'resnet18'
workers = 4
n_epochs = 90
start_epoch = 0
batch_size = 256
base_lr = 0.1
momentum = 0.9
weight_decay = 1e-4
print_every = 10
resume = ''
evaluate_only = False

best_top1 = 0


class RunningMeter(object):
    def __init__(self, name, fmt=':f'):
        self.name = name
        self.fmt = fmt
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def topk_accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        n = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        res = []
        for k in topk:
            correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
            res.append(correct_k.mul_(100.0 / n))
        return res


def train_epoch(loader, net, criterion, optimizer, epoch, device):
    losses = RunningMeter('Loss')
    top1 = RunningMeter('Acc@1')
    top5 = RunningMeter('Acc@5')
    net.train()
    for i, (images, target) in enumerate(loader):
        images = images.to(device, non_blocking=True)
        target = target.to(device, non_blocking=True)
        output = net(images)
        loss = criterion(output, target)
        acc1, acc5 = topk_accuracy(output, target, topk=(1, 5))
        losses.update(loss.item(), images.size(0))
        top1.update(acc1[0], images.size(0))
        top5.update(acc5[0], images.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % print_every == 0:
            print(epoch, i, losses.avg, top1.avg, top5.avg)


def validate(loader, net, criterion, device):
    losses = RunningMeter('Loss')
    top1 = RunningMeter('Acc@1')
    top5 = RunningMeter('Acc@5')
    net.eval()
    with torch.no_grad():
        for i, (images, target) in enumerate(loader):
            images = images.to(device, non_blocking=True)
            target = target.to(device, non_blocking=True)
            output = net(images)
            loss = criterion(output, target)
            acc1, acc5 = topk_accuracy(output, target, topk=(1, 5))
            losses.update(loss.item(), images.size(0))
            top1.update(acc1[0], images.size(0))
            top5.update(acc5[0], images.size(0))
    return top1.avg


def save_state(state, is_best, filename='checkpoint.pth.tar'):
    torch.save(state, filename)
    if is_best:
        shutil.copyfile(filename, 'model_best.pth.tar')


def main():
    global best_top1
    net = models.__dict__[arch]()
    net = torch.nn.DataParallel(net).cuda()
    device = torch.device("cuda")

    criterion = nn.CrossEntropyLoss().to(device)
    optimizer = torch.optim.SGD(net.parameters(), base_lr, momentum=momentum, weight_decay=weight_decay)
    scheduler = StepLR(optimizer, step_size=30, gamma=0.1)

    first = start_epoch
    if resume and os.path.isfile(resume):
        saved = torch.load(resume)
        first = saved['epoch']
        best_top1 = saved['best_acc1']
        net.load_state_dict(saved['state_dict'])
        optimizer.load_state_dict(saved['optimizer'])
        scheduler.load_state_dict(saved['scheduler'])

    cudnn.benchmark = True
    normalize = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_set = datasets.ImageFolder(
        os.path.join(data_root, 'train'),
        transforms.Compose([transforms.RandomResizedCrop(224), transforms.RandomHorizontalFlip(),
                            transforms.ToTensor(), normalize]))
    val_set = datasets.ImageFolder(
        os.path.join(data_root, 'val'),
        transforms.Compose([transforms.Resize(256), transforms.CenterCrop(224), transforms.ToTensor(), normalize]))

    train_loader = torch.utils.data.DataLoader(train_set, batch_size=batch_size, shuffle=True,
                                               num_workers=workers, pin_memory=True, sampler=None)
    val_loader = torch.utils.data.DataLoader(val_set, batch_size=batch_size, shuffle=False,
                                             num_workers=workers, pin_memory=True, sampler=None)

    if evaluate_only:
        validate(val_loader, net, criterion, device)
        return

    for epoch in range(first, n_epochs):
        t0 = time.time()
        train_epoch(train_loader, net, criterion, optimizer, epoch, device)
        top1 = validate(val_loader, net, criterion, device)
        scheduler.step()
        is_best = top1 > best_top1
        best_top1 = max(top1, best_top1)
        save_state({'epoch': epoch + 1, 'arch': arch, 'state_dict': net.state_dict(), 'best_acc1': best_top1,
                    'optimizer': optimizer.state_dict(), 'scheduler': scheduler.state_dict()}, is_best)
        print(epoch, time.time() - t0)


if __name__ == '__main__':
    main()
