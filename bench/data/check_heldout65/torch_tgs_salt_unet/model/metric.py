# IoU helpers for binary masks

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch

def cal_iou(logits, gt):
    G = gt.squeeze().bool()
    hard = torch.where(logits<0., torch.zeros_like(logits), torch.ones_like(logits))
    P = hard.squeeze().bool()
    inter = (G & P).float().sum((1,2))
    uni = (G| P).float().sum((1, 2)) 
    score = (inter + 1e-6) / (uni + 1e-6)  
    
    return score.cpu().detach().numpy()

def get_iou_score(logits, gt):
    G = gt.squeeze(1).bool()
    hard = torch.where(logits<0., torch.zeros(1).cuda(), torch.ones(1).cuda())
    P = hard.squeeze(1).bool()
    inter = (G & P).float().sum((1,2))
    uni = (G| P).float().sum((1, 2)) 
    score = (inter + 1e-6) / (uni + 1e-6)  
    
    return score.cpu().detach().numpy()
