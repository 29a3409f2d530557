import csv
from PIL import Image
import torch
from torchvision import transforms
from torchvision.transforms.functional import crop
from evaluate import IMAGE_PATH
import cv2
import numpy as np
'''

CelebA: 202,599 aligned face crops of 178 x 218
with 40 binary attributes

partition file values:
  "0" train, "1" validation, "2" test
  
'''


MALE_COL = 20

def partition_ids():

    fit_ids = []
    held_ids = []

    with open('data/list_eval_partition.csv', newline='') as fh:
        rows = csv.reader(fh, delimiter=',')
        next(rows)  # skip header
        for row in rows:
            name, part = row
            if part == '2':
                held_ids.append(name)
            else:
                fit_ids.append(name)

    return fit_ids, held_ids


def read_attributes():

    by_id = {}
    with open('data/list_attr_celeba.csv', newline='') as fh:
        rows = csv.reader(fh, delimiter=',')
        header = next(rows)[1:]
        col_of = {title.lower(): k for k, title in enumerate(header)}

        for row in rows:
            key = row[0]
            flags = [int(v) for v in row[1:]]
            by_id[key] = flags

    return col_of, by_id


'''

attribute names (lower case):

['5_o_clock_shadow', 'arched_eyebrows', 'attractive', 'bags_under_eyes', 'bald',
 'bangs', 'big_lips', 'big_nose', 'black_hair', 'blond_hair', 'blurry', 'brown_hair',
 'bushy_eyebrows', 'chubby', 'double_chin', 'eyeglasses', 'goatee', 'gray_hair',
 'heavy_makeup', 'high_cheekbones', 'male', 'mouth_slightly_open', 'mustache', 'narrow_eyes',
 'no_beard', 'oval_face', 'pale_skin', 'pointy_nose', 'receding_hairline', 'rosy_cheeks',
 'sideburns', 'smiling', 'straight_hair', 'wavy_hair', 'wearing_earrings', 'wearing_hat',
 'wearing_lipstick', 'wearing_necklace', 'wearing_necktie', 'young']
 
'''


# ids of one sex with (or without) an attribute
def ids_with(col_of, by_id, attr, has=True, gender="male"):

    

    col = col_of[attr]
    # gather matching ids
    picked = []
    for key in by_id:
        sex = by_id[key][MALE_COL]

        # other sex
        if (gender == "male" and sex == -1) or (gender == "female" and sex == 1):
            continue
       
        if has == True:
            # attribute present
            if by_id[key][col] == 1:
                picked.append(key)
        else:
            # attribute absent 
            if by_id[key][col] == -1:
                picked.append(key)

    return picked


to_tensor = transforms.Compose([
    # transforms.ToTensor(),
    transforms.Resize(64),
    transforms.ToTensor()
])

# list of image tensors for the given ids
def tensors_for(ids):
    out = []
    for key in ids:
        path = IMAGE_PATH + key
        pic = Image.open(path)
        pic = crop(pic, 30, 0, 178, 178)
        out.append(to_tensor(pic))
    return out

# reads each image from disk when asked
class FaceFileDataset(torch.utils.data.Dataset):

    def __init__(self, ids):
        self.transform = to_tensor
        self.ids = ids

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, k):
        path = IMAGE_PATH + self.ids[k]
        pic = Image.open(path)
        pic = crop(pic, 30, 0, 178, 178)
        x = self.transform(pic)

        return x


# keeps every decoded image in RAM
class FaceRamDataset(torch.utils.data.Dataset):

    def __init__(self, ids):
        self.transform = to_tensor
        # decode everything once up front
        self.tensors = []
        for key in ids:
            self.tensors.append(self.load(key))

    def load(self, key):
        path = IMAGE_PATH + key
        pic = Image.open(path)
        pic = crop(pic, 30, 0, 178, 178)
        return self.transform(pic)

    def __len__(self):
        return len(self.tensors)

    def __getitem__(self, k):
        return self.tensors[k]
