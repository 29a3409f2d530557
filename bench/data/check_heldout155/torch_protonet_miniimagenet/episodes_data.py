import os.path as osp
from PIL import Image

from torch.utils.data import Dataset
from torchvision import transforms


DATA_DIR = './materials/'


class MiniImageNetSplit(Dataset):

    def __init__(self, split):
        index_file = osp.join(DATA_DIR, split + '.csv')
        rows = [r.strip() for r in open(index_file, 'r').readlines()][1:]

        paths = []
        label = []
        cur = -1

        self.synsets = []

        for r in rows:
            fname, syn = r.split(',')
            p = osp.join(DATA_DIR, 'images', fname)
            if syn not in self.synsets:
                self.synsets.append(syn)
                cur += 1
            paths.append(p)
            label.append(cur)

        self.paths = paths
        self.label = label

        self.tf = transforms.Compose([
            transforms.Resize(84),
            transforms.CenterCrop(84),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                 std=[0.229, 0.224, 0.225])
        ])

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, k):
        p, y = self.paths[k], self.label[k]
        img = self.tf(Image.open(p).convert('RGB'))
        return img, y

