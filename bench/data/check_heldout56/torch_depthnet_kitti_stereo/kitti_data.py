import os
import torch.utils.data as data
import torchvision.transforms as T

from PIL import Image


class StereoPairs(data.Dataset):
    def __init__(self, root, split='train'):
        super().__init__()
        self.root = root
        self.split = split
        self.tf = T.Compose([T.Resize((384, 768)), T.ToTensor()])
        self.left_paths, self.right_paths = self._list_pairs()

    def _list_pairs(self):
        lefts = []
        rights = []
        base = os.path.join(self.root, 'raw', self.split)
        drives = os.listdir(base)
        for drv in drives:
            d_l = os.path.join(base, drv, 'image_02', 'data')
            d_r = os.path.join(base, drv, 'image_03', 'data')
            names_l = os.listdir(d_l)
            names_r = os.listdir(d_r)
            for n in names_l:
                lefts.append(os.path.join(d_l, n))
            for n in names_r:
                rights.append(os.path.join(d_r, n))

        return lefts, rights

    def __getitem__(self, i):
        l, r = self.left_paths[i], self.right_paths[i]
        l, r = Image.open(l), Image.open(r)

        l, r = self.tf(l), self.tf(r)

        return l, r

    def __len__(self):
        return len(self.left_paths)


def pair_collate(batch):
    lefts = [b[0] for b in batch]
    rights = [b[1] for b in batch]

    return lefts, rights


if __name__ == '__main__':
    import matplotlib.pyplot as plt
    root = 'C://data/KITTI/'
    ds = StereoPairs(root)
    l = Image.open(ds.left_paths[0])
    r = Image.open(ds.right_paths[0])
    plt.subplot(211)
    plt.imshow(l)
    plt.subplot(212)
    plt.imshow(r)
    plt.show()
