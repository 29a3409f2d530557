from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

from PIL import Image
import os.path as osp

from torch.utils.data import Dataset


def load_rgb(path):
    """Retry opening an image until it works,
    which rides out transient IO errors under heavy load."""
    done = False
    if not osp.exists(path):
        raise IOError('missing file {}'.format(path))
    while not done:
        try:
            im = Image.open(path).convert('RGB')
            done = True
        except IOError:
            print('read failed for "{}", trying again'.format(path))
            pass
    return im


class VehicleImages(Dataset):
    """Vehicle re-id image records (path, id, camera)"""

    def __init__(self, records, transform=None):
        self.records = records
        self.transform = transform

    def __len__(self):
        return len(self.records)

    def __getitem__(self, k):
        path, vid, cam = self.records[k]
        im = load_rgb(path)

        if self.transform is not None:
            im = self.transform(im)

        return im, vid, cam, path
