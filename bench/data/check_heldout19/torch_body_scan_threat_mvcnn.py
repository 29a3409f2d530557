"""
Threat-zone detection on millimetre-wave body scans (16 views per subject):
ResNet-50 per view + attention LSTM over views -> 17 zone probabilities.
Training script with the project's model, ResNet variant, LR schedule and .aps reader.
"""
import math
import os
import time
from math import cos, pi

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.model_zoo as model_zoo
import torchsample.transforms
from torch.optim.lr_scheduler import _LRScheduler

TEST_MODEL = False          # only write a predictions file
DEBUG = False               # small label file
VIEW_COUNT_TOTAL = 16       # views stored in every .aps file
VIEW_COUNT_SAMPLE = 16      # views fed to the network
epochs = 401
state_dict = None           # checkpoint(s) to resume from / predict with
opt_dict = None             # optimizer state to resume from

zone_mirror = dict([(1, 3), (2, 4), (3, 1), (4, 2), (5, 5), (6, 7), (7, 6), (8, 10), (9, 9), (10, 8),
                    (11, 12), (12, 11), (13, 14), (14, 13), (15, 16), (16, 15), (17, 17)])

# ------------------------------------------------------------- .aps reading
def read_header(path):
    # only the header fields used below (byte offsets of the .aps layout)
    hdr = dict()
    fid = open(path, 'r+b')
    fid.seek(276)
    hdr['word_type'] = np.fromfile(fid, dtype=np.int16, count=1)
    fid.seek(292)
    hdr['data_scale_factor'] = np.fromfile(fid, dtype=np.float32, count=1)
    fid.seek(348)
    hdr['num_x_pts'] = np.fromfile(fid, dtype=np.int32, count=1)
    hdr['num_y_pts'] = np.fromfile(fid, dtype=np.int32, count=1)
    hdr['num_z_pts'] = np.fromfile(fid, dtype=np.int32, count=1)
    hdr['num_t_pts'] = np.fromfile(fid, dtype=np.int32, count=1)
    fid.close()
    return hdr

def read_data(path, scale=True):
    ext = os.path.splitext(path)[1]
    hdr = read_header(path)
    nx, ny, nt = int(hdr['num_x_pts']), int(hdr['num_y_pts']), int(hdr['num_t_pts'])
    fid = open(path, 'rb')
    fid.seek(512)
    if ext == '.aps' or ext == '.a3daps':
        if hdr['word_type'] == 7:
            cube = np.fromfile(fid, dtype=np.float32, count=nx * ny * nt)
        elif hdr['word_type'] == 4:
            cube = np.fromfile(fid, dtype=np.uint16, count=nx * ny * nt)
        cube = cube.reshape(nx, ny, nt, order='F').copy()
        cube = cube * hdr['data_scale_factor'] if scale else (cube, hdr['data_scale_factor'])
    fid.close()
    return cube

def get_x_views(path, x=4):
    cube = read_data(path)
    n_views = cube.shape[2]
    return [np.flipud(cube[:, :, v].transpose()) for v in range(0, n_views, n_views // x)]

# ------------------------------------------------------------- LR schedule
class CosineLR(_LRScheduler):
    """Cosine annealing with warm restarts."""
    def __init__(self, optimizer, step_size_min=1e-5, t0=100, tmult=2, curr_epoch=-1, last_epoch=-1):
        self.step_size_min, self.t0, self.tmult = step_size_min, t0, tmult
        self.epochs_since_restart = curr_epoch
        super(CosineLR, self).__init__(optimizer, last_epoch)
    def get_lr(self):
        self.epochs_since_restart += 1
        if self.epochs_since_restart > self.t0:
            self.t0 *= self.tmult
            self.epochs_since_restart = 0
        lrs = [self.step_size_min + (0.5 * (base - self.step_size_min) *
                                     (1 + cos(self.epochs_since_restart * pi / self.t0)))
               for base in self.base_lrs]
        print(lrs)
        return lrs

# ------------------------------------------------ ResNet-50 trunk (modified)
class Bottleneck(nn.Module):
    expansion = 4
    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super(Bottleneck, self).__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, kernel_size=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, planes * 4, kernel_size=1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * 4)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample
        self.stride = stride
    def forward(self, x):
        skip = x
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        if self.downsample is not None:
            skip = self.downsample(x)
        return self.relu(y + skip)

class ResNet(nn.Module):
    """torchvision ResNet with stride 3 in the stem, no pooling/fc head."""
    def __init__(self, block, layers, num_classes=1000):
        self.inplanes = 64
        super(ResNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=3, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=3, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512 * block.expansion, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                m.weight.data.normal_(0, math.sqrt(2. / n))
            elif isinstance(m, nn.BatchNorm2d):
                m.weight.data.fill_(1)
                m.bias.data.zero_()
        self.load_state_dict(model_zoo.load_url('https://download.pytorch.org/models/resnet50-19c8e357.pth'))
        del self.fc, self.avgpool
    def _make_layer(self, block, planes, blocks, stride=1):
        down = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            down = nn.Sequential(nn.Conv2d(self.inplanes, planes * block.expansion,
                                           kernel_size=1, stride=stride, bias=False),
                                 nn.BatchNorm2d(planes * block.expansion))
        seq = [block(self.inplanes, planes, stride, down)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            seq.append(block(self.inplanes, planes))
        return nn.Sequential(*seq)
    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer3(self.layer2(self.layer1(x)))
        return self.layer4(x)

def resnet50(pretrained=False, **kwargs):
    return ResNet(Bottleneck, [3, 4, 6, 3], **kwargs)

# ------------------------------------------------------- multi-view network
class mvcnn(nn.Module):
    def __init__(self, num_classes=17, pretrained=True):
        super(mvcnn, self).__init__()
        self.cnn = resnet50(pretrained=pretrained)
        # three pyramid branches for threats of different size
        self.conv1 = nn.Sequential(nn.Conv2d(2048, 512, kernel_size=(1, 1), stride=1, padding=0), nn.ReLU(), nn.BatchNorm2d(512))
        self.conv2 = nn.Sequential(nn.Conv2d(2048, 256, kernel_size=(3, 3), stride=2, padding=1), nn.ReLU(), nn.BatchNorm2d(256))
        self.conv3 = nn.Sequential(nn.Conv2d(2048, 128, kernel_size=(5, 5), stride=3, padding=2), nn.ReLU(), nn.BatchNorm2d(128))
        self.avgpool1 = nn.AdaptiveAvgPool2d(1)
        self.lstm = nn.LSTM(input_size=2048 + 128 * 4 * 3 + 256 * 5 * 4 + 512 * 10 * 8, hidden_size=768,
                            num_layers=1, bias=True, batch_first=False, dropout=0, bidirectional=False)
        self.attention = nn.Linear(768, 16)
        self.softmax = nn.Softmax()
        self.cnn_attention = nn.Linear(2048, 2048)
        self.dropout = nn.Dropout(p=0.1)
        self.fc = nn.Linear(768, num_classes)
    def forward(self, x):
        per_view = []
        for v in range(x.size()[1]):
            fmap = self.cnn(x[:, v])
            pooled = self.avgpool1(fmap).view(fmap.size(0), -1)
            gate = self.cnn_attention(pooled).unsqueeze(2)
            fmap = torch.mul(fmap, gate.unsqueeze(3).expand_as(fmap))
            per_view.append(torch.cat((self.avgpool1(fmap).view(fmap.size(0), -1),
                                       self.conv1(fmap).view(fmap.size(0), -1),
                                       self.conv2(fmap).view(fmap.size(0), -1),
                                       self.conv3(fmap).view(fmap.size(0), -1)), 1))
        seq, _ = self.lstm(torch.stack(per_view, dim=0))
        weights = torch.unsqueeze(self.softmax(self.attention(seq[-1])), 1)
        pooled = torch.squeeze(torch.bmm(weights, seq.permute(1, 0, 2)), 1)
        return self.fc(self.dropout(pooled))

# ------------------------------------------------------------ training code
class TransformDataset(torch.utils.data.Dataset):
    """Tensor dataset with random augmentation done in the worker processes."""
    def __init__(self, data_tensor, target_tensor, names, train):
        assert data_tensor.size(0) == target_tensor.size(0) and type(names[0]) is str
        self.data_tensor = data_tensor
        self.target_tensor = target_tensor
        self.names = names
        self.train = train
    def __getitem__(self, index):
        np.random.seed()
        scan = self.data_tensor[index]
        target = self.target_tensor[index]
        if self.train:
            scan, target = transform_sample(scan, target)
        return scan, target
    def __len__(self):
        return self.data_tensor.size(0)

class AverageMeter(object):
    def __init__(self):
        self.reset()
    def reset(self):
        self.val = self.avg = self.sum = self.count = 0
    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

def create_one_hot(zone):
    vec = np.zeros(17)
    vec[zone - 1] = 1
    return vec

def invert_target(target):
    flipped = torch.Tensor(target.shape)
    for k, v in zone_mirror.items():
        flipped[k - 1] = target[v - 1]
    return flipped

def transform_sample(scan, target=None):
    invert = False if target is None else np.random.randint(2)
    if invert:
        target = invert_target(target)
    scan = scan.numpy()
    if invert:
        scan = np.flip(scan, 3).copy()
        scan = np.flip(scan, 0).copy()
        scan = np.roll(scan, 1, 0)
    scan = np.roll(scan, np.random.randint(VIEW_COUNT_SAMPLE), 0)
    scan = torch.from_numpy(scan).view(-1, scan.shape[2], scan.shape[3])
    jitter = torchsample.transforms.RandomAffine(translation_range=[-0.01, 0.01], rotation_range=15,
                                                 zoom_range=[0.95, 1.05], interp='nearest')
    scan = jitter(scan).view(16, 1, scan.size(1), scan.size(2))
    return scan if target is None else (scan, target)

def train(loader, model, criterion, optimizer, scheduler, epoch):
    t_batch, t_data, losses = AverageMeter(), AverageMeter(), AverageMeter()
    model.train()
    tick = time.time()
    for i, (scan, target) in enumerate(loader):
        t_data.update(time.time() - tick)
        scan = scan.cuda(non_blocking=True)
        target = target.cuda(non_blocking=True)
        scan = scan.repeat(1, 1, 3, 1, 1)
        scan = torch.autograd.Variable(scan)
        target = torch.autograd.Variable(target)
        output = model(scan)
        loss = criterion(output, target)
        losses.update(loss.data[0], scan.size(0))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        t_batch.update(time.time() - tick)
        tick = time.time()
        if i % 10 == 0:
            print('Epoch: [{0}][{1}/{2}]\tLoss {loss.val:.4f} ({loss.avg:.4f})'.format(
                epoch, i, len(loader), loss=losses))
        del scan, target, output, loss
    scheduler.step()
    loss_tracker_train.append(losses.avg)

def validate(loader, model, criterion):
    t_batch, t_data, losses = AverageMeter(), AverageMeter(), AverageMeter()
    model.eval()
    tick = time.time()
    for i, (scan, target) in enumerate(loader):
        t_data.update(time.time() - tick)
        scan = scan.cuda(non_blocking=True)
        target = target.cuda(non_blocking=True)
        scan = scan.repeat(1, 1, 3, 1, 1)
        scan = torch.autograd.Variable(scan)
        target = torch.autograd.Variable(target)
        output = model(scan)
        loss = criterion(output, target)
        losses.update(loss.data[0], scan.size(0))
        t_batch.update(time.time() - tick)
        tick = time.time()
        print('VALIDATION: Loss {loss.val:.4f} ({loss.avg:.4f})'.format(loss=losses))
        del scan, target, output, loss
    loss_tracker_val.append(losses.avg)

def predict(model, name):
    scan = np.expand_dims(name_to_array(name, "test"), 0)
    scan = torch.Tensor(scan).repeat(1, 1, 3, 1, 1)
    scan_var = torch.autograd.Variable(scan.cuda(), requires_grad=False)
    accum = None
    if type(model) != list:
        model = [model]
    for m in model:
        out = torch.nn.Sigmoid()(m(scan_var))
        out = out.data.cpu().numpy()[0]
        accum = out if accum is None else accum + out
    return accum / len(model)

def test_model(model, base_dir=None, epoch=0):
    stamp = str(int(time.time()))[2:]
    if base_dir == None:
        base_dir = "predictions/{}".format(stamp)
        os.mkdir(base_dir)
    out = open('{}/predictions_{}_{}.csv'.format(base_dir, stamp, epoch), 'w')
    print('Id,Probability', file=out)
    for name in set([f.split('.')[0] for f in os.listdir('test/')]):
        for zone, prob in enumerate(predict(model, name)):
            print("{}_Zone{},{}".format(name, zone + 1, prob), file=out)

def name_to_array(name, directory):
    ext = "aps" if directory == "test" else directory
    views = np.array(get_x_views("{}/{}.{}".format(directory, name, ext), x=VIEW_COUNT_TOTAL))
    views = np.expand_dims(views, 1)
    return np.pad(views, ((0, 0), (0, 0), (0, 1), (0, 0)), mode="constant", constant_values=0)

if TEST_MODEL:
    nets = []
    for ckpt in state_dict:
        net = mvcnn(17, pretrained=True).cuda()
        net.load_state_dict(torch.load(ckpt))
        net.eval()
        nets.append(net)
    test_model(nets)
    exit()

model = mvcnn(17, pretrained=True).cuda()

# subject id -> 17-dim threat vector
label_file = open('stage1_labels_debug.csv' if DEBUG else 'stage1_labels.csv')
label_file.readline()
subject_targets = {}
for line in label_file:
    name_zone, label = line.strip().split(',')
    name, zone = name_zone.split('_')
    if name not in subject_targets:
        subject_targets[name] = np.zeros(17)
    if int(label) == 1:
        subject_targets[name] += create_one_hot(int(zone[4:]))

# every scan is decoded into one big preallocated array (views are 660x512)
n_subjects = len(subject_targets)
print(n_subjects)
names = [None] * n_subjects
all_scans = np.empty((n_subjects, VIEW_COUNT_TOTAL, 1, 660 + 1, 512 + 0), dtype=np.float32)
all_targets = np.empty((n_subjects, 17))
for i, (name, vec) in enumerate(subject_targets.items()):
    all_scans[i] = name_to_array(name, "aps")
    all_targets[i] = vec
    names[i] = name

cut = int(len(all_scans)) - 5
all_scans, val_scans = all_scans[0:cut], all_scans[cut:]
all_targets, val_targets = all_targets[0:cut], all_targets[cut:]

all_scans = torch.Tensor(all_scans)
all_targets = torch.Tensor(all_targets)
val_scans = torch.Tensor(val_scans)
val_targets = torch.Tensor(val_targets)

train_set = TransformDataset(all_scans, all_targets, names, train=True)
val_set = TransformDataset(val_scans, val_targets, names, train=False)
train_loader = torch.utils.data.DataLoader(train_set, batch_size=2, shuffle=True, num_workers=8, pin_memory=True, drop_last=True)
val_loader = torch.utils.data.DataLoader(val_set, batch_size=2, shuffle=False, num_workers=0, pin_memory=True, drop_last=False)

criterion = torch.nn.BCEWithLogitsLoss().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9, dampening=0, weight_decay=1e-4, nesterov=True)
scheduler = CosineLR(optimizer, step_size_min=1e-4, t0=200, tmult=1)
if state_dict:
    model.load_state_dict(torch.load(state_dict))
    if opt_dict:
        optimizer.load_state_dict(torch.load(opt_dict))
torch.backends.cudnn.benchmark = False

run_dir = "predictions/{}".format(str(int(time.time()))[2::])
loss_tracker_train, loss_tracker_val = [], []
best_loss = 0.010
for epoch in range(epochs):
    train(train_loader, model, criterion, optimizer, scheduler, epoch)
    validate(val_loader, model, criterion)
    if epoch and epoch % 25 == 0:
        os.makedirs(run_dir, exist_ok=True)
        torch.save(model.state_dict(), "{}/model_{}.torch".format(run_dir, epoch))
        torch.save(optimizer.state_dict(), "{}/opt_{}.torch".format(run_dir, epoch))
        plt.clf()
        plt.plot(loss_tracker_train[1:], label="Training loss")
        plt.plot(loss_tracker_val[1:], label="Validation loss")
        plt.legend(loc="upper left")
        plt.savefig("{}/predictions_{}.png".format(run_dir, epoch))
        test_model(model, run_dir, epoch)
    this_loss = loss_tracker_val[-1]
    if this_loss < best_loss + 0.0025:
        best_loss = min(this_loss, best_loss)
        os.makedirs(run_dir, exist_ok=True)
        torch.save(model.state_dict(), "{}/best_model_{}_{:.4f}.torch".format(run_dir, epoch, this_loss))
