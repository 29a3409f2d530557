import json
import os
import pickle
import torch
from torch.utils.data import Dataset
from torchvision import transforms
import numpy as np
from PIL import Image
import h5py


obj_feats = None
obj_meta = {}


def open_object_features():
    global obj_feats, obj_meta
    if obj_feats is not None:
        return obj_feats, obj_meta
    hf = h5py.File('data/gqa_objects.hdf5', 'r')
    obj_feats = hf['features']
    obj_meta = json.load(open('data/gqa_objects_merged_info.json', 'r'))
    return obj_feats, obj_meta


class GQAQuestions(Dataset):
    def __init__(self, root, split='train'):
        with open(f'data/gqa_all_{split}.pkl', 'rb') as fh:
            self.items = pickle.load(fh)
        self.root = root
        self.split = split
        # self.tf = img_tf
        self.feats, self.meta = open_object_features()

    def __getitem__(self, i):
        image_id, q_tokens, ans = self.items[i]
        q_len = len(q_tokens)
        row = int(self.meta[image_id]['index'])
        boxes = torch.from_numpy(self.feats[row])
        # q_tokens = torch.tensor(q_tokens, dtype=torch.long)
        # row = int(self.meta[image_id]['index'])
        # grid = torch
        return boxes, q_tokens, q_len, ans
            # 100 boxes x 2048 dims

    def __len__(self):
        return len(self.items)


img_tf = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize((0.5,0.5,0.5),(0.5,0.5,0.5))
])


def pad_batch(samples):
    feats, lens, answers = [], [], []
    n = len(samples)

    longest = max(map(lambda s: len(s[1]), samples))

    qmat = np.zeros((n, longest), dtype=np.int64)
    ordered = sorted(samples, key=lambda s: len(s[1]), reverse=True)

    for j, s in enumerate(ordered):
        f, q, ql, a = s
        feats.append(f)
        ql = len(q)
        qmat[j, :ql] = q
        lens.append(ql)
        answers.append(a)

    return torch.stack(feats), torch.from_numpy(qmat), \
        lens, torch.LongTensor(answers)


if __name__ == '__main__':
    with open(f'data/gqa_train_balanced.pkl', 'rb') as fh:
        items = pickle.load(fh)
    print(items[0])
