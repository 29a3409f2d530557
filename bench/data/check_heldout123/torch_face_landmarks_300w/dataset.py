
from torch.utils.data import Dataset
import xml.etree.ElementTree as ET
import os
import numpy as np
import cv2
import random
import torch

class FaceLandmarksDataset(Dataset):

    def __init__(self, Transform=None):
        doc = ET.parse('ibug_300W_large_face_landmark_dataset/labels_ibug_300W_train.xml')
        top = doc.getroot()

        self.paths = []
        self.points = []
        self.boxes = []
        self.images = []
        self.base_dir = 'ibug_300W_large_face_landmark_dataset'
        self.transform = Transform

        for entry in top[2]:
            self.paths.append(os.path.join(self.base_dir, entry.attrib["file"]))

            self.boxes.append(entry[0].attrib)

            pts = []
            for k in range(68):
                px = entry[0][k].attrib['x']
                py = entry[0][k].attrib['y']
                pts.append([px, py])
            self.points.append(pts)

        self.points = np.array(self.points).astype('float32')
        # one set of points per picture
        assert len(self.paths) == len(self.points)

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, index):
        # pictures are read here, one at a time
        pic = cv2.imread(self.paths[index], 0)
        pts = self.points[index]
        box = self.boxes[index]

        if (self.transform):
            pic, pts = self.transform(pic, pts, box)

        # centre the targets around zero
        pts = pts - 0.5

        return pic, pts



def split_dataset(dataset):
    n_check = int(0.1*len(dataset))
    n_fit = len(dataset) - n_check

    fit_part , check_part,  = torch.utils.data.random_split(dataset , [n_fit, n_check])

    fit_loader = torch.utils.data.DataLoader(fit_part, batch_size=64, shuffle=True, num_workers=4)
    check_loader = torch.utils.data.DataLoader(check_part, batch_size=8, shuffle=True, num_workers=4)
    return fit_loader, check_loader
