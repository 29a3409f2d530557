import os
import random
from random import shuffle
import numpy as np
import torch
from torch.utils import data
from torchvision import transforms as T
from torchvision.transforms import functional as F
from PIL import Image

class LesionFolder(data.Dataset):
	def __init__(self, root_dir,image_size=224,split='train',aug_prob=0.4):
		"""Collect the lesion image paths and the augmentation settings."""
		self.root_dir = root_dir
		
		# masks live in a sibling folder ending in _GT
		self.mask_dir = root_dir[:-1]+'_GT/'
		self.image_paths = list(map(lambda fname: os.path.join(root_dir, fname), os.listdir(root_dir)))
		self.image_size = image_size
		self.split = split
		self.right_angles = [0,90,180,270]
		self.aug_prob = aug_prob
		print("{} split: {} images".format(self.split,len(self.image_paths)))

	def __getitem__(self, idx):
		"""Open one image and its mask, augment, resize and normalise."""
		image_path = self.image_paths[idx]
		stem = image_path.split('_')[-1][:-len(".jpg")]
		mask_path = self.mask_dir + 'ISIC_' + stem + '_segmentation.png'

		image = Image.open(image_path)
		mask = Image.open(mask_path)

		aspect = image.size[1]/image.size[0]

		tfm = []

		resize_w = random.randint(300,320)
		tfm.append(T.Resize((int(resize_w*aspect),resize_w)))
		p_aug = random.random()

		if (self.split == 'train') and p_aug <= self.aug_prob:
			rot_deg = random.randint(0,3)
			rot_deg = self.right_angles[rot_deg]
			if (rot_deg == 90) or (rot_deg == 270):
				aspect = 1/aspect

			tfm.append(T.RandomRotation((rot_deg,rot_deg)))
						
			jitter_deg = random.randint(-10,10)
			tfm.append(T.RandomRotation((jitter_deg,jitter_deg)))
			crop_w = random.randint(250,270)
			tfm.append(T.CenterCrop((int(crop_w*aspect),crop_w)))
			tfm = T.Compose(tfm)
			
			image = tfm(image)
			mask = tfm(mask)

			left = random.randint(0,20)
			top = random.randint(0,20)
			right = image.size[0] - random.randint(0,20)
			bottom = image.size[1] - random.randint(0,20)
			image = image.crop(box=(left,top,right,bottom))
			mask = mask.crop(box=(left,top,right,bottom))

			if random.random() < 0.5:
				image = F.hflip(image)
				mask = F.hflip(mask)

			if random.random() < 0.5:
				image = F.vflip(image)
				mask = F.vflip(mask)

			tfm = T.ColorJitter(brightness=0.2,contrast=0.2,hue=0.02)

			image = tfm(image)

			tfm =[]


		tfm.append(T.Resize((int(256*aspect)-int(256*aspect)%16,256)))
		tfm.append(T.ToTensor())
		tfm = T.Compose(tfm)
		
		image = tfm(image)
		mask = tfm(mask)

		normalise = T.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
		image = normalise(image)

		return image, mask

	def __len__(self):
		"""Number of images in the split."""
		return len(self.image_paths)

def make_loader(image_path, image_size, batch_size, num_workers=2, split='train',aug_prob=0.4):
	"""Wrap the split in a shuffling DataLoader."""
	
	dataset = LesionFolder(root_dir = image_path, image_size =image_size, split=split,aug_prob=aug_prob)
	data_loader = data.DataLoader(dataset=dataset,
								  batch_size=batch_size,
								  shuffle=True,
								  num_workers=num_workers)
	return data_loader
