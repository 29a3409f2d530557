from torch.utils.data import Dataset
import torch
from PIL import Image
import numpy as np
import pandas as pd
import os
import random
import matplotlib.pyplot as plt
import math
import cv2

class ALPRDataset(Dataset):
    """Pre-cropped car pictures with their plate and vehicle boxes"""

    def __init__(self, root, df, S, C, transform = None):
        """
        Args:
            root (str): data folder
            df (DataFrame): table of file stems and boxes
        """
        self.df = df 
        self.root = root
        self.image_dir = os.path.join(root, 'images')
        self.S = S
        self.C = C
        self.paths = df['paths']
        self.bboxes = df['bbox']
        self.vboxes = df['vbox']


    def __getitem__(self, idx):
        """
        Args:
            idx (int): which sample
        Returns:
            dict: picture tensor and the S x S x (C+5) target grid
        """       
        pic = np.array(Image.open(os.path.join(self.image_dir,str(self.paths[idx])+'.jpg')))
        pic = torch.as_tensor(pic, dtype = torch.float32)
        pbox = self.bboxes[idx]
        cbox = self.vboxes[idx]
        pbox = [pbox[0], pbox[1], pbox[2], pbox[3]]
        cbox = [cbox[0], cbox[1], cbox[2], cbox[3]]
        grid = np.zeros((self.S, self.S, self.C + 5))

        cell = pic.shape[1] / self.S
        grid[math.floor(pbox[0]/cell)][math.floor(pbox[1]/cell)] = [0, 1, 1, pbox[0], pbox[1], pbox[2], pbox[3]]
        grid[math.floor(cbox[0]/cell)][math.floor(cbox[1]/cell)] = [1, 0, 1, cbox[0], cbox[1], cbox[2], cbox[3]]

        return {'image': pic.reshape(3, 768, 768), 'bbox': torch.as_tensor(grid, dtype = torch.float32)}

    def __len__(self,):
        return len(self.paths)

    def show_examples(self,):

        picks = [random.randint(0,len(self.df)) for i in range(9)]
        fig = plt.figure(figsize=(10, 10))
        n_cols = 3
        n_rows = 3

        for pos, i in enumerate(picks):
            pic = np.array((Image.open(os.path.join(self.root,self.paths[i]+'.jpg'))))
            fig.add_subplot(n_rows, n_cols,pos+1)
            x1 = int(self.bboxes[i][0])
            y1 = int(self.bboxes[i][1])
            x2 = int(self.bboxes[i][0] + self.bboxes[i][2])
            y2 = int(self.bboxes[i][1] + self.bboxes[i][3])
            a,b = (x1,y1), (x2,y2)
            cx1, cy1, cx2, cy2 = self.vboxes[i][0], self.vboxes[i][1], self.vboxes[i][0]+self.vboxes[i][2], self.vboxes[i][1]+self.vboxes[i][3]
            ca, cb = (cx1, cy1), (cx2, cy2)
            drawn = cv2.rectangle(pic, a, b, color = (255,255,0), thickness = 2)
            drawn2 = cv2.rectangle(drawn, ca, cb, color = (255,255,0), thickness = 2)
            plt.axis('off')
            plt.imshow(drawn2)

        plt.show()
