# COCO image / caption pairs
from torch.utils.data import Dataset

from PIL import Image
from torchvision.transforms import Compose, Resize, CenterCrop, ToTensor, Normalize
from omegaconf import OmegaConf
import os.path as op
import random

from utils import load_from_yaml_file, read_json, load_config_file


import torch
import numpy as np

def _pipeline(n_px):
    return Compose([
        Resize(n_px, interpolation=Image.BICUBIC),
        CenterCrop(n_px),
        lambda im: im.convert("RGB"),
        ToTensor(),
        Normalize((0.4225, 0.4012, 0.3659), (0.2681, 0.2635, 0.2763)), # COCO statistics
    ])


def map_image_files(ann):
    id2file = {}
    for info in ann['images']:
        iid = info['id']
        fname = info['file_name']
        id2file[iid] = fname
    
    return id2file

def map_image_captions(ann):
    id2caps = {}
    for info in ann['annotations']:
        iid = info['image_id']
        if iid not in id2caps:
            id2caps[iid] = []
        
        text = info['caption']
        id2caps[iid].append(text)
    
    return id2caps

class CocoPairs(Dataset):
    """COCO captions as (image, caption) pairs for CLIP training."""

    def __init__(self, cfg, tokenizer, context_length=77, input_resolution=224):
        
        super(CocoPairs, self).__init__()

        self.cfg = cfg

        ann_path = self.cfg.train_annotation_file
        # print("annotations: ", ann_path)
        ann = read_json(ann_path)

        self.id2file = map_image_files(ann)
        # print("id2file: ", self.id2file)

        self.id2caps = map_image_captions(ann)

        self.ids = list(self.id2file.keys())
        # print("images: ", len(self.ids))

        self.img_dir = self.cfg.train_img_dir
        # print("image folder: ", self.img_dir)

        self.transform = _pipeline(input_resolution)
        self._tok = tokenizer
        self.context_length = context_length


    def encode_text(self, text):
        sot = self._tok.encoder["<|startoftext|>"]
        eot = self._tok.encoder["<|endoftext|>"]
        ids = [sot] + self._tok.encode(text) + [eot]
        out = torch.zeros(self.context_length, dtype=torch.long)
        out[:len(ids)] = torch.tensor(ids)
        return out

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        iid = self.ids[i]

        # one random caption of this image
        text = random.choice(self.id2caps[iid])

        fname = self.id2file[iid]

        path = op.join(self.img_dir, fname)
        img = Image.open(path)
        img_t = self.transform(img)
        txt_t = self.encode_text(text)

        return img_t, txt_t
