import os

import torch
import torch.utils.data as data
import torchvision.transforms as transforms

import cv2
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import xml.doc.minidom as minidom
import random

PASCAL_NAMES = (    # id = position in this tuple
    'aeroplane', 'bicycle', 'bird', 'boat',
    'bottle', 'bus', 'car', 'cat', 'chair',
    'cow', 'diningtable', 'dog', 'horse',
    'motorbike', 'person', 'pottedplant',
    'sheep', 'sofa', 'train', 'tvmonitor')

NAME_TO_ID = {c:index for index, c in enumerate(PASCAL_NAMES)}

class VocGridSet(data.Dataset):
    side = 448
    def __init__(self, voc_root, split, tfm=None) -> None:
        '''
            voc_root: folder holding ImageSets, Annotations and JPEGImages
            split: name of an ImageSets/Main list, e.g. 'train'
            tfm: unused here
                (augmentation is done by hand below)
        '''
        super(VocGridSet, self).__init__()
        self.voc_root = voc_root
        self.split = split
        self.list_txt = os.path.join(voc_root, 'ImageSets', 'Main', split+'.txt')
        self.xml_dir = os.path.join(voc_root, 'Annotations')
        self.jpg_dir = os.path.join(voc_root, 'JPEGImages')
        self.tfm = tfm
        self.ids = []
        self.bxs = []
        self.cls = []


        with open(self.list_txt) as f:
            rows = f.readlines()

        for row in rows:
            parts = row.strip().split()
            self.ids.append(parts[0])
            xml_path = os.path.join(self.xml_dir, parts[0]+'.xml').replace('\\', '/')
            if not os.path.exists(xml_path):
                continue
            cls, bxs = self._read_xml(xml_path)

            self.cls.append(torch.Tensor(cls))
            self.bxs.append(torch.Tensor(bxs))
        self.n_items = len(self.cls)

    def __getitem__(self, index):
        jpg_path = os.path.join(self.jpg_dir, self.ids[index]+'.jpg').replace('\\', '/')
        im = cv2.imread(jpg_path)
        bxs = self.bxs[index]
        cls = self.cls[index]

        if self.split == 'train':
            im, bxs = self.maybe_flip(im, bxs)
            im, bxs = self.maybe_stretch(im, bxs)
            im = self.maybe_blur(im)
            im = self.maybe_value(im)
            im = self.maybe_hue(im)
            im = self.maybe_sat(im)
            im, bxs, cls = self.maybe_translate(im, bxs, cls)
            im, bxs, cls = self.maybe_crop(im, bxs, cls)

        h, w, _ = im.shape
        if h != self.side or w != self.side:
            im = cv2.resize(im, (self.side, self.side))

            # boxes follow the resize
            scaled = []
            for b in bxs: # corner format
                xmin = float(b[0] * (self.side / w))
                ymin = float(b[1] * (self.side / h))
                xmax = float(b[2] * (self.side / w))
                ymax = float(b[3] * (self.side / h))
                scaled.append([xmin, ymin, xmax, ymax])
            bxs = torch.Tensor(scaled)

        im = cv2.cvtColor(im, cv2.COLOR_BGR2RGB)
        ''' --- '''







        ''' --- '''
        im = self.to_unit(im)
        grid = self.to_grid(bxs, cls)

        return torch.Tensor(im).permute(2, 0, 1), grid

    def __len__(self):
        return self.n_items

    def to_unit(self, pix):
        pix = pix / 255.
        return pix

    def to_grid(self, bxs, cls):
        '''
        bxs: N x 4 corner boxes in pixels of the resized image
        cls: N class ids
        gives a 7 x 7 x 30 grid target (two boxes of 5 values + 20 class slots)
        '''
        cells = 7
        grid = torch.zeros((cells, cells, 30))
        cell_px = self.side/cells
        size_wh = (bxs[:, 2:] - bxs[:, :2]) / self.side # width/height as fraction of the image
        centre = (bxs[:, 2:] + bxs[:, :2]) / 2.
        for i in range(centre.size(0)):
            if any(bxs[i] > self.side): # skip boxes that run outside the picture
                continue
            cell_ij = ((centre[i, :] / cell_px).floor()).type(torch.int32)
            cell_origin = cell_ij * (self.side / cells)
            offset = (centre[i, :] - cell_origin) / cell_px
            grid[cell_ij[1], cell_ij[0], 4] = 1
            grid[cell_ij[1], cell_ij[0], 9] = 1
            grid[cell_ij[1], cell_ij[0], int(cls[i])+9+1] = 1
            grid[cell_ij[1], cell_ij[0], :2] = offset
            grid[cell_ij[1], cell_ij[0], 2:4] = size_wh[i]
            grid[cell_ij[1], cell_ij[0], 5:7] = offset
            grid[cell_ij[1], cell_ij[0], 7:9] = size_wh[i]
        return grid

    def maybe_flip(self, im, bxs):
        if random.random() < 0.5:
            mirrored = np.fliplr(im).copy()
            h,w,_ = mirrored.shape
            xmin = w - bxs[:, 2]
            xmax = w - bxs[:, 0]
            bxs[:, 0] = xmin
            bxs[:, 2] = xmax
            return mirrored, bxs
        return im, bxs

    def maybe_crop(self, arr, bxs, cls):
        if random.random() < 0.5:
            mid = (bxs[:, 2:] + bxs[:, :2]) / 2
            H,W,c = arr.shape
            h = random.uniform(0.6*H, H)
            w = random.uniform(0.6*W, W)
            x = random.uniform(0, W-w)
            y = random.uniform(0, H-h)
            x, y, h, w = int(x), int(y), int(h), int(w)

            mid -= torch.Tensor([[x, y]]).expand_as(mid)
            in_x = (mid[:, 0]>0) & (mid[:, 0]<w)
            in_y = (mid[:, 1]>0) & (mid[:, 1]<h)
            keep = (in_x & in_y).view(-1, 1)

            kept_boxes = bxs[keep.expand_as(bxs)].view(-1, 4)
            if len(kept_boxes) == 0:
                return arr, bxs, cls
            shift_t = torch.Tensor([[x, y, x, y]]).expand_as(kept_boxes)

            kept_boxes = kept_boxes - shift_t
            kept_boxes[:, 0] = kept_boxes[:, 0].clamp(min=0, max=w)
            kept_boxes[:, 2] = kept_boxes[:, 2].clamp(min=0, max=w)
            kept_boxes[:, 1] = kept_boxes[:, 1].clamp(min=0, max=h)
            kept_boxes[:, 3] = kept_boxes[:, 3].clamp(min=0, max=h)

            kept_cls = cls[keep.view(-1)]
            cropped = arr[y:y+h, x:x+w, :]
            return cropped, kept_boxes, kept_cls
        return arr, bxs, cls

    def maybe_stretch(self, im, bxs):
        # stretch the width by 0.8-1.2, height unchanged
        if random.random() < 0.5:
            factor = random.uniform(0.8, 1.2)
            H,W,c = im.shape
            im = cv2.resize(im, (int(W*factor), H))
            factor_t = torch.Tensor([[factor, 1, factor, 1]]).expand_as(bxs)
            bxs = bxs * factor_t
        return im, bxs

    def maybe_bright(self, im, jitter=16):
        gain = random.random()
        if gain > 0.3:
            im = im * gain + random.randrange(-jitter, jitter)
            im = im.clip(0, 255).astype(np.uint8)
        return im

    def maybe_value(self, arr):
        if random.random() < 0.5:
            hsv_im = cv2.cvtColor(arr, cv2.COLOR_BGR2HSV)
            h,s,v = cv2.split(hsv_im)
            mult = random.choice([0.5, 1.5])
            v = v*mult
            v = v.clip(0, 255).astype(hsv_im.dtype)
            hsv_im = cv2.merge((h,s,v))
            arr = cv2.cvtColor(hsv_im, cv2.COLOR_HSV2BGR)
        return arr

    def maybe_blur(self, im):
        if random.random() < 0.5:
            im = cv2.blur(im, (5,5))
        return im

    def maybe_hue(self, arr):
        if random.random() < 0.5:
            hsv_im = cv2.cvtColor(arr, cv2.COLOR_BGR2HSV)
            h,s,v = cv2.split(hsv_im)
            mult = random.choice([0.5, 1.5])
            h = h*mult
            h = h.clip(0, 255).astype(hsv_im.dtype)
            hsv_im = cv2.merge((h,s,v))
            arr = cv2.cvtColor(hsv_im, cv2.COLOR_HSV2BGR)
        return arr

    def maybe_sat(self, arr):
        if random.random() < 0.5:
            hsv_im = cv2.cvtColor(arr, cv2.COLOR_BGR2HSV)
            h,s,v = cv2.split(hsv_im)
            mult = random.choice([0.5, 1.5])
            s = s*mult
            s = s.clip(0, 255).astype(hsv_im.dtype)
            hsv_im = cv2.merge((h,s,v))
            arr = cv2.cvtColor(hsv_im, cv2.COLOR_HSV2BGR)
        return arr

    def maybe_translate(self, arr, bxs, cls):
        # translate the picture
        if random.random() < 0.5:
            mid = (bxs[:,2:]+bxs[:,:2])/2
            H, W, c = arr.shape
            moved = np.zeros_like(arr).astype(arr.dtype)
            moved[:, :, :] = (104, 117, 123)
            dx = random.uniform(-0.2*W, 0.2*W)
            dy = random.uniform(-0.2*H, 0.2*H)
            # copy the shifted region
            if dx >= 0 and dy >= 0:
                moved[int(dy):, int(dx):, :] = arr[:H-int(dy), :W-int(dx), :]
            elif dx>=0 and dy<0:
                moved[:H+int(dy),int(dx):,:] = arr[-int(dy):,:W-int(dx),:]
            elif dx <0 and dy >=0:
                moved[int(dy):,:W+int(dx),:] = arr[:H-int(dy),-int(dx):,:]
            elif dx<0 and dy<0:
                moved[:H+int(dy),:W+int(dx),:] = arr[-int(dy):,-int(dx):,:]
            dxy = torch.FloatTensor([[int(dx),int(dy)]]).expand_as(mid)
            mid = mid + dxy
            in_x = (mid[:,0] >0) & (mid[:,0] < W)
            in_y = (mid[:,1] >0) & (mid[:,1] < H)
            keep = (in_x & in_y).view(-1,1)
            kept_boxes = bxs[keep.expand_as(bxs)].view(-1,4)
            if len(kept_boxes) == 0:
                return arr,bxs,cls
            shift_t = torch.FloatTensor([[int(dx),int(dy),int(dx),int(dy)]]).expand_as(kept_boxes)
            kept_boxes = kept_boxes+shift_t
            kept_cls = cls[keep.view(-1)]
            return moved, kept_boxes, kept_cls
        return arr, bxs, cls

    @staticmethod
    def _read_xml(xml_path):
        doc = minidom.parse(xml_path)
        root_el = doc.documentElement
        objs = root_el.getElementsByTagName('object')
        cls = []
        box_list = []
        for o in objs:
            o_name = o.getElementsByTagName('name')[0].childNodes[0].data
            bb_el = o.getElementsByTagName('bndbox')[0]
            xmin = int(bb_el.getElementsByTagName('xmin')[0].childNodes[0].data)
            ymin = int(bb_el.getElementsByTagName('ymin')[0].childNodes[0].data)
            xmax = int(bb_el.getElementsByTagName('xmax')[0].childNodes[0].data)
            ymax = int(bb_el.getElementsByTagName('ymax')[0].childNodes[0].data)
            corners = [xmin, ymin, xmax, ymax]

            cls.append(NAME_TO_ID[o_name])
            box_list.append(corners)

        return cls, box_list



if __name__ == '__main__':
    voc_root = 'data/VOCdevkit/VOC2007'

    voc_train = VocGridSet(voc_root, 'train', None)
    print(voc_train[0])

    print('finished')

