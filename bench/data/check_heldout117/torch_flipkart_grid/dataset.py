from torchvision import transforms
from torch.utils.data.dataset import Dataset
import os
import numpy as np
from PIL import Image
import json
from matplotlib import pyplot as plt
import torch
import numpy as np
import pickle as pkl
norm_op = transforms.Normalize(mean=[0.6695, 0.6534, 0.6378],
                                 std=[0.0509, 0.055, 0.061])
# tf_chain = transforms.ToTensor()
tf_chain = transforms.Compose([transforms.ToTensor(), norm_op])
# show_resize = transforms.Resize([256, 256])

root_dir = "./drive_mount/My Drive/gridboxes/"
pic_dir = "./pics/"

class BoxGridSet(Dataset):
    def __init__(
            self,
            tf_fn=tf_chain,
            split='Train'
    ):

        box_table = {}
        if split == 'Train':
            with open(root_dir + 'train.pkl', 'rb') as fh:
                table = pkl.load(fh)
        elif split == 'Test':
            with open(root_dir + 'test.pkl', 'rb') as fh:
                table = pkl.load(fh)
        else:
            with open('val.pkl', 'rb') as fh:
                table = pkl.load(fh)
                # print('val', len(table))

        # with open(os.path.join(pic_path, '/some/other/location/boxes.json'), 'r') as fh:
        #     extra = json.load(fh)

        self.names = list(table.keys())

        self.table = table

        self.tf_fn = tf_fn
        self.split = split

    def __len__(self):
        n = len(self.names)
        return n

    def __getitem__(self, i):
        box = np.array(self.table[self.names[i]])
        pic = self.names[i]
        name = self.names[i]

        pic = Image.open(os.path.join(pic_dir + '/images', pic))
        # import pdb;pdb.set_trace()
        if self.tf_fn is not None:
            pic = self.tf_fn(pic)
        return (pic, box, name)



if __name__ == '__main__':
    if True:
        from imageio import imread
        probe = BoxGridSet(split="Test")


        n = len(probe)
        print(probe[0])
        # import pdb;pdb.set_trace()
        # n_gen = len(pic_gen)
        # print(n, n_gen)
    # print(len(extra_data))
    # print(len(extra))
    # for i, rec in enumerate(extra):
    #     print('z', rec[1])
    #     print('az', rec[2])
    #     import pdb
    #     pdb.set_trace()
