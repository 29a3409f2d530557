# Plain-numpy batch maker (port of the older keras version)

import numpy as np
import lanedetection.supervisely_parser as sp
from lanedetection.utils import printe, getenv
import cv2
from typing import List, Tuple, Optional, Dict
        
class DataGenerator():
    def __init__(self, pairs: List[Tuple[str,str]], src_size: Tuple[int, int], n_cls: int, colour_table: Dict[str, np.ndarray], batch_size: int, target_size: Optional[Tuple[int, int]], lower_share: Optional[float], augmentation: bool = False, include_background: bool = False):
        self.batch_size = batch_size
        self.pairs = pairs
        self.n_cls = n_cls
        self.colour_table = colour_table
        self.target_size = target_size
        self.lower_share = lower_share
        self.src_size = src_size
        self.augmentation = augmentation
        self.bg_name = 'background' if include_background else None
        self.seed = np.random.randint(0, 100000)

        self.out_size = self.src_size
        if lower_share is not None:
            self.out_size = (int(self.src_size[0]*(1-self.lower_share)), self.src_size[1])
        if target_size is not None:
            self.out_size = (self.target_size[0], self.target_size[1])

    @staticmethod
    def augment(arr: np.ndarray, seed: int) -> np.ndarray:
        # same seed for frame and masks so they move together
        np.random.seed(seed)
        is_gray = True if len(arr.shape) == 2 else False
        if np.random.rand() < 0.5:
            arr = np.fliplr(arr)
        h, w = arr.shape[:2]
        if np.random.rand() < 0.5:
            keep = np.random.uniform(0.7, 1.0)
            dx = int((1 - keep) * w / 2)
            dy = int((1 - keep) * h / 2)
            arr = arr[dy:h-dy, dx:w-dx] if is_gray else arr[dy:h-dy, dx:w-dx, :]
            arr = cv2.resize(arr, (w, h))
        if np.random.rand() < 0.5:
            gain = np.random.uniform(0.8, 1.2)
            arr = np.clip(arr * gain, 0, 1.0).astype(np.float32)
        return arr

    @staticmethod
    def preprocess(arr: np.ndarray, lower_share: float, target_size: Tuple[int, int]) -> np.ndarray:
        h = arr.shape[0]
        is_gray = True if len(arr.shape) == 2 else False
        if lower_share is not None:
            # keep only the lower part of the frame
            dy = int(h*(1-lower_share))
            arr = arr[dy:,:] if is_gray else arr[dy:,:,:]
            h = arr.shape[0]
        # scale to the target size when one is given
        if target_size is not None:
            arr = cv2.resize(arr, (target_size[1], target_size[0]))
        return (arr/255.0).astype(np.float32)
            
    def preprocess_(self,arr: np.ndarray, seed: int) -> np.ndarray:
        arr = DataGenerator.preprocess(arr, self.lower_share, self.target_size)
        if self.augmentation:
            return DataGenerator.augment(arr, seed)
        return arr
            
    def data_generation(self, chosen: List[Tuple[str,str]]) -> Tuple[np.ndarray, np.ndarray]:
        # xb : (batch, channels, *size)
        # Allocate the batch
        n = len(chosen)
        xb = np.zeros((n,) + (3,) + self.out_size, dtype=np.float32)
        yb = np.zeros((n,) + (self.n_cls,) + self.out_size, dtype=np.float32)
        # fill it
        for i, (frame_path, mask_path) in enumerate(chosen):
            frame, mask_table = sp.parse_image(frame_path, mask_path, self.colour_table, self.bg_name)
            frame = self.preprocess_(frame, seed=self.seed)
            if frame.shape[:2] != self.out_size:
                printe(f"Frame {frame_path} has size {frame.shape[:2]} instead of {self.out_size}. Set the resize height and width to {self.src_size}")
                return None, None
            xb[i] = frame.transpose(2,0,1)
            # masks kept in the order given
            #mask_table = dict(sorted(mask_table.items()))
            for j, m in enumerate(mask_table.values()):
                m = self.preprocess_(m, seed=self.seed)
                yb[i,j,:,:] = m
            self.seed += 1
        return xb, yb
    
    def __len__(self) -> int:
        return int(np.floor(len(self.pairs) / self.batch_size))
    
    def __call__(self) -> Tuple[np.ndarray, np.ndarray]:
        chosen = [self.pairs[k] for k in np.random.randint(0, len(self.pairs), self.batch_size)]
        return self.data_generation(chosen)
