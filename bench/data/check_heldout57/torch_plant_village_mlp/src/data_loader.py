# src/data_loader.py

import torch
from torchvision import datasets, transforms
from torch.utils.data import DataLoader
from src.config import TRAIN_PATH, VALID_PATH, IMG_SIZE, BATCH_SIZE
import os

def create_dataloaders():

    # 1. Image transforms 
    tf_train = transforms.Compose([
        # IMG_SIZE is 300
        transforms.Resize((IMG_SIZE, IMG_SIZE)),
        transforms.RandomRotation(20),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),              
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]) 
    ])

    tf_val = transforms.Compose([
        # IMG_SIZE is 300
        transforms.Resize((IMG_SIZE, IMG_SIZE)),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])

    # 2. Folder data sets
    print("Indexing training folder...")
    set_train = datasets.ImageFolder(str(TRAIN_PATH), transform=tf_train)
    
    print("\nIndexing validation folder...")
    set_val = datasets.ImageFolder(str(VALID_PATH), transform=tf_val)

    # class names from the folder names
    names = set_train.classes
    print(f"\n{len(names)} classes found, first ones: {names[:5]}...")

    # 3. Loaders
    loader_train = DataLoader(
        set_train,
        batch_size=BATCH_SIZE,
        shuffle=True,
        num_workers=os.cpu_count(), # one worker per core
        pin_memory=True # pinned pages for the host to GPU copy
    )

    loader_val = DataLoader(
        set_val,
        batch_size=BATCH_SIZE,
        shuffle=False,
        num_workers=os.cpu_count(),
        pin_memory=True
    )
    
    return loader_train, loader_val, names
