"""
Finds threats in 17 body zones from 16-angle millimetre-wave scans of each
traveller: a ResNet-50 looks at each angle, an LSTM with attention merges the
angles.  Network, trunk variant, restart schedule and .aps decoder are inlined.
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

PREDICT_ONLY = False          # skip training, just write the submission
SMALL_LABELS = False          # use the short label list
VIEWS_IN_FILE = 16            # angles recorded per .aps file
VIEWS_USED = 16               # angles the model sees
n_epochs = 401
resume_weights = None         # weights to continue from, or a list of them for prediction
resume_opt = None             # saved optimizer state, if any

mirror_zone = dict([(1, 3), (2, 4), (3, 1), (4, 2), (5, 5), (6, 7), (7, 6), (8, 10), (9, 9), (10, 8),
                    (11, 12), (12, 11), (13, 14), (14, 13), (15, 16), (16, 15), (17, 17)])

# ---------------------------------------------------------- .aps file format
def parse_aps_header(aps_path):
    # just the header entries the decoder needs, read at their fixed offsets
    header = dict()
    fh = open(aps_path, 'r+b')
    fh.seek(276)
    header['word_type'] = np.fromfile(fh, dtype=np.int16, count=1)
    fh.seek(292)
    header['data_scale_factor'] = np.fromfile(fh, dtype=np.float32, count=1)
    fh.seek(348)
    header['num_x_pts'] = np.fromfile(fh, dtype=np.int32, count=1)
    header['num_y_pts'] = np.fromfile(fh, dtype=np.int32, count=1)
    header['num_z_pts'] = np.fromfile(fh, dtype=np.int32, count=1)
    header['num_t_pts'] = np.fromfile(fh, dtype=np.int32, count=1)
    fh.close()
    return header

def load_aps_cube(aps_path, apply_scale=True):
    suffix = os.path.splitext(aps_path)[1]
    header = parse_aps_header(aps_path)
    n_x, n_y, n_t = int(header['num_x_pts']), int(header['num_y_pts']), int(header['num_t_pts'])
    fh = open(aps_path, 'rb')
    fh.seek(512)
    if suffix == '.aps' or suffix == '.a3daps':
        if header['word_type'] == 7:
            volume = np.fromfile(fh, dtype=np.float32, count=n_x * n_y * n_t)
        elif header['word_type'] == 4:
            volume = np.fromfile(fh, dtype=np.uint16, count=n_x * n_y * n_t)
        volume = volume.reshape(n_x, n_y, n_t, order='F').copy()
        volume = volume * header['data_scale_factor'] if apply_scale else (volume, header['data_scale_factor'])
    fh.close()
    return volume

def sample_views(aps_path, n_pick=4):
    volume = load_aps_cube(aps_path)
    total_views = volume.shape[2]
    return [np.flipud(volume[:, :, v].transpose()) for v in range(0, total_views, total_views // n_pick)]

# ---------------------------------------------------------- restart schedule
class WarmRestartCosine(_LRScheduler):
    """Learning rate follows a cosine that restarts every `period` epochs."""
    def __init__(self, optimizer, lr_floor=1e-5, period=100, period_mult=2, start_epoch=-1, last_epoch=-1):
        self.lr_floor, self.period, self.period_mult = lr_floor, period, period_mult
        self.since_restart = start_epoch
        super(WarmRestartCosine, self).__init__(optimizer, last_epoch)
    def get_lr(self):
        self.since_restart += 1
        if self.since_restart > self.period:
            self.period *= self.period_mult
            self.since_restart = 0
        rates = [self.lr_floor + (0.5 * (base_lr - self.lr_floor) *
                                     (1 + cos(self.since_restart * pi / self.period)))
               for base_lr in self.base_lrs]
        print(rates)
        return rates

# -------------------------------------------- ResNet-50 backbone, altered stem
class BottleneckUnit(nn.Module):
    widen = 4
    def __init__(self, in_ch, mid_ch, step=1, proj_in=None):
        super(BottleneckUnit, self).__init__()
        self.conv1 = nn.Conv2d(in_ch, mid_ch, kernel_size=1, bias=False)
        self.bn1 = nn.BatchNorm2d(mid_ch)
        self.conv2 = nn.Conv2d(mid_ch, mid_ch, kernel_size=3, stride=step, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(mid_ch)
        self.conv3 = nn.Conv2d(mid_ch, mid_ch * 4, kernel_size=1, bias=False)
        self.bn3 = nn.BatchNorm2d(mid_ch * 4)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = proj_in
        self.step = step
    def forward(self, x):
        shortcut = x
        h = self.relu(self.bn1(self.conv1(x)))
        h = self.relu(self.bn2(self.conv2(h)))
        h = self.bn3(self.conv3(h))
        if self.downsample is not None:
            shortcut = self.downsample(x)
        return self.relu(h + shortcut)

class TrunkNet(nn.Module):
    """ResNet-50 layout, stem stride 3, classifier head dropped after loading."""
    def __init__(self, unit, depths, n_classes=1000):
        self.in_ch = 64
        super(TrunkNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=3, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=3, padding=1)
        self.layer1 = self._stack_blocks(unit, 64, depths[0])
        self.layer2 = self._stack_blocks(unit, 128, depths[1], step=2)
        self.layer3 = self._stack_blocks(unit, 256, depths[2], step=2)
        self.layer4 = self._stack_blocks(unit, 512, depths[3], step=2)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512 * unit.widen, n_classes)
        for mod in self.modules():
            if isinstance(mod, nn.Conv2d):
                fan = mod.kernel_size[0] * mod.kernel_size[1] * mod.out_channels
                mod.weight.data.normal_(0, math.sqrt(2. / fan))
            elif isinstance(mod, nn.BatchNorm2d):
                mod.weight.data.fill_(1)
                mod.bias.data.zero_()
        self.load_state_dict(model_zoo.load_url('https://download.pytorch.org/models/resnet50-19c8e357.pth'))
        del self.fc, self.avgpool
    def _stack_blocks(self, unit, mid_ch, n_blocks, step=1):
        proj = None
        if step != 1 or self.in_ch != mid_ch * unit.widen:
            proj = nn.Sequential(nn.Conv2d(self.in_ch, mid_ch * unit.widen,
                                           kernel_size=1, stride=step, bias=False),
                                 nn.BatchNorm2d(mid_ch * unit.widen))
        hseq = [unit(self.in_ch, mid_ch, step, proj)]
        self.in_ch = mid_ch * unit.widen
        for _ in range(1, n_blocks):
            hseq.append(unit(self.in_ch, mid_ch))
        return nn.Sequential(*hseq)
    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer3(self.layer2(self.layer1(x)))
        return self.layer4(x)

def build_trunk(use_pretrained=False, **extra):
    return TrunkNet(BottleneckUnit, [3, 4, 6, 3], **extra)

# -------------------------------------------------- angles -> zone scores
class MultiViewNet(nn.Module):
    def __init__(self, n_classes=17, use_pretrained=True):
        super(MultiViewNet, self).__init__()
        self.trunk = build_trunk(use_pretrained=use_pretrained)
        # pyramid of three convolutions, one per threat scale
        self.branch_s = nn.Sequential(nn.Conv2d(2048, 512, kernel_size=(1, 1), stride=1, padding=0), nn.ReLU(), nn.BatchNorm2d(512))
        self.branch_m = nn.Sequential(nn.Conv2d(2048, 256, kernel_size=(3, 3), stride=2, padding=1), nn.ReLU(), nn.BatchNorm2d(256))
        self.branch_l = nn.Sequential(nn.Conv2d(2048, 128, kernel_size=(5, 5), stride=3, padding=2), nn.ReLU(), nn.BatchNorm2d(128))
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.view_rnn = nn.LSTM(input_size=2048 + 128 * 4 * 3 + 256 * 5 * 4 + 512 * 10 * 8, hidden_size=768,
                            num_layers=1, bias=True, batch_first=False, dropout=0, bidirectional=False)
        self.attn_scores = nn.Linear(768, 16)
        self.attn_norm = nn.Softmax()
        self.channel_fc = nn.Linear(2048, 2048)
        self.drop = nn.Dropout(p=0.1)
        self.zone_head = nn.Linear(768, n_classes)
    def forward(self, x):
        view_feats = []
        for v in range(x.size()[1]):
            feat_map = self.trunk(x[:, v])
            summary = self.gap(feat_map).view(feat_map.size(0), -1)
            channel_gate = self.channel_fc(summary).unsqueeze(2)
            feat_map = torch.mul(feat_map, channel_gate.unsqueeze(3).expand_as(feat_map))
            view_feats.append(torch.cat((self.gap(feat_map).view(feat_map.size(0), -1),
                                       self.branch_s(feat_map).view(feat_map.size(0), -1),
                                       self.branch_m(feat_map).view(feat_map.size(0), -1),
                                       self.branch_l(feat_map).view(feat_map.size(0), -1)), 1))
        hseq, _ = self.view_rnn(torch.stack(view_feats, dim=0))
        attn_w = torch.unsqueeze(self.attn_norm(self.attn_scores(hseq[-1])), 1)
        summary = torch.squeeze(torch.bmm(attn_w, hseq.permute(1, 0, 2)), 1)
        return self.zone_head(self.drop(summary))

# ---------------------------------------------------------------- fitting
class AugmentedScanDataset(torch.utils.data.Dataset):
    """Scan tensors, randomly mirrored/rolled/warped (in the loader workers) when training."""
    def __init__(self, data_t, target_t, subject_ids, is_train):
        assert data_t.size(0) == target_t.size(0) and type(subject_ids[0]) is str
        self.data_t = data_t
        self.target_t = target_t
        self.subject_ids = subject_ids
        self.is_train = is_train
    def __getitem__(self, idx):
        np.random.seed()
        img_stack = self.data_t[idx]
        target_vec = self.target_t[idx]
        if self.is_train:
            img_stack, target_vec = augment_scan(img_stack, target_vec)
        return img_stack, target_vec
    def __len__(self):
        return self.data_t.size(0)

class Tracker(object):
    def __init__(self):
        self.zero()
    def zero(self):
        self.last = self.mean = self.total = self.num = 0
    def push(self, value, fan=1):
        self.last = value
        self.total += value * fan
        self.num += fan
        self.mean = self.total / self.num

def zone_onehot(zone_no):
    onehot_v = np.zeros(17)
    onehot_v[zone_no - 1] = 1
    return onehot_v

def mirror_target(target_vec):
    mirrored = torch.Tensor(target_vec.shape)
    for k, v in mirror_zone.items():
        mirrored[k - 1] = target_vec[v - 1]
    return mirrored

def augment_scan(img_stack, target_vec=None):
    do_mirror = False if target_vec is None else np.random.randint(2)
    if do_mirror:
        target_vec = mirror_target(target_vec)
    img_stack = img_stack.numpy()
    if do_mirror:
        img_stack = np.flip(img_stack, 3).copy()
        img_stack = np.flip(img_stack, 0).copy()
        img_stack = np.roll(img_stack, 1, 0)
    img_stack = np.roll(img_stack, np.random.randint(VIEWS_USED), 0)
    img_stack = torch.from_numpy(img_stack).view(-1, img_stack.shape[2], img_stack.shape[3])
    affine = torchsample.transforms.RandomAffine(translation_range=[-0.01, 0.01], rotation_range=15,
                                                 zoom_range=[0.95, 1.05], interp='nearest')
    img_stack = affine(img_stack).view(16, 1, img_stack.size(1), img_stack.size(2))
    return img_stack if target_vec is None else (img_stack, target_vec)

def run_train_epoch(batch_loader, model, loss_fn, optimizer, lr_sched, epoch_no):
    batch_timer, data_timer, loss_meter = Tracker(), Tracker(), Tracker()
    model.train()
    t_start = time.time()
    for i, (img_stack, target_vec) in enumerate(batch_loader):
        data_timer.push(time.time() - t_start)
        img_stack = img_stack.cuda(non_blocking=True)
        target_vec = target_vec.cuda(non_blocking=True)
        img_stack = img_stack.repeat(1, 1, 3, 1, 1)
        img_stack = torch.autograd.Variable(img_stack)
        target_vec = torch.autograd.Variable(target_vec)
        pred = model(img_stack)
        batch_loss = loss_fn(pred, target_vec)
        loss_meter.push(batch_loss.data[0], img_stack.size(0))
        batch_loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        batch_timer.push(time.time() - t_start)
        t_start = time.time()
        if i % 10 == 0:
            print('pass {0}, step {1}/{2}: loss now {loss.last:.4f}, mean {loss.mean:.4f}'.format(
                epoch_no, i, len(batch_loader), loss=loss_meter))
        del img_stack, target_vec, pred, batch_loss
    lr_sched.step()
    train_loss_log.append(loss_meter.mean)

def run_validation(batch_loader, model, loss_fn):
    batch_timer, data_timer, loss_meter = Tracker(), Tracker(), Tracker()
    model.eval()
    t_start = time.time()
    for i, (img_stack, target_vec) in enumerate(batch_loader):
        data_timer.push(time.time() - t_start)
        img_stack = img_stack.cuda(non_blocking=True)
        target_vec = target_vec.cuda(non_blocking=True)
        img_stack = img_stack.repeat(1, 1, 3, 1, 1)
        img_stack = torch.autograd.Variable(img_stack)
        target_vec = torch.autograd.Variable(target_vec)
        pred = model(img_stack)
        batch_loss = loss_fn(pred, target_vec)
        loss_meter.push(batch_loss.data[0], img_stack.size(0))
        batch_timer.push(time.time() - t_start)
        t_start = time.time()
        print('held-out scans: loss now {loss.last:.4f}, mean {loss.mean:.4f}'.format(loss=loss_meter))
        del img_stack, target_vec, pred, batch_loss
    val_loss_log.append(loss_meter.mean)

def predict_zones(model, subject_id):
    img_stack = np.expand_dims(scan_file_to_array(subject_id, "test"), 0)
    img_stack = torch.Tensor(img_stack).repeat(1, 1, 3, 1, 1)
    scan_in = torch.autograd.Variable(img_stack.cuda(), requires_grad=False)
    summed = None
    if type(model) != list:
        model = [model]
    for mod in model:
        probs = torch.nn.Sigmoid()(mod(scan_in))
        probs = probs.data.cpu().numpy()[0]
        summed = probs if summed is None else summed + probs
    return summed / len(model)

def write_test_predictions(model, out_dir=None, epoch_no=0):
    time_tag = str(int(time.time()))[2:]
    if out_dir == None:
        out_dir = "predictions/{}".format(time_tag)
        os.mkdir(out_dir)
    csv_out = open('{}/predictions_{}_{}.csv'.format(out_dir, time_tag, epoch_no), 'w')
    print('Id,Probability', file=csv_out)
    for subject_id in set([fn.split('.')[0] for fn in os.listdir('test/')]):
        for zone_no, p_zone in enumerate(predict_zones(model, subject_id)):
            print("{}_Zone{},{}".format(subject_id, zone_no + 1, p_zone), file=csv_out)

def scan_file_to_array(subject_id, folder):
    suffix = "aps" if folder == "test" else folder
    view_stack = np.array(sample_views("{}/{}.{}".format(folder, subject_id, suffix), n_pick=VIEWS_IN_FILE))
    view_stack = np.expand_dims(view_stack, 1)
    return np.pad(view_stack, ((0, 0), (0, 0), (0, 1), (0, 0)), mode="constant", constant_values=0)

if PREDICT_ONLY:
    model_list = []
    for ckpt_file in resume_weights:
        each_model = MultiViewNet(17, use_pretrained=True).cuda()
        each_model.load_state_dict(torch.load(ckpt_file))
        each_model.eval()
        model_list.append(each_model)
    write_test_predictions(model_list)
    exit()

model = MultiViewNet(17, use_pretrained=True).cuda()

# map each traveller to a 17-slot vector of threat flags
labels_file = open('stage1_labels_debug.csv' if SMALL_LABELS else 'stage1_labels.csv')
labels_file.readline()
targets_by_subject = {}
for row in labels_file:
    key, label_flag = row.strip().split(',')
    subject_id, zone_no = key.split('_')
    if subject_id not in targets_by_subject:
        targets_by_subject[subject_id] = np.zeros(17)
    if int(label_flag) == 1:
        targets_by_subject[subject_id] += zone_onehot(int(zone_no[4:]))

# decode all scans up front into a single float32 block (each angle is 660x512)
subject_count = len(targets_by_subject)
print(subject_count)
subject_ids = [None] * subject_count
scan_images = np.empty((subject_count, VIEWS_IN_FILE, 1, 660 + 1, 512 + 0), dtype=np.float32)
scan_targets = np.empty((subject_count, 17))
for i, (subject_id, onehot_v) in enumerate(targets_by_subject.items()):
    scan_images[i] = scan_file_to_array(subject_id, "aps")
    scan_targets[i] = onehot_v
    subject_ids[i] = subject_id

split_at = int(len(scan_images)) - 5
scan_images, val_images = scan_images[0:split_at], scan_images[split_at:]
scan_targets, val_labels = scan_targets[0:split_at], scan_targets[split_at:]

scan_images = torch.Tensor(scan_images)
scan_targets = torch.Tensor(scan_targets)
val_images = torch.Tensor(val_images)
val_labels = torch.Tensor(val_labels)

train_dataset = AugmentedScanDataset(scan_images, scan_targets, subject_ids, is_train=True)
val_dataset = AugmentedScanDataset(val_images, val_labels, subject_ids, is_train=False)
loader_train = torch.utils.data.DataLoader(train_dataset, batch_size=2, shuffle=True, num_workers=8, pin_memory=True, drop_last=True)
loader_val = torch.utils.data.DataLoader(val_dataset, batch_size=2, shuffle=False, num_workers=0, pin_memory=True, drop_last=False)

loss_fn = torch.nn.BCEWithLogitsLoss().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9, dampening=0, weight_decay=1e-4, nesterov=True)
lr_sched = WarmRestartCosine(optimizer, lr_floor=1e-4, period=200, period_mult=1)
if resume_weights:
    model.load_state_dict(torch.load(resume_weights))
    if resume_opt:
        optimizer.load_state_dict(torch.load(resume_opt))
torch.backends.cudnn.benchmark = False

out_folder = "predictions/{}".format(str(int(time.time()))[2::])
train_loss_log, val_loss_log = [], []
best_val_loss = 0.010
for epoch_no in range(n_epochs):
    run_train_epoch(loader_train, model, loss_fn, optimizer, lr_sched, epoch_no)
    run_validation(loader_val, model, loss_fn)
    if epoch_no and epoch_no % 25 == 0:
        os.makedirs(out_folder, exist_ok=True)
        torch.save(model.state_dict(), "{}/model_{}.torch".format(out_folder, epoch_no))
        torch.save(optimizer.state_dict(), "{}/opt_{}.torch".format(out_folder, epoch_no))
        plt.clf()
        plt.plot(train_loss_log[1:], label="train")
        plt.plot(val_loss_log[1:], label="val")
        plt.legend(loc="upper left")
        plt.savefig("{}/predictions_{}.png".format(out_folder, epoch_no))
        write_test_predictions(model, out_folder, epoch_no)
    latest_val_loss = val_loss_log[-1]
    if latest_val_loss < best_val_loss + 0.0025:
        best_val_loss = min(latest_val_loss, best_val_loss)
        os.makedirs(out_folder, exist_ok=True)
        torch.save(model.state_dict(), "{}/best_model_{}_{:.4f}.torch".format(out_folder, epoch_no, latest_val_loss))
