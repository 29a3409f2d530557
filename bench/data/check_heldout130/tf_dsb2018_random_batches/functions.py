import numpy as np
import cv2
import random
import glob

from config import * 


def get_image(folder, shape=IMG_SHAPE, color=1):
  png = folder + '/images/' + folder.split('/')[-1] + '.png'
  pic =  cv2.imread(png, color)
  return cv2.resize(pic, shape) if shape else pic


def get_mask(folder, shape=IMG_SHAPE, color=0):
  parts = glob.glob(folder + '/masks/*')
  merged = cv2.imread(parts[0], color)
  for part in parts[1:]:
    merged = np.maximum(merged, cv2.imread(part, color))
  return cv2.resize(merged, shape) if shape else merged


def data_train_generator(folders, per_batch):
  while True:
    xs = []
    ys = []
    for _ in range(per_batch):
      pick = random.choice(folders)
      xs += [get_image(pick)]
      ys += [get_mask(pick)]
    xs = np.array(xs) / 255.
    ys = np.array(ys) / 255.
    yield xs, np.expand_dims(ys, -1)
