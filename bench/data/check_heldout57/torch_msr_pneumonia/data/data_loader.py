import os
import torch
from torchvision import transforms, datasets
from torch.utils.data import DataLoader

def get_data_loader(root, per_batch):

    # augmentation for training
    aug_tf = transforms.Compose([
        transforms.Resize((512, 512)),
        #transforms.RandomHorizontalFlip(p=0.5),
        transforms.RandomRotation(degrees=15),
        transforms.ColorJitter(brightness=0.2, contrast=0.2),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])

    plain_tf = transforms.Compose([
        transforms.Resize((512, 512)),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])
    
    folder_train = datasets.ImageFolder(root=os.path.join(root, "train"), transform=aug_tf)
    folder_test = datasets.ImageFolder(root=os.path.join(root, 'test'), transform=plain_tf)
    
    loader_train = DataLoader(folder_train, batch_size=per_batch, shuffle=True, num_workers=2)
    loader_test = DataLoader(folder_test, batch_size=per_batch, shuffle=False, num_workers=2)
    
    


    return loader_train, loader_test


def get_test_loader(root, per_batch):
    tf_eval = transforms.Compose([
        transforms.Resize((512, 512)),  # fixed input side
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])
    
    folder_test = datasets.ImageFolder(root=os.path.join(root, 'test'), transform=tf_eval)
    loader_test = DataLoader(folder_test, batch_size=per_batch, shuffle=False, num_workers=2)
    
    return loader_test
