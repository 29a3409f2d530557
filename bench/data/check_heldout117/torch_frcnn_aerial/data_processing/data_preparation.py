import os
from torch.utils.data import Dataset, DataLoader
from torch_snippets import *
import cv2
import pandas as pd
import warnings

from utils.label_to_indices import label_index_map
from utils.preprocess import to_model_tensor
from utils.bbox_area_checker import check_box_areas
warnings.filterwarnings("ignore")


class BoatsDataset(Dataset):
    def __init__(self, img_root, ann, transform=None):
        self.img_root = img_root
        self.transform = transform
        self.ann = ann
        self.name2id = label_index_map(self.ann['class'].tolist(), ctype=0)
        self.names = self.ann['filename'].unique()
        self.w = 224
        self.h = 224

    def __len__(self):
        return len(self.names)

    def __getitem__(self, i):
        name = self.names[i]
        path = f'{self.img_root}/{name}'
        # BGR to RGB
        pic = cv2.imread(path, 1)[..., ::-1]
        sx = self.w / pic.shape[0]
        sy = self.h / pic.shape[1]
        pic = cv2.resize(pic,(self.w, self.h)) / 255.
        rows = self.ann[self.ann['filename'] == name]
        names = rows['class']
        bxs = rows['xmin,ymin,xmax,ymax'.split(',')].values
        bxs[:,[0,2]] = bxs[:,[0,2]]*sx
        bxs[:, [1, 3]] = bxs[:, [1, 3]] * sy
        bxs = bxs.astype(np.uint16).tolist()
        bad,bad_idx = check_box_areas(bxs)
        if bad !=0:
            print(bad_idx)
            print(bxs)
            print(name)
        tgt = {}
        tgt["boxes"] = torch.Tensor(bxs).float()
        tgt["labels"] = torch.Tensor([self.name2id[n] for n in names]).long()
        pic = to_model_tensor(pic)
        return pic, tgt

    def collate_fn(self, batch):
        return tuple(zip(*batch))

if __name__=="__main__":
    root = r'D:\data\AerialMaritime\train'
    ann_csv = r'D:\data\AerialMaritime\train\_annotations.csv'
    ann = pd.read_csv(ann_csv)
    ds = BoatsDataset(root,ann)

    for i in range(44):
        p, t = ds[i]
