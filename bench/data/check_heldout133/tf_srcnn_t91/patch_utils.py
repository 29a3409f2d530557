"""
Needs a scipy old enough to have scipy.misc.imread with its 'mode' argument
"""

import os
import glob
import h5py
import random
import matplotlib.pyplot as plt

from PIL import Image  # YCbCr decoding
import scipy.misc
import scipy.ndimage
import numpy as np

import tensorflow as tf

try:
  xrange
except:
  xrange = range
  
CFG = tf.app.flags.FLAGS

def load_h5(path):
  """
  Read the patch file back

  Args:
    path: the .h5 file
    returns the 'data' array (inputs)
    and the 'label' array (targets)
  """
  with h5py.File(path, 'r') as fh:
    xs = np.array(fh.get('data'))
    ys = np.array(fh.get('label'))
    return xs, ys

def degrade(path, scale=3):
  """
  One image:
    read as luminance,
    scale to [0, 1],
    shrink and re-enlarge to make the blurry input

  Args:
    path: the image file
    blurry: the low-resolution input at full size
    sharp: the cropped original
  """
  img = read_image(path, is_grayscale=True)
  sharp = crop_to_multiple(img, scale)

  # into [0, 1]
  img = img / 255.
  sharp = sharp / 255.

  blurry = scipy.ndimage.interpolation.zoom(sharp, (1./scale), prefilter=False)
  blurry = scipy.ndimage.interpolation.zoom(blurry, (scale/1.), prefilter=False)

  return blurry, sharp

def list_images(sess, folder):
  """
  Args:
    folder: "Train" or "Test"

    training gives every .bmp in the folder
  """
  if CFG.is_train:
    names = os.listdir(folder)
    full_dir = os.path.join(os.getcwd(), folder)
    paths = glob.glob(os.path.join(full_dir, "*.bmp"))
  else:
    full_dir = os.path.join(os.sep, (os.path.join(os.getcwd(), folder)), "Set5")
    paths = glob.glob(os.path.join(full_dir, "*.bmp"))

  return paths

def write_h5(sess, xs, ys):
  """
  Store the patch arrays as an .h5 file;
  the name depends on the is_train flag.
  """
  if CFG.is_train:
    out_path = os.path.join(os.getcwd(), 'checkpoint/train.h5')
  else:
    out_path = os.path.join(os.getcwd(), 'checkpoint/test.h5')

  with h5py.File(out_path, 'w') as fh:
    fh.create_dataset('data', data=xs)
    fh.create_dataset('label', data=ys)

def read_image(path, is_grayscale=True):
  """
  Decode one file;
  luminance of YCbCr by default.
  """
  if is_grayscale:
    return scipy.misc.imread(path, flatten=True, mode='YCbCr').astype(np.float)
  else:
    return scipy.misc.imread(path, mode='YCbCr').astype(np.float)

def crop_to_multiple(img, scale=3):
  """
  Trim height and width down to multiples of the scale,
  so that shrinking and enlarging give back the same size.

  The remainder of each side modulo the scale is cut off,
  from the bottom and the right.
  """
  if len(img.shape) == 3:
    h, w, _ = img.shape
    h = h - np.mod(h, scale)
    w = w - np.mod(w, scale)
    img = img[0:h, 0:w, :]
  else:
    h, w = img.shape
    h = h - np.mod(h, scale)
    w = w - np.mod(w, scale)
    img = img[0:h, 0:w]
  return img

def build_patches(sess, cfg):
  """
  Cut every image into overlapping patches and write them to an .h5 file.
  """
  # file list
  if cfg.is_train:
    paths = list_images(sess, folder="Train")
  else:
    paths = list_images(sess, folder="Test")

  in_patches = []
  out_patches = []
  margin = abs(cfg.image_size - cfg.label_size) / 2 # 6

  if cfg.is_train:
    for k in xrange(len(paths)):
      blurry, sharp = degrade(paths[k], cfg.scale)

      if len(blurry.shape) == 3:
        h, w, _ = blurry.shape
      else:
        h, w = blurry.shape

      for r in range(0, h-cfg.image_size+1, cfg.stride):
        for c in range(0, w-cfg.image_size+1, cfg.stride):
          p_in = blurry[r:r+cfg.image_size, c:c+cfg.image_size] # 33 x 33
          p_out = sharp[r+int(margin):r+int(margin)+cfg.label_size, c+int(margin):c+int(margin)+cfg.label_size] # 21 x 21

          # add the channel axis
          p_in = p_in.reshape([cfg.image_size, cfg.image_size, 1])  
          p_out = p_out.reshape([cfg.label_size, cfg.label_size, 1])

          in_patches.append(p_in)
          out_patches.append(p_out)

  else:
    blurry, sharp = degrade(paths[2], cfg.scale)

    if len(blurry.shape) == 3:
      h, w, _ = blurry.shape
    else:
      h, w = blurry.shape

    # patch grid size, needed to stitch the output back
    rows = cols = 0 
    for r in range(0, h-cfg.image_size+1, cfg.stride):
      rows += 1; cols = 0
      for c in range(0, w-cfg.image_size+1, cfg.stride):
        cols += 1
        p_in = blurry[r:r+cfg.image_size, c:c+cfg.image_size] # 33 x 33
        p_out = sharp[r+int(margin):r+int(margin)+cfg.label_size, c+int(margin):c+int(margin)+cfg.label_size] # 21 x 21
        
        p_in = p_in.reshape([cfg.image_size, cfg.image_size, 1])  
        p_out = p_out.reshape([cfg.label_size, cfg.label_size, 1])

        in_patches.append(p_in)
        out_patches.append(p_out)

  """
  in_patches holds one (33, 33, ch) array per patch
  out_patches holds one (21, 21, ch) array per patch
  """
  # lists to arrays
  xs = np.asarray(in_patches) # [N, 33, 33, 1]
  ys = np.asarray(out_patches) # [N, 21, 21, 1]

  write_h5(sess, xs, ys)

  if not cfg.is_train:
    return rows, cols
    
def write_image(img, path):
  return scipy.misc.imsave(path, img)

def stitch(patches, grid):
  h, w = patches.shape[1], patches.shape[2]
  canvas = np.zeros((h*grid[0], w*grid[1], 1))
  for n, p in enumerate(patches):
    c = n % grid[1]
    r = n // grid[1]
    canvas[r*h:r*h+h, c*w:c*w+w, :] = p

  return canvas
