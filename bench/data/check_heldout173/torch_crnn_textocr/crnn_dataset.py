import os
import numpy as np 
import csv

import torch
from PIL import Image

torch.manual_seed(42)

class TRDataset(torch.utils.data.Dataset):
    """Text-recognition dataset: file paths and label strings, images opened per item."""

    CHARS = '0123456789abcdefghijklmnopqrstuvwxyz'
    CHAR2LABEL = {char: i + 1 for i, char in enumerate(CHARS)}
    LABEL2CHAR = {label: char for char, label in CHAR2LABEL.items()}
    
    def __init__(self, root_dir=None, labels=None, images=None, paths=None, img_height=32, img_width=100):
        """Store paths/labels (training) or raw paths/images (inference)."""
        self.img_height = img_height
        self.img_width = img_width
        self.img_paths = None
        self.labels = None
        self.image = False

        if paths:
            self.img_paths = paths
        elif images :
            self.img_paths = images
            self.image = True
        else:
            self.img_paths, self.labels = self.read_labels(root_dir, labels)

    def __len__(self):
        """Number of samples."""
        return len(self.img_paths)

    def __getitem__(self, idx):
        """Open, preprocess and encode one sample."""
        if self.image:
            image = self.img_paths[idx]
        else :
            img_path = self.img_paths[idx]
        
            try:
                image = Image.open(img_path)
            except IOError:
                print('Corrupted image for %d' % idx)
                return self[idx + 1]
        
        image = preprocess(image, self.img_height, self.img_width)
        
        if self.labels:
            label = self.labels[idx]
            target = [self.CHAR2LABEL[c] for c in label]
            target_length = [len(target)]

            target = torch.LongTensor(target)
            target_length = torch.LongTensor(target_length)
            return image, target, target_length
        else:
            return image

    def read_labels(self, root_dir=None, labels=None):
        """Read the label CSV into a list of image paths and a list of strings."""
        img_data, label_data = [], []
        with open(os.path.join(root_dir, labels), "r") as file:
            csv_reader = csv.reader(file)
            next(csv_reader)
            for row in csv_reader:
                img_name = row[0]
                img_path = os.path.join(root_dir, 'images', img_name + '.jpg')
                label = row[1].lower()
                img_data.append(img_path)
                label_data.append(label)
        return img_data, label_data
    
def collate_batch(batch):
    """Stack images and concatenate variable-length targets for CTC."""
    images, targets, target_lengths = zip(*batch)
    images = torch.stack(images, 0)
    targets = torch.cat(targets, 0)
    target_lengths = torch.cat(target_lengths, 0)
    return images, targets, target_lengths

def preprocess(img, height, width):
    """Grayscale, resize and scale one image to [-1, 1]."""
    
    image = img.convert('L')
    image = image.resize((width, height), resample=Image.BILINEAR)
    image = np.array(image)
    image = image.reshape((1, height, width))
    image = (image / 127.5) - 1.0
    return torch.FloatTensor(image)

def get_split(root_dir=None, labels=None, set=None, img_width=100, img_height=32, batch_size=64, splits=[0.98, 0.01, 0.01]):
    """Build the dataset, split it, and wrap each split in a DataLoader."""
    dataset = TRDataset(root_dir=root_dir,
                        labels=labels,
                        img_width=img_width,
                        img_height=img_height)
    
    train_size, val_size, test_size = int(splits[0] * len(dataset)), int(splits[1] * len(dataset)), int(splits[2] * len(dataset))
    train_dataset, val_dataset, test_dataset = torch.utils.data.random_split(dataset, [train_size, val_size, test_size])
    
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=batch_size, shuffle=True, collate_fn=collate_batch)
    val_loader = torch.utils.data.DataLoader(val_dataset, batch_size=batch_size, shuffle=False, collate_fn=collate_batch)
    test_loader = torch.utils.data.DataLoader(test_dataset, batch_size=1, shuffle=False, collate_fn=collate_batch)
    
    if set == 'train' :
        return train_loader
    elif set == 'val' :
        return val_loader
    elif set == 'test' :
        return test_loader
    
    return train_loader, val_loader, test_loader
