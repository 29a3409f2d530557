import os
import pandas as pd
import torch
from torch.utils.data import Dataset
import torchaudio
import torch.nn.functional as F
from tqdm import tqdm

class FramedWaveSet(Dataset):
    def __init__(self, csv_path, wav_root, fold_ids, phase='train', rate_out=16000, win=16000, hop_frac=0.75):
        self.wav_root = wav_root
        self.rate_out = rate_out
        self.win = win
        self.hop = int(win * (1 - hop_frac))
        self.phase = phase
        
        tab = pd.read_csv(csv_path)
        self.rows = tab[tab['fold'].isin(fold_ids)].reset_index(drop=True)
        
        # decode the whole split once and keep it
        self.ram_clips = []
        print(f"Decoding {phase} split ({len(self.rows)} clips) to host memory")
        
        # resampling is decided per file below
        # (most clips are 44.1 kHz, some are not)
        # so the check happens inside the loop
        
        for idx in tqdm(range(len(self.rows)), desc=f"read {phase} data"):
            rec = self.rows.iloc[idx]
            fpath = os.path.join(self.wav_root, f"fold{rec['fold']}", rec['slice_file_name'])
            cls = rec['classID']
            
            try:
                # read
                sig, rate_in = torchaudio.load(fpath)
                
                # resample when the rate differs
                if rate_in != self.rate_out:
                    # functional form
                    rs = torchaudio.transforms.Resample(rate_in, self.rate_out)
                    sig = rs(sig)
                
                # downmix
                if sig.shape[0] > 1:
                    sig = torch.mean(sig, dim=0, keepdim=True)
                
                # pad short clips to one window
                if sig.shape[1] < self.win:
                    n_pad = self.win - sig.shape[1]
                    sig = F.pad(sig, (0, n_pad))
                
                # keep the full waveform; windows are cut later
                # so each epoch draws a fresh one
                self.ram_clips.append((sig, cls))
                
            except Exception as err:
                print(f"could not read {fpath}: {err}")
                # placeholder for unreadable files
                self.ram_clips.append((torch.zeros(1, self.win), cls))

    def __len__(self):
        return len(self.ram_clips)

    def __getitem__(self, idx):
        # no disk access here
        sig, cls = self.ram_clips[idx]
        
        # window the waveform
        # on the fly
        pieces = []
        n_len = sig.shape[1]
        
        if n_len <= self.win:
            pieces.append(sig)
        else:
            # sliding windows via unfold
            # (1, L) -> (1, n, win)
            windows = sig.unfold(1, self.win, self.hop)
            windows = windows.permute(1, 0, 2)
            # could be vectorised further
            # kept as is
            framed = windows
        
        if 'framed' not in locals():
            framed = torch.stack(pieces)

        # train vs eval
        if self.phase == 'train':
            # one random window
            n_pieces = framed.shape[0]
            pick = torch.randint(0, n_pieces, (1,)).item()
            return framed[pick], cls
        else:
            # every window
            return framed, cls