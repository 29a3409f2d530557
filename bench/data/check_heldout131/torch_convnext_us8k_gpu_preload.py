import os
import time
import random
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchaudio
from torch.utils.data import Dataset, DataLoader
from tqdm import tqdm
import warnings

# silence library chatter
warnings.filterwarnings("ignore")

# ----------------------------------------
# settings
# ----------------------------------------
SETTINGS = {
    "root_dir": "/data/us8k_kaggle",
    "sample_rate": 32000,
    "duration": 4.0,
    "clip_samples": 32000 * 4,
    
    # spectrogram settings
    "n_fft": 1024,
    "hop_length": 320, 
    "n_mels": 128,
    
    "batch_size": 128, 
    "epochs": 100,
    "lr": 5e-4,
    "device": "cuda" if torch.cuda.is_available() else "cpu",
    "seed": 42
}

def fix_randomness(seed_value):
    random.seed(seed_value)
    np.random.seed(seed_value)
    torch.manual_seed(seed_value)
    torch.cuda.manual_seed_all(seed_value)
    torch.backends.cudnn.deterministic = True

fix_randomness(SETTINGS['seed'])

# ----------------------------------------
# data
# ----------------------------------------

class WaveOnCpuSet(Dataset):
    def __init__(self, table, root_dir, split_name):
        self.table = table
        self.root_dir = root_dir
        self.split_name = split_name
        self.clip_len = SETTINGS['clip_samples']

    def __len__(self):
        return len(self.table)

    def __getitem__(self, idx):
        rec = self.table.iloc[idx]
        subdir = 'test' if self.split_name == 'test' else f"fold{rec['held_fold']}"
        wav_path = os.path.join(self.root_dir, 'audio', subdir, rec['slice_file_name'])
        
        try:
            signal, rate = torchaudio.load(wav_path)
        except:
            signal = torch.zeros(1, self.clip_len)
            rate = SETTINGS['sample_rate']

        if rate != SETTINGS['sample_rate']:
            signal = torchaudio.functional.resample(signal, rate, SETTINGS['sample_rate'])
        
        if signal.shape[0] > 1:
            signal = torch.mean(signal, dim=0, keepdim=True)
            
        n_len = signal.shape[1]
        if n_len < self.clip_len:
            n_missing = self.clip_len - n_len
            signal = F.pad(signal, (0, n_missing))
        elif n_len > self.clip_len:
            offset0 = (n_len - self.clip_len) / 2
            signal = signal[:, offset0:offset0+self.clip_len]
            
        target = rec['classID'] if 'classID' in rec else 0
        return signal, target

class DeviceResidentClips(Dataset):
    def __init__(self, csv_file, split_name='train', held_fold=None):
        self.split_name = split_name
        self.table = pd.read_csv(csv_file)
        
        if split_name == 'train':
            self.table = self.table[self.table['fold'] != held_fold]
        elif split_name == 'val':
            self.table = self.table[self.table['fold'] == held_fold]
            
        self.table_idx = self.table.reset_index(drop=True)
        print(f"[{split_name.upper()}] reading {len(self.table_idx)} clips into memory")
        
        self.clips, self.targets = self._pull_everything()
        print(f"[{split_name.upper()}] finished, cuda bytes in GiB: {torch.cuda.memory_allocated()/1024**3:.2f} GB")

    def _pull_everything(self):
        host_set = WaveOnCpuSet(self.table_idx, SETTINGS['root_dir'], self.split_name)
        host_loader = DataLoader(host_set, batch_size=64, num_workers=8, shuffle=False)
        
        wave_chunks = []
        target_chunks = []
        
        for batch_wav, targets in tqdm(host_loader, desc=f"Caching split {self.split_name}"):
            wave_chunks.append(batch_wav)
            target_chunks.append(targets)
            
        every_clip = torch.cat(wave_chunks, dim=0).to(SETTINGS['device'])
        every_target = torch.cat(target_chunks, dim=0).long().to(SETTINGS['device'])
        return every_clip, every_target

    def __len__(self):
        return len(self.clips)
    
    def __getitem__(self, idx):
        return self.clips[idx], self.targets[idx]

# ----------------------------------------
# front end on the device
# ----------------------------------------
class WaveToLogMel(nn.Module):
    def __init__(self):
        super().__init__()
        self.melspec = torchaudio.transforms.MelSpectrogram(
            sample_rate=SETTINGS['sample_rate'],
            n_fft=SETTINGS['n_fft'],
            hop_length=SETTINGS['hop_length'],
            n_mels=SETTINGS['n_mels'],
            power=2.0
        )
        self.to_db = torchaudio.transforms.AmplitudeToDB(top_db=80)

    def forward(self, h):
        with torch.no_grad():
            feat = self.melspec(h)
            feat = self.to_db(feat)
            
            # standardise every spectrogram on its own
            # the small constant keeps silent clips finite
            mu = feat.mean(dim=(2, 3), keepdim=True)
            sigma = feat.std(dim=(2, 3), keepdim=True)
            feat = (feat - mu) / (sigma + 1e-6)
            
        return feat

# ----------------------------------------
# ConvNeXt-V2 tiny backbone
# ----------------------------------------
class ChanNorm(nn.Module):
    def __init__(self, n_feat, eps=1e-6, layout="channels_last"):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n_feat))
        self.bias = nn.Parameter(torch.zeros(n_feat))
        self.eps = eps
        self.layout = layout
        if self.layout not in ["channels_last", "channels_first"]: raise NotImplementedError 
        self.n_feat = (n_feat, )
    
    def forward(self, h):
        if self.layout == "channels_last":
            return F.layer_norm(h, self.n_feat, self.weight, self.bias, self.eps)
        elif self.layout == "channels_first":
            avg = h.mean(1, keepdim=True)
            var = (h - avg).pow(2).mean(1, keepdim=True)
            h = (h - avg) / torch.sqrt(var + self.eps)
            h = self.weight[:, None, None] * h + self.bias[:, None, None]
            return h

class GlobalRespNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim))
        self.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))

    def forward(self, h):
        g_norm = torch.norm(h, p=2, dim=(1,2), keepdim=True)
        n_norm = g_norm / (g_norm.mean(dim=-1, keepdim=True) + 1e-6)
        return self.gamma * (h * n_norm) + self.beta + h

class NeXtBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.depthwise = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim) 
        self.ln = ChanNorm(dim, eps=1e-6)
        self.expand = nn.Linear(dim, 4 * dim) 
        self.gelu = nn.GELU()
        self.resp = GlobalRespNorm(4 * dim)
        self.project = nn.Linear(4 * dim, dim)
        
    def forward(self, h):
        shortcut = h
        h = self.depthwise(h)
        h = h.permute(0, 2, 3, 1) 
        h = self.ln(h)
        h = self.expand(h)
        h = self.gelu(h)
        h = self.resp(h)
        h = self.project(h)
        h = h.permute(0, 3, 1, 2) 
        h = shortcut + h
        return h

class TinyNeXtV2(nn.Module):
    def __init__(self, n_in=1, n_out=10):
        super().__init__()
        stage_depths = [3, 3, 9, 3]
        widths = [96, 192, 384, 768]
        
        self.downs = nn.ModuleList() 
        first_layer = nn.Sequential(
            nn.Conv2d(n_in, widths[0], kernel_size=4, stride=4),
            ChanNorm(widths[0], eps=1e-6, layout="channels_first")
        )
        self.downs.append(first_layer)
        
        for i in range(3):
            down_i = nn.Sequential(
                    ChanNorm(widths[i], eps=1e-6, layout="channels_first"),
                    nn.Conv2d(widths[i], widths[i+1], kernel_size=2, stride=2),
            )
            self.downs.append(down_i)

        self.blocks = nn.ModuleList() 
        for i in range(4):
            stage_i = nn.Sequential(*[NeXtBlock(dim=widths[i]) for _ in range(stage_depths[i])])
            self.blocks.append(stage_i)

        self.ln = nn.LayerNorm(widths[-1], eps=1e-6) 
        self.classifier = nn.Linear(widths[-1], n_out)
        
        self.apply(self._init_params)

    def _init_params(self, mod):
        if isinstance(mod, (nn.Conv2d, nn.Linear)):
            nn.init.trunc_normal_(mod.weight, std=.02)
            if mod.bias is not None:
                nn.init.constant_(mod.bias, 0)

    def forward(self, h):
        for i in range(4):
            h = self.downs[i](h)
            h = self.blocks[i](h)
        h = h.mean([-2, -1]) 
        h = self.ln(h)
        h = self.classifier(h)
        return h

# ----------------------------------------
# entry point
# ----------------------------------------
if __name__ == "__main__":
    HOLDOUT = 1
    csv_train = os.path.join(SETTINGS['root_dir'], 'metadata', 'kaggle_train.csv')
    
    # data sets
    set_train = DeviceResidentClips(csv_train, split_name='train', held_fold=HOLDOUT)
    set_val = DeviceResidentClips(csv_train, split_name='val', held_fold=HOLDOUT)
    
    dl_train = DataLoader(set_train, batch_size=SETTINGS['batch_size'], shuffle=True)
    dl_val = DataLoader(set_val, batch_size=SETTINGS['batch_size'], shuffle=False)

    # modules
    front_end = WaveToLogMel().to(SETTINGS['device'])
    net = TinyNeXtV2(n_in=1, n_out=10).to(SETTINGS['device'])
    
    # plain fp32 optimisation
    opt = torch.optim.AdamW(net.parameters(), lr=SETTINGS['lr'], weight_decay=1e-2)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=SETTINGS['epochs'])
    ce = nn.CrossEntropyLoss()

    top_acc = 0.0
    print("\ntraining in full fp32")
    
    for ep in range(1, SETTINGS['epochs'] + 1):
        # train pass
        net.train()
        loss_sum_tr = 0.0
        hits_tr = 0
        seen_tr = 0
        
        for batch_wav, targets in dl_train:
            opt.zero_grad()
            
            # waveform to normalised log-mel
            feats = front_end(batch_wav)
            
            # forward
            logits = net(feats)
            batch_loss = ce(logits, targets)
            
            # backward with clipping
            batch_loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
            
            loss_sum_tr += batch_loss.item()
            _, pred = torch.max(logits.data, 1)
            seen_tr += targets.size(0)
            hits_tr += (pred == targets).sum().item()
            
        mean_loss_tr = loss_sum_tr / len(dl_train)
        acc_tr = 100 * hits_tr / seen_tr
        
        # validation pass
        net.eval()
        loss_sum_va = 0.0
        hits_va = 0
        seen_va = 0
        
        with torch.no_grad():
            for batch_wav, targets in dl_val:
                feats = front_end(batch_wav)
                logits = net(feats)
                batch_loss = ce(logits, targets)
                
                loss_sum_va += batch_loss.item()
                _, pred = torch.max(logits.data, 1)
                seen_va += targets.size(0)
                hits_va += (pred == targets).sum().item()
        
        mean_loss_va = loss_sum_va / len(dl_val)
        acc_va = 100 * hits_va / seen_va
        
        # report
        print(f"epoch {ep:02d} | tr loss: {mean_loss_tr:.4f} Acc: {acc_tr:.2f}% | "
              f"va loss: {mean_loss_va:.4f} Acc: {acc_va:.2f}%")
        
        sched.step()
        
        if acc_va > top_acc:
            top_acc = acc_va
            torch.save(net.state_dict(), f"convnext_ckpt_fold{HOLDOUT}.pth")