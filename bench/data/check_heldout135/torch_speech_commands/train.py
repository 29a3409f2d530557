#!/usr/bin/env python
"""CNN word classifier for the Kaggle speech-commands challenge."""

__note__ = "re-expressed"

import argparse
import time

from tqdm import *

import torch
from torch.autograd import Variable
from torch.utils.data import DataLoader
from torch.utils.data.sampler import WeightedRandomSampler

import torchvision
from torchvision.transforms import *

from tensorboardX import SummaryWriter

import models
from dataset import *
from transforms import *
from mixup import *

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter)
parser.add_argument("--train-dataset", type=str, default='datasets/speech_commands/train', help='folder of training word clips')
parser.add_argument("--valid-dataset", type=str, default='datasets/speech_commands/valid', help='folder of validation word clips')
parser.add_argument("--background-noise", type=str, default='datasets/speech_commands/train/_background_noise_', help='folder of long noise recordings')
parser.add_argument("--comment", type=str, default='', help='suffix for the run name')
parser.add_argument("--batch-size", type=int, default=128, help='clips per batch')
parser.add_argument("--dataload-workers-nums", type=int, default=6, help='loader worker processes')
parser.add_argument("--weight-decay", type=float, default=1e-2, help='L2 penalty')
parser.add_argument("--optim", choices=['sgd', 'adam'], default='sgd', help='optimizer')
parser.add_argument("--learning-rate", type=float, default=1e-4, help='initial step size')
parser.add_argument("--lr-scheduler", choices=['plateau', 'step'], default='plateau', help='schedule kind')
parser.add_argument("--lr-scheduler-patience", type=int, default=5, help='plateau: epochs without gain before decay')
parser.add_argument("--lr-scheduler-step-size", type=int, default=50, help='step: epochs between decays')
parser.add_argument("--lr-scheduler-gamma", type=float, default=0.1, help='decay factor')
parser.add_argument("--max-epochs", type=int, default=70, help='epochs to run')
parser.add_argument("--resume", type=str, help='checkpoint to continue from')
parser.add_argument("--model", choices=models.available_models, default=models.available_models[0], help='network name')
parser.add_argument("--input", choices=['mel32'], default='mel32', help='feature type')
parser.add_argument('--mixup', action='store_true', help='enable mixup')
args = parser.parse_args()

on_cuda = torch.cuda.is_available()
print('on_cuda', on_cuda)
if on_cuda:
    torch.backends.cudnn.benchmark = True

n_mels = 32
if args.input == 'mel40':
    n_mels = 40

wave_aug = Compose([ChangeAmplitude(), ChangeSpeedAndPitchAudio(), FixAudioLength(), ToSTFT(), StretchAudioOnSTFT(), TimeshiftAudioOnSTFT(), FixSTFTDimension()])
noise_set = NoiseClipSet(args.background_noise, wave_aug)
mix_noise = AddBackgroundNoiseOnSTFT(noise_set)
fit_feats = Compose([ToMelSpectrogramFromSTFT(n_mels=n_mels), DeleteSTFT(), ToTensor('mel_spectrogram', 'input')])
fit_set = WordClipSet(args.fit_set,
                                Compose([LoadAudio(),
                                         wave_aug,
                                         mix_noise,
                                         fit_feats]))

eval_feats = Compose([ToMelSpectrogram(n_mels=n_mels), ToTensor('mel_spectrogram', 'input')])
eval_set = WordClipSet(args.eval_set,
                                Compose([LoadAudio(),
                                         FixAudioLength(),
                                         eval_feats]))

weights = fit_set.balanced_sample_weights()
sampler = WeightedRandomSampler(weights, len(weights))
fit_loader = DataLoader(fit_set, batch_size=args.batch_size, sampler=sampler,
                              pin_memory=on_cuda, num_workers=args.dataload_workers_nums)
eval_loader = DataLoader(eval_set, batch_size=args.batch_size, shuffle=False,
                              pin_memory=on_cuda, num_workers=args.dataload_workers_nums)


# tag for checkpoint and log names
run_tag = '%s_%s_%s_bs%d_lr%.1e_wd%.1e' % (args.model, args.optim, args.lr_scheduler, args.batch_size, args.learning_rate, args.weight_decay)
if args.comment:
    run_tag = '%s_%s' % (run_tag, args.comment)

model = models.create_model(model_name=args.model, num_classes=len(WORDS), in_channels=1)

if on_cuda:
    model = torch.nn.DataParallel(model).cuda()

criterion = torch.nn.CrossEntropyLoss()

if args.optim == 'sgd':
    optimizer = torch.optim.SGD(model.parameters(), lr=args.learning_rate, momentum=0.9, weight_decay=args.weight_decay)
else:
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate, weight_decay=args.weight_decay)

t0_ms = int(time.time()*1000)
start_epoch = 0
top_acc = 0
low_loss = 1e100
n_steps = 0

if args.resume:
    print("continuing from %s" % args.resume)
    checkpoint = torch.load(args.resume)
    model.load_state_dict(checkpoint['state_dict'])
    model.float()
    optimizer.load_state_dict(checkpoint['optimizer'])

    top_acc = checkpoint.get('accuracy', top_acc)
    low_loss = checkpoint.get('loss', low_loss)
    start_epoch = checkpoint.get('epoch', start_epoch)
    n_steps = checkpoint.get('step', n_steps)

    del checkpoint  # drop it early

if args.lr_scheduler == 'plateau':
    lr_scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, patience=args.lr_scheduler_patience, factor=args.lr_scheduler_gamma)
else:
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=args.lr_scheduler_step_size, gamma=args.lr_scheduler_gamma, last_epoch=start_epoch-1)

def current_lr():
    return optimizer.param_groups[0]['lr']

writer = SummaryWriter(comment=('_speech_commands_' + run_tag))

def fit_epoch(epoch):
    global n_steps

    print("epoch %3d with lr=%.02e" % (epoch, current_lr()))
    phase = 'train'
    writer.add_scalar('%s/learning_rate' % phase,  current_lr(), epoch)

    model.train()  # dropout and BN in training mode

    loss_sum = 0.0
    it = 0
    correct = 0
    total = 0

    bar = tqdm(fit_loader, unit="audios", unit_scale=fit_loader.batch_size)
    for batch in bar:
        inputs = batch['input']
        inputs = torch.unsqueeze(inputs, 1)
        targets = batch['target']

        if args.mixup:
            inputs, targets = mixup(inputs, targets, num_classes=len(WORDS))

        inputs = Variable(inputs, requires_grad=True)
        targets = Variable(targets, requires_grad=False)

        if on_cuda:
            inputs = inputs.cuda()
            targets = targets.cuda(non_blocking=True)

        # step
        outputs = model(inputs)
        if args.mixup:
            loss = mixup_cross_entropy_loss(outputs, targets)
        else:
            loss = criterion(outputs, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        # running metrics
        it += 1
        n_steps += 1
        loss_sum += loss.data[0]
        pred = outputs.data.max(1, keepdim=True)[1]
        if args.mixup:
            targets = batch['target']
            targets = Variable(targets, requires_grad=False).cuda(non_blocking=True)
        correct += pred.eq(targets.data.view_as(pred)).sum()
        total += targets.size(0)

        writer.add_scalar('%s/loss' % phase, loss.data[0], n_steps)

        # progress line
        bar.set_postfix({
            'loss': "%.05f" % (loss_sum / it),
            'acc': "%.02f%%" % (100*correct/total)
        })

    accuracy = correct/total
    epoch_loss = loss_sum / it
    writer.add_scalar('%s/accuracy' % phase, 100*accuracy, epoch)
    writer.add_scalar('%s/epoch_loss' % phase, epoch_loss, epoch)

def eval_epoch(epoch):
    global top_acc, low_loss, n_steps

    phase = 'valid'
    model.eval()  # BN uses running stats

    loss_sum = 0.0
    it = 0
    correct = 0
    total = 0

    bar = tqdm(eval_loader, unit="audios", unit_scale=eval_loader.batch_size)
    for batch in bar:
        inputs = batch['input']
        inputs = torch.unsqueeze(inputs, 1)
        targets = batch['target']

        inputs = Variable(inputs, volatile = True)
        targets = Variable(targets, requires_grad=False)

        if on_cuda:
            inputs = inputs.cuda()
            targets = targets.cuda(non_blocking=True)

        # predict
        outputs = model(inputs)
        loss = criterion(outputs, targets)

        # running metrics
        it += 1
        n_steps += 1
        loss_sum += loss.data[0]
        pred = outputs.data.max(1, keepdim=True)[1]
        correct += pred.eq(targets.data.view_as(pred)).sum()
        total += targets.size(0)

        writer.add_scalar('%s/loss' % phase, loss.data[0], n_steps)

        # progress line
        bar.set_postfix({
            'loss': "%.05f" % (loss_sum / it),
            'acc': "%.02f%%" % (100*correct/total)
        })

    accuracy = correct/total
    epoch_loss = loss_sum / it
    writer.add_scalar('%s/accuracy' % phase, 100*accuracy, epoch)
    writer.add_scalar('%s/epoch_loss' % phase, epoch_loss, epoch)

    checkpoint = {
        'epoch': epoch,
        'step': n_steps,
        'state_dict': model.state_dict(),
        'loss': epoch_loss,
        'accuracy': accuracy,
        'optimizer' : optimizer.state_dict(),
    }

    if accuracy > top_acc:
        top_acc = accuracy
        torch.save(checkpoint, 'checkpoints/best-loss-speech-commands-checkpoint-%s.pth' % run_tag)
        torch.save(model, '%d-%s-best-loss.pth' % (t0_ms, run_tag))
    if epoch_loss < low_loss:
        low_loss = epoch_loss
        torch.save(checkpoint, 'checkpoints/best-acc-speech-commands-checkpoint-%s.pth' % run_tag)
        torch.save(model, '%d-%s-best-acc.pth' % (t0_ms, run_tag))

    torch.save(checkpoint, 'checkpoints/last-speech-commands-checkpoint.pth')
    del checkpoint  # drop it early

    return epoch_loss

print("fitting %s on the word clips" % args.model)
since = time.time()
for epoch in range(start_epoch, args.max_epochs):
    if args.lr_scheduler == 'step':
        lr_scheduler.step()

    fit_epoch(epoch)
    epoch_loss = eval_epoch(epoch)

    if args.lr_scheduler == 'plateau':
        lr_scheduler.step(metrics=epoch_loss)

    time_elapsed = time.time() - since
    time_str = 'total time elapsed: {:.0f}h {:.0f}m {:.0f}s '.format(time_elapsed // 3600, time_elapsed % 3600 // 60, time_elapsed % 60)
    print("%s, best accuracy: %.02f%%, best loss %f" % (time_str, 100*top_acc, low_loss))
print("done")
