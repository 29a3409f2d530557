import os
import random
import numpy as np

from PIL import Image
from tqdm import tqdm

from torch.utils.data import Dataset
from torch.utils.data import DataLoader

from keras import preprocessing
from keras.preprocessing.image import *


class SeedlingDataset(Dataset):

    def __init__(self, root, state, train_ratio=0.8,
                 image_size=320,
                 rotation_range=180,
                 width_shift_range=0.1,
                 height_shift_range=0.1,
                 zoom_range=0.3,
                 horizontal_flip=True,
                 vertical_flip=True,
                 data_format='channels_last'):
        print('building the {} split...'.format(state))
        assert state in ['train', 'valid'], 'state must be train or valid'
        self.root = root
        self.state = state
        self.image_size = image_size
        self.files_by_class = {}
        self.image_path_label_pairs = []
        self.index_to_species = {}
        species_dirs = sorted(os.listdir(self.root))
        assert len(species_dirs) == 12, 'expected 12 species folders under root, found {}'.format(len(species_dirs))
        for k, species in enumerate(species_dirs):
            self.files_by_class.setdefault(species, [])
            self.index_to_species[k] = species
            species_path = os.path.join(self.root, species)
            for image_name in sorted(os.listdir(species_path)):
                self.image_path_label_pairs.append((os.path.join(species_path, image_name), k))
        random.seed(42)
        random.shuffle(self.image_path_label_pairs)
        cut = int(len(self.image_path_label_pairs) * train_ratio)
        self.train_list = self.image_path_label_pairs[:cut]
        self.valid_list = self.image_path_label_pairs[cut:]
        if state == 'train':
            print('training images: {}'.format(len(self.train_list)))
        if state == 'valid':
            print('validation images: {}'.format(len(self.valid_list)))
        self.augmenter = ImageDataGenerator(rotation_range=rotation_range,
                                          width_shift_range=width_shift_range,
                                          height_shift_range=height_shift_range,
                                          zoom_range=zoom_range,
                                          horizontal_flip=horizontal_flip,
                                          vertical_flip=vertical_flip,
                                          data_format=data_format)
        self.set_channel_stats()

    def set_channel_stats(self):
        # the per-channel statistics were once computed here
        # by opening every image once,
        # converting it to float32,
        # collecting its channel means
        # and channel standard deviations
        # with a tqdm progress bar
        # over all image paths,
        # then averaging both lists;
        # the loop was slow and was replaced by constants
        # (printing each shape on the way)
        # before the bar was closed
        # and the averages stored
        # as mean and std
        # on the dataset object

        # dataset-specific values from that loop:
        # 83.8, 73.8, 52.9 and 23.8, 24.8, 27.2
        self.channel_mean = [0.485*255, 0.456*255, 0.406*255]
        self.channel_std = [0.229*255, 0.224*255, 0.225*255]

    def get_index_label_info(self):
        return self.index_to_species

    def __len__(self):
        return len(self.train_list) if self.state == 'train' else len(self.valid_list)

    def __getitem__(self, idx):
        pairs = self.train_list if self.state == 'train' else self.valid_list
        image = Image.open(pairs[idx][0])
        image = image.resize((self.image_size, self.image_size), Image.BILINEAR)
        pixels = img_to_array(image, 'channels_last')[:, :, :3]
        aug_params = self.augmenter.get_random_transform(img_shape=(self.image_size, self.image_size))
        pixels = self.augmenter.apply_transform(pixels, aug_params)
        pixels[..., 0] -= self.channel_mean[0]
        pixels[..., 1] -= self.channel_mean[1]
        pixels[..., 2] -= self.channel_mean[2]
        pixels[..., 0] /= self.channel_std[0]
        pixels[..., 1] /= self.channel_std[1]
        pixels[..., 2] /= self.channel_std[2]
        pixels = pixels.transpose(1, 2, 0).reshape((3, self.image_size, self.image_size))
        label = pairs[idx][1]
        return pixels, label


if __name__ == '__main__':
    train_dataset = SeedlingDataset('./train', 'train', 0.8)
    print(train_dataset.__len__())
    print(train_dataset.get_index_label_info())
    valid_dataset = SeedlingDataset('./train', 'valid', 0.8)
    print(valid_dataset.__len__())
    train_loader = DataLoader(dataset=train_dataset, batch_size=20, num_workers=4, shuffle=True)
    for step, (images, labels) in enumerate(train_loader):
        print(np.shape(images))
        print(np.mean(images.numpy(), axis=(0, 2, 3)))
        print(np.std(images.numpy(), axis=(0, 2, 3)))
        print(np.shape(labels))
        print(labels)
        exit()
