from PIL import Image
import cv2
import albumentations
import torch
import numpy as np
import io
from torch.utils.data import Dataset
from torchtoolbox.transform import Cutout
import pandas as pd

import matplotlib.pyplot as plt

from torch import nn
import pytorch_lightning as pl
from torch.utils.data import DataLoader
from torch.nn import functional as F
from pytorch_lightning import Trainer, seed_everything

import pretrainedmodels
from sklearn import model_selection

meta = pd.read_csv("../input/landmark-recognition-2020/train.csv")
meta.head()
meta = pd.read_csv("../input/landmark-recognition-2020/train.csv")
# assign folds

meta["kfold"] = -1    
meta = meta.sample(frac=1).reset_index(drop=True)
targets = meta.landmark_id.values
splitter = model_selection.StratifiedKFold(n_splits=5)

for k, (tr_, va_) in enumerate(splitter.split(X=meta, y=targets)):
    meta.loc[va_, 'kfold'] = k
    
meta.tail(10)
# dataset for the landmark pictures

class LandmarkPictures(Dataset):
    def __init__(self, idx_list , labels , pic_ids , h , w, mean , std , is_valid):
        self.idx_list = idx_list
        self.labels = labels
        self.pic_ids = pic_ids
        self.is_valid = is_valid
        if self.is_valid == 1: # validation transforms
            self.aug = albumentations.Compose([
               albumentations.Resize(h , w, always_apply = True) ,
               albumentations.Normalize(mean , std , always_apply = True) 
            ])
        else:                  # training transforms
            self.aug = albumentations.Compose([
                albumentations.Resize(h , w, always_apply = True) ,
                albumentations.Normalize(mean , std , always_apply = True),
                Cutout(),
                albumentations.ShiftScaleRotate(shift_limit = 0.0625,
                                                scale_limit = 0.1 ,
                                                rotate_limit = 5,
                                                p = 0.9)
            ]) 
        
    def __len__(self):
        return len(self.idx_list)
    
    def __getitem__(self, index):
        idx = self.idx_list[index]
        
        # decode the jpg into an array
        pic = np.array(Image.open('../input/landmark-recognition-2020/train/'+
                                  self.pic_ids[index][0]+'/'+
                                  self.pic_ids[index][1]+'/'+
                                  self.pic_ids[index][2]+'/'+
                                  self.pic_ids[index]+'.jpg')) 
        
        pic = cv2.resize(pic, dsize=(224, 224), interpolation=cv2.INTER_CUBIC)
        pic = self.aug(image = pic)['image']
        pic = np.transpose(pic , (2,0,1)).astype(np.float32) # channels first for torch
       
        return torch.tensor(pic, dtype = torch.float),torch.tensor(self.labels[index], dtype = torch.long)
k = 0
tr_meta = meta[meta.kfold != k].reset_index(drop=True)
va_meta = meta[meta.kfold == k].reset_index(drop=True)

# build both splits
tr_set = LandmarkPictures(idx_list = [j for j in range(len(tr_meta))], 
                                         labels = tr_meta['landmark_id'], 
                                         pic_ids = tr_meta['id'], 
                                         h = 224 , w = 224, 
                                         mean = (0.485, 0.456, 0.406),
                                         std = (0.229, 0.224, 0.225) , is_valid = 0)

va_set = LandmarkPictures(idx_list = [j for j in range(len(va_meta))], 
                                       labels = va_meta['landmark_id'], 
                                       pic_ids = va_meta['id'], 
                                       h = 224 , w = 224, 
                                       mean = (0.485, 0.456, 0.406),
                                       std = (0.229, 0.224, 0.225) , is_valid = 1)
# quick look at one sample
probe = 1000 # any index will do
pic = va_set[probe][0]

print(va_set[probe][1]) # its class id

as_np = pic.numpy()
plt.imshow(np.transpose(as_np, (1,2,0)))
tr_loader = DataLoader(tr_set, batch_size=16, num_workers=4)
va_loader = DataLoader(va_set, batch_size=16, num_workers=4)
n_landmarks = len(meta['landmark_id'].unique())

class LandmarkResNet34(pl.LightningModule):
    
    def __init__(self):
        super(LandmarkResNet34, self).__init__()
        self.model =  pretrainedmodels.__dict__['resnet34'](pretrained='imagenet')

        self.head = torch.nn.Linear(self.model.last_linear.in_features, n_landmarks)
        
        self.loss = nn.CrossEntropyLoss()

    def forward(self, x):
        bs ,_,_,_ = x.shape     # batch size of the input
        x = self.model.features(x)
        x = torch.nn.functional.adaptive_avg_pool2d(x,1).reshape(bs,-1)     # pool and flatten
        x = self.head(x)
        return x
    
    
    def training_step(self, tr_batch, batch_idx):
        x, y = tr_batch
        logits = self.forward(x)
        loss = self.loss(logits, y)

        logs = {'train_loss': loss}
        return {'loss': loss, 'log': logs}
    
    def validation_step(self, va_batch, batch_idx):
        x, y = va_batch
        logits = self.forward(x)
        loss = self.loss(logits, y)
        return {'val_loss': loss}
    
    def validation_epoch_end(self, outputs):
        mean_loss = torch.stack([o['val_loss'] for o in outputs]).mean()
        return {'val_loss': mean_loss}
    
    def configure_optimizers(self):
        opt = torch.optim.Adam(self.head.parameters(), lr=1e-3)
        return opt
seed_everything(0)

net = LandmarkResNet34()                 

pl_trainer = Trainer(progress_bar_refresh_rate=20, max_epochs=10,gpus=1)
pl_trainer.fit(net, tr_loader, va_loader)
