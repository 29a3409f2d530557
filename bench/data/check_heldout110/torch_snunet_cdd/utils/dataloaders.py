import os
import torch.utils.data as data
from PIL import Image
from utils import transforms as tr


'''
Collect the file paths of the train and val splits
'''
def full_path_loader(root):
    tr_names = [n for n in os.listdir(root + 'train/A/') if not
    n.startswith('.')]
    tr_names.sort()

    va_names = [n for n in os.listdir(root + 'val/A/') if not
    n.startswith('.')]
    va_names.sort()

    tr_masks = []
    va_masks = []
    for n in tr_names:
        tr_masks.append(root + 'train/OUT/' + n)
    for n in va_names:
        va_masks.append(root + 'val/OUT/' + n)


    tr_pairs = []
    va_pairs = []

    for n in tr_names:
        tr_pairs.append([root + 'train/', n])
    for n in va_names:
        va_pairs.append([root + 'val/', n])

    tr_index = {}
    va_index = {}
    for k in range(len(tr_names)):
        tr_index[k] = {'image': tr_pairs[k],
                         'label': tr_masks[k]}
    for k in range(len(va_names)):
        va_index[k] = {'image': va_pairs[k],
                         'label': va_masks[k]}


    return tr_index, va_index

'''
Collect the file paths of the test split
'''
def full_test_loader(root):

    te_names = [n for n in os.listdir(root + 'test/A/') if not
                    n.startswith('.')]
    te_names.sort()

    te_masks = []
    for n in te_names:
        te_masks.append(root + 'test/OUT/' + n)

    te_pairs = []
    for n in te_names:
        te_pairs.append([root + 'test/', n])

    te_index = {}
    for k in range(len(te_names)):
        te_index[k] = {'image': te_pairs[k],
                           'label': te_masks[k]}

    return te_index

def cdd_loader(pair, mask_path, aug):
    folder = pair[0]
    fname = pair[1]

    im_a = Image.open(folder + 'A/' + fname)
    im_b = Image.open(folder + 'B/' + fname)
    mask = Image.open(mask_path)
    item = {'image': (im_a, im_b), 'label': mask}

    if aug:
        item = tr.train_transforms(item)
    else:
        item = tr.test_transforms(item)

    return item['image'][0], item['image'][1], item['label']


class CDDloader(data.Dataset):

    def __init__(self, index, aug=False):

        self.index = index
        self.reader = cdd_loader
        self.aug = aug

    def __getitem__(self, i):

        pair, mask_path = self.index[i]['image'], self.index[i]['label']

        return self.reader(pair,
                           mask_path,
                           self.aug)

    def __len__(self):
        return len(self.index)
