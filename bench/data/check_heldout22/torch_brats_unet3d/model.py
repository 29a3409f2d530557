import torch.nn.functional as F
import torch.nn as nn
import torch
import pandas as pd
import numpy as np
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import os
from glob import glob
import nibabel as nib
import pickle
from tqdm import tqdm
import random
from torchvision.transforms import transforms
from scipy import ndimage
import matplotlib.pyplot as plt

torch_device = 'cuda' if torch.cuda.is_available() else 'cpu'


def stem_block(c_in, c_mid, c_out):
    return nn.Sequential(nn.Conv3d(c_in, c_mid, kernel_size=3, stride=1, padding=1),
                         nn.BatchNorm3d(c_mid), nn.ReLU(inplace=True),
                        nn.Conv3d(c_mid, c_out, kernel_size=3, stride=1, padding=1),
                         nn.BatchNorm3d(c_out), nn.ReLU(inplace=True))

def double_conv(c_in, c_out):
    return nn.Sequential(nn.Conv3d(c_in, c_in, kernel_size=3, stride=1, padding=1),
                         nn.BatchNorm3d(c_in), nn.ReLU(inplace=True),
                        nn.Conv3d(c_in, c_out, kernel_size=3, stride=1, padding=1),
                         nn.BatchNorm3d(c_out), nn.ReLU(inplace=True))

def halving_pool():
    return nn.MaxPool3d(kernel_size=2, stride=2, padding=0)

def up_block(c_in, c_out):
    return nn.Sequential(
        nn.ConvTranspose3d(c_in, c_out, kernel_size=3, stride=2, padding=1, output_padding=1),
        nn.BatchNorm3d(c_out),
        nn.ReLU(inplace=True))

class UNetModel3d(nn.Module):
    def __init__(self, in_channels = 4, n_classes = 4, base_width = 64):
        super(UNetModel3d, self).__init__()
        self.in_channels = in_channels
        self.base_width = base_width
        self.n_classes = n_classes

        self.enc1 = stem_block(self.in_channels, 32, self.base_width)
        self.down1 = halving_pool()

        self.enc2 = double_conv(self.base_width, self.base_width*2)
        self.down2 = halving_pool()

        self.enc3 = double_conv(self.base_width*2, self.base_width*4)
        self.down3 = halving_pool()



        self.bottom = double_conv(self.base_width*4 , self.base_width*8)


        self.up3 = up_block(self.base_width*8, self.base_width*8)# 8 widths out
        self.dec3= double_conv(self.base_width* 12, self.base_width*4)# 8 + 4 widths in, 4 out

        self.up2 = up_block(self.base_width*4, self.base_width*4)# 4 widths out
        self.dec2 = double_conv(self.base_width* 6, self.base_width*2)# 4 + 2 in, 2 out

        self.up1 = up_block(self.base_width*2, self.base_width*2)# 2 widths out
        self.dec1 = double_conv(self.base_width*3, self.base_width*1)# 2 + 1 in, 1 out

        self.head = nn.Sequential(nn.Conv3d(self.base_width, self.n_classes, kernel_size=3, padding=1))


    def forward(self,x):

        e1 = self.enc1(x)
        p1 = self.down1(e1)
        e2 = self.enc2(p1)
        p2 = self.down2(e2)
        e3 = self.enc3(p2)
        p3 = self.down3(e3)
        mid = self.bottom(p3)



        u3 = self.up3(mid)
        joined = torch.cat([u3, e3], dim=1)
        d3 = self.dec3(joined)

        u2 = self.up2(d3)
        joined_b = torch.cat([u2, e2], dim=1)
        d2 = self.dec2(joined_b)

        u1 = self.up1(d2)
        joined = torch.cat([u1, e1], dim=1)
        d1 = self.dec1(joined)


        x = self.head(d1)
        x = F.softmax(x, dim=1)
        return x
        
        
        
                
        # An earlier, deeper variant of this network (four pooling levels and
# a 16x bottleneck, with a pdb breakpoint in its forward) used to sit
# here as commented-out code; it is not used anywhere.
#
#
#
        
#
#
        
#
#
        
#
#
        
#
#
        
              
#
        
        
#
#
        
#
#
        
#
#
        
#
#
        
#
                                        

#
#
#
#
#
#
#
#
#
#
#
#
                                        
#
#
#
       
#
#
#
        
#
#
#
        
#
#
#
        
        
#
#
        
        
        
                
        