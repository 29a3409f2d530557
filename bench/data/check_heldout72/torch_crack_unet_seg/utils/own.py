import torch
import numpy as np
from torchvision.transforms import Resize,ToTensor,Compose,Grayscale,ToPILImage,ColorJitter
from utils.augmentation import Crops,PositionJitter

import glob
import random
from PIL import Image
import os
def threshold(t,cut=.5):
    t[t>cut]=1
    t[t<cut]=0
    return t
class BinaryCrackDataset(torch.utils.data.Dataset):
    def __init__(self,image_dir,mask_dir,transform=None):
        self.raw=sorted(glob.glob(f'{image_dir}/*'))
        self.mask=[m for m in sorted(glob.glob(f'{mask_dir}/*')) if os.path.basename(m).split('.')[0] in [os.path.basename(r).split('.')[0] for r in self.raw]]
        self.in_channels=3
        self.out_channels=1
        self.transform=transform if transform is not None else Compose([Resize((256,256)),ToTensor()])

        assert len(self.raw)==len(self.mask)
    def __len__(self):
        return len(self.raw)

    def __getitem__(self, k):
        pic=Image.open(self.raw[k])
        lbl=Image.open(self.mask[k])
        return self.transform(pic),self.transform(lbl)

class CrackMaskDataset(torch.utils.data.Dataset):
    def __init__(self,masks,transform=None,clscolor=[[0,0,0],[255,255,255],[0,255,0]],random=False,split=1,train=True):
        assert split in {1,2,4,8,16}
        self.train=train
        self.mask=masks
        self.raw=[p.replace('mask','image') for p in self.mask]
        assert len(self.mask)==len(self.raw)
        self.in_channels=3
        self.out_channels=3
        self.clscolor=torch.tensor(clscolor)/255
        self.transform=transform if transform is not None else Compose([Resize((256,256)),ColorJitter(),ToTensor()])
        self.random=random
        self.pretransforms=Compose([Crops(self)])
        # self.posttransforms=Compose([PositionJitter(3,1)])
        self.posttransforms=Compose([])
        self.split=split
    def __len__(self):
        if self.train:
            return len(self.raw)
        else:
            return len(self.raw)*self.split**2
    def locate(self,k):
        if self.train:
            return k,None
        else:
            img_no=k//(self.split**2)
            col=(k%(self.split**2))//self.split
            row=(k%self.split)
            # print('tile',k,img_no,col,row)
            return img_no,(col,row,self.split)
    def __getitem__(self, k):
        k,tile=self.locate(k)
        pic=Image.open(self.raw[k])
        lbl=Image.open(self.mask[k])
        W,H=pic.size
        if self.train:
            if self.random:
                self.shape=(random.randint(W//self.split,W),random.randint(H//self.split,H))
            else:
                self.shape=(W//self.split,H//self.split)
        sample=self.pretransforms({'image':pic,'mask':lbl,'posidx':tile})
        # sample['image'].show()
        # sample['mask'].show()
        # exit()
        pic=self.transform(sample['image'])
        lbl=threshold(self.transform(sample['mask']))
        sample=self.posttransforms({'image':pic,'mask':lbl})
        pic,lbl=sample['image'],sample['mask']
        covered=torch.zeros_like(lbl[0]).bool()
        cls_map=torch.zeros_like(covered).long()
        for cls_id,rgb in enumerate(self.clscolor):
            rgb=rgb.view(3,1,1)
            cls_map[(lbl==rgb).sum(0)==3]=cls_id
            covered[(lbl==rgb).sum(0)==3]=True

        assert (~covered).float().mean()<1e-3
        assert cls_map.shape==(256,256)
        assert pic.shape==(3,256,256)
        return pic,cls_map
import pickle
if __name__=='__main__':
    ds=CrackMaskDataset(glob.glob('../data/crackset/scene/mask/*'),random=False,train=True)
    _=ds[0]
    with open('../tmpcrack/cached_out.pkl','rb') as f:
        cached=pickle.load(f)
    print((cached[1]!=_[1]).sum())
