"""Small CNN for UrbanSound8K, course final project.




"""
# libraries
import random
import pandas as pd
import torch
import torchaudio
import torchaudio.transforms
from torch.utils.data import DataLoader, Dataset, random_split
import torch.nn as nn
from tqdm import tqdm

# =================================================
# 
# UrbanSound8K: train a small CNN on log-mel spectrograms computed per clip,
# keep the checkpoint with the best validation accuracy.
# Expects the csv and fold folders under Data/urbansound8k.
# Writes us8k_small_cnn.pt and net_layout.txt next to this file.
# 
# 
# 
# 
# =================================================


# optimisation settings
EPOCHS = 20
BATCH = 16
LR = 0.001
N_CLASSES = 10

# audio settings
CLIP_MS = 4000
TARGET_SR = 44100
CHANNELS = 2


# read one file
def read_audio(fpath):
    wave, sr = torchaudio.load(fpath)

    return wave, sr


# duplicate mono to stereo (or keep first channel)
def match_channels(clip, n_ch):
    wave, sr = clip

    if wave.shape[0] == n_ch:
        return clip

    if n_ch == 1:
        out_wave = wave[:1, :]
    else:
        out_wave = torch.cat([wave, wave])

    return out_wave, sr


# resample every channel to one rate
def unify_rate(clip, sr_target):
    out_wave, sr = clip

    if sr == sr_target:
        return clip

    # channel count
    n_ch = out_wave.shape[0]

    # first channel
    ch_a = torchaudio.transforms.Resample(sr, sr_target)(out_wave[:1, :])

    # second channel when present
    if n_ch > 1:
        ch_b = torchaudio.transforms.Resample(sr, sr_target)(out_wave[1:, :])

        # stack them again
        out_wave = torch.cat([ch_a, ch_b])

    return out_wave, sr_target


# crop or zero-pad to a fixed duration
def fit_length(clip, ms_limit):
    wave, sr = clip
    n_rows, n_len = wave.shape
    limit = sr//1000 * ms_limit

    # crop
    if n_len > limit:
        wave = wave[:, :limit]

    # pad at random on both sides
    elif n_len < limit:
        lead = random.randint(0, limit - n_len)
        tail = limit - n_len - lead

        # zero blocks
        lead_zeros = torch.zeros(n_rows, lead)
        tail_zeros = torch.zeros(n_rows, tail)

        # join
        wave = torch.cat((lead_zeros, wave, tail_zeros), 1)

    return wave, sr


# circular shift by a random fraction
def roll_in_time(clip, max_shift):
    wave, TARGET_SR = clip
    _, n_len = wave.shape
    k = int(random.random() * max_shift * n_len)

    return wave.roll(k), TARGET_SR


# log-mel spectrogram of one clip
def to_logmel(clip, mels=64, fft=1024, hop=None):
    wave, sr = clip
    db_floor = 80

    # power mel
    spec = torchaudio.transforms.MelSpectrogram(sr,
                                                       n_fft=fft,
                                                       hop_length=hop,
                                                       n_mels=mels)(wave)

    # to decibels
    spec = torchaudio.transforms.AmplitudeToDB(top_db=db_floor)(spec)

    return spec


# SpecAugment-style masking:
# frequency bands
# and time spans
def spec_augment(spec, mask_frac=0.1, n_fmask=1, n_tmask=1):
    # shape
    c, m, t = spec.shape

    # fill value is the mean
    fill = spec.mean()

    # start from the input
    masked = spec

    # frequency masks
    f_width = mask_frac * m
    for _ in range(n_fmask):
        masked = torchaudio.transforms.FrequencyMasking(f_width)(masked,
                                                                                         fill)

    # time masks
    t_width = mask_frac * t
    for _ in range(n_tmask):
        masked = torchaudio.transforms.TimeMasking(t_width)(masked, fill)

    return masked


# dataset reading files lazily
class US8KClips(Dataset):
    def __init__(self, table, root):
        self.table = table
        self.root = root
        self.duration = CLIP_MS
        self.sr = TARGET_SR
        self.channel = CHANNELS
        self.shift_pct = 0.4

    # size
    def __len__(self):
        return len(self.table)

    # one clip
    def __getitem__(self, index):
        # file path
        fpath = self.root + self.table.loc[index, 'file_path']

        # label
        cid = self.table.loc[index, 'classID']

        # decode
        clip = read_audio(fpath)

        # same rate
        resampled = unify_rate(clip, self.sr)

        # same channel count
        two_ch = match_channels(resampled, self.channel)

        # same length
        padded = fit_length(two_ch, self.duration)

        # shift
        shifted = roll_in_time(padded, self.shift_pct)

        # features
        spec = to_logmel(shifted)

        # masking
        spec_aug = spec_augment(spec, n_fmask=2, n_tmask=2)

        return spec_aug, cid


# four conv blocks then global pooling
class SmallAudioCNN(nn.Module):
    def __init__(self):
        super().__init__()

        # block 1
        self.c1 = nn.Conv2d(2, 8, kernel_size=(5, 5), stride=(2, 2), padding=(2, 2))
        self.bn1 = nn.BatchNorm2d(8)
        self.zp1 = nn.ZeroPad2d(2)
        self.mp1 = nn.MaxPool2d(kernel_size=5, stride=2)

        # block 2
        self.c2 = nn.Conv2d(8, 32, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))
        self.bn2 = nn.BatchNorm2d(32)
        self.zp2 = nn.ZeroPad2d(2)

        # block 3
        self.c3 = nn.Conv2d(32, 64, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))
        self.bn3 = nn.BatchNorm2d(64)

        # block 4
        self.c4 = nn.Conv2d(64, 128, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))
        self.bn4 = nn.BatchNorm2d(128)

        # head
        self.relu = nn.ReLU()
        self.gap = nn.AdaptiveAvgPool2d(output_size=1)
        self.fc = nn.Linear(in_features=128, out_features=10)

    # forward pass
    def forward(self, h):
        h = self.mp1(self.zp1(self.bn1(self.relu(self.c1(h)))))
        h = self.zp2(self.bn2(self.relu(self.c2(h))))
        h = self.bn3(self.relu(self.c3(h)))
        h = self.bn4(self.relu(self.c4(h)))

        h = self.gap(h)
        h = h.view(h.shape[0], -1)
        h = self.fc(h)

        return h


# write the architecture as text
def dump_summary(net):
    # only the layout, not weights
    print(net, file=open('net_layout.txt', 'w'))


# network, optimiser, scheduler and loss
def build_all():

    # network
    net = SmallAudioCNN()
    net = net.to(dev)

    # training objects
    opt = torch.optim.AdamW(net.parameters(), lr=LR)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', patience=0, verbose=True)
    crit = nn.CrossEntropyLoss()

    # layout dump
    dump_summary(net)

    return net, opt, sched, crit


# epoch loop
def fit_and_check(loader_tr, loader_va):
    net, opt, sched, crit = build_all()

    best = 0

    for ep in range(EPOCHS):
        tr_loss, tr_steps, tr_hits, tr_seen = 0, 0, 0, 0

        net.train()

        pred_hist, true_hist = [], []

        # training
        with tqdm(total=len(loader_tr), desc=f'ep {ep}') as bar:

            for xb, yb in loader_tr:

                xb, yb = xb.to(dev), yb.to(dev)

                # per-batch standardisation
                mu, sd = xb.mean(), xb.std()
                xb = (xb - mu) / sd

                opt.zero_grad()
                logits = net(xb)
                l = crit(logits, yb)
                l.backward()
                opt.step()

                tr_loss += l.item()
                tr_steps += 1

                _, pred = torch.max(logits, 1)

                tr_hits += (pred == yb).sum().item()
                tr_seen += pred.shape[0]

                bar.update(1)
                bar.set_postfix_str(f"loss {tr_loss / tr_steps:0.5f} "
                                     f"acc {tr_hits / tr_seen:0.5f}")

                pred_hist.append(pred.detach().cpu().numpy())
                true_hist.append(yb.detach().cpu().numpy())

        # validation
        net.eval()

        va_loss, va_steps, va_hits, va_seen = 0, 0, 0, 0

        # no gradients here
        with torch.no_grad():
            with tqdm(total=len(loader_va), desc=f'ep {ep}') as bar:

                for xb, yb in loader_va:
                    xb, yb = xb.to(dev), yb.to(dev)

                    # per-batch standardisation
                    mu, sd = xb.mean(), xb.std()
                    xb = (xb - mu) / sd

                    opt.zero_grad()
                    logits = net(xb)
                    l = crit(logits, yb)

                    va_loss += l.item()
                    va_steps += 1

                    _, pred = torch.max(logits, 1)

                    va_hits += (pred == yb).sum().item()
                    va_seen += pred.shape[0]

                    bar.update(1)
                    bar.set_postfix_str(f"loss {va_loss / va_steps:0.5f} "
                                         f"acc {va_hits / va_seen:0.5f}")

        # training summary
        tr_mean = tr_loss / len(loader_tr)
        tr_acc = tr_hits / tr_seen
        print(f'Training: ep {ep} --> loss {tr_mean:0.5f} acc {tr_acc:0.5f}')

        # validation summary
        va_mean = va_loss / len(loader_va)
        va_acc = va_hits / va_seen
        print(f'Validation: ep {ep} --> loss {va_mean:0.5f} acc {va_acc:0.5f}\n')

        # selection metric
        acc_now = va_acc

        # save when validation improves
        if acc_now > best:
            torch.save(net.state_dict(), 'us8k_small_cnn.pt')

            if ep == 0:
                print('first checkpoint written\n')
            else:
                print('validation improved, checkpoint replaced\n')

            best = acc_now

    print('finished')


# entry point
if __name__ == '__main__':
    # pick device
    dev = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
    print('device:', dev)

    # metadata table
    meta = pd.read_csv('Data/urbansound8k/UrbanSound8K.csv')
    meta['file_path'] = '/fold' + meta['fold'].astype(str) + '/' + meta['slice_file_name'].astype(str)

    # keep path and class
    table = meta[['file_path', 'classID']]

    # dataset object
    clips = US8KClips(table, 'Data/urbansound8k')

    # split sizes 70/15/15
    n_all = len(clips)
    n_tr = round(n_all * 0.70)
    n_va = round(n_all * 0.15)
    n_te = n_all - n_tr - n_va

    # random split
    part_tr, part_va, part_te = random_split(clips, [n_tr, n_va, n_te])

    # loaders
    dl_tr = DataLoader(part_tr, batch_size=BATCH, shuffle=True)
    dl_va = DataLoader(part_va, batch_size=BATCH, shuffle=False)

    # run
    fit_and_check(dl_tr, dl_va)
