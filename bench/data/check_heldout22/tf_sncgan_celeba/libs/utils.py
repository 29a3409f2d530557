"""
Tiles a batch of images into one picture and saves it
(adapted from a grid helper in the improved-GAN code)
"""

import numpy as np
import scipy.misc
from scipy.misc import imsave
import os


def write_image_grid(grid_X, out_path):
  # map tanh range to 8-bit pixels
  if isinstance(grid_X.flatten()[0], np.floating):
    grid_X = ((grid_X + 1.) * 127.5).astype('uint8')

  tile_count = grid_X.shape[0]
  grid_rows = int(np.sqrt(tile_count))
  while tile_count % grid_rows != 0:
    grid_rows -= 1

  tiles_down, tiles_across = grid_rows, tile_count // grid_rows

  if grid_X.ndim == 2:
    grid_X = np.reshape(grid_X, (grid_X.shape[0], int(np.sqrt(grid_X.shape[1])), int(np.sqrt(grid_X.shape[1]))))

  if grid_X.ndim == 4:
    tile_h, tile_w = grid_X[0].shape[:2]
    canvas_img = np.zeros((tile_h * tiles_down, tile_w * tiles_across, 3))
  elif grid_X.ndim == 3:
    tile_h, tile_w = grid_X[0].shape[:2]
    canvas_img = np.zeros((tile_h * tiles_down, tile_w * tiles_across))

  for k, tile in enumerate(grid_X):
    r = k // tiles_across
    c = k % tiles_across
    canvas_img[r * tile_h:r * tile_h + tile_h, c * tile_w:c * tile_w + tile_w] = tile

  imsave(out_path, canvas_img)


def ensure_dir(target_dir):
  if not os.path.exists(target_dir):
    os.makedirs(target_dir)
