# coding: utf-8

import os
import nibabel as nib
from torch.utils.data import Dataset, DataLoader
from src.resize import resize_volume
from torchvision import transforms

class kidney_Loader(Dataset):
    def __init__(self, data_path):
        # keep only the list of case folders under data_path
        self.data_path = data_path
        self.imgs_path = os.listdir(self.data_path)
        self.transforms = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.5), (0.5))] )

    def augment(self, image):
        pass

    # clip CT Hounsfield units and scale them to [0, 1]
    def normalize(self, volume):
        """Scale the volume to [0, 1]"""
        min = -1024.0
        max = 1413.0
        volume[volume < min] = min
        volume[volume > max] = max
        volume = (volume - min) / (max - min)
        volume = volume.astype("float32")
        return volume

    def __getitem__(self, index):
        # read one case from disk
        image_path = self.imgs_path[index]
        image = nib.load(os.path.join(self.data_path, image_path, 'imaging.nii.gz'))
        seg = nib.load(os.path.join(self.data_path, image_path, 'segmentation.nii.gz'))
        # decode to numpy
        image = image.get_fdata()
        seg = seg.get_fdata()
        # shrink to 128 x 128 x 128
        image = resize_volume(image)
        seg = resize_volume(seg)
        # scale
        image = self.normalize(image)
        seg = self.normalize(seg)
        # to tensors with a leading channel axis
        image = self.transforms(image).unsqueeze(0)
        seg = self.transforms(seg).unsqueeze(0)


        return image, seg

    def __len__(self):
        # number of cases
        return len(self.imgs_path)


train_data = kidney_Loader('./data')
a = DataLoader(train_data, batch_size=2, shuffle=False)
for image, target in a:
    print(image.shape, target.shape)
    print(image.max(), image.min())  # expected: [2, 1, 128, 128, 128] for both
    break
