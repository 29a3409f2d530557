import os
import pandas as pd
import torch
from torch.utils.data import Dataset
from .video_io import read_clip
import numpy as np
import random
from PIL import Image
from ultralytics import YOLO

DOG_CLS = 16  # COCO index of 'dog'


def make_detector(weights: str = "yolo11n.pt", device: torch.device = None) -> YOLO:
    """YOLO detector on the given device."""
    det = YOLO(weights)
    if device is not None:
        det.to(device)
    return det


def best_dog_box(
    det: YOLO,
    frame: Image.Image,
    conf_threshold: float = 0.3,
) -> tuple[int, int, int, int] | None:
    """
    Highest-confidence dog box in one frame, or None.
    """
    res = det(frame, verbose=False)[0]

    box_out  = None
    top  = conf_threshold  # must beat this

    for b in res.boxes:
        c  = int(b.cls.item())
        p = float(b.conf.item())
        if c == DOG_CLS and p > top:
            top = p
            box_out  = tuple(map(int, b.xyxy[0].tolist()))  

    return box_out  # None when nothing qualifies


def crop_to_box(
    frame: Image.Image,
    box: tuple[int, int, int, int] | None,
    padding: float = 0.05,
) -> Image.Image:
    """
    Crop to the box plus a margin;
    the whole frame when there is no box.
    """
    if box is None:
        return frame  # nothing detected: keep all

    W, H = frame.size
    x1, y1, x2, y2 = box

    # margin
    mx = int((x2 - x1) * padding)
    my = int((y2 - y1) * padding)

    x1 = max(0, x1 - mx)
    y1 = max(0, y1 - my)
    x2 = min(W, x2 + mx)
    y2 = min(H, y2 + my)

    return frame.crop((x1, y1, x2, y2))


class DogClips(Dataset):
    """clips (or stills) of dogs, listed in a split csv"""
    def __init__(self, root_dir, split_file, split="train", clip_len=16, 
                 transform=None, use_videos=True, world="closed", label_map=None, yolo_model: str | None = "yolo11n.pt"):
        
        # --- settings ---
        self.root_dir = root_dir
        self.clip_len = clip_len
        self.transform = transform
        self.use_videos = use_videos
        self.world = world
        self.split = split

        # --- detector ---
        self.yolo = make_detector(yolo_model, device=torch.device("cpu")) if yolo_model else None

        # --- split table ---
        tab = pd.read_csv(split_file)

        # --- which split column ---
        col = "SPLIT_CLOSED_SET" if world == "closed" else "SPLIT_OPEN_SET"
        tab = tab[tab[col] == split]

        # --- drop singletons when training ---
        if self.split == "train":
            n = tab["DOG_ID"].value_counts()
            keep = n[n > 1].index
            tab = tab[tab["DOG_ID"].isin(keep)]
        
        self.df = tab.reset_index(drop=True)

        # --- ids, used by the sampler ---
        # read from outside
        self.dog_ids = self.df["DOG_ID"].tolist()

        # --- id -> index ---
        if label_map is None:
            uniq = sorted(self.df["DOG_ID"].unique())
            self.id_map = {d: i for i, d in enumerate(uniq)}
        else:
            self.id_map = label_map

        # --- integer labels ---
        self._labels = self.df["DOG_ID"].map(
            lambda d: self.id_map.get(d, -1)
        ).tolist()

    def __len__(self):
        return len(self.df)

    @property
    def labels(self):
        # the M-per-class sampler reads this
        return self._labels

    def _path(self, dog_id, video_id):

        # --- folder and extension ---
        sub = "Videos" if self.use_videos else "Images"
        ext = "mp4" if self.use_videos else "jpg"
        
        # --- file name ---
        fname = f"{dog_id}-{video_id}.{ext}"

        return os.path.join(self.root_dir, sub, dog_id, fname)


    def __getitem__(self, idx):
        # --- locate the file ---
        r      = self.df.iloc[idx]
        dog   = r["DOG_ID"]
        vid = r["VIDEO_ID"]
        p     = self._path(dog, vid)

        if not os.path.exists(p):
            raise FileNotFoundError(f"not found: {p}")

        # --- frames ---
        if self.use_videos:
            frames = read_clip(p, self.clip_len, is_training=(self.split == "train")) # sampling differs in training
        else:
            im  = Image.open(p).convert("RGB")
            frames = [np.array(im)]

        # --- crop to the detected dog ---
        if self.yolo is not None:
            cropped = []
            for arr in frames:
                fr  = Image.fromarray(arr)
                box        = best_dog_box(self.yolo, fr) 
                fr  = crop_to_box(fr, box)             
                cropped.append(np.array(fr))            
            frames = cropped

        # --- transforms ---
        if self.transform:
            out = []
            seed = np.random.randint(2147483647)

            for fr in frames:
                if self.split == "train":
                    random.seed(seed)
                    torch.manual_seed(seed)
                    np.random.seed(seed)

                im = Image.fromarray(fr)
                out.append(self.transform(im))

            frames = torch.stack(out)         
        else:
            frames = torch.from_numpy(
                np.array(frames)
            ).permute(0, 3, 1, 2).float() / 255.0

        return frames, self._labels[idx], dog, vid
