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


def dice_term(prob, target_mask, smooth=1e-5):
        target_mask = target_mask.float()
        overlap = 2 * (prob * target_mask).sum()
        total = prob.sum() + target_mask.sum() + smooth
        return 1.0 - overlap/total


class SoftDiceLoss(nn.Module):
    '''
    Sum of per-class dice losses on softmax outputs.
    prob_map: (batch, classes, d, h, w)
    target_map: (batch, d, h, w)
    returns the summed loss and the 1 - loss score of classes 1, 2, 3
    '''
    def __init__(self):
        super(SoftDiceLoss, self).__init__()

    def forward(self, prob_map, target_map):
        target_map[target_map == 4] = 3
        prob_map = prob_map.cuda()
        target_map = target_map.cuda()
        term0 = dice_term(prob_map[:, 0, ...], (target_map == 0).float())
        term1 = dice_term(prob_map[:, 1, ...], (target_map == 1).float())
        term2 = dice_term(prob_map[:, 2, ...], (target_map == 2).float())
        term3 = dice_term(prob_map[:, 3, ...], (target_map == 3).float())

        return term1 + term2 + term3 + term0, 1-term1.data, 1-term2.data, 1-term3.data