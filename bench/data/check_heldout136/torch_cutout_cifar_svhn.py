



import pdb
import argparse
import numpy as np
from tqdm import tqdm

import torch
import torch.nn as nn
from torch.autograd import Variable
import torch.backends.cudnn as cudnn
from torch.optim.lr_scheduler import MultiStepLR

from torchvision.utils import make_grid
from torchvision import datasets, transforms

from util.misc import CSVLogger
from util.cutout import Cutout

from model.resnet import ResNet18
from model.wide_resnet import WideResNet

arch_choices = ['resnet18', 'wideresnet']
data_choices = ['cifar10', 'cifar100', 'svhn']

cli = argparse.ArgumentParser(description='cutout cifar trainer')
cli.add_argument('--dataset', '-d', default='cifar10',
                    choices=data_choices)
cli.add_argument('--model', '-a', default='resnet18',
                    choices=arch_choices)
cli.add_argument('--batch_size', type=int, default=128,
                    help='batch size setting')
cli.add_argument('--epochs', type=int, default=200,
                    help='epochs setting')
cli.add_argument('--learning_rate', type=float, default=0.1,
                    help='learning rate setting')
cli.add_argument('--data_augmentation', action='store_true', default=False,
                    help='data augmentation setting')
cli.add_argument('--cutout', action='store_true', default=False,
                    help='cutout setting')
cli.add_argument('--n_holes', type=int, default=1,
                    help='n holes setting')
cli.add_argument('--length', type=int, default=16,
                    help='length setting')
cli.add_argument('--no-cuda', action='store_true', default=False,
                    help='no cuda setting')
cli.add_argument('--seed', type=int, default=0,
                    help='seed setting')

conf = cli.parse_args()
conf.cuda = not conf.no_cuda and torch.cuda.is_available()
cudnn.benchmark = True

torch.manual_seed(conf.seed)
if conf.cuda:
    torch.cuda.manual_seed(conf.seed)

run_name = conf.dataset + '_' + conf.model

print(conf)


if conf.dataset == 'svhn':
    norm = transforms.Normalize(mean=[v / 255.0 for v in[109.9, 109.7, 113.8]],
                                     std=[v / 255.0 for v in [50.1, 50.6, 50.8]])
else:
    norm = transforms.Normalize(mean=[v / 255.0 for v in [125.3, 123.0, 113.9]],
                                     std=[v / 255.0 for v in [63.0, 62.1, 66.7]])

aug_train = transforms.Compose([])
if conf.data_augmentation:
    aug_train.transforms.append(transforms.RandomCrop(32, padding=4))
    aug_train.transforms.append(transforms.RandomHorizontalFlip())
aug_train.transforms.append(transforms.ToTensor())
aug_train.transforms.append(norm)
if conf.cutout:
    aug_train.transforms.append(Cutout(n_holes=conf.n_holes, length=conf.length))


aug_test = transforms.Compose([
    transforms.ToTensor(),
    norm])

if conf.dataset == 'cifar10':
    n_cls = 10
    train_ds = datasets.CIFAR10(root='data/',
                                     train=True,
                                     transform=aug_train,
                                     download=True)

    test_ds = datasets.CIFAR10(root='data/',
                                    train=False,
                                    transform=aug_test,
                                    download=True)
elif conf.dataset == 'cifar100':
    n_cls = 100
    train_ds = datasets.CIFAR100(root='data/',
                                      train=True,
                                      transform=aug_train,
                                      download=True)

    test_ds = datasets.CIFAR100(root='data/',
                                     train=False,
                                     transform=aug_test,
                                     download=True)
elif conf.dataset == 'svhn':
    n_cls = 10
    train_ds = datasets.SVHN(root='data/',
                                  split='train',
                                  transform=aug_train,
                                  download=True)

    extra_ds = datasets.SVHN(root='data/',
                                  split='extra',
                                  transform=aug_train,
                                  download=True)


    merged_x = np.concatenate([train_ds.data, extra_ds.data], axis=0)
    y = np.concatenate([train_ds.labels, extra_ds.labels], axis=0)
    train_ds.data = merged_x
    train_ds.labels = y

    test_ds = datasets.SVHN(root='data/',
                                 split='test',
                                 transform=aug_test,
                                 download=True)


train_dl = torch.utils.data.DataLoader(dataset=train_ds,
                                           batch_size=conf.batch_size,
                                           shuffle=True,
                                           pin_memory=True,
                                           num_workers=2)

test_dl = torch.utils.data.DataLoader(dataset=test_ds,
                                          batch_size=conf.batch_size,
                                          shuffle=False,
                                          pin_memory=True,
                                          num_workers=2)

if conf.model == 'resnet18':
    net = ResNet18(num_classes=n_cls)
elif conf.model == 'wideresnet':
    if conf.dataset == 'svhn':
        net = WideResNet(depth=16, num_classes=n_cls, widen_factor=8,
                         dropRate=0.4)
    else:
        net = WideResNet(depth=28, num_classes=n_cls, widen_factor=10,
                         dropRate=0.3)

net = net.cuda()
ce = nn.CrossEntropyLoss().cuda()
sgd = torch.optim.SGD(net.parameters(), lr=conf.learning_rate,
                                momentum=0.9, nesterov=True, weight_decay=5e-4)

if conf.dataset == 'svhn':
    sched = MultiStepLR(sgd, milestones=[80, 120], gamma=0.1)
else:
    sched = MultiStepLR(sgd, milestones=[60, 120, 160], gamma=0.2)

log_path = 'csvlogs/' + run_name + '.csv'
logger = CSVLogger(args=conf, fieldnames=['epoch', 'train_acc', 'test_acc'], filename=log_path)


def evaluate(dl):
    net.eval()
    hits = 0.
    seen = 0.
    for xb, y in dl:
        xb = xb.cuda()
        y = y.cuda()

        with torch.no_grad():
            out = net(xb)

        out = torch.max(out.data, 1)[1]
        seen += y.size(0)
        hits += (out == y).sum().item()

    acc_val = hits / seen
    net.train()
    return acc_val


for ep in range(conf.epochs):

    ce_sum = 0.
    hits = 0.
    seen = 0.

    bar = tqdm(train_dl)
    for step, (xb, y) in enumerate(bar):
        bar.set_description('ep ' + str(ep))

        xb = xb.cuda()
        y = y.cuda()

        net.zero_grad()
        out = net(xb)

        ce_val = ce(out, y)
        ce_val.backward()
        sgd.step()

        ce_sum += ce_val.item()


        out = torch.max(out.data, 1)[1]
        seen += y.size(0)
        hits += (out == y.data).sum().item()
        acc_run = hits / seen

        bar.set_postfix(
            xentropy='%.3f' % (ce_sum / (step + 1)),
            acc='%.3f' % acc_run)

    acc_test = evaluate(test_dl)
    tqdm.write('acc on test %.3f' % (acc_test))

    sched.step(ep)


    record = {'epoch': str(ep), 'train_acc': str(acc_run), 'test_acc': str(acc_test)}
    logger.writerow(record)

torch.save(net.state_dict(), 'weights/' + run_name + '.pt')
logger.close()
