from __future__ import print_function
import torch.utils.data as data
import os
import os.path
import torch
import numpy as np
import sys
from tqdm import tqdm
import json
from plyfile import PlyData, PlyElement
# expects the ShapeNet part benchmark (v0) unpacked under root


def get_segmentation_classes(root):
    cat_path = os.path.join(root, 'synsetoffset2category.txt')
    cats = {}
    index = {}

    with open(cat_path, 'r') as f:
        for line in f:
            parts = line.strip().split()
            cats[parts[0]] = parts[1]

    for key in cats:
        lbl_dir = os.path.join(root, cats[key], 'points_label')
        pts_dir = os.path.join(root, cats[key], 'points')
        names = sorted(os.listdir(pts_dir))
        index[key] = []
        for rec in names:
            stem = (os.path.splitext(os.path.basename(rec))[0])
            index[key].append((os.path.join(pts_dir, stem + '.pts'), os.path.join(lbl_dir, stem + '.seg')))

    with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), 'misc/n_parts.txt'), 'w') as f:
        for key in cats:
            records = []
            n_parts = 0
            for rec in index[key]:
                records.append((key, rec[0], rec[1]))

            for i in tqdm(range(len(records))):
                l = len(np.unique(np.loadtxt(records[i][-1]).astype(np.uint8)))
                if l > n_parts:
                    n_parts = l

            print("{}: {} part labels".format(key, n_parts))
            f.write("{}\t{}\n".format(key, n_parts))


def gen_modelnet_id(root):
    classes = []
    with open(os.path.join(root, 'train.txt'), 'r') as f:
        for line in f:
            classes.append(line.strip().split('/')[0])
    classes = np.unique(classes)
    with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), 'misc/modelnet_id.txt'), 'w') as f:
        for i in range(len(classes)):
            f.write('{}\t{}\n'.format(classes[i], i))


class ShapeNetDataset(data.Dataset):
    def __init__(self,
                 root,
                 npoints=2500,
                 classification=False,
                 class_choice=None,
                 split='train',
                 data_augmentation=True,
                 seed=123):
        """
        root: folder of the part benchmark
        npoints: points drawn per shape
        classification: shape label if True, per-point part label if False
        class_choice: optional list of category names to keep
        split: which json split list to read (train / val / test)
        data_augmentation: rotate and jitter when True
        seed: fixed seed used for the per-item resampling
        """
        self.npoints = npoints
        self.root = root
        self.catfile = os.path.join(self.root, 'synsetoffset2category.txt')
        self.cat = {}
        self.data_augmentation = data_augmentation
        self.classification = classification
        self.seg_classes = {}

        with open(self.catfile, 'r') as f:
            for line in f:
                parts = line.strip().split()
                self.cat[parts[0]] = parts[1]
        # (synset table read)
        if not class_choice is None:
            self.cat = {k: v for k, v in self.cat.items() if k in class_choice}

        self.id2cat = {v: k for k, v in self.cat.items()}

        self.meta = {}
        split_path = os.path.join(self.root, 'train_test_split', 'shuffled_{}_file_list.json'.format(split))
        # split file lists relative paths
        rel_paths = json.load(open(split_path, 'r'))
        for key in self.cat:
            self.meta[key] = []

        for file in rel_paths:
            _, synset, shape_id = file.split('/')
            if synset in self.cat.values():
                self.meta[self.id2cat[synset]].append((os.path.join(self.root, synset, 'points', shape_id + '.pts'),
                                                         os.path.join(self.root, synset, 'points_label',
                                                                      shape_id + '.seg')))

        self.datapath = []
        for key in self.cat:
            for rec in self.meta[key]:
                self.datapath.append((key, rec[0], rec[1]))

        self.classes = dict(zip(sorted(self.cat), range(len(self.cat))))
        cls_index = json.dumps(self.classes)
        if not os.path.exists("cls_index.json"):
            with open("cls_index.json", "w", encoding="utf-8") as file:
                file.write(cls_index)
        with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), 'misc/n_parts.txt'), 'r') as f:
            for line in f:
                parts = line.strip().split()
                self.seg_classes[parts[0]] = int(parts[1])
        self.num_seg_classes = self.seg_classes[list(self.cat.keys())[0]]
        if not os.path.exists("segmentation_info.json"):
            with open("segmentation_info.json", "w", encoding="utf-8") as file:
                file.write(json.dumps(self.seg_classes))
        self.rand_seed = seed

    def __getitem__(self, index):
        rec = self.datapath[index]
        cls = self.classes[self.datapath[index][0]]
        pts = np.loadtxt(rec[1]).astype(np.float32)
        part_lbl = np.loadtxt(rec[2]).astype(np.int64)
        # fixed seed per key
        np.random.seed(self.rand_seed)
        pick = np.random.choice(len(part_lbl), self.npoints, replace=True)
        # pick npoints with replacement
        pts = pts[pick, :]
        pts = pts - np.expand_dims(np.mean(pts, axis=0), 0)  # zero mean
        radius = np.max(np.sqrt(np.sum(pts ** 2, axis=1)), 0)
        pts = pts / radius  # unit sphere

        if self.data_augmentation:
            ang = np.random.uniform(0, np.pi * 2)
            rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
            pts[:, [0, 2]] = pts[:, [0, 2]].dot(rot)  # spin about the up axis
            pts += np.random.normal(0, 0.02, size=pts.shape)  # gaussian noise

        part_lbl = part_lbl[pick]
        pts = torch.from_numpy(pts)
        part_lbl = torch.from_numpy(part_lbl)
        cls = torch.from_numpy(np.array([cls]).astype(np.int64))

        if self.classification:
            return pts.transpose(0, 1), cls
        else:
            return pts.transpose(0, 1), part_lbl - 1

    def __len__(self):
        return len(self.datapath)


def make_loader(root, classification, split, data_augmentation, npoints, class_choice, batch_size, num_workers, seed):
    """
    Build the dataset and wrap it in a shuffling DataLoader.
    root: folder of the part benchmark
    npoints: points drawn per shape
    classification: shape label if True, per-point part label if False
    class_choice: optional list of category names to keep
    split: which json split list to read
    data_augmentation: rotate and jitter when True
    batch_size: samples per batch
    num_workers: loader processes
    seed: fixed seed used for the per-item resampling
    """
    s = ShapeNetDataset(root,
                 npoints,
                 classification,
                 class_choice,
                 split,
                 data_augmentation,
                 seed)
    dl = data.DataLoader(s, batch_size=batch_size, shuffle=True, drop_last=True, num_workers=num_workers)
    return dl


if __name__ == '__main__':
    dl = make_loader(root=r"D:\data\shapenet_part_v0", classification=False, split="val", data_augmentation=False, npoints=2500, batch_size=8, class_choice=["Motorbike"], num_workers=0, seed=123)
    for d, l in dl:
        print(d.size())
        print(l.size())
    # (part-count helper not run here)
