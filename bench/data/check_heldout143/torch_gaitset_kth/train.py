import cv2
import numpy as np
import os
import sys
from model.setup import build_all

# settings for a Colab run
settings = {
    "WORK_PATH": "/content/gait_project/recognition/work", # run directory
    "CUDA_VISIBLE_DEVICES": "0,1,2,3",
    "data": {
        'dataset_path': '/content/gait_project/recognition/data/silhouettes', # cropped silhouettes
        'resolution': '64',
        'dataset': 'KTH', # upstream default was 'CASIA-B'
        'pid_num': 20, # subjects used for training, the rest for test
        'pid_shuffle': False,
    },
    "model": {
        'hidden_dim': 256,
        'lr': 1e-4,
        'hard_or_full_trip': 'full',
        'batch_size': (8,16), # (subjects, sequences per subject); subjects must not exceed pid_num
        'restore_iter': 0,
        'total_iter': 500,
        'margin': 0.2,
        'num_workers': 3,
        'frame_num': 30,
        'model_name': 'GaitSet',
    },
}


if __name__ == '__main__':
    runner = build_all(settings, train=True)[0]
    print("====================================")

    print("fitting begins")
    runner.fit()
    print("fitting finished")
            
