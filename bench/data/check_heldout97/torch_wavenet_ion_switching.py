import torch
import torch.nn as nn
import torch.nn.functional as F
import pandas as pd
import numpy as np
import random
# ...
from tqdm.notebook import tqdm
import gc
from sklearn.model_selection import GroupKFold
from sklearn.metrics import f1_score
import warnings
warnings.simplefilter('ignore')
warnings.filterwarnings('ignore')
pd.set_option('display.max_columns', 1000)
pd.set_option('display.max_rows', 500)

import os
for root_dir, _, fnames in os.walk('/kaggle/input'):
    for fname in fnames:
        print(os.path.join(root_dir, fname))

# ...
# ...
N_EPOCHS = 150
LOADER_BS = 16
SEG_LEN = 4000
RNG_SEED = 321
BASE_LR = 0.001
N_FOLDS = 5

ckpt_dir = 'ckpt_wavenet'
do_flip = False
add_noise = False


if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)



def fix_seeds(s):
    random.seed(s)
    np.random.seed(s)
    os.environ['PYTHONHASHSEED'] = str(s)
    tf.random.set_seed(s)
# ...
def load_tables():
    tr = pd.read_csv('/kaggle/input/clean-kalman/train_clean_kalman.csv', dtype={'time': np.float32, 'signal': np.float32, 'open_channels':np.int32})
    te  = pd.read_csv('/kaggle/input/clean-kalman/test_clean_kalman.csv', dtype={'time': np.float32, 'signal': np.float32})
    subm  = pd.read_csv('/kaggle/input/liverpool-ion-switching/sample_submission.csv', dtype={'time': np.float32})
    return tr, te, subm

# ...
def assign_segments(frame, seg_size):
    # ...
    frame['group'] = frame.groupby(frame.index//seg_size, sort=False)['signal'].agg(['ngroup']).values
    frame['group'] = frame['group'].astype(np.uint16)
    return frame

# ...
def standardize(tr, te):
    mu = tr.signal.mean()
    sigma = tr.signal.std()
    tr['signal'] = (tr.signal - mu) / sigma
    te['signal'] = (te.signal - mu) / sigma
    return tr, te

# ...
def add_shift_feats(frame, lags):
    for lag in lags:    
        frame['signal_shift_pos_' + str(lag)] = frame.groupby('group')['signal'].shift(lag).fillna(0)
        frame['signal_shift_neg_' + str(lag)] = frame.groupby('group')['signal'].shift(-1 * lag).fillna(0)
    return frame

# ...
def build_features(frame, seg_size):
    # ...
    frame = assign_segments(frame, seg_size = seg_size)
    # ...
    frame = add_shift_feats(frame, [1, 2, 3])
    # ...
    frame['signal_2'] = frame['signal'] ** 2
    return frame

# ...
def pick_features(tr, te):
    feat_cols = [col for col in tr.columns if col not in ['index', 'group', 'open_channels', 'time']]
    tr = tr.replace([np.inf, -np.inf], np.nan)
    te = te.replace([np.inf, -np.inf], np.nan)
    for fc in feat_cols:
        fmean = pd.concat([tr[fc], te[fc]], axis = 0).mean()
        tr[fc] = tr[fc].fillna(fmean)
        te[fc] = te[fc].fillna(fmean)
    return tr, te, feat_cols


def prepare_folds(SEG_LEN=4000, N_FOLDS=5):
    print('loading csv files')
    tr, te, ss_df = load_tables()
    tr, te = standardize(tr, te)
    print('csv loaded and scaled')
    print('features:')
    print('building shifts')
    tr = build_features(tr, seg_size=SEG_LEN)
    te = build_features(te, seg_size=SEG_LEN)
    tr, te, feat_cols = pick_features(tr, te)
    print(tr.head())
    print('features ready')

    tgt = ['open_channels']
    seg_ids = tr['group']
    gkf = GroupKFold(n_splits=N_FOLDS)
    raw_folds = [x for x in gkf.split(tr, tr[tgt], seg_ids)]
    folds = []
    for pair in raw_folds:
        fold_parts = []
        fold_parts.append(np.unique(seg_ids[pair[0]]))
        fold_parts.append(np.unique(seg_ids[pair[1]]))
        fold_parts.append(pair[1])
        folds.append(fold_parts)
    tgt_cols = ['open_channels']
    print(tr.head(), tr.shape)
    tr_labels = np.array(list(tr.groupby('group').apply(lambda x: x[tgt_cols].values))).astype(np.float32)
    tr = np.array(list(tr.groupby('group').apply(lambda x: x[feat_cols].values)))
    te = np.array(list(te.groupby('group').apply(lambda x: x[feat_cols].values)))
    print(tr.shape, te.shape, tr_labels.shape)
    return tr, te, tr_labels, folds

# ...
# ...
class GatedDilatedBlock(nn.Module):

    def __init__(self, c_in, c_out, n_rates, kernel_size):
        super(GatedDilatedBlock, self).__init__()
        self.n_levels = n_rates
        self.pointwise = nn.ModuleList()
        self.filt = nn.ModuleList()
        self.gate = nn.ModuleList()

        self.pointwise.append(nn.Conv1d(c_in, c_out, kernel_size=1))
        n_rates = [2 ** i for i in range(n_rates)]
        for d in n_rates:
            self.filt.append(
                nn.Conv1d(c_out, c_out, kernel_size=kernel_size, padding=int((d*(kernel_size-1))/2), dilation=d))
            self.gate.append(
                nn.Conv1d(c_out, c_out, kernel_size=kernel_size, padding=int((d*(kernel_size-1))/2), dilation=d))
            self.pointwise.append(nn.Conv1d(c_out, c_out, kernel_size=1))

    def forward(self, x):
        x = self.pointwise[0](x)
        acc = x
        for i in range(self.n_levels):
            x = torch.tanh(self.filt[i](x)) * torch.sigmoid(self.gate[i](x))
            x = self.pointwise[i + 1](x)
            acc = acc + x
        return acc
# ...
class IonNet(nn.Module):
    def __init__(self, n_in=8, kernel_size=3):
        super().__init__()
        # ...
        self.blk1 = GatedDilatedBlock(n_in, 16, 12, kernel_size)
        self.blk2 = GatedDilatedBlock(16, 32, 8, kernel_size)
        self.blk3 = GatedDilatedBlock(32, 64, 4, kernel_size)
        self.blk4 = GatedDilatedBlock(64, 128, 1, kernel_size)
        self.fc = nn.Linear(128, 11)

    def forward(self, x):
        x = x.permute(0, 2, 1)

        x = self.blk1(x)
        x = self.blk2(x)
        x = self.blk3(x)

        x = self.blk4(x)
        x = x.permute(0, 2, 1)
        # ...
        x = self.fc(x)
        return x

    
class Patience:
    def __init__(self, patience=5, margin=0, ckpt_file='checkpoint.pt', higher_better=True):
        self.patience, self.margin, self.ckpt_file = patience, margin, ckpt_file
        self.bad_epochs, self.best = 0, None
        self.higher_better = higher_better


    def restore(self, net):
        net.load_state_dict(torch.load(self.ckpt_file))

    def __call__(self, metric, net):
        if self.best is None or \
                (metric > self.best + self.margin if self.higher_better else metric < self.best - self.margin):
            torch.save(net.state_dict(), self.ckpt_file)
            self.best, self.bad_epochs = metric, 0
            return 1
        else:
            self.bad_epochs += 1
            if self.bad_epochs >= self.patience:
                return 2
        return 0

from torch.utils.arr import Dataset, DataLoader
class SegmentSet(Dataset):
    def __init__(self, arr, lbl, is_train=True, tfm=None, seg_len=5000, do_flip=0.5, noise_amp=0, cls_split=0.0):
        self.arr = arr
        self.lbl = lbl
        self.tfm = tfm
        self.is_train = is_train
        self.do_flip = do_flip
        self.noise_amp = noise_amp
        self.cls_split = cls_split
        self.seg_len = seg_len

    def __len__(self):
        return len(self.arr)

    def __getitem__(self, k):
        if torch.is_tensor(k):
            k = k.tolist()

        arr = self.arr[k]
        lbl = self.lbl[k]

        return [arr.astype(np.float32), lbl.astype(int)]

tr, te, tr_labels, folds = prepare_folds()
dummy_y = np.zeros([int(2000000/SEG_LEN), SEG_LEN, 1])
te_ds = SegmentSet(te, dummy_y, do_flip=False)
te_dl = DataLoader(te_ds, LOADER_BS, shuffle=False, num_workers=8, pin_memory=True)
te_prob_sum = np.zeros((2000000, 11))


fold_scores = []
for fold_no, (tr_ids, va_ids, _) in enumerate(folds[0:], start=0):
    print("fold {}".format(fold_no))
    tr_ds = SegmentSet(tr[tr_ids], tr_labels[tr_ids], seg_len=SEG_LEN, do_flip=do_flip, noise_amp=add_noise)
    tr_dl = DataLoader(tr_ds, LOADER_BS, shuffle=True, num_workers=8, pin_memory=True)

    va_ds = SegmentSet(tr[va_ids], tr_labels[va_ids], seg_len=SEG_LEN, do_flip=False)
    va_dl = DataLoader(va_ds, LOADER_BS, shuffle=False, num_workers=4, pin_memory=True)

    rep = 0
    net = IonNet()
    net = net.cuda()

    stopper = Patience(patience=40, higher_better=True,
                                   ckpt_file=os.path.join(ckpt_dir, "wave_fold{}_rep{}.pt".format(fold_no,
                                                                                                             rep)))

    cls_w = None
    loss_fn = nn.CrossEntropyLoss(weight=cls_w)
    opt = torch.optim.Adam(net.parameters(), lr=BASE_LR)


    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', patience=3, factor=0.2)
    hist_tr, hist_va = [], []


    for ep in range(N_EPOCHS):
        print('-----')
        print("fold {} / epoch {}".format(fold_no, ep))
        print("lr now {:0.9f}".format(opt.param_groups[0]['lr']))
        tr_losses, va_losses = [], []
        tr_aux, va_aux = [], []

        net.train()
        tr_logits_all, tr_y_all = torch.Tensor([]).cuda(), torch.LongTensor([]).cuda()

        for x, y in tqdm(tr_dl):
            x = x.cuda()
            y = y.cuda()

            opt.zero_grad()
            out = net(x)

            out_flat = out.view(-1, out.shape[-1])
            y_flat = y.view(-1)

            batch_loss = loss_fn(out_flat, y_flat)

            # ...
            batch_loss.backward()
            # ...
            opt.step()
            # ...
            # ...
            tr_losses.append(batch_loss.item())
            tr_y_all = torch.cat([tr_y_all, y_flat], 0)
            tr_logits_all = torch.cat([tr_logits_all, out_flat], 0)

        net.eval()
        va_logits_all, va_y_all = torch.Tensor([]).cuda(), torch.LongTensor([]).cuda()
        print('validating')
        with torch.no_grad():
            for x, y in tqdm(va_dl):
                x = x.cuda()
                y = y.cuda()

                out = net(x)
                out_flat = out.view(-1, out.shape[-1])
                y_flat = y.view(-1)

                batch_loss = loss_fn(out_flat, y_flat)

                va_losses.append(batch_loss.item())


                va_y_all = torch.cat([va_y_all, y_flat], 0)
                va_logits_all = torch.cat([va_logits_all, out_flat], 0)

        # ...
        mean_tr = np.average(tr_losses)
        mean_va = np.average(va_losses)
        hist_tr.append(mean_tr)
        hist_va.append(mean_va)
        print("loss tr {:0.6f} va {:0.6f}".format(mean_tr, mean_va))

        f1_tr = f1_score(tr_y_all.cpu().detach().numpy(), tr_logits_all.cpu().detach().numpy().argmax(1),
                               lbl=list(range(11)), average='macro')

        f1_va = f1_score(va_y_all.cpu().detach().numpy(), va_logits_all.cpu().detach().numpy().argmax(1),
                             lbl=list(range(11)), average='macro')

        plateau.step(f1_va)
        print("f1 tr {:0.6f} va {:0.6f}".format(f1_tr, f1_va))
        acc = stopper(f1_va, net)
        # ...
        if  acc == 2:
            print("stopping early")
            print('fold %d best f1 %f' % (fold_no, stopper.best))
            break
        elif acc == 1:
            print('fold %d improved f1 %f' % (fold_no, f1_va))
    print('fold {} final best f1 {}'.format(fold_no, stopper.best))
    fold_scores.append(round(stopper.best, 6))
    
    net.eval()
    chunks = []
    with torch.no_grad():
        for x, y in tqdm(te_dl):
            x = x.cuda()
            y = y.cuda()

            out = net(x)
            out_flat = out.view(-1, out.shape[-1])
            # ...
            chunks.append(F.softmax(out_flat, dim=1).cpu().numpy())
            # ...
        fold_probs = np.vstack(chunks)
        te_prob_sum += fold_probs
print('per-fold f1: %s'%str(fold_scores))
print('mean f1: %f'% (sum(fold_scores)/len(fold_scores)))
print('writing submission')
ss_path = '/kaggle/input/liverpool-ion-switching/sample_submission.csv'
ss_tab = pd.read_csv(ss_path, dtype={'time': str})
te_prob_sum = te_prob_sum / np.sum(te_prob_sum, axis=1)[:, None]
out_df = pd.DataFrame({'time': ss_tab['time'].astype(str),
                                'open_channels': np.argmax(te_prob_sum, axis=1)})
out_df.to_csv("./submission.csv", index=False)
print('done')

