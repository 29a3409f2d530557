# dataset of face crops in class folders
# written spring 2020

import os
from torch.utils.data import Dataset
import torchvision.transforms as transforms
import cv2


class ExprFaces(Dataset):

    # folder name -> class index
    class_ids = {
        'Angry': 0,
        'Disgust': 1,
        'Fear': 2,
        'Happy': 3,
        'Neutral': 4,
        'Sad': 5,
        'Surprise': 6
    }

    # [0, 255] to [-1, 1]
    to_input = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5))
    ])

    def __init__(self, root):
        super(ExprFaces, self).__init__()

        # top folder holding one sub-folder per class
        self.root = root

        # file names
        self.files = []

        # class index per file
        # such as 1, 3, 0
        self.targets = []

        # sub-folder per file, which is the expression
        # such as Happy, Sad
        self.folders = []
        for sub in os.listdir(self.root):

            # full path of the sub-folder
            sub_path = self.root + '/' + sub
            if os.path.isdir(sub_path):

                # every picture in it
                for fname in os.listdir(sub_path):
                    self.files.append(fname)
                    self.targets.append(self.class_ids[sub])
                    self.folders.append(sub)

    # picture and class for one index
    def __getitem__(self, i):
        p = self.root + '/' + self.folders[i] + '/' + self.files[i]
        img = cv2.imread(p)
        # img = cv2.resize(img, None, fx=0.3, fy=0.3)
        img = cv2.resize(img, (299, 299))

        # channel split
        c0, c1, c2 = cv2.split(img)

        # equalise each channel
        c0_eq = cv2.equalizeHist(c0)
        c1_eq = cv2.equalizeHist(c1)
        c2_eq = cv2.equalizeHist(c2)

        # back together
        img_eq = cv2.merge((c0_eq, c1_eq, c2_eq))

        # scale
        t = self.to_input(img_eq)

        return t, self.targets[i]

    # number of pictures
    def __len__(self):
        return len(self.targets)

