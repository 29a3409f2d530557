# source: https://github.com/zijundeng/pytorch-semantic-segmentation/blob/4a2fadebf7784387b018b1e87a8a406d6624f6a3/train/voc-fcn/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# note: same validation pattern reported in issue #13 of that repository
import datetime
import os
import random

import torch
import torchvision.transforms as standard_transforms
import torchvision.utils as vutils
from tensorboard import SummaryWriter
from torch import optim
from torch.autograd import Variable
from torch.backends import cudnn
from torch.optim.lr_scheduler import ReduceLROnPlateau
from torch.utils.data import DataLoader

import utils.transforms as extended_transforms
from datasets import voc
from models import FCN8s
from utils import check_mkdir, evaluate, AverageMeter, CrossEntropyLoss2d

cudnn.benchmark = True

ckpt_root = '../../ckpt'
run_name = 'voc-fcn8s'
writer = SummaryWriter(os.path.join(ckpt_root, 'exp', run_name))

settings = {
    'epoch_num': 300,
    'lr': 1e-10,
    'weight_decay': 1e-4,
    'momentum': 0.95,
    'lr_patience': 100,
    'print_freq': 20,
    'val_img_sample_rate': 0.1,
}


def main(settings):
    net = FCN8s(num_classes=voc.num_classes).cuda()
    first_epoch = 1
    settings['best_record'] = {'epoch': 0, 'val_loss': 1e10, 'mean_iu': 0}
    net.train()

    mean_std = ([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    image_tf = standard_transforms.Compose([
        standard_transforms.ToTensor(),
        standard_transforms.Normalize(*mean_std)
    ])
    mask_tf = extended_transforms.MaskToTensor()
    undo_tf = standard_transforms.Compose([
        extended_transforms.DeNormalize(*mean_std),
        standard_transforms.ToPILImage(),
    ])
    show_tf = standard_transforms.Compose([
        standard_transforms.Scale(400),
        standard_transforms.CenterCrop(400),
        standard_transforms.ToTensor()
    ])

    train_set = voc.VOC('train', transform=image_tf, target_transform=mask_tf)
    train_loader = DataLoader(train_set, batch_size=1, num_workers=4, shuffle=True)
    val_set = voc.VOC('val', transform=image_tf, target_transform=mask_tf)
    val_loader = DataLoader(val_set, batch_size=1, num_workers=4, shuffle=False)

    criterion = CrossEntropyLoss2d(size_average=False, ignore_index=voc.ignore_label).cuda()
    optimizer = optim.Adam([
        {'params': [p for n, p in net.named_parameters() if n[-4:] == 'bias'], 'lr': 2 * settings['lr']},
        {'params': [p for n, p in net.named_parameters() if n[-4:] != 'bias'],
         'lr': settings['lr'], 'weight_decay': settings['weight_decay']}
    ], betas=(settings['momentum'], 0.999))

    check_mkdir(ckpt_root)
    check_mkdir(os.path.join(ckpt_root, run_name))
    open(os.path.join(ckpt_root, run_name, str(datetime.datetime.now()) + '.txt'), 'w').write(str(settings) + '\n\n')

    scheduler = ReduceLROnPlateau(optimizer, 'min', patience=settings['lr_patience'], min_lr=1e-10, verbose=True)
    for epoch in range(first_epoch, settings['epoch_num'] + 1):
        train(train_loader, net, criterion, optimizer, epoch, settings)
        val_loss = validate(val_loader, net, criterion, optimizer, epoch, settings, undo_tf, show_tf)
        scheduler.step(val_loss)


def train(train_loader, net, criterion, optimizer, epoch, settings):
    meter = AverageMeter()
    it = (epoch - 1) * len(train_loader)
    for i, batch in enumerate(train_loader):
        images, masks = batch
        n = images.size(0)
        images = Variable(images).cuda()
        masks = Variable(masks).cuda()

        optimizer.zero_grad()
        logits = net(images)
        loss = criterion(logits, masks) / n
        loss.backward()
        optimizer.step()

        meter.update(loss.data[0], n)
        it += 1
        writer.add_scalar('train_loss', meter.avg, it)


def validate(val_loader, net, criterion, optimizer, epoch, settings, undo_tf, show_tf):
    net.eval()
    meter = AverageMeter()
    all_images, all_masks, all_preds = [], [], []

    for vi, batch in enumerate(val_loader):
        images, masks = batch
        n = images.size(0)
        images = Variable(images, volatile=True).cuda()
        masks = Variable(masks, volatile=True).cuda()

        logits = net(images)
        preds = logits.data.max(1)[1].squeeze_(1).squeeze_(0).cpu().numpy()

        meter.update(criterion(logits, masks).data[0] / n, n)

        if random.random() > settings['val_img_sample_rate']:
            all_images.append(None)
        else:
            all_images.append(images.data.squeeze_(0).cpu())
        all_masks.append(masks.data.squeeze_(0).cpu().numpy())
        all_preds.append(preds)

    acc, acc_cls, mean_iu, fwavacc = evaluate(all_preds, all_masks, voc.num_classes)

    if mean_iu > settings['best_record']['mean_iu']:
        settings['best_record'].update({'val_loss': meter.avg, 'epoch': epoch, 'mean_iu': mean_iu})
        tag = 'epoch_%d_loss_%.5f_miou_%.5f' % (epoch, meter.avg, mean_iu)
        torch.save(net.state_dict(), os.path.join(ckpt_root, run_name, tag + '.pth'))
        torch.save(optimizer.state_dict(), os.path.join(ckpt_root, run_name, 'opt_' + tag + '.pth'))

        panels = []
        for idx, item in enumerate(zip(all_images, all_masks, all_preds)):
            if item[0] is None:
                continue
            img_pil = undo_tf(item[0])
            mask_pil = voc.colorize_mask(item[1])
            pred_pil = voc.colorize_mask(item[2])
            panels.extend([show_tf(img_pil.convert('RGB')), show_tf(mask_pil.convert('RGB')),
                           show_tf(pred_pil.convert('RGB'))])
        grid = vutils.make_grid(torch.stack(panels, 0), nrow=3, padding=5)
        writer.add_image(tag, grid)

    writer.add_scalar('val_loss', meter.avg, epoch)
    writer.add_scalar('mean_iu', mean_iu, epoch)
    net.train()
    return meter.avg


if __name__ == '__main__':
    main(settings)
