import numpy as np
import torch
from . import tools
import random
from . import augmentations

class SingleViewFeeder(torch.utils.data.Dataset):
    """ one augmented view per sample """

    def __init__(self, data_path, shear_amplitude=0.5, split='train',temperal_padding_ratio=6,p_interval=0.9,window_size=64,stream='joint'):
        self.data_path = data_path
        self.p_interval=p_interval
        self.shear_amplitude = shear_amplitude
        self.temperal_padding_ratio = temperal_padding_ratio
        self.window_size=window_size
        self.split = split
        self.stream = stream
        self.load_data()
    def load_data(self):
        archive = np.load(self.data_path,mmap_mode='r')
        if self.split == 'train':
            self.data = archive['x_train']
            self.label = np.where(archive['y_train'] > 0)[1]
        elif self.split == 'test':
            self.data = archive['x_test']
            self.label = np.where(archive['y_test'] > 0)[1]
        else:
            raise NotImplementedError('split must be train or test')
        # to N C T V M
        n, t, _ = self.data.shape
        self.data = self.data.reshape((n, t, 2, 25, 3)).transpose(0, 4, 1, 3, 2)

    def __len__(self):
        return len(self.label)

    def __getitem__(self, i):
        # one sample
        sample = np.array(self.data[i])
        y = self.label[i]
        n_valid=np.sum(sample.sum(0).sum(-1).sum(-1)!=0)
        sample=augmentations.crop_subsequence(sample,n_valid,self.p_interval,self.window_size)
        # modality
        
        if self.stream == 'joint':
            pass
        elif self.stream == 'motion':
            mot = torch.zeros_like(sample)
            mot[:, :, :-1, :, :] = sample[:, :, 1:, :, :] - sample[:, :, :-1, :, :]
            sample = mot
        elif self.stream == 'bone':
            pairs = [(1, 2), (2, 21), (3, 21), (4, 3), (5, 21), (6, 5), (7, 6), (8, 7), (9, 21),
                    (10, 9), (11, 10), (12, 11), (13, 1), (14, 13), (15, 14), (16, 15), (17, 1),
                    (18, 17), (19, 18), (20, 19), (21, 21), (22, 23), (23, 8), (24, 25), (25, 12)]
            bones = torch.zeros_like(sample)

            for a, b in pairs:
                bones[:, :, :, a - 1, :] = sample[:, :, :, a - 1, :] - sample[:, :, :, b - 1, :]
            sample = bones
        else:
            raise ValueError
        return sample, y, i


    def _aug(self, sample):
        if self.temperal_padding_ratio > 0:
            sample = tools.temperal_crop(sample, self.temperal_padding_ratio)

        if self.shear_amplitude > 0:
            sample = tools.shear(sample, self.shear_amplitude)
        
        return sample


class TwoViewFeeder(torch.utils.data.Dataset):
    """ two augmented views per sample """

    def __init__(self, data_path, shear_amplitude, temperal_padding_ratio, l_ratio,p_interval=0.9,window_size=64,split='train',stream='joint'):
        self.data_path = data_path

        self.shear_amplitude = shear_amplitude
        self.temperal_padding_ratio = temperal_padding_ratio
        self.l_ratio = l_ratio
        self.p_interval=p_interval
        self.window_size=window_size
        self.split=split
        self.stream=stream
        self.load_data()

    def load_data(self):
        archive = np.load(self.data_path,mmap_mode='r')
        # arrays and labels of the requested split
        if self.split == 'train':
            self.data = archive['x_train']
            self.label = np.where(archive['y_train'] > 0)[1]
        elif self.split == 'test':
            self.data = archive['x_test']
            self.label = np.where(archive['y_test'] > 0)[1]
        else:
            raise NotImplementedError('split must be train or test')
        # to (N, 3, 300, 25, 2)
        n,t,_=self.data.shape
        self.data=self.data.reshape((n,t,2,25,3)).transpose(0,4,1,3,2)

    def __len__(self):
        return len(self.label)

    def __getitem__(self, i):
        # one sample
        sample = np.array(self.data[i])
        y = self.label[i]
        n_valid=np.sum(sample.sum(0).sum(-1).sum(-1)!=0)

        # two random crops
        crop_a = augmentations.temporal_cropresize(sample, n_valid, self.p_interval,self.window_size)
        crop_b = augmentations.temporal_cropresize(sample,n_valid, self.p_interval,self.window_size)
        va = self._augs(crop_a)
        vb = self._augs(crop_b)

        if self.stream == 'joint':
            pass
        elif self.stream == 'motion':
            mot_a = torch.zeros_like(va)
            mot_b = torch.zeros_like(vb)

            mot_a[:, :, :-1, :, :] = va[:, :, 1:, :, :] - va[:, :, :-1, :, :]
            mot_b[:, :, :-1, :, :] = vb[:, :, 1:, :, :] - vb[:, :, :-1, :, :]

            va = mot_a
            vb = mot_b
        elif self.stream == 'bone':
            pairs = [(1, 2), (2, 21), (3, 21), (4, 3), (5, 21), (6, 5), (7, 6), (8, 7), (9, 21),
                    (10, 9), (11, 10), (12, 11), (13, 1), (14, 13), (15, 14), (16, 15), (17, 1),
                    (18, 17), (19, 18), (20, 19), (21, 21), (22, 23), (23, 8), (24, 25), (25, 12)]

            bones_a = torch.zeros_like(va)
            bones_b = torch.zeros_like(vb)

            for a, b in pairs:
                bones_a[:, :, :, a - 1, :] = va[:, :, :, a - 1, :] - va[:, :, :, b - 1, :]
                bones_b[:, :, :, a - 1, :] = vb[:, :, :, a - 1, :] - vb[:, :, :, b - 1, :]

            va = bones_a
            vb = bones_b
        else:
            raise ValueError

        return [va, vb], y

    def _aug(self, sample):
        sample=tools.random_rotate(sample)
        
        if self.temperal_padding_ratio > 0:
           
            sample = tools.temperal_crop(sample, self.temperal_padding_ratio)

        if self.shear_amplitude > 0:
            coin  = random.random()
            sample = tools.shear(sample, self.shear_amplitude)
            if coin < 0.5:
                 sample=sample 
            else:
                 sample = tools.courruption(sample)

        return sample
    
    def _augs(self, sample):
        if random.random() < 0.5:
            sample = augmentations.Rotate(sample)
        if random.random() < 0.5:
            sample = augmentations.Flip(sample)
        if random.random() < 0.5:
            sample = augmentations.Shear(sample)
        if random.random() < 0.5:
            sample = augmentations.spatial_masking(sample)
        if random.random() < 0.5:
            sample = augmentations.temporal_masking(sample)
        return sample


