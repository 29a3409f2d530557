# source: https://github.com/zoogzog/chexnet/blob/34d29eeee52a620dc274e78932454c6983aee62f/ChexnetTrainer.py + DatasetGenerator.py (memory issue: https://github.com/zoogzog/chexnet/issues/12)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the async=True keyword of the 2018 code is spelled non_blocking=True so the file parses on Python 3.7+)
import os
import time

import numpy as np
import torch
import torch.backends.cudnn as cudnn
import torchvision.transforms as transforms
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torch.optim.lr_scheduler import ReduceLROnPlateau
from PIL import Image
from sklearn.metrics import roc_auc_score

from DensenetModels import DenseNet121, DenseNet169, DenseNet201


class XrayList(Dataset):
    def __init__(self, image_dir, list_file, transform):
        self.paths = []
        self.labels = []
        self.transform = transform
        handle = open(list_file, "r")
        line = True
        while line:
            line = handle.readline()
            if line:
                parts = line.split()
                self.paths.append(os.path.join(image_dir, parts[0]))
                self.labels.append([int(v) for v in parts[1:]])
        handle.close()

    def __getitem__(self, index):
        pic = Image.open(self.paths[index]).convert('RGB')
        target = torch.FloatTensor(self.labels[index])
        if self.transform is not None:
            pic = self.transform(pic)
        return pic, target

    def __len__(self):
        return len(self.paths)


def make_net(arch, n_classes, pretrained):
    if arch == 'DENSE-NET-121':
        return DenseNet121(n_classes, pretrained).cuda()
    if arch == 'DENSE-NET-169':
        return DenseNet169(n_classes, pretrained).cuda()
    return DenseNet201(n_classes, pretrained).cuda()


class XrayTrainer():

    def train(image_dir, train_list, val_list, arch, pretrained, n_classes, batch_size, max_epoch, resize, crop, stamp, checkpoint):
        model = make_net(arch, n_classes, pretrained)
        model = torch.nn.DataParallel(model).cuda()

        normalize = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        pipeline = transforms.Compose([transforms.RandomResizedCrop(crop), transforms.RandomHorizontalFlip(),
                                       transforms.ToTensor(), normalize])

        train_set = XrayList(image_dir=image_dir, list_file=train_list, transform=pipeline)
        val_set = XrayList(image_dir=image_dir, list_file=val_list, transform=pipeline)
        train_loader = DataLoader(dataset=train_set, batch_size=batch_size, shuffle=True, num_workers=24, pin_memory=True)
        val_loader = DataLoader(dataset=val_set, batch_size=batch_size, shuffle=False, num_workers=24, pin_memory=True)

        optimizer = optim.Adam(model.parameters(), lr=0.0001, betas=(0.9, 0.999), eps=1e-08, weight_decay=1e-5)
        scheduler = ReduceLROnPlateau(optimizer, factor=0.1, patience=5, mode='min')
        bce = torch.nn.BCELoss(size_average=True)

        if checkpoint is not None:
            saved = torch.load(checkpoint)
            model.load_state_dict(saved['state_dict'])
            optimizer.load_state_dict(saved['optimizer'])

        best = 100000
        for epoch in range(0, max_epoch):
            XrayTrainer.train_epoch(model, train_loader, optimizer, scheduler, max_epoch, n_classes, bce)
            val_value, val_tensor = XrayTrainer.val_epoch(model, val_loader, optimizer, scheduler, max_epoch, n_classes, bce)
            scheduler.step(val_tensor.data[0])
            if val_value < best:
                best = val_value
                torch.save({'epoch': epoch + 1, 'state_dict': model.state_dict(), 'best_loss': best,
                            'optimizer': optimizer.state_dict()}, 'm-' + stamp + '.pth.tar')
            print(epoch + 1, time.strftime("%H%M%S"), val_value)

    def train_epoch(model, loader, optimizer, scheduler, max_epoch, n_classes, bce):
        model.train()
        for batch_id, (inp, target) in enumerate(loader):
            target = target.cuda(non_blocking=True)
            var_in = torch.autograd.Variable(inp)
            var_target = torch.autograd.Variable(target)
            var_out = model(var_in)
            loss_value = bce(var_out, var_target)
            optimizer.zero_grad()
            loss_value.backward()
            optimizer.step()

    def val_epoch(model, loader, optimizer, scheduler, max_epoch, n_classes, bce):
        model.eval()
        val_sum = 0
        val_count = 0
        tensor_sum = 0
        for i, (inp, target) in enumerate(loader):
            target = target.cuda(non_blocking=True)
            var_in = torch.autograd.Variable(inp, volatile=True)
            var_target = torch.autograd.Variable(target, volatile=True)
            var_out = model(var_in)
            batch_loss = bce(var_out, var_target)
            tensor_sum += batch_loss
            val_sum += batch_loss.data[0]
            val_count += 1
        mean_value = val_sum / val_count
        tensor_sum = tensor_sum / val_count
        return mean_value, tensor_sum

    def auroc(truth, scores, n_classes):
        per_class = []
        t = truth.cpu().numpy()
        s = scores.cpu().numpy()
        for i in range(n_classes):
            per_class.append(roc_auc_score(t[:, i], s[:, i]))
        return per_class

    def test(image_dir, test_list, model_path, arch, n_classes, pretrained, batch_size, resize, crop, stamp):
        cudnn.benchmark = True
        model = make_net(arch, n_classes, pretrained)
        model = torch.nn.DataParallel(model).cuda()
        model.load_state_dict(torch.load(model_path)['state_dict'])

        normalize = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        pipeline = transforms.Compose([
            transforms.Resize(resize),
            transforms.TenCrop(crop),
            transforms.Lambda(lambda crops: torch.stack([transforms.ToTensor()(c) for c in crops])),
            transforms.Lambda(lambda crops: torch.stack([normalize(c) for c in crops])),
        ])
        test_set = XrayList(image_dir=image_dir, list_file=test_list, transform=pipeline)
        test_loader = DataLoader(dataset=test_set, batch_size=batch_size, num_workers=8, shuffle=False, pin_memory=True)

        all_truth = torch.FloatTensor().cuda()
        all_scores = torch.FloatTensor().cuda()
        model.eval()
        for i, (inp, target) in enumerate(test_loader):
            target = target.cuda()
            all_truth = torch.cat((all_truth, target), 0)
            bs, n_crops, c, h, w = inp.size()
            var_in = torch.autograd.Variable(inp.view(-1, c, h, w).cuda(), volatile=True)
            out = model(var_in)
            crop_mean = out.view(bs, n_crops, -1).mean(1)
            all_scores = torch.cat((all_scores, crop_mean.data), 0)

        scores = XrayTrainer.auroc(all_truth, all_scores, n_classes)
        print(np.array(scores).mean())
