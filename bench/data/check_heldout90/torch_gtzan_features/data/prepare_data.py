import os
import math
import librosa
import librosa.feature as lf
from torch.utils.data import Dataset
from torch.utils.data import DataLoader
import torch
import numpy as np
from torch.utils.data.dataset import random_split
import yaml
from numpy import save, load

settings_dir = 'D:/git-testy/classifier1/config/'
with open(os.path.join(settings_dir,'config.yaml')) as fh:
    cfg = yaml.safe_load(fh)

root_dir = cfg["input_path"]
genre_names = [d for d in os.listdir(root_dir) if os.path.isdir(os.path.join(root_dir,d))]


def build_rows(root_dir, genre_names):
    '''
    walks every genre folder, computes descriptors per track
    and writes the resulting ndarray to disk.
    '''
    rows = []
    for gi, gname in enumerate(genre_names):
        folder = root_dir + gname + '/'
        print(folder)
        track_paths = []
        for (dp, dn, fnames) in os.walk(folder):
            for fn in fnames:
                track_paths.append(os.path.join(folder, fn))
        for ti, tp in enumerate(track_paths):
            R = [k for k in range(26)]
            sig, sr = librosa.load(tp)
            win = math.floor(sr * .25)
            hop = math.floor(win / 2)
            if gname in tp: R[0] = gi
            R[1] = lf.rms(sig, frame_length=win, hop_length=hop, center=True)[0].mean()
            R[2] = lf.zero_crossing_rate(sig).mean()
            R[3] = lf.spectral_centroid(sig, sr)[0].mean()
            R[4] = lf.spectral_bandwidth(sig + .01, sr)[0].mean()
            R[5] = lf.spectral_rolloff(sig + .01, sr)[0].mean()
            ceps = lf.mfcc(sig, sr)
            for c in range(len(ceps)):
                R[6 + c] = ceps[c]
            R=np.asarray(R,dtype=object)
            R_flat = np.hstack(R)
            rows.append(R_flat)
            #if ti == 2:
                #break
    save(cfg["preprocessed_data_path"], np.asarray(rows,dtype=object))
    return np.asarray(rows,dtype=object)

class TrackRows(Dataset):
    def __init__(self, rows):
        self.rows = rows
        self.row_lens = np.zeros(len(self.rows))
        self.row_lens = [len(self.rows[i]) for i in range(len(self.rows))]
        self.width = cfg["input_size"]
        #print(f'widest row {self.width}')            # used to pick input_size

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        lab = torch.tensor(self.rows[idx][0])
        vec = torch.from_numpy(self.rows[idx][1:])
        width = self.width
        return (lab, vec, width)


def pad_batch(batch):
    labs, vecs, widths = zip(*batch)
    labs = torch.tensor(np.int64(labs))
    widths = int(widths[0])
    out = torch.zeros(len(batch), widths)
    for i in range(len(batch)):
        out[i] = torch.cat((vecs[i],torch.zeros(widths-len(vecs[i]))),0)
    return out.clone().detach(), labs.clone().detach()

# reuse the cached descriptors when they exist
if os.path.isfile(cfg["preprocessed_data_path"]):
    rows = load(cfg["preprocessed_data_path"], allow_pickle=True)
    dataset = TrackRows(rows)
else:
    dataset = TrackRows(build_rows(root_dir, genre_names))

# split and wrap in loaders
n_train = int(len(dataset)*cfg["train_dataset_percent"])
n_val = len(dataset) - n_train
train_part, val_part = random_split(dataset,[n_train,n_val])
train_loader = DataLoader(train_part,batch_size=cfg["batch_size"],shuffle=True,collate_fn=pad_batch)
val_loader = DataLoader(val_part,batch_size=cfg["batch_size"],shuffle=True,collate_fn=pad_batch)
