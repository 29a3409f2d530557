from datasets import load_dataset
from tqdm import tqdm

xray_ds = load_dataset("danjacobellis/chexpert")

from PIL import Image
import numpy as np

# keep every x-ray as a numpy array in memory
import torch
pixel_arrays = []
for k in tqdm(range(len(xray_ds["train"])), total=len(xray_ds["train"])):
    arr = np.array(xray_ds["train"][k]["image"])
    pixel_arrays.append(arr)

# gather the targets
targets = []
for k in tqdm(range(len(xray_ds["train"])), total=len(xray_ds["train"])):
    tgt = xray_ds["train"][k]["label"]
    targets.append(tgt)

# next step: wrap these in a loader
