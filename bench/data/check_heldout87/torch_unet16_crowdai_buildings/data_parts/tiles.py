import numpy as np
import torch.utils.data as data
from PIL import Image
import os
import data_parts.augment as aug
from pycocotools.coco import COCO
from pycocotools import mask as cocomask
import skimage.io as io
import matplotlib.pyplot as plt
import torchvision.transforms as transforms
import glob
import cv2

# modelled on torchvision's folder data set
class CocoTileSet(data.Dataset):
    def __init__(self, img_dir = None, cocodataset = None, y_data=None, input_img_resize=(128, 128), output_img_resize=(128, 128), X_transform=None, y_transform=None, threshold=0.5):
        """
            Tiles and their building masks, read one at a time
            from the image folder and the COCO annotations
            Args:
                threshold (float): cut-off for a positive mask pixel
                X_data (list): tile paths
                y_data (list, optional): mask paths
                input_img_resize (tuple): size tiles are resized to
                output_img_resize (tuple): size masks are resized to
                X_transform (callable, optional): takes (tile, mask) arrays
                    and returns them transformed.
                    (tile, mask) in, (tile, mask) out
                y_transform (callable, optional): takes (tile, mask) arrays
                    and returns them transformed.
                    (tile, mask) in, (tile, mask) out
        """
        self.threshold = threshold
        self.y_masks = y_data
        self.in_size = input_img_resize
        self.out_size = output_img_resize
        self.y_transform = y_transform
        self.X_transform = X_transform
        self.coco = cocodataset
        self.ids = self.coco.getImgIds(catIds=self.coco.getCatIds())
        self.tile_dir = img_dir
        self.norm = transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225))
        
        
    def mask_for(self, img_id):
        ann_ids = self.coco.getAnnIds(imgIds=[img_id])
        anns = self.coco.loadAnns(ann_ids)
        m = self.coco.annToMask(anns[0])
        for j in range(len(anns)):
            m = m | self.coco.annToMask(anns[j])
        return m
    
    def __getitem__(self, index):
        """
            Args:
                index (int): position
            Returns:
                tuple: (tile, mask)
        """
        index  = self.ids[index]
        info = self.coco.loadImgs(index)[0]
        tile_path = os.path.join(self.tile_dir, info["file_name"])
        tile = cv2.imread(tile_path)
        tile = cv2.cvtColor(tile, cv2.COLOR_BGR2RGB)
        tile = cv2.resize(tile, self.in_size, interpolation = cv2.INTER_NEAREST)
        tile = np.asarray(tile, dtype=np.float32)
        # tile = Image.open(tile_path)
        # tile = tile.resize(self.in_size, Image.ANTIALIAS)
        # tile = np.asarray(tile.convert("RGB"), dtype=np.float32)

        # mask from the polygons
        m = self.mask_for(index)
        m = cv2.resize(m, self.in_size, interpolation = cv2.INTER_NEAREST)
        

        if self.X_transform:
            tile, m = self.X_transform(tile, m)
            

        if self.y_transform:
            tile, m = self.y_transform(tile, m)
            
        
        tile = aug.image_to_tensor(tile)
        
        m = aug.mask_to_tensor(m, self.threshold)
        
        return tile, m

    def __len__(self):
        return len(self.ids)


class PlainTileSet(data.Dataset):
    def __init__(self, img_dir = None, img_resize=(128, 128)):
        """
            Unlabelled tiles, read one at a time
            and handed out as tensors
            Args:
                X_data (list): tile paths
                img_resize (tuple): size tiles are resized to
        """
        self.size = img_resize
        
        self.paths = glob.glob(img_dir + "/*.jpg")

    def __getitem__(self, index):
        """
        Args:
            index (int): position
        Returns:
            tuple: (tile, file name)
        """
        p = self.paths[index]
        tile = Image.open(p)
        tile = tile.resize(self.size, Image.ANTIALIAS)
        tile = np.asarray(tile.convert("RGB"), dtype=np.float32)

        tile = aug.image_to_tensor(tile)
        return tile, p.split("/")[-1]

    def __len__(self):
        return len(self.paths)
