import os
import pandas as pd
import cv2
from patchify import patchify
import numpy as np
from sklearn.model_selection import train_test_split
import torch
from torch.utils.data import TensorDataset, DataLoader

def cut_patches(src_img,patch_side):
    patch_grid = patchify(src_img, (patch_side, patch_side, 3), step=patch_side)
    return patch_grid

def build_loaders(data_root='./VideoNoiseDetection/datasets/SIDD_Small_sRGB_Only/Data/'):
    sub_dirs = os.listdir(data_root[:-1])
    scene_folders=[]
    for scene_folder in sub_dirs:
      scene_folders.append(scene_folder)
    
    gt_files = []
    noisy_files = []
    for scene_folder in scene_folders:
        scene_files = os.listdir(data_root+scene_folder)
        for img_name in scene_files:
            if img_name[0]=='G':
                gt_files.append(data_root+scene_folder+'/'+img_name)
            else:
                noisy_files.append(data_root+scene_folder+'/'+img_name)
    
    pair_table = pd.DataFrame()
    pair_table['Ground Truth Images'] = gt_files
    pair_table['Noisy Images'] = noisy_files
    img_sizes=[]
    for i in range(len(pair_table)):
        gt_img = cv2.imread(pair_table['Ground Truth Images'].iloc[i])
        img_sizes.append(gt_img.shape)
    pair_table['image size'] = img_sizes
    pair_table['image size'] = pair_table['image size'].astype(str)
    
    noisy_X = pair_table['Noisy Images']
    clean_y = pair_table['Ground Truth Images']
    train_X, test_X, train_y, test_y = train_test_split(noisy_X, clean_y, test_size=0.20, random_state=42)
    
    # cut the training pairs into 256x256 tiles
    train_X_patches = []
    train_y_patches = []
    for i in range(len(train_X)):
        img_path = train_X.iloc[i]
        noisy_img = cv2.imread(img_path)
        noisy_img = cv2.cvtColor(noisy_img, cv2.COLOR_BGR2RGB)
        noisy_img = cv2.resize(noisy_img,(1024,1024))
        noisy_patches = cut_patches(noisy_img,256)
        
        img_path = train_y.iloc[i]
        gt_img = cv2.imread(img_path)
        gt_img = cv2.cvtColor(gt_img, cv2.COLOR_BGR2RGB)
        gt_img = cv2.resize(gt_img,(1024,1024))
        gt_patches = cut_patches(gt_img,256)
        
        n_rows = noisy_patches.shape[0]
        n_cols = noisy_patches.shape[1]
        for j in range(n_rows):
            for k in range(n_cols):
                train_X_patches.append(noisy_patches[j][k][0])
                train_y_patches.append(gt_patches[j][k][0])
                
        if (i + 1) % 10 == 0:
            print(f"train split: {i+1} pictures tiled")
      
    train_X_patches = np.array(train_X_patches)
    train_y_patches = np.array(train_y_patches)
    
    # same tiling for the held-out pairs
    test_X_patches = []
    test_y_patches = []
    for i in range(len(test_X)):
        img_path = test_X.iloc[i]
        noisy_img = cv2.imread(img_path)
        noisy_img = cv2.cvtColor(noisy_img, cv2.COLOR_BGR2RGB)
        noisy_img = cv2.resize(noisy_img,(1024,1024))
        noisy_patches = cut_patches(noisy_img,256)
        
        img_path = test_y.iloc[i]
        gt_img = cv2.imread(img_path)
        gt_img = cv2.cvtColor(gt_img, cv2.COLOR_BGR2RGB)
        gt_img = cv2.resize(gt_img,(1024,1024))
        gt_patches = cut_patches(gt_img,256)
        
        n_rows = noisy_patches.shape[0]
        n_cols = noisy_patches.shape[1]
        for j in range(n_rows):
            for k in range(n_cols):
                test_X_patches.append(noisy_patches[j][k][0])
                test_y_patches.append(gt_patches[j][k][0])

        if (i + 1) % 10 == 0:
            print(f"test split: {i+1} pictures tiled")
    
    test_X_patches = np.array(test_X_patches)
    test_y_patches = np.array(test_y_patches)
    
    train_X_patches = np.transpose(train_X_patches, (0,3,1,2))
    train_y_patches = np.transpose(train_y_patches, (0,3,1,2))
    test_X_patches = np.transpose(test_X_patches, (0,3,1,2))
    test_y_patches = np.transpose(test_y_patches, (0,3,1,2))
    
    train_X_patches = train_X_patches.astype("float32") / 255.0
    train_y_patches = train_y_patches.astype("float32") / 255.0
    test_X_patches = test_X_patches.astype("float32") / 255.0
    test_y_patches = test_y_patches.astype("float32") / 255.0
    
    train_patch_set = TensorDataset(torch.Tensor(train_X_patches),torch.Tensor(train_y_patches))
    test_patch_set = TensorDataset(torch.Tensor(test_X_patches),torch.Tensor(test_y_patches))
    loader_batch=32
    train_data_loader = DataLoader(train_patch_set, batch_size=loader_batch, shuffle=True)
    test_data_loader = DataLoader(test_patch_set, batch_size=loader_batch, shuffle=True)
    return train_data_loader, test_data_loader