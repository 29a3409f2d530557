import os
import cv2
import random
import torch
from torch.utils.data import Dataset
import pywt
import numpy as np
from tqdm import tqdm
from concurrent.futures import ThreadPoolExecutor
import psutil

class WaveletSRSet(Dataset):
    def __init__(self, root_dir, transform=None, training=False,
                  cfg=None):
        self.scale_factor = cfg.scale_factor
        self.hr_dir = os.path.join(root_dir, 'HR')
        self.hr_files = [os.path.join(self.hr_dir, f) for f in os.listdir(self.hr_dir)
                            if f.lower().endswith(('.jpg', '.png'))]
        self.lr_dir = os.path.join(root_dir, 'LR')
        self.training = training
        self.keep_in_ram = cfg.pre_load
        n_files = len(self.hr_files)
        self.hr_frames = [None] * n_files
        self.frame_names = [None] * n_files
        self.num_workers = cfg.num_workers
        self.block_size = cfg.block_size
        self.transform = transform

        # cache the HR frames in RAM using a thread pool
        if self.keep_in_ram:
            print(f"caching {len(self.hr_files)} high-res frames in RAM ...")

            def read_one_hr(job):
                k, fpath = job
                # only readable files
                if os.path.exists(fpath) and os.access(fpath, os.R_OK):
                    try:
                        frame = cv2.imread(fpath)
                        if frame is None:
                            print(f"skip: cv2 could not decode {fpath}")
                            return k, None, None # None marks a failed read
                        frame = cv2.cvtColor(frame, cv2.COLOR_BGR2YCrCb)
                        return k, frame, os.path.basename(fpath)
                    except Exception as exc:
                        print(f"failed reading {fpath}: {exc}")
                        return k, None, None # None marks a failed read
                else:
                    print(f"skip: missing or unreadable {fpath}")
                    return k, None, None # None marks a failed read

            kept_idx = []
            with ThreadPoolExecutor(max_workers=self.num_workers) as pool:
                decoded = list(tqdm(
                    pool.map(read_one_hr, enumerate(self.hr_files)),
                    total=len(self.hr_files)
                ))

            # drop frames that failed to load
            all_paths = self.hr_files
            self.hr_files = []
            good_frames = []
            good_names = []
            for k, frame, fname in decoded:
                if frame is not None and fname is not None:
                    # keep the successful reads
                    good_frames.append(frame)
                    good_names.append(fname)
                    self.hr_files.append(all_paths[k]) # and their paths

            # swap in the filtered lists
            self.hr_frames = good_frames
            self.frame_names = good_names

            if not self.hr_frames:
                 raise ValueError("nothing could be cached: check the HR folder and its files")

            print(f"cached {len(self.hr_frames)} frames")
            print(f"host RAM in use: {psutil.virtual_memory().percent}%")

        # build the LR folder when it is missing
        if not os.path.exists(self.lr_dir):
            print(f"no LR folder yet, building it ...")
            # output folders for each degradation
            bic_dir = os.path.join(self.lr_dir, 'bicubic')
            wav_dir = os.path.join(self.lr_dir, 'wavelet')
            gauss_dir = os.path.join(self.lr_dir, 'Gaussian')
            os.makedirs(bic_dir, exist_ok=True)
            if training:
                os.makedirs(wav_dir, exist_ok=True)
            #os.makedirs(gauss_dir, exist_ok=True)
    
            # one job per HR file
            jobs = [(hpath, bic_dir, wav_dir, gauss_dir, 2, 'db1') 
                for hpath in self.hr_files]
    
            # run the jobs in threads
            with ThreadPoolExecutor(max_workers=self.num_workers) as pool:
                decoded = list(tqdm(
                    pool.map(make_lr_versions, jobs),
                    total=len(jobs),
                    desc="making LR copies"
                ))
            print("LR copies written")

    def __len__(self):
        return len(self.hr_files)

    def __getitem__(self, k):
        # yields the LR/HR channels and the file name
        if self.keep_in_ram:
            # cached path: index the in-memory list (bounds checked anyway)
            if k < 0 or k >= len(self.hr_frames):
                 raise IndexError(f"index {k} outside 0..{len(self.hr_frames)-1}")
            hi = self.hr_frames[k].copy()
            fname = self.frame_names[k]
        else:
            # disk path: k indexes hr_files
            if k < 0 or k >= len(self.hr_files):
                 raise IndexError(f"index {k} outside 0..{len(self.hr_files)-1}")
            fpath = self.hr_files[k]
            # the file may have gone since construction
            if not os.path.exists(fpath):
                 raise FileNotFoundError(f"frame vanished: {fpath}")
            try:
                hi_raw = cv2.imread(fpath)
                if hi_raw is None:
                    raise ValueError(f"decode failed in __getitem__: {fpath}")
                hi = cv2.cvtColor(hi_raw, cv2.COLOR_BGR2YCrCb)
                fname = os.path.basename(fpath)
            except Exception as exc:
                 raise IOError(f"read error in __getitem__ for {fpath}: {exc}")

        # pick one LR variant at random
        lr_variants = [os.path.join(self.lr_dir, f) for f in os.listdir(self.lr_dir) if os.path.isdir(os.path.join(self.lr_dir, f))]
        if not lr_variants:
            raise FileNotFoundError(f"no degradation sub-folders inside {self.lr_dir}")

        n_variants = len(lr_variants)
        picked_dir = lr_variants[random.randint(0, n_variants-1)]
        lo_path = os.path.join(picked_dir, fname)

        if not os.path.exists(lo_path):
             raise FileNotFoundError(f"low-res partner missing: {lo_path}")

        try:
            lo_raw = cv2.imread(lo_path)
            if lo_raw is None:
                 raise ValueError(f"cannot decode low-res file {lo_path}")
            lo = cv2.cvtColor(lo_raw, cv2.COLOR_BGR2YCrCb)
        except Exception as exc:
             raise IOError(f"read error for low-res {lo_path}: {exc}")

        # augmentation: crop, flips, quarter turns
        if self.training:
            # aligned random crop
            hh, hw, _ = hi.shape
            lh, lw, _ = lo.shape
            
            # only when the frame is big enough
            if hh >= self.block_size*self.scale_factor and hw >= self.block_size*self.scale_factor:
                # crop size on the LR side
                lo_patch = self.block_size
                
                # valid range of corners
                span_x = lw - lo_patch
                span_y = lh - lo_patch
                
                if span_x >= 0 and span_y >= 0:
                    # corner on the LR frame
                    ox = random.randint(0, span_x)
                    oy = random.randint(0, span_y)
                    
                    # matching corner on the HR frame
                    hx = ox * self.scale_factor
                    hy = oy * self.scale_factor
                    
                    # cut both
                    hi = hi[hy:hy+self.block_size*self.scale_factor, hx:hx+self.block_size*self.scale_factor, :]
                    lo = lo[oy:oy+lo_patch, ox:ox+lo_patch, :]

            # vertical flip
            if random.random() > 0.5:
                hi = cv2.flip(hi, 0)  
                lo = cv2.flip(lo, 0)

            # horizontal flip
            if random.random() > 0.5:
                hi = cv2.flip(hi, 1)  
                lo = cv2.flip(lo, 1)

            # random rotation
            if random.random() > 0.5:
                turns = [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE]
                turn = random.choice(turns)
                hi = cv2.rotate(hi, turn)
                lo = cv2.rotate(lo, turn)
        else:
            lh, lw, _ = lo.shape
            lh, lw = (lh//2)*2, (lw//2)*2
            lo = lo[0:lh, 0:lw, :]
            hi = hi[0:lh*self.scale_factor, 0:lw*self.scale_factor, :]
        lo = np.transpose(lo, (2, 0, 1))    # channels first
        hi = np.transpose(hi, (2, 0, 1))

        lo_y = torch.from_numpy(lo[0:1]).float()
        lo_cr = torch.from_numpy(lo[1:2]).float()
        lo_cb = torch.from_numpy(lo[2:3]).float()

        hi_y = torch.from_numpy(hi[0:1]).float()
        hi_cr = torch.from_numpy(hi[1:2]).float()
        hi_cb = torch.from_numpy(hi[2:3]).float()

        return lo_y, lo_cr, lo_cb, hi_y, hi_cr, hi_cb, fname
    
def make_lr_versions(job):
    hpath, bic_dir, wav_dir, gauss_dir, scale_factor, wavelet_name = job
    # HR frame in YCrCb
    hi = cv2.cvtColor(cv2.imread(hpath), cv2.COLOR_BGR2YCrCb)
    
    # downscaled chroma planes
    lo_cr = cv2.resize(hi[:, :, 1], (hi.shape[1] // scale_factor, hi.shape[0] // scale_factor), interpolation=cv2.INTER_CUBIC)
    lo_cb = cv2.resize(hi[:, :, 2], (hi.shape[1] // scale_factor, hi.shape[0] // scale_factor), interpolation=cv2.INTER_CUBIC)
    
    # file name with extension
    fname = os.path.basename(hpath)
    
    # variant 1: plain bicubic downscale
    lo_bic = cv2.resize(hi, (hi.shape[1] // scale_factor, hi.shape[0] // scale_factor), interpolation=cv2.INTER_CUBIC)
    lo_bic = cv2.cvtColor(lo_bic, cv2.COLOR_YCrCb2BGR)
    cv2.imwrite(os.path.join(bic_dir, fname), lo_bic)
    del lo_bic
    
    # variant 2: luma from the wavelet LL band
    approx, _ = pywt.dwt2(hi[:, :, 0], wavelet_name)
    lo_wy = (approx / 2)[:, :, np.newaxis]  # LL band as luma
    lo_w = np.concatenate((lo_wy, lo_cr[:, :, np.newaxis], lo_cb[:, :, np.newaxis]), axis=2).astype(np.uint8)
    lo_w = np.clip(lo_w, 0, 255)
    cv2.imwrite(os.path.join(wav_dir, fname), cv2.cvtColor(lo_w, cv2.COLOR_YCrCb2BGR))
    del approx, lo_wy, lo_w
    
    # variant 3 (off): gaussian blur
    #lo_g = cv2.GaussianBlur(hi, (2, 2), 0)
    #cv2.imwrite(os.path.join(gauss_dir, fname), cv2.cvtColor(lo_g, cv2.COLOR_YCrCb2BGR))
    #del lo_g

    return fname

if __name__ == "__main__":
    # quick manual check of the dataset
    tr_dir = os.path.join(os.path.dirname(__file__), 'data','train')
    set_train = WaveletSRSet(root_dir=tr_dir, transform=None, training=True, keep_in_ram=True, num_workers=4)
    te_dir = os.path.join(os.path.dirname(__file__), 'data','test')
    set_test = WaveletSRSet(root_dir=te_dir, transform=None, training=True, keep_in_ram=True, num_workers=4)
