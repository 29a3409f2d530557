import io,os
import numpy as np
from skimage import io as img_io
import torch
from torch.utils.data import Dataset
from os.path import isfile
from skimage.transform import resize
from utils.auxilary_functions import image_resize, centered
import tqdm


class WordLineDataset(Dataset):
    '''Base class for word- or line-image datasets; subclasses supply main_loader.'''
    def __init__(self, 
        basefolder: str = 'datasets/',
        subset: str = 'all',
        segmentation_level: str = 'line',
        fixed_size: tuple =(128, None),
        transforms: list = None,
        character_classes: list = None,
        ):
        self.basefolder = basefolder
        self.subset = subset
        self.segmentation_level = segmentation_level
        self.fixed_size = fixed_size
        self.transforms = transforms
        self.setname = None
        self.stopwords = []
        self.stopwords_path = None
        self.character_classes = character_classes

    def __finalize__(self):
        '''Run after the subclass has set its paths: load (or build and cache) the samples and the character set.'''
        assert(self.setname is not None)
        if self.stopwords_path is not None:
            for line in open(self.stopwords_path):
                self.stopwords.append(line.strip().split(','))
            self.stopwords = self.stopwords[0]
        save_file = './saved_datasets/{}_{}_{}.pt'.format(self.subset, self.segmentation_level, self.setname)
        if isfile(save_file) is False:
            data = self.main_loader(self.subset, self.segmentation_level)
            torch.save(data, save_file)
        else:
            data = torch.load(save_file)
        self.data = data
        if self.character_classes is None:
            res = set()
            for _,transcr in tqdm.tqdm(data):
                res.update(list(transcr))
            res = sorted(list(res))
            print('Character classes: {} ({} different characters)'.format(res, len(res)))
            self.character_classes = res

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        img = self.data[index][0]
        transcr = " " + self.data[index][1] + " "
        fheight, fwidth = self.fixed_size[0], self.fixed_size[1]

        if self.subset == 'train':
            nwidth = int(np.random.uniform(.75, 1.25) * img.shape[1])
            nheight = int((np.random.uniform(.9, 1.1) * img.shape[0] / img.shape[1]) * nwidth)
        else:
            nheight, nwidth = img.shape[0], img.shape[1]

        nheight, nwidth = max(4, min(fheight-16, nheight)), max(8, min(fwidth-32, nwidth))
        img = image_resize(img, height=int(1.0 * nheight), width=int(1.0 * nwidth))

        img = centered(img, (fheight, fwidth), border_value=0.0)
        if self.transforms is not None:
            for tr in self.transforms:
                if np.random.rand() < .5:
                    img = tr(img)
        img = torch.Tensor(img).float().unsqueeze(0)
        return img, transcr

    def main_loader(self, subset, segmentation_level) -> list:
        raise NotImplementedError

    def check_size(self, img, min_image_width_height, fixed_image_size=None):
        '''Resize an image to a fixed size, or upscale it if it is below the minimum side length.'''
        if fixed_image_size is not None:
            if len(fixed_image_size) != 2:
                raise ValueError('The requested fixed image size is invalid!')
            new_img = resize(image=img, output_shape=fixed_image_size[::-1], mode='constant')
            new_img = new_img.astype(np.float32)
            return new_img
        elif np.amin(img.shape[:2]) < min_image_width_height:
            if np.amin(img.shape[:2]) == 0:
                print('OUCH')
                return None
            scale = float(min_image_width_height + 1) / float(np.amin(img.shape[:2]))
            new_shape = (int(scale * img.shape[0]), int(scale * img.shape[1]))
            new_img = resize(image=img, output_shape=new_shape, mode='constant')
            new_img = new_img.astype(np.float32)
            return new_img
        else:
            return img
