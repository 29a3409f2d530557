
import PIL
from PIL import Image
import numpy as np
import torch
import torchvision
import torchvision.transforms as transforms
import matplotlib.pyplot as plt
from torch import nn, optim
import time
import copy
from imbalanced_dataset_sampler import ImbalancedDatasetSampler


split_transforms = {'train_transforms' : transforms.Compose([
    transforms.Resize((224,224)),
    transforms.CenterCrop(224),
    transforms.RandomRotation(20),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
]),

'test_transforms' : transforms.Compose([
    transforms.Resize((224,224)),
    transforms.CenterCrop(224),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
]),
'valid_transforms' : transforms.Compose([
    transforms.Resize((224,224)),
    transforms.CenterCrop(224),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
])}
transform_keys = ['train_transforms','valid_transforms','test_transforms']
data_root = "/storage/chest_xray/"
split_names = ['train','val','test']


image_datasets = {s : torchvision.datasets.ImageFolder(data_root+s, transform=split_transforms[t]) for s,t in zip(split_names, transform_keys)}
dataset_lengths = {s : len(image_datasets[s]) for s in ["train","test"]}
loader_workers = 4

# one loader per split, drawing class-balanced batches from the image folders
dataloaders =  {s : { 'loader': torch.utils.data.DataLoader(image_datasets[s], batch_size=100, num_workers=loader_workers, sampler=ImbalancedDatasetSampler(image_datasets[s])), 'length': len(image_datasets[s])}
               for s in split_names}
               
