import os
# import tarfile
from PIL import Image
from tqdm import tqdm
# import urllib.request

import torch
from torch.utils.data import Dataset
from torchvision import transforms as T


# ARCHIVE = 'https://example.invalid/mvtec_ad.tar.xz'
CATEGORIES = ['bottle', 'cable', 'capsule', 'carpet', 'grid',
               'hazelnut', 'leather', 'metal_nut', 'pill', 'screw',
               'tile', 'toothbrush', 'transistor', 'wood', 'zipper']


class MVTecAD(Dataset):
    def __init__(self, root='/data/mvtec_ad', category='bottle', train=True,
                 resize=256, cropsize=224):
        assert category in CATEGORIES, 'category: {}, expected one of {}'.format(category, CATEGORIES)
        self.root = root
        self.category = category
        self.train = train
        self.resize = resize
        self.cropsize = cropsize
        # self.archive_dir = os.path.join(root, 'mvtec_ad')

        # fetch the archive when missing
        # self.fetch()

        # index the files
        self.paths, self.labels, self.mask_paths = self.index_files()

        # preprocessing
        self.img_tf = T.Compose([T.Resize(resize, Image.ANTIALIAS),
                                      T.CenterCrop(cropsize),
                                      T.ToTensor(),
                                      T.Normalize(mean=[0.485, 0.456, 0.406],
                                                  std=[0.229, 0.224, 0.225])])
        self.mask_tf = T.Compose([T.Resize(resize, Image.NEAREST),
                                         T.CenterCrop(cropsize),
                                         T.ToTensor()])

    def __getitem__(self, i):
        p, lab, mp = self.paths[i], self.labels[i], self.mask_paths[i]

        img = Image.open(p).convert('RGB')
        img = self.img_tf(img)

        if lab == 0:
            msk = torch.zeros([1, self.cropsize, self.cropsize])
        else:
            msk = Image.open(mp)
            msk = self.mask_tf(msk)

        return img, lab, msk

    def __len__(self):
        return len(self.paths)

    def index_files(self):
        split = 'train' if self.train else 'test'
        paths, labels, mask_paths = [], [], []

        split_dir = os.path.join(self.root, self.category, split)
        gt_root = os.path.join(self.root, self.category, 'ground_truth')

        kinds = sorted(os.listdir(split_dir))
        for kind in kinds:

            # image files
            kind_dir = os.path.join(split_dir, kind)
            if not os.path.isdir(kind_dir):
                continue
            files = sorted([os.path.join(kind_dir, f)
                                     for f in os.listdir(kind_dir)
                                     if f.endswith('.png')])
            paths.extend(files)

            # labels and masks
            if kind == 'good':
                labels.extend([0] * len(files))
                mask_paths.extend([None] * len(files))
            else:
                labels.extend([1] * len(files))
                gt_kind_dir = os.path.join(gt_root, kind)
                stems = [os.path.splitext(os.path.basename(f))[0] for f in files]
                gts = [os.path.join(gt_kind_dir, s + '_mask.png')
                                 for s in stems]
                mask_paths.extend(gts)

        assert len(paths) == len(labels), 'paths and labels differ in length'

        return list(paths), list(labels), list(mask_paths)

#     def fetch(self):
#         """Fetch the archive when it is missing"""

#         if not os.path.exists(self.archive_dir):
#             tar_path = self.archive_dir + '.tar.xz'
#             if not os.path.exists(tar_path):
#                 fetch_url(ARCHIVE, tar_path)
#             print('extracting: %s' % tar_path)
#             tar = tarfile.open(tar_path, 'r:xz')
#             tar.extractall(self.archive_dir)
#             tar.close()

#         return


# class Progress(tqdm):
#     def update_to(self, b=1, bsize=1, tsize=None):
#         if tsize is not None:
#             self.total = tsize
#         self.update(b * bsize - self.n)


# def fetch_url(url, dest):
#     with Progress(unit='B', unit_scale=True, miniters=1, desc=url.split('/')[-1]) as t:
#         urllib.request.urlretrieve(url, filename=dest, reporthook=t.update_to)
