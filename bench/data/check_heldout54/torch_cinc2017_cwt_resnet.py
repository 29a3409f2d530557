
from __future__ import print_function

import os
import cv2
import json
import time
import torch
import random
import shutil
import argparse
import numpy as np
import torch.nn as nn
import models as models
import torch.nn.parallel
import torch.optim as optim
import sklearn.metrics as skm
import torch.utils.data as data
import torch.backends.cudnn as cudnn

from tqdm import tqdm
from utils import Logger, AverageMeter, accuracy, mkdir_p, savefig


arch_names = sorted(name for name in models.__dict__
    if name.islower() and not name.startswith("__")
    and callable(models.__dict__[name]))

ap = argparse.ArgumentParser(description='ECG image classifier (torch)')
# Data
ap.add_argument('-dt', '--dataset', default='ecg', type=str)
ap.add_argument('-ft', '--transformation', default='cwt', type=str)
ap.add_argument('-d', '--data', default='dataset root', type=str)
ap.add_argument('-j', '--workers', default=4, type=int, metavar='N',
                    help='loader worker processes (default: 4)')
# Optimisation
ap.add_argument('--epochs', default=300, type=int, metavar='N',
                    help='how many epochs')
ap.add_argument('--start-epoch', default=0, type=int, metavar='N',
                    help='epoch to start counting from (for restarts)')
ap.add_argument('--train-batch', default=1, type=int, metavar='N',
                    help='training batch size')
ap.add_argument('--test-batch', default=2, type=int, metavar='N',
                    help='evaluation batch size')
ap.add_argument('--lr', '--learning-rate', default=0.01, type=float,
                    metavar='LR', help='starting learning rate')
ap.add_argument('--drop', '--dropout', default=0, type=float,
                    metavar='Dropout', help='dropout probability')
ap.add_argument('--schedule', type=int, nargs='+', default=[150, 225],
                        help='epochs at which the learning rate drops')
ap.add_argument('--gamma', type=float, default=0.1, help='factor applied to the LR at each drop')
ap.add_argument('--momentum', default=0.9, type=float, metavar='M',
                    help='SGD momentum')
ap.add_argument('--weight-decay', '--wd', default=5e-4, type=float,
                    metavar='W', help='L2 penalty')
# Checkpoints
ap.add_argument('-c', '--checkpoint', default='checkpoint', type=str, metavar='PATH',
                    help='folder for checkpoints')
ap.add_argument('--resume', default='', type=str, metavar='PATH',
                    help='checkpoint to resume from')

# Network
ap.add_argument('--depth', type=int, default=110, help='network depth')
ap.add_argument('--block-name', type=str, default='BasicBlock',
                    help='residual block kind: BasicBlock or Bottleneck '
                         '(BasicBlock by default)')
ap.add_argument('--cardinality', type=int, default=8, help='group count')
ap.add_argument('--widen-factor', type=int, default=4, help='width multiplier')
ap.add_argument('--growthRate', type=int, default=12, help='DenseNet growth rate')
ap.add_argument('--compressionRate', type=int, default=2, help='DenseNet compression')
# Misc
ap.add_argument('--manualSeed', type=int, help='fixed seed')
ap.add_argument('-e', '--evaluate', dest='evaluate', action='store_true', default=False,
                    help='only run the validation pass')

# Device
ap.add_argument('--gpu-id', default='2', type=str,
                    help='value for CUDA_VISIBLE_DEVICES')

opts = ap.parse_args()
cfg = {k: v for k, v in opts._get_kwargs()}

# Only one data set is supported
assert opts.dataset == 'ecg', 'only the ecg data set is supported.'

# GPU
os.environ['CUDA_VISIBLE_DEVICES'] = opts.gpu_id
on_gpu = torch.cuda.is_available()

# Seeding
if opts.manualSeed is None:
    opts.manualSeed = random.randint(1, 10000)
random.seed(opts.manualSeed)
torch.manual_seed(opts.manualSeed)
if on_gpu:
    torch.cuda.manual_seed_all(opts.manualSeed)

top_acc = 0  # best validation accuracy so far


class EcgImages(torch.utils.data.Dataset):
    def __init__(self, root, transform):
        super(EcgImages, self).__init__()

        with open(os.path.join(root, 'ecg_labels.json')) as fh:
            meta = json.load(fh)
        self.idx2name = meta['labels']
        records = meta['data']
        self.inputs = []
        self.labels = []
        self.gender = []
        self.ecg = []
        self.age = []
        print('reading images')
        for rec in tqdm(records):
            per_subject_img = []
            per_subject_sig = []
            # for img_name, sig_name in zip(rec['images'], rec['ecg']):
            #
            #     pic = cv2.imread(os.path.join(root, 'images', transform, img_name))
            #     pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)
            #     # pic = cv2.resize(pic, (90, 90))
            #     sig = np.load(os.path.join(root, 'ecg', sig_name))
            #     per_subject_img.append(np.expand_dims(pic.transpose((2, 0, 1)), axis=0))
            #     per_subject_sig.append(np.expand_dims(sig, axis=0))
            pic = cv2.imread(os.path.join(root, 'images_full', transform, rec['images_full']))
            pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)

            lab = rec['label']
            years = rec['age']
            sex = rec['gender']
            self.inputs.append(pic.transpose((2, 0, 1)))
            # self.ecg.append(np.concatenate(per_subject_sig, axis=0))
            self.labels.append(lab)
            self.gender.append(sex)
            self.age.append(years)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        x = torch.from_numpy(self.inputs[idx]).float()
        y = torch.from_numpy(np.array(self.labels[idx])).long()
        # a = torch.from_numpy(np.array(self.age[idx])).float()
        # g = torch.from_numpy(np.array(self.gender[idx])).float()
        # w = torch.from_numpy(self.ecg[idx]).float()
        return x, y   #,a, g, w


def report(outputs, labels, label_names=None):
    truth = torch.cat(labels, dim=0)
    guess = torch.cat(outputs, dim=0)
    guess = torch.argmax(guess, dim=1)
    acc = torch.div(100*torch.sum((truth == guess).float()), truth.shape[0])
    print('accuracy :', acc)

    truth = truth.cpu().tolist()
    guess = guess.cpu().tolist()

    text = skm.classification_report(
        truth, guess,
        target_names=label_names,
        digits=3)
    prf = skm.precision_recall_fscore_support(
        truth,
        guess,
        average=None)
    print(text)
    print("mean F1 {:3f}".format(np.mean(prf[2][:3])))
    # print(prf)

    return True


def main():
    global top_acc
    first_epoch = opts.start_epoch  # 0 unless resuming

    if not os.path.isdir(opts.checkpoint):
        mkdir_p(opts.checkpoint)

    # Data
    print('==> loading data set %s' % opts.dataset)

    ds_class = EcgImages
    root = opts.data

    train_dir = os.path.join(root, 'train')
    val_dir = os.path.join(root, 'val')

    train_set = ds_class(train_dir, transform=opts.transformation)
    val_set = ds_class(val_dir, transform=opts.transformation)
    idx2name = train_set.idx2name
    names = []

    for k in range(0, len(idx2name.keys())):
        names.append(idx2name[str(k)])

    n_classes = len(names)

    train_loader = data.DataLoader(train_set, batch_size=opts.train_batch, shuffle=True, num_workers=opts.workers)
    val_loader = data.DataLoader(val_set, batch_size=opts.test_batch, shuffle=False, num_workers=opts.workers)

    # Network
    print("==> building ResNet{}".format(opts.depth))

    net = models.__dict__['resnet_cnn'](
                num_classes=n_classes,
                depth=opts.depth,
                block_name=opts.block_name,
                )

    net = torch.nn.DataParallel(net).cuda()
    cudnn.benchmark = True
    print('    parameters: %.2fM' % (sum(p.numel() for p in net.parameters())/1000000.0))
    ce = nn.CrossEntropyLoss()
    opt = optim.SGD(net.parameters(), lr=opts.lr, momentum=opts.momentum, weight_decay=opts.weight_decay)

    # Resume
    run_title = 'ecg-image-resnet' + str(opts.depth)
    if opts.resume:
        # read the checkpoint
        print('==> resuming..')
        assert os.path.isfile(opts.resume), 'checkpoint file not found'
        opts.checkpoint = os.path.dirname(opts.resume)
        ckpt = torch.load(opts.resume)
        top_acc = ckpt['best_acc']
        first_epoch = ckpt['epoch']
        net.load_state_dict(ckpt['state_dict'])
        opt.load_state_dict(ckpt['optimizer'])
        log = Logger(os.path.join(opts.checkpoint, 'log.txt'), title=run_title, resume=True)
    else:
        log = Logger(os.path.join(opts.checkpoint, 'log.txt'), title=run_title)
        log.set_names(['LR', 'Train Loss', 'Val Loss', 'Train Acc.', 'Val Acc.'])

    if opts.evaluate:
        print('\nvalidation only')
        val_loss, val_acc= validate(val_loader, net, ce, first_epoch, on_gpu, label_names=names)
        print(' val loss:  %.8f, val acc:  %.2f' % (val_loss, val_acc))

        return

    # Epochs
    for ep in range(first_epoch, opts.epochs):
        step_lr(opt, ep)

        print('\nepoch: [%d | %d] lr: %f' % (ep + 1, opts.epochs, cfg['lr']))

        train_loss, train_acc = fit_epoch(train_loader, net, ce, opt, ep, on_gpu)
        val_loss, val_acc = validate(val_loader, net, ce, ep, on_gpu, label_names=names)

        # log row
        log.append([cfg['lr'], train_loss, val_loss, train_acc, val_acc])

        # checkpoint
        improved = val_acc > top_acc
        top_acc = max(val_acc, top_acc)
        write_ckpt({
                'epoch': ep + 1,
                'state_dict': net.state_dict(),
                'acc': val_acc,
                'best_acc': top_acc,
                'optimizer' : opt.state_dict(),
            }, improved, checkpoint=opts.checkpoint)

    log.close()
    log.plot()
    savefig(os.path.join(opts.checkpoint, 'log.eps'))

    print('best accuracy:')
    print(top_acc)


def fit_epoch(train_loader, net, ce, opt, ep, on_gpu):
    # training mode
    net.train()

    t_batch = AverageMeter()
    t_data = AverageMeter()
    loss_meter = AverageMeter()
    acc1 = AverageMeter()
    acc5 = AverageMeter()
    tick = time.time()

    # truth = []
    # guess = []

    for step, (inputs, targets) in tqdm(enumerate(train_loader)):
        # time spent waiting for data
        t_data.update(time.time() - tick)

        # print(inputs.shape,targets.shape)

        if on_gpu:
            inputs, targets = inputs.cuda(), targets.cuda()
        inputs, targets = torch.autograd.Variable(inputs), torch.autograd.Variable(targets)

        outputs = net(inputs)
        loss = ce(outputs, targets)

        # accuracy and loss bookkeeping
        p1, p5 = accuracy(outputs.data, targets.data, topk=(1, 4))

        if float(torch.__version__[:3]) < 0.5:
            loss_meter.update(loss.data[0], inputs.size(0))
            acc1.update(p1[0], inputs.size(0))
            acc5.update(p5[0], inputs.size(0))
        else:
            loss_meter.update(loss.data, inputs.size(0))
            acc1.update(p1, inputs.size(0))
            acc5.update(p5, inputs.size(0))

        # backward and SGD step
        opt.zero_grad()
        loss.backward()
        opt.step()

        # step time
        t_batch.update(time.time() - tick)
        tick = time.time()

        # progress

    # report(guess, truth)
    return (loss_meter.avg, acc1.avg)


def validate(val_loader, net, ce, ep, on_gpu, label_names=None):
    global top_acc

    t_batch = AverageMeter()
    t_data = AverageMeter()
    loss_meter = AverageMeter()
    acc1 = AverageMeter()
    acc5 = AverageMeter()

    # evaluation mode
    net.eval()

    tick = time.time()
    truth = []
    guess = []
    for step, (inputs, targets) in enumerate(val_loader):
        # time spent waiting for data
        t_data.update(time.time() - tick)

        if on_gpu:
            inputs, targets = inputs.cuda(), targets.cuda()
        inputs, targets = torch.autograd.Variable(inputs), torch.autograd.Variable(targets)
        # forward
        outputs = net(inputs)

        loss = ce(outputs, targets)

        # keep predictions for the report
        truth.append(targets.data)
        guess.append(outputs.data)
        p1, p5 = accuracy(outputs.data, targets.data, topk=(1, 4))

        if float(torch.__version__[:3]) < 0.5:
            loss_meter.update(loss.data[0], inputs.size(0))
            acc1.update(p1[0], inputs.size(0))
            acc5.update(p5[0], inputs.size(0))
        else:
            loss_meter.update(loss.data, inputs.size(0))
            acc1.update(p1, inputs.size(0))
            acc5.update(p5, inputs.size(0))

        # step time
        t_batch.update(time.time() - tick)
        tick = time.time()

        # progress

    report(guess, truth, label_names=label_names)
    return (loss_meter.avg, acc1.avg)


def write_ckpt(state, improved, checkpoint='checkpoint', filename='checkpoint.pth.tar'):
    path = os.path.join(checkpoint, filename)
    torch.save(state, path)
    if improved:
        shutil.copyfile(path, os.path.join(checkpoint, 'model_best.pth.tar'))


def step_lr(opt, ep):
    global cfg
    if ep in opts.schedule:
        cfg['lr'] *= opts.gamma
        for group in opt.param_groups:
            group['lr'] = cfg['lr']


if __name__ == '__main__':
    main()
