import cPickle as pickle
import numpy as np
import os
from scipy.misc import imread

# Loader helpers in the style of the CS231N starter code.

def read_cifar_chunk(path):
  """ one pickled CIFAR-10 chunk """
  with open(path, 'rb') as fh:
    blob = pickle.load(fh)
    X = blob['data']
    Y = blob['labels']
    X = X.reshape(10000, 3, 32, 32).transpose(0,2,3,1).astype("float")
    Y = np.array(Y)
    return X, Y

def read_cifar_all(root):
  """ all five training chunks plus the test chunk """
  xs = []
  ys = []
  for b in range(1,6):
    p = os.path.join(root, 'data_batch_%d' % (b, ))
    X, Y = read_cifar_chunk(p)
    xs.append(X)
    ys.append(Y)    
  Xtr = np.concatenate(xs)
  Ytr = np.concatenate(ys)
  del X, Y
  Xte, Yte = read_cifar_chunk(os.path.join(root, 'test_batch'))
  return Xtr, Ytr, Xte, Yte


def get_CIFAR10_data(num_training=49000, num_validation=1000, num_test=1000):
    """
    Read CIFAR-10 from disk, split it and centre it on the
    training mean image.
    """
    # raw arrays
    cifar_root = 'cifar-10-batches-py'
    X_train, y_train, X_test, y_test = read_cifar_all(cifar_root)
        
    # split off validation and trim
    sel = range(num_training, num_training + num_validation)
    X_val = X_train[sel]
    y_val = y_train[sel]
    sel = range(num_training)
    X_train = X_train[sel]
    y_train = y_train[sel]
    sel = range(num_test)
    X_test = X_test[sel]
    y_test = y_test[sel]

    # centre on the mean training image
    avg_img = np.mean(X_train, axis=0)
    X_train -= avg_img
    X_val -= avg_img
    X_test -= avg_img
    
    # channels first
    X_train = X_train.transpose(0, 3, 1, 2).copy()
    X_val = X_val.transpose(0, 3, 1, 2).copy()
    X_test = X_test.transpose(0, 3, 1, 2).copy()

    # bundle
    return {
      'X_train': X_train, 'y_train': y_train,
      'X_val': X_val, 'y_val': y_val,
      'X_test': X_test, 'y_test': y_test,
    }
    

def read_tiny_imagenet(path, dtype=np.float32):
  """
  Read TinyImageNet (any of the 100-A, 100-B or 200 variants; they share
  one folder layout).

  Inputs:
  - path: folder of the data set.
  - dtype: numpy dtype for the pixel arrays.

  Returns a tuple of
  - class_names: per class, the list of WordNet names
  - X_train: (N_tr, 3, 64, 64) training images
  - y_train: (N_tr,) training labels
  - X_val: (N_val, 3, 64, 64) validation images
  - y_val: (N_val,) validation labels
  - X_test: (N_test, 3, 64, 64) test images
  - y_test: (N_test,) test labels, or None when the
    annotations are not shipped
  """
  # synset ids
  with open(os.path.join(path, 'wnids.txt'), 'r') as fh:
    wnids = [x.strip() for x in fh]

  # synset id -> integer label
  wnid_to_label = {wnid: i for i, wnid in enumerate(wnids)}

  # human-readable names from words.txt
  with open(os.path.join(path, 'words.txt'), 'r') as fh:
    wnid_to_words = dict(line.split('\t') for line in fh)
    for wnid, words in wnid_to_words.iteritems():
      wnid_to_words[wnid] = [w.strip() for w in words.split(',')]
  class_names = [wnid_to_words[wnid] for wnid in wnids]

  # training images
  X_train = []
  y_train = []
  for i, wnid in enumerate(wnids):
    if (i + 1) % 20 == 0:
      print('training synset %d of %d' % (i + 1, len(wnids)))
    # file names come from the boxes file
    boxes_path = os.path.join(path, 'train', wnid, '%s_boxes.txt' % wnid)
    with open(boxes_path, 'r') as fh:
      fnames = [x.split('\t')[0] for x in fh]
    n_imgs = len(fnames)
    
    X_block = np.zeros((n_imgs, 3, 64, 64), dtype=dtype)
    y_block = wnid_to_label[wnid] * np.ones(n_imgs, dtype=np.int64)
    for j, fname in enumerate(fnames):
      fname = os.path.join(path, 'train', wnid, 'images', fname)
      img = imread(fname)
      if img.ndim == 2:
        ## single-channel file
        img.shape = (64, 64, 1)
      X_block[j] = img.transpose(2, 0, 1)
    X_train.append(X_block)
    y_train.append(y_block)
      
  # stack the blocks
  X_train = np.concatenate(X_train, axis=0)
  y_train = np.concatenate(y_train, axis=0)
  
  # validation images
  with open(os.path.join(path, 'val', 'val_annotations.txt'), 'r') as fh:
    fnames = []
    val_wnids = []
    for line in fh:
      fname, wnid = line.split('\t')[:2]
      fnames.append(fname)
      val_wnids.append(wnid)
    n_val = len(fnames)
    y_val = np.array([wnid_to_label[wnid] for wnid in val_wnids])
    X_val = np.zeros((n_val, 3, 64, 64), dtype=dtype)
    for i, fname in enumerate(fnames):
      fname = os.path.join(path, 'val', 'images', fname)
      img = imread(fname)
      if img.ndim == 2:
        img.shape = (64, 64, 1)
      X_val[i] = img.transpose(2, 0, 1)

  # test images
  # labels may be missing, so list the image folder
  # instead of reading an annotation file.
  fnames = os.listdir(os.path.join(path, 'test', 'images'))
  X_test = np.zeros((len(fnames), 3, 64, 64), dtype=dtype)
  for i, fname in enumerate(fnames):
    fname = os.path.join(path, 'test', 'images', fname)
    img = imread(fname)
    if img.ndim == 2:
      img.shape = (64, 64, 1)
    X_test[i] = img.transpose(2, 0, 1)

  y_test = None
  y_test_path = os.path.join(path, 'test', 'test_annotations.txt')
  if os.path.isfile(y_test_path):
    with open(y_test_path, 'r') as fh:
      fname_to_wnid = {}
      for line in fh:
        line = line.split('\t')
        fname_to_wnid[line[0]] = line[1]
    y_test = [wnid_to_label[fname_to_wnid[fname]] for fname in fnames]
    y_test = np.array(y_test)
  
  return class_names, X_train, y_train, X_val, y_val, X_test, y_test


def read_saved_models(models_dir):
  """
  Unpickle every file of a folder; files that fail to unpickle
  (a README, say) are skipped.

  Inputs:
  - models_dir: folder of pickled dicts, each with a 'model' key.

  Returns:
  dict from file name to model.
  """
  found = {}
  for mfile in os.listdir(models_dir):
    with open(os.path.join(models_dir, mfile), 'rb') as fh:
      try:
        found[mfile] = pickle.load(fh)['model']
      except pickle.UnpicklingError:
        continue
  return found
