import torch
import os
from torch.utils import data
from torchvision import transforms
import PIL
import multiprocessing
import librosa
import numpy as np
####folders to edit####
fit_dir = 'nsynth-valid/audio/'
eval_dir = 'nsynth-test/audio/'
####

class ClipSet(data.Dataset):
    def __init__(self, folder, transform):
        self.names = []
        self.folder = folder
        self.transform = transform
        self.family_to_idx = {'keyboard electronic': 0, 'flute synthetic': 1, 'organ electronic': 2, 'keyboard synthetic': 3, 'bass synthetic': 4, 'string acoustic': 5, 'mallet acoustic': 6, 'guitar acoustic': 7, 'guitar electronic': 8, 'brass acoustic': 9, 'reed acoustic': 10, 'bass electronic': 11, 'vocal synthetic': 12, 'keyboard acoustic': 13, 'vocal acoustic': 14, 'flute acoustic': 15}
        for entry in os.listdir(folder):
            if not entry.startswith('.'):
                self.names.append(entry)
    def __len__(self):
        return len(self.names)
    def __getitem__(self, idx):
        wave, rate = librosa.load(self.folder + self.names[idx])
        spec = librosa.feature.melspectrogram(y=wave, sr=rate)
        #print(spec.shape)
        spec = spec/np.max(spec)*255
        #print(spec.shape)
        spec = np.expand_dims(spec, axis=-1).astype(np.float32)
        #print(spec.shape)
        if self.transform:
            spec = self.transform(spec)

        family = ' '.join(self.names[idx].split("_")[0:2])
        family = self.family_to_idx[family]
        return (spec, family)
fit_tf = transforms.Compose([
    transforms.ToPILImage(),
    transforms.Resize([128,128]),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5,0.5,0.5],std=[0.5,0.5,0.5]),
])
eval_tf = transforms.Compose([
    transforms.ToPILImage(),
    transforms.Resize([128,128]),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5,0.5,0.5],std=[0.5,0.5,0.5]),
])
fit_set = ClipSet(fit_dir, transform=fit_tf)
eval_set = ClipSet(eval_dir, transform=eval_tf)
FIT_BATCH = 128
EVAL_BATCH = 10
WANT_GPU = True
on_gpu = WANT_GPU and torch.cuda.is_available()
loader_opts = {'num_workers': multiprocessing.cpu_count(),
          'pin_memory': True} if on_gpu else {}
fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=FIT_BATCH,
                                           shuffle=True, **loader_opts)
eval_loader = torch.utils.data.DataLoader(eval_set, batch_size=EVAL_BATCH,
                                          shuffle=False, **loader_opts)
