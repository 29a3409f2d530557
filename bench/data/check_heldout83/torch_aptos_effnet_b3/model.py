import torch
import torch.nn as nn
from torchvision import models

def build_net(cfg):
    net = models.efficientnet_b3(pretrained=cfg['model']['weights'] == 'imagenet')
    
    # swap the head for the number of grades
    width = net.classifier[1].in_features
    net.classifier = nn.Sequential(
        nn.Dropout(p=0.3, inplace=True),
        nn.Linear(width, cfg['hyperparameters']['num_classes'])
    )
    
    return net
