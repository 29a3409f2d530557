import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms, utils
import xml.etree.ElementTree as ET
import os
import cv2
from torch.utils.data.dataset import random_split


def read_voc_boxes(xml_file):
    doc = ET.parse(xml_file)
    top = doc.getroot()
    corners = []
    for o in top.findall('object'):
        bb = o.find('bndbox')
        corners.append([int(bb.find('xmin').text), int(bb.find('ymin').text),
                       int(bb.find('xmax').text), int(bb.find('ymax').text)])
    return {"boxes":corners,"labels":[1]*len(corners)}

class AngioFrames(torch.utils.data.Dataset):
    def __init__(self, frames_dir, boxes_dir):
        self.frame_folder = frames_dir
        self.boxes_dir = boxes_dir
        self.frame_names = os.listdir(frames_dir)

    def __len__(self):
        return len(self.frame_names)

    def __getitem__(self, k):
        # decode the frame
        name = self.frame_names[k]
        full_path = os.path.join(self.frame_folder, name)
        pixels = cv2.imread(full_path)


        xml_file = os.path.join(self.boxes_dir, name.replace('.bmp', '.xml'))
        corners = read_voc_boxes(xml_file)

        return name, pixels, corners

def keep_lists(batch):
    pixels = []
    tgts = []
    for it in batch:
        pixels.append(it[1])
        tgts.append({'boxes': torch.tensor(it[2]['boxes']), 'labels': torch.tensor(it[2]['labels'])})
    return pixels, tgts


def single_loader(frames_root,boxes_root,batch=3):
    ds = AngioFrames(frames_dir=frames_root, boxes_dir=boxes_root)
    dl = torch.utils.data.DataLoader(ds,batch_size=batch,collate_fn=keep_lists)
    return dl


def three_way_loaders(frames_root, boxes_root, batch=3, frac_dev=0.15, frac_test=0.15):

    ds = AngioFrames(frames_dir=frames_root, boxes_dir=boxes_root)

    # split sizes
    n_test = int(frac_test * len(ds))
    n_dev = int(frac_dev * len(ds))
    n_train = len(ds) - n_dev - n_test

    # random partition
    ds_train, ds_dev, ds_test = random_split(ds, [n_train, n_dev, n_test])

    # one loader per part
    dl_train = torch.utils.data.DataLoader(ds_train, batch_size=batch, collate_fn=keep_lists)
    dl_dev = torch.utils.data.DataLoader(ds_dev, batch_size=batch, collate_fn=keep_lists)
    dl_test = torch.utils.data.DataLoader(ds_test, batch_size=batch, collate_fn=keep_lists)

    return dl_train, dl_dev, dl_test

