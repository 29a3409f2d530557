"""Semantic segmentation of PASCAL VOC 2012 with DeepLab v3 on a dilated ResNet-101.

Passing --train fits the model with a polynomially decaying learning rate;
otherwise the saved checkpoint scores the val images one at a time, saving
coloured prediction masks under data/val and printing IoU for each class.
"""
import argparse
import math
import os
import pdb
import random

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data
import torch.utils.model_zoo as model_zoo
import torchvision.transforms as transforms
from PIL import Image
from scipy.io import loadmat
from torch.autograd import Variable
from torch.nn import functional as F

cli = argparse.ArgumentParser()
cli.add_argument('--train', action='store_true', default=False, help='train instead of evaluating')
cli.add_argument('--exp', type=str, required=True, help='run name used in checkpoint files')
cli.add_argument('--gpu', type=int, default=0, help='GPU index for evaluation')
cli.add_argument('--backbone', type=str, default='resnet101', help='backbone network (resnet101 only)')
cli.add_argument('--dataset', type=str, default='pascal', help='data set (pascal only)')
cli.add_argument('--groups', type=int, default=None, help='GroupNorm group count (BatchNorm if unset)')
cli.add_argument('--epochs', type=int, default=30, help='how many passes over the data')
cli.add_argument('--batch_size', type=int, default=16, help='images per step')
cli.add_argument('--base_lr', type=float, default=0.00025, help='starting learning rate')
cli.add_argument('--last_mult', type=float, default=1.0, help='lr factor for the ASPP head')
cli.add_argument('--scratch', action='store_true', default=False, help='skip ImageNet weights')
cli.add_argument('--freeze_bn', action='store_true', default=False, help='keep BatchNorm layers fixed')
cli.add_argument('--weight_std', action='store_true', default=False, help='standardise conv weights')
cli.add_argument('--beta', action='store_true', default=False, help='three-conv stem variant')
cli.add_argument('--crop_size', type=int, default=513, help='side of the square training crop')
cli.add_argument('--resume', type=str, default=None, help='checkpoint path to continue from')
cli.add_argument('--workers', type=int, default=4, help='loader worker processes')
opts = cli.parse_args()

WEIGHT_URLS = {'resnet101': 'https://download.pytorch.org/models/resnet101-5d3b4d8f.pth'}

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
class RunningStat(object):
    def __init__(self):
        self.last = None
        self.total = None
        self.count = None
        self.mean_val = None
        self.smooth = None
        self.started = False

    def add(self, value, weight_n=1):
        if not self.started:
            self.last, self.total, self.count, self.mean_val, self.smooth = value, value * weight_n, weight_n, value, value
            self.started = True
        else:
            self.last = value
            self.total += value * weight_n
            self.count += weight_n
            self.mean_val = self.total / self.count
            self.smooth = self.smooth * 0.99 + self.last * 0.01

def overlap_counts(predicted, gt_mask, n_cls):
    predicted = np.asarray(predicted, dtype=np.uint8).copy()
    gt_mask = np.asarray(gt_mask, dtype=np.uint8).copy()
    predicted += 1   # the ignore value 255 overflows to 0
    gt_mask += 1
    predicted = predicted * (gt_mask > 0)
    hit = predicted * (predicted == gt_mask)
    (hit_area, _) = np.histogram(hit, bins=n_cls, range=(1, n_cls))
    (pred_area, _) = np.histogram(predicted, bins=n_cls, range=(1, n_cls))
    (mask_area, _) = np.histogram(gt_mask, bins=n_cls, range=(1, n_cls))
    return (hit_area, pred_area + mask_area - hit_area)

def augment_pair(img_in, gt_mask, do_flip=False, scale_range=None, crop_hw=None):
    if do_flip and random.random() < 0.5:
        img_in = img_in.transpose(Image.FLIP_LEFT_RIGHT)
        gt_mask = gt_mask.transpose(Image.FLIP_LEFT_RIGHT)
    if scale_range:
        ww, hh = img_in.size
        log_scale = math.log(scale_range[0], 2) + random.random() * (math.log(scale_range[1], 2) - math.log(scale_range[0], 2))
        factor = math.pow(2, log_scale)
        new_size = (int(round(ww * factor)), int(round(hh * factor)))
        img_in = img_in.resize(new_size, Image.ANTIALIAS)
        gt_mask = gt_mask.resize(new_size, Image.NEAREST)
    normalize_fn = transforms.Compose([transforms.ToTensor(),
                                    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
    img_in = normalize_fn(img_in)
    gt_mask = torch.LongTensor(np.array(gt_mask).astype(np.int64))
    if crop_hw:
        hh, ww = img_in.shape[1], img_in.shape[2]
        pad_bottom = max(0, crop_hw[0] - hh)
        pad_right = max(0, crop_hw[1] - ww)
        img_in = torch.nn.ZeroPad2d((0, pad_right, 0, pad_bottom))(img_in)
        gt_mask = torch.nn.ConstantPad2d((0, pad_right, 0, pad_bottom), 255)(gt_mask)
        hh, ww = img_in.shape[1], img_in.shape[2]
        i = random.randint(0, hh - crop_hw[0])
        j = random.randint(0, ww - crop_hw[1])
        img_in = img_in[:, i:i + crop_hw[0], j:j + crop_hw[1]]
        gt_mask = gt_mask[i:i + crop_hw[0], j:j + crop_hw[1]]
    return img_in, gt_mask

class VocSegData(data.Dataset):
    LABEL_NAMES = ['background', 'aeroplane', 'bicycle', 'bird', 'boat', 'bottle', 'bus', 'car', 'cat', 'chair',
               'cow', 'diningtable', 'dog', 'horse', 'motorbike', 'person', 'potted-plant', 'sheep', 'sofa',
               'train', 'tv/monitor']

    def __init__(self, data_root, is_train=True, img_tf=None, target_tf=None, fetch_data=False, crop_side=None):
        self.data_root = data_root
        voc_dir = os.path.join(self.data_root, 'VOC2012')
        split_dir = os.path.join(voc_dir, 'list')
        self.img_tf = img_tf
        self.target_tf = target_tf
        self.is_train = is_train
        self.crop_side = crop_side
        split_file = os.path.join(split_dir, 'train_aug.txt' if self.is_train else 'val.txt')
        self.image_files = []
        self.mask_files = []
        with open(split_file, 'r') as split_lines:
            for entry in split_lines:
                image_path = voc_dir + entry.split()[0]
                mask_file_path = voc_dir + entry.split()[1]
                assert os.path.isfile(image_path)
                assert os.path.isfile(mask_file_path)
                self.image_files.append(image_path)
                self.mask_files.append(mask_file_path)

    def __getitem__(self, item_idx):
        img_rgb = Image.open(self.image_files[item_idx]).convert('RGB')
        target_map = Image.open(self.mask_files[item_idx])
        img_rgb, target_map = augment_pair(img_rgb, target_map, do_flip=True if self.is_train else False,
                                 scale_range=(0.5, 2.0) if self.is_train else None,
                                 crop_hw=(self.crop_side, self.crop_side))
        if self.img_tf is not None:
            img_rgb = self.img_tf(img_rgb)
        if self.target_tf is not None:
            target_map = self.target_tf(target_map)
        return img_rgb, target_map

    def __len__(self):
        return len(self.image_files)

# ---------------------------------------------------------------------------
# networks
# ---------------------------------------------------------------------------
class StdConv2d(nn.Conv2d):
    """Conv layer whose kernel is standardised (zero mean, unit std) per output channel."""
    def forward(self, x):
        kernel = self.weight
        k_mean = kernel.mean(dim=1, keepdim=True).mean(dim=2, keepdim=True).mean(dim=3, keepdim=True)
        kernel = kernel - k_mean
        k_std = kernel.view(kernel.size(0), -1).std(dim=1).view(-1, 1, 1, 1) + 1e-5
        kernel = kernel / k_std.expand_as(kernel)
        return F.conv2d(x, kernel, self.bias, self.stride, self.padding, self.dilation, self.groups)

class AtrousPyramid(nn.Module):
    def __init__(self, in_ch, width, n_classes, conv_cls=nn.Conv2d, norm_fn=nn.BatchNorm2d, bn_momentum=0.0003, rate_mult=1):
        super(AtrousPyramid, self).__init__()
        self._in_ch, self._width, self._n_classes = in_ch, width, n_classes
        self.image_pool = nn.AdaptiveAvgPool2d(1)
        self.act = nn.ReLU(inplace=True)
        self.branch1 = conv_cls(in_ch, width, kernel_size=1, stride=1, bias=False)
        self.branch2 = conv_cls(in_ch, width, kernel_size=3, stride=1, dilation=int(6 * rate_mult), padding=int(6 * rate_mult), bias=False)
        self.branch3 = conv_cls(in_ch, width, kernel_size=3, stride=1, dilation=int(12 * rate_mult), padding=int(12 * rate_mult), bias=False)
        self.branch4 = conv_cls(in_ch, width, kernel_size=3, stride=1, dilation=int(18 * rate_mult), padding=int(18 * rate_mult), bias=False)
        self.branch5 = conv_cls(in_ch, width, kernel_size=1, stride=1, bias=False)
        self.branch1_norm = norm_fn(width, bn_momentum)
        self.branch2_norm = norm_fn(width, bn_momentum)
        self.branch3_norm = norm_fn(width, bn_momentum)
        self.branch4_norm = norm_fn(width, bn_momentum)
        self.branch5_norm = norm_fn(width, bn_momentum)
        self.conv2 = conv_cls(width * 5, width, kernel_size=1, stride=1, bias=False)
        self.bn2 = norm_fn(width, bn_momentum)
        self.conv3 = nn.Conv2d(width, n_classes, kernel_size=1, stride=1)

    def forward(self, x):
        br1 = self.act(self.branch1_norm(self.branch1(x)))
        br2 = self.act(self.branch2_norm(self.branch2(x)))
        br3 = self.act(self.branch3_norm(self.branch3(x)))
        br4 = self.act(self.branch4_norm(self.branch4(x)))
        br5 = self.act(self.branch5_norm(self.branch5(self.image_pool(x))))
        br5 = nn.Upsample((x.shape[2], x.shape[3]), mode='bilinear', align_corners=True)(br5)
        x = torch.cat((br1, br2, br3, br4, br5), 1)
        x = self.act(self.bn2(self.conv2(x)))
        return self.conv3(x)

class ResBottleneck(nn.Module):
    growth = 4

    def __init__(self, in_planes, mid_planes, stride_=1, shortcut_proj=None, dil=1, conv_cls=None, norm_fn=None):
        super(ResBottleneck, self).__init__()
        self.conv1 = conv_cls(in_planes, mid_planes, kernel_size=1, bias=False)
        self.bn1 = norm_fn(mid_planes)
        self.conv2 = conv_cls(mid_planes, mid_planes, kernel_size=3, stride=stride_, dilation=dil, padding=dil, bias=False)
        self.bn2 = norm_fn(mid_planes)
        self.conv3 = conv_cls(mid_planes, mid_planes * self.growth, kernel_size=1, bias=False)
        self.bn3 = norm_fn(mid_planes * self.growth)
        self.act = nn.ReLU(inplace=True)
        self.downsample = shortcut_proj
        self.stride = stride_

    def forward(self, x):
        skip = x
        res = self.act(self.bn1(self.conv1(x)))
        res = self.act(self.bn2(self.conv2(res)))
        res = self.bn3(self.conv3(res))
        if self.downsample is not None:
            skip = self.downsample(x)
        res += skip
        return self.act(res)

class DilatedResNet(nn.Module):
    def __init__(self, block_cls, stage_sizes, n_classes, gn_groups=None, use_ws=False, deep_stem=False):
        self.cur_planes = 64
        self.norm_fn = lambda mid_planes, bn_momentum=0.05: nn.BatchNorm2d(mid_planes, momentum=bn_momentum) if gn_groups is None else nn.GroupNorm(gn_groups, mid_planes)
        self.conv_cls = StdConv2d if use_ws else nn.Conv2d
        super(DilatedResNet, self).__init__()
        if not deep_stem:
            self.conv1 = self.conv_cls(3, 64, kernel_size=7, stride=2, padding=3, bias=False)
        else:
            self.conv1 = nn.Sequential(self.conv_cls(3, 64, 3, stride=2, padding=1, bias=False),
                                       self.conv_cls(64, 64, 3, stride=1, padding=1, bias=False),
                                       self.conv_cls(64, 64, 3, stride=1, padding=1, bias=False))
        self.bn1 = self.norm_fn(64)
        self.act = nn.ReLU(inplace=True)
        self.stem_pool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._stack_blocks(block_cls, 64, stage_sizes[0])
        self.layer2 = self._stack_blocks(block_cls, 128, stage_sizes[1], stride_=2)
        self.layer3 = self._stack_blocks(block_cls, 256, stage_sizes[2], stride_=2)
        self.layer4 = self._stack_blocks(block_cls, 512, stage_sizes[3], stride_=1, dil=2)
        self.aspp = AtrousPyramid(512 * block_cls.growth, 256, n_classes, conv_cls=self.conv_cls, norm_fn=self.norm_fn)
        for mod in self.modules():
            if isinstance(mod, self.conv_cls):
                fan = mod.kernel_size[0] * mod.kernel_size[1] * mod.out_channels
                mod.weight.data.normal_(0, math.sqrt(2. / fan))
            elif isinstance(mod, nn.BatchNorm2d) or isinstance(mod, nn.GroupNorm):
                mod.weight.data.fill_(1)
                mod.bias.data.zero_()

    def _stack_blocks(self, block_cls, mid_planes, n_blocks, stride_=1, dil=1):
        proj = None
        if stride_ != 1 or dil != 1 or self.cur_planes != mid_planes * block_cls.growth:
            proj = nn.Sequential(
                self.conv_cls(self.cur_planes, mid_planes * block_cls.growth, kernel_size=1, stride=stride_,
                          dilation=max(1, dil / 2), bias=False),
                self.norm_fn(mid_planes * block_cls.growth))
        seq_blocks = [block_cls(self.cur_planes, mid_planes, stride_, proj, dil=max(1, dil / 2),
                        conv_cls=self.conv_cls, norm_fn=self.norm_fn)]
        self.cur_planes = mid_planes * block_cls.growth
        for _ in range(1, n_blocks):
            seq_blocks.append(block_cls(self.cur_planes, mid_planes, dil=dil, conv_cls=self.conv_cls, norm_fn=self.norm_fn))
        return nn.Sequential(*seq_blocks)

    def forward(self, x):
        out_hw = (x.shape[2], x.shape[3])
        x = self.stem_pool(self.act(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = self.aspp(x)
        return nn.Upsample(out_hw, mode='bilinear', align_corners=True)(x)

def build_resnet101(load_pretrained=False, gn_groups=None, use_ws=False, **extra):
    model = DilatedResNet(ResBottleneck, [3, 4, 23, 3], gn_groups=gn_groups, use_ws=use_ws, **extra)
    if load_pretrained:
        own_state = model.state_dict()
        if gn_groups and use_ws:
            checkpoint = torch.load('data/R-101-GN-WS.pth.tar')
            matched = {k[7:]: v for k, v in checkpoint.items() if k[7:] in own_state}
            assert len(matched) == 312
        elif not gn_groups and not use_ws:
            checkpoint = model_zoo.load_url(WEIGHT_URLS['resnet101'])
            matched = {k: v for k, v in checkpoint.items() if k in own_state}
        else:
            raise ValueError('pretrained weights exist only for BN or GN with WS')
        own_state.update(matched)
        model.load_state_dict(own_state)
    return model

# ---------------------------------------------------------------------------
# fitting and scoring
# ---------------------------------------------------------------------------
def run_main():
    assert torch.cuda.is_available()
    torch.backends.cudnn.benchmark = True
    ckpt_pattern = 'data/deeplab_{0}_{1}_v3_{2}_epoch%d.pth'.format(opts.backbone, opts.dataset, opts.exp)
    if opts.dataset == 'pascal':
        seg_dataset = VocSegData('data/VOCdevkit', is_train=opts.train, crop_side=opts.crop_size)
    else:
        raise ValueError('data set not supported: {}'.format(opts.dataset))
    if opts.backbone == 'resnet101':
        model = build_resnet101(load_pretrained=(not opts.scratch), n_classes=len(seg_dataset.LABEL_NAMES),
                          gn_groups=opts.groups, use_ws=opts.weight_std, deep_stem=opts.beta)
    else:
        raise ValueError('backbone not supported: {}'.format(opts.backbone))
    if opts.train:
        ce_loss = nn.CrossEntropyLoss(ignore_index=255)
        model = nn.DataParallel(model).cuda()
        model.train()
        if opts.freeze_bn:
            for mod in model.modules():
                if isinstance(mod, nn.BatchNorm2d):
                    mod.eval()
                    mod.weight.requires_grad = False
                    mod.bias.requires_grad = False
        trunk_params = (list(model.module.conv1.parameters()) + list(model.module.bn1.parameters()) +
                           list(model.module.layer1.parameters()) + list(model.module.layer2.parameters()) +
                           list(model.module.layer3.parameters()) + list(model.module.layer4.parameters()))
        head_params = list(model.module.aspp.parameters())
        optimizer = optim.SGD([{'params': filter(lambda p: p.requires_grad, trunk_params)},
                               {'params': filter(lambda p: p.requires_grad, head_params)}],
                              lr=opts.base_lr, momentum=0.9, weight_decay=0.0001)
        train_loader = torch.utils.data.DataLoader(seg_dataset, batch_size=opts.batch_size, shuffle=opts.train,
                                             pin_memory=True, num_workers=opts.workers)
        total_iters = opts.epochs * len(train_loader)
        loss_meter = RunningStat()
        first_epoch = 0
        if opts.resume:
            if os.path.isfile(opts.resume):
                print('resuming from {0}'.format(opts.resume))
                checkpoint = torch.load(opts.resume)
                first_epoch = checkpoint['epoch']
                model.load_state_dict(checkpoint['state_dict'])
                optimizer.load_state_dict(checkpoint['optimizer'])
                print('resumed {0} at epoch {1}'.format(opts.resume, checkpoint['epoch']))
            else:
                print('nothing to resume at {0}'.format(opts.resume))
        for epoch in range(first_epoch, opts.epochs):
            for i, (images, target_map) in enumerate(train_loader):
                step_no = epoch * len(train_loader) + i
                cur_lr = opts.base_lr * (1 - float(step_no) / total_iters) ** 0.9
                optimizer.param_groups[0]['lr'] = cur_lr
                optimizer.param_groups[1]['lr'] = cur_lr * opts.last_mult
                images = Variable(images.cuda())
                target_map = Variable(target_map.cuda())
                logits = model(images)
                loss = ce_loss(logits, target_map)
                if np.isnan(loss.item()) or np.isinf(loss.item()):
                    pdb.set_trace()
                loss_meter.add(loss.item(), opts.batch_size)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad()
                print('ep {0}\tstep {1}/{2}\tlr {3:.6f}\tloss {loss.last:.4f} (smoothed {loss.smooth:.4f})'.format(
                    epoch + 1, i + 1, len(train_loader), cur_lr, loss=loss_meter))
            if epoch % 10 == 9:
                torch.save({'epoch': epoch + 1, 'state_dict': model.state_dict(),
                            'optimizer': optimizer.state_dict()}, ckpt_pattern % (epoch + 1))
    else:
        torch.cuda.set_device(opts.gpu)
        model = model.cuda()
        model.eval()
        checkpoint = torch.load(ckpt_pattern % opts.epochs)
        weights = {k[7:]: v for k, v in checkpoint['state_dict'].items() if 'tracked' not in k}
        model.load_state_dict(weights)
        palette = loadmat('data/pascal_seg_colormap.mat')['colormap']
        palette = (palette * 255).astype(np.uint8).flatten().tolist()
        hit_meter = RunningStat()
        union_acc = RunningStat()
        for i in range(len(seg_dataset)):
            images, target_map = seg_dataset[i]
            images = Variable(images.cuda())
            logits = model(images.unsqueeze(0))
            _, predicted = torch.max(logits, 1)
            predicted = predicted.data.cpu().numpy().squeeze().astype(np.uint8)
            gt_mask = target_map.numpy().astype(np.uint8)
            out_name = seg_dataset.mask_files[i].split('/')[-1]
            pred_img = Image.fromarray(predicted)
            pred_img.putpalette(palette)
            pred_img.save(os.path.join('data/val', out_name))
            print('scored {0} of {1}'.format(i + 1, len(seg_dataset)))
            hit, uni = overlap_counts(predicted, gt_mask, len(seg_dataset.LABEL_NAMES))
            hit_meter.add(hit)
            union_acc.add(uni)
        class_iou = hit_meter.total / (union_acc.total + 1e-10)
        for i, value in enumerate(class_iou):
            print('{0} IoU {1:.2f}'.format(seg_dataset.LABEL_NAMES[i], value * 100))
        print('mIoU {0:.2f}'.format(class_iou.mean() * 100))

if __name__ == "__main__":
    run_main()
