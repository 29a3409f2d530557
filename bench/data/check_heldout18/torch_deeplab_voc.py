"""DeepLab v3 (ResNet-101 + ASPP) on PASCAL VOC 2012 (train_aug / val).

With --train the network is trained with the poly learning-rate schedule;
without it the last checkpoint is evaluated image by image on the val list,
predicted masks are written to data/val and per-class IoU is printed.
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

parser = argparse.ArgumentParser()
parser.add_argument('--train', action='store_true', default=False, help='training mode')
parser.add_argument('--exp', type=str, required=True, help='name of experiment')
parser.add_argument('--gpu', type=int, default=0, help='test time gpu device id')
parser.add_argument('--backbone', type=str, default='resnet101', help='resnet101')
parser.add_argument('--dataset', type=str, default='pascal', help='pascal')
parser.add_argument('--groups', type=int, default=None, help='num of groups for group normalization')
parser.add_argument('--epochs', type=int, default=30, help='num of training epochs')
parser.add_argument('--batch_size', type=int, default=16, help='batch size')
parser.add_argument('--base_lr', type=float, default=0.00025, help='base learning rate')
parser.add_argument('--last_mult', type=float, default=1.0, help='learning rate multiplier for last layers')
parser.add_argument('--scratch', action='store_true', default=False, help='train from scratch')
parser.add_argument('--freeze_bn', action='store_true', default=False, help='freeze batch normalization parameters')
parser.add_argument('--weight_std', action='store_true', default=False, help='weight standardization')
parser.add_argument('--beta', action='store_true', default=False, help='resnet101 beta')
parser.add_argument('--crop_size', type=int, default=513, help='image crop size')
parser.add_argument('--resume', type=str, default=None, help='path to checkpoint to resume from')
parser.add_argument('--workers', type=int, default=4, help='number of data loading workers')
args = parser.parse_args()

model_urls = {'resnet101': 'https://download.pytorch.org/models/resnet101-5d3b4d8f.pth'}

# ---------------------------------------------------------------------------
# utilities
# ---------------------------------------------------------------------------
class AverageMeter(object):
    def __init__(self):
        self.val = None
        self.sum = None
        self.cnt = None
        self.avg = None
        self.ema = None
        self.initialized = False

    def update(self, val, n=1):
        if not self.initialized:
            self.val, self.sum, self.cnt, self.avg, self.ema = val, val * n, n, val, val
            self.initialized = True
        else:
            self.val = val
            self.sum += val * n
            self.cnt += n
            self.avg = self.sum / self.cnt
            self.ema = self.ema * 0.99 + self.val * 0.01

def inter_and_union(pred, mask, num_class):
    pred = np.asarray(pred, dtype=np.uint8).copy()
    mask = np.asarray(mask, dtype=np.uint8).copy()
    pred += 1   # 255 (ignore) wraps to 0
    mask += 1
    pred = pred * (mask > 0)
    inter = pred * (pred == mask)
    (area_inter, _) = np.histogram(inter, bins=num_class, range=(1, num_class))
    (area_pred, _) = np.histogram(pred, bins=num_class, range=(1, num_class))
    (area_mask, _) = np.histogram(mask, bins=num_class, range=(1, num_class))
    return (area_inter, area_pred + area_mask - area_inter)

def preprocess(image, mask, flip=False, scale=None, crop=None):
    if flip and random.random() < 0.5:
        image = image.transpose(Image.FLIP_LEFT_RIGHT)
        mask = mask.transpose(Image.FLIP_LEFT_RIGHT)
    if scale:
        w, h = image.size
        log_s = math.log(scale[0], 2) + random.random() * (math.log(scale[1], 2) - math.log(scale[0], 2))
        s = math.pow(2, log_s)
        size = (int(round(w * s)), int(round(h * s)))
        image = image.resize(size, Image.ANTIALIAS)
        mask = mask.resize(size, Image.NEAREST)
    to_tensor = transforms.Compose([transforms.ToTensor(),
                                    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
    image = to_tensor(image)
    mask = torch.LongTensor(np.array(mask).astype(np.int64))
    if crop:
        h, w = image.shape[1], image.shape[2]
        pad_tb = max(0, crop[0] - h)
        pad_lr = max(0, crop[1] - w)
        image = torch.nn.ZeroPad2d((0, pad_lr, 0, pad_tb))(image)
        mask = torch.nn.ConstantPad2d((0, pad_lr, 0, pad_tb), 255)(mask)
        h, w = image.shape[1], image.shape[2]
        i = random.randint(0, h - crop[0])
        j = random.randint(0, w - crop[1])
        image = image[:, i:i + crop[0], j:j + crop[1]]
        mask = mask[i:i + crop[0], j:j + crop[1]]
    return image, mask

class VOCSegmentation(data.Dataset):
    CLASSES = ['background', 'aeroplane', 'bicycle', 'bird', 'boat', 'bottle', 'bus', 'car', 'cat', 'chair',
               'cow', 'diningtable', 'dog', 'horse', 'motorbike', 'person', 'potted-plant', 'sheep', 'sofa',
               'train', 'tv/monitor']

    def __init__(self, root, train=True, transform=None, target_transform=None, download=False, crop_size=None):
        self.root = root
        voc_root = os.path.join(self.root, 'VOC2012')
        list_dir = os.path.join(voc_root, 'list')
        self.transform = transform
        self.target_transform = target_transform
        self.train = train
        self.crop_size = crop_size
        list_file = os.path.join(list_dir, 'train_aug.txt' if self.train else 'val.txt')
        self.images = []
        self.masks = []
        with open(list_file, 'r') as lines:
            for line in lines:
                img_path = voc_root + line.split()[0]
                mask_path = voc_root + line.split()[1]
                assert os.path.isfile(img_path)
                assert os.path.isfile(mask_path)
                self.images.append(img_path)
                self.masks.append(mask_path)

    def __getitem__(self, index):
        img = Image.open(self.images[index]).convert('RGB')
        target = Image.open(self.masks[index])
        img, target = preprocess(img, target, flip=True if self.train else False,
                                 scale=(0.5, 2.0) if self.train else None,
                                 crop=(self.crop_size, self.crop_size))
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return img, target

    def __len__(self):
        return len(self.images)

# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
class Conv2d(nn.Conv2d):
    """Convolution with weight standardisation."""
    def forward(self, x):
        w = self.weight
        w_mean = w.mean(dim=1, keepdim=True).mean(dim=2, keepdim=True).mean(dim=3, keepdim=True)
        w = w - w_mean
        std = w.view(w.size(0), -1).std(dim=1).view(-1, 1, 1, 1) + 1e-5
        w = w / std.expand_as(w)
        return F.conv2d(x, w, self.bias, self.stride, self.padding, self.dilation, self.groups)

class ASPP(nn.Module):
    def __init__(self, C, depth, num_classes, conv=nn.Conv2d, norm=nn.BatchNorm2d, momentum=0.0003, mult=1):
        super(ASPP, self).__init__()
        self._C, self._depth, self._num_classes = C, depth, num_classes
        self.global_pooling = nn.AdaptiveAvgPool2d(1)
        self.relu = nn.ReLU(inplace=True)
        self.aspp1 = conv(C, depth, kernel_size=1, stride=1, bias=False)
        self.aspp2 = conv(C, depth, kernel_size=3, stride=1, dilation=int(6 * mult), padding=int(6 * mult), bias=False)
        self.aspp3 = conv(C, depth, kernel_size=3, stride=1, dilation=int(12 * mult), padding=int(12 * mult), bias=False)
        self.aspp4 = conv(C, depth, kernel_size=3, stride=1, dilation=int(18 * mult), padding=int(18 * mult), bias=False)
        self.aspp5 = conv(C, depth, kernel_size=1, stride=1, bias=False)
        self.aspp1_bn = norm(depth, momentum)
        self.aspp2_bn = norm(depth, momentum)
        self.aspp3_bn = norm(depth, momentum)
        self.aspp4_bn = norm(depth, momentum)
        self.aspp5_bn = norm(depth, momentum)
        self.conv2 = conv(depth * 5, depth, kernel_size=1, stride=1, bias=False)
        self.bn2 = norm(depth, momentum)
        self.conv3 = nn.Conv2d(depth, num_classes, kernel_size=1, stride=1)

    def forward(self, x):
        x1 = self.relu(self.aspp1_bn(self.aspp1(x)))
        x2 = self.relu(self.aspp2_bn(self.aspp2(x)))
        x3 = self.relu(self.aspp3_bn(self.aspp3(x)))
        x4 = self.relu(self.aspp4_bn(self.aspp4(x)))
        x5 = self.relu(self.aspp5_bn(self.aspp5(self.global_pooling(x))))
        x5 = nn.Upsample((x.shape[2], x.shape[3]), mode='bilinear', align_corners=True)(x5)
        x = torch.cat((x1, x2, x3, x4, x5), 1)
        x = self.relu(self.bn2(self.conv2(x)))
        return self.conv3(x)

class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None, dilation=1, conv=None, norm=None):
        super(Bottleneck, self).__init__()
        self.conv1 = conv(inplanes, planes, kernel_size=1, bias=False)
        self.bn1 = norm(planes)
        self.conv2 = conv(planes, planes, kernel_size=3, stride=stride, dilation=dilation, padding=dilation, bias=False)
        self.bn2 = norm(planes)
        self.conv3 = conv(planes, planes * self.expansion, kernel_size=1, bias=False)
        self.bn3 = norm(planes * self.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        shortcut = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.downsample is not None:
            shortcut = self.downsample(x)
        out += shortcut
        return self.relu(out)

class ResNet(nn.Module):
    def __init__(self, block, layers, num_classes, num_groups=None, weight_std=False, beta=False):
        self.inplanes = 64
        self.norm = lambda planes, momentum=0.05: nn.BatchNorm2d(planes, momentum=momentum) if num_groups is None else nn.GroupNorm(num_groups, planes)
        self.conv = Conv2d if weight_std else nn.Conv2d
        super(ResNet, self).__init__()
        if not beta:
            self.conv1 = self.conv(3, 64, kernel_size=7, stride=2, padding=3, bias=False)
        else:
            self.conv1 = nn.Sequential(self.conv(3, 64, 3, stride=2, padding=1, bias=False),
                                       self.conv(64, 64, 3, stride=1, padding=1, bias=False),
                                       self.conv(64, 64, 3, stride=1, padding=1, bias=False))
        self.bn1 = self.norm(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layers[3], stride=1, dilation=2)
        self.aspp = ASPP(512 * block.expansion, 256, num_classes, conv=self.conv, norm=self.norm)
        for m in self.modules():
            if isinstance(m, self.conv):
                n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                m.weight.data.normal_(0, math.sqrt(2. / n))
            elif isinstance(m, nn.BatchNorm2d) or isinstance(m, nn.GroupNorm):
                m.weight.data.fill_(1)
                m.bias.data.zero_()

    def _make_layer(self, block, planes, blocks, stride=1, dilation=1):
        downsample = None
        if stride != 1 or dilation != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                self.conv(self.inplanes, planes * block.expansion, kernel_size=1, stride=stride,
                          dilation=max(1, dilation / 2), bias=False),
                self.norm(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample, dilation=max(1, dilation / 2),
                        conv=self.conv, norm=self.norm)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(block(self.inplanes, planes, dilation=dilation, conv=self.conv, norm=self.norm))
        return nn.Sequential(*layers)

    def forward(self, x):
        size = (x.shape[2], x.shape[3])
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = self.aspp(x)
        return nn.Upsample(size, mode='bilinear', align_corners=True)(x)

def resnet101(pretrained=False, num_groups=None, weight_std=False, **kwargs):
    model = ResNet(Bottleneck, [3, 4, 23, 3], num_groups=num_groups, weight_std=weight_std, **kwargs)
    if pretrained:
        own = model.state_dict()
        if num_groups and weight_std:
            ckpt = torch.load('data/R-101-GN-WS.pth.tar')
            overlap = {k[7:]: v for k, v in ckpt.items() if k[7:] in own}
            assert len(overlap) == 312
        elif not num_groups and not weight_std:
            ckpt = model_zoo.load_url(model_urls['resnet101'])
            overlap = {k: v for k, v in ckpt.items() if k in own}
        else:
            raise ValueError('Currently only support BN or GN+WS')
        own.update(overlap)
        model.load_state_dict(own)
    return model

# ---------------------------------------------------------------------------
# train / evaluate
# ---------------------------------------------------------------------------
def main():
    assert torch.cuda.is_available()
    torch.backends.cudnn.benchmark = True
    model_fname = 'data/deeplab_{0}_{1}_v3_{2}_epoch%d.pth'.format(args.backbone, args.dataset, args.exp)
    if args.dataset == 'pascal':
        dataset = VOCSegmentation('data/VOCdevkit', train=args.train, crop_size=args.crop_size)
    else:
        raise ValueError('Unknown dataset: {}'.format(args.dataset))
    if args.backbone == 'resnet101':
        model = resnet101(pretrained=(not args.scratch), num_classes=len(dataset.CLASSES),
                          num_groups=args.groups, weight_std=args.weight_std, beta=args.beta)
    else:
        raise ValueError('Unknown backbone: {}'.format(args.backbone))
    if args.train:
        criterion = nn.CrossEntropyLoss(ignore_index=255)
        model = nn.DataParallel(model).cuda()
        model.train()
        if args.freeze_bn:
            for m in model.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.eval()
                    m.weight.requires_grad = False
                    m.bias.requires_grad = False
        backbone_params = (list(model.module.conv1.parameters()) + list(model.module.bn1.parameters()) +
                           list(model.module.layer1.parameters()) + list(model.module.layer2.parameters()) +
                           list(model.module.layer3.parameters()) + list(model.module.layer4.parameters()))
        last_params = list(model.module.aspp.parameters())
        optimizer = optim.SGD([{'params': filter(lambda p: p.requires_grad, backbone_params)},
                               {'params': filter(lambda p: p.requires_grad, last_params)}],
                              lr=args.base_lr, momentum=0.9, weight_decay=0.0001)
        loader = torch.utils.data.DataLoader(dataset, batch_size=args.batch_size, shuffle=args.train,
                                             pin_memory=True, num_workers=args.workers)
        max_iter = args.epochs * len(loader)
        losses = AverageMeter()
        start_epoch = 0
        if args.resume:
            if os.path.isfile(args.resume):
                print('=> loading checkpoint {0}'.format(args.resume))
                ckpt = torch.load(args.resume)
                start_epoch = ckpt['epoch']
                model.load_state_dict(ckpt['state_dict'])
                optimizer.load_state_dict(ckpt['optimizer'])
                print('=> loaded checkpoint {0} (epoch {1})'.format(args.resume, ckpt['epoch']))
            else:
                print('=> no checkpoint found at {0}'.format(args.resume))
        for epoch in range(start_epoch, args.epochs):
            for i, (inputs, target) in enumerate(loader):
                cur_iter = epoch * len(loader) + i
                lr = args.base_lr * (1 - float(cur_iter) / max_iter) ** 0.9
                optimizer.param_groups[0]['lr'] = lr
                optimizer.param_groups[1]['lr'] = lr * args.last_mult
                inputs = Variable(inputs.cuda())
                target = Variable(target.cuda())
                outputs = model(inputs)
                loss = criterion(outputs, target)
                if np.isnan(loss.item()) or np.isinf(loss.item()):
                    pdb.set_trace()
                losses.update(loss.item(), args.batch_size)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad()
                print('epoch: {0}\titer: {1}/{2}\tlr: {3:.6f}\tloss: {loss.val:.4f} ({loss.ema:.4f})'.format(
                    epoch + 1, i + 1, len(loader), lr, loss=losses))
            if epoch % 10 == 9:
                torch.save({'epoch': epoch + 1, 'state_dict': model.state_dict(),
                            'optimizer': optimizer.state_dict()}, model_fname % (epoch + 1))
    else:
        torch.cuda.set_device(args.gpu)
        model = model.cuda()
        model.eval()
        ckpt = torch.load(model_fname % args.epochs)
        state_dict = {k[7:]: v for k, v in ckpt['state_dict'].items() if 'tracked' not in k}
        model.load_state_dict(state_dict)
        cmap = loadmat('data/pascal_seg_colormap.mat')['colormap']
        cmap = (cmap * 255).astype(np.uint8).flatten().tolist()
        inter_meter = AverageMeter()
        union_meter = AverageMeter()
        for i in range(len(dataset)):
            inputs, target = dataset[i]
            inputs = Variable(inputs.cuda())
            outputs = model(inputs.unsqueeze(0))
            _, pred = torch.max(outputs, 1)
            pred = pred.data.cpu().numpy().squeeze().astype(np.uint8)
            mask = target.numpy().astype(np.uint8)
            imname = dataset.masks[i].split('/')[-1]
            mask_pred = Image.fromarray(pred)
            mask_pred.putpalette(cmap)
            mask_pred.save(os.path.join('data/val', imname))
            print('eval: {0}/{1}'.format(i + 1, len(dataset)))
            inter, union = inter_and_union(pred, mask, len(dataset.CLASSES))
            inter_meter.update(inter)
            union_meter.update(union)
        iou = inter_meter.sum / (union_meter.sum + 1e-10)
        for i, val in enumerate(iou):
            print('IoU {0}: {1:.2f}'.format(dataset.CLASSES[i], val * 100))
        print('Mean IoU: {0:.2f}'.format(iou.mean() * 100))

if __name__ == "__main__":
    main()
