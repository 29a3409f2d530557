import torch
import os
import glob
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from PIL import Image
from tqdm import tqdm

from model.dinov2_extractor import FrameEmbedder

if __name__ == "__main__":
    FRAMES_ROOT = "./data"
    VECTORS_DIR = "./data/embeddings"

    embedder = FrameEmbedder(variant='dinov2_vits14')
    embedder.embed_all(
        src_root=FRAMES_ROOT, 
        dst_root=VECTORS_DIR, 
        batch_size=64,
        num_workers=4
    )
