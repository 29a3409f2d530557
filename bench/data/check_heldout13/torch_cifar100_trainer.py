# CIFAR-100 training script
#!/usr/bin/env	python3

""" fit an image classifier on CIFAR-100 with PyTorch

(re-expressed from a public CIFAR-100 trainer; see labels.json)
"""

import os
import sys
import argparse
import time
from datetime import datetime

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
import torchvision.transforms as transforms

from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter

from conf import settings
from utils import get_network, WarmUpLR


def build_train_loader(ch_mean, ch_std, batch_len=16, n_workers=2, shuffle_on=True):
    """ DataLoader over the augmented CIFAR-100 training split
    Parameters:
        ch_mean: per-channel mean used for normalising
        ch_std: per-channel std used for normalising
        (the images are downloaded to ./data)
        batch_len: images per batch
        n_workers: loader worker processes
        shuffle_on: shuffle every epoch or not
    Gives back: the training DataLoader
    """

    train_transform = transforms.Compose([
        # (PIL conversion not needed here)
        transforms.RandomCrop(32, padding=4),
        transforms.RandomHorizontalFlip(),
        transforms.RandomRotation(15),
        transforms.ToTensor(),
        transforms.Normalize(ch_mean, ch_std)
    ])
    # (older custom data set class, replaced by torchvision's)
    train_dataset = torchvision.datasets.CIFAR100(root='./data', train=True, download=True, transform=train_transform)
    train_loader = DataLoader(
        train_dataset, shuffle=shuffle_on, num_workers=n_workers, batch_size=batch_len)

    return train_loader


def build_test_loader(ch_mean, ch_std, batch_len=16, n_workers=2, shuffle_on=True):
    """ DataLoader over the CIFAR-100 test split
    Parameters:
        ch_mean: per-channel mean used for normalising
        ch_std: per-channel std used for normalising
        (the images are downloaded to ./data)
        batch_len: images per batch
        n_workers: loader worker processes
        shuffle_on: shuffle or not
    Gives back: the test DataLoader
    """

    test_transform = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(ch_mean, ch_std)
    ])
    # (older custom data set class, replaced by torchvision's)
    test_dataset = torchvision.datasets.CIFAR100(root='./data', train=False, download=True, transform=test_transform)
    test_loader = DataLoader(
        test_dataset, shuffle=shuffle_on, num_workers=n_workers, batch_size=batch_len)

    return test_loader


def train_one_epoch(epoch_no):

    t_begin = time.time()
    cnn_model.train()
    for batch_idx, (batch_images, batch_labels) in enumerate(train_loader):

        if opts.gpu:
            batch_labels = batch_labels.cuda()
            batch_images = batch_images.cuda()

        sgd_optimizer.zero_grad()
        logits = cnn_model(batch_images)
        batch_loss = loss_fn(logits, batch_labels)
        batch_loss.backward()
        sgd_optimizer.step()

        global_step = (epoch_no - 1) * len(train_loader) + batch_idx + 1

        final_layer = list(cnn_model.children())[-1]
        for pname, pval in final_layer.named_parameters():
            if 'weight' in pname:
                tb_writer.add_scalar('LastLayerGradients/grad_norm2_weights', pval.grad.norm(), global_step)
            if 'bias' in pname:
                tb_writer.add_scalar('LastLayerGradients/grad_norm2_bias', pval.grad.norm(), global_step)

        print('epoch {epoch} | {trained_samples}/{total_samples} images | loss {:0.4f} | lr {:0.6f}'.format(
            batch_loss.item(),
            sgd_optimizer.param_groups[0]['lr'],
            epoch=epoch_no,
            trained_samples=batch_idx * opts.b + len(batch_images),
            total_samples=len(train_loader.dataset)
        ))

        # per-step training loss to tensorboard
        tb_writer.add_scalar('Train/loss', batch_loss.item(), global_step)

        if epoch_no <= opts.warm:
            warmup_sched.step()

    for pname, weight_t in cnn_model.named_parameters():
        layer_name, attr_name = os.path.splitext(pname)
        attr_name = attr_name[1:]
        tb_writer.add_histogram("{}/{}".format(layer_name, attr_name), weight_t, epoch_no)

    t_end = time.time()

    print('epoch {} took {:.2f}s to train'.format(epoch_no, t_end - t_begin))


@torch.no_grad()
def evaluate_epoch(epoch_no=0, log_tb=True):

    t_begin = time.time()
    cnn_model.eval()

    test_loss_sum = 0.0 # summed loss over the test set
    n_correct = 0.0

    for (batch_images, batch_labels) in test_loader:

        if opts.gpu:
            batch_images = batch_images.cuda()
            batch_labels = batch_labels.cuda()

        logits = cnn_model(batch_images)
        batch_loss = loss_fn(logits, batch_labels)

        test_loss_sum += batch_loss.item()
        _, pred_ids = logits.max(1)
        n_correct += pred_ids.eq(batch_labels).sum()

    t_end = time.time()
    if opts.gpu:
        print('CUDA memory report:')
        print(torch.cuda.memory_summary(), end='')
    print('scoring on the test split')
    print('test | epoch {} | mean loss {:.4f} | accuracy {:.4f} | {:.2f}s'.format(
        epoch_no,
        test_loss_sum / len(test_loader.dataset),
        n_correct.float() / len(test_loader.dataset),
        t_end - t_begin
    ))
    print()

    # log the test metrics
    if log_tb:
        tb_writer.add_scalar('Test/Average loss', test_loss_sum / len(test_loader.dataset), epoch_no)
        tb_writer.add_scalar('Test/Accuracy', n_correct.float() / len(test_loader.dataset), epoch_no)

    return n_correct.float() / len(test_loader.dataset)


if __name__ == '__main__':

    cli = argparse.ArgumentParser()
    cli.add_argument('-net', type=str, required=True, help='architecture name')
    cli.add_argument('-gpu', action='store_true', default=False, help='run on CUDA')
    cli.add_argument('-b', type=int, default=128, help='images per batch')
    cli.add_argument('-warm', type=int, default=1, help='epochs of learning-rate warm-up')
    cli.add_argument('-lr', type=float, default=0.1, help='starting learning rate')
    opts = cli.parse_args()

    cnn_model = get_network(opts)

    # data loaders
    train_loader = build_train_loader(
        settings.CIFAR100_TRAIN_MEAN,
        settings.CIFAR100_TRAIN_STD,
        n_workers=4,
        batch_len=opts.b,
        shuffle_on=True
    )

    test_loader = build_test_loader(
        settings.CIFAR100_TRAIN_MEAN,
        settings.CIFAR100_TRAIN_STD,
        n_workers=4,
        batch_len=opts.b,
        shuffle_on=True
    )

    loss_fn = nn.CrossEntropyLoss()
    sgd_optimizer = optim.SGD(cnn_model.parameters(), lr=opts.lr, momentum=0.9, weight_decay=5e-4)
    train_lr_sched = optim.lr_scheduler.MultiStepLR(sgd_optimizer, milestones=settings.MILESTONES, gamma=0.2) # step decay
    iters_per_epoch = len(train_loader)
    warmup_sched = WarmUpLR(sgd_optimizer, iters_per_epoch * opts.warm)

    ckpt_path = os.path.join(settings.CHECKPOINT_PATH, opts.net, settings.TIME_NOW)

    # tensorboard log folder
    if not os.path.exists(settings.LOG_DIR):
        os.mkdir(settings.LOG_DIR)

    # every run gets its own log folder,
    # as old tensorboard values cannot be overwritten
    tb_writer = SummaryWriter(log_dir=os.path.join(
            settings.LOG_DIR, opts.net, settings.TIME_NOW))
    dummy_input = torch.Tensor(1, 3, 32, 32)
    if opts.gpu:
        dummy_input = dummy_input.cuda()
    tb_writer.add_graph(cnn_model, dummy_input)

    # folder for the weight files
    if not os.path.exists(ckpt_path):
        os.makedirs(ckpt_path)
    ckpt_path = os.path.join(ckpt_path, '{net}-{epoch}-{type}.pth')

    best_test_acc = 0.0

    for epoch_no in range(1, settings.EPOCH + 1):
        if epoch_no > opts.warm:
            train_lr_sched.step(epoch_no)

        train_one_epoch(epoch_no)
        test_acc = evaluate_epoch(epoch_no)

        # after the second decay step, keep the best weights seen
        if epoch_no > settings.MILESTONES[1] and best_test_acc < test_acc:
            weights_file_path = ckpt_path.format(net=opts.net, epoch=epoch_no, type='best')
            print('writing weights to {}'.format(weights_file_path))
            torch.save(cnn_model.state_dict(), weights_file_path)
            best_test_acc = test_acc
            continue

        if not epoch_no % settings.SAVE_EPOCH:
            weights_file_path = ckpt_path.format(net=opts.net, epoch=epoch_no, type='regular')
            print('writing weights to {}'.format(weights_file_path))
            torch.save(cnn_model.state_dict(), weights_file_path)

    tb_writer.close()
