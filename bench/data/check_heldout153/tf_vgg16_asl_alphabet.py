
"""ASL fingerspelling, 29 classes, VGG16 transfer learning (exported notebook)

Exported from a Colab notebook.

Notebook link:
    (colab link omitted)

Based on a public Kaggle kernel on sign-language images.
"""








import tensorflow as tf
print('TF {}'.format(tf.__version__))

import sys

print(sys.version_info.major)
# sanity check of the interpreter
assert sys.version_info.major is 3, 'needs Python 3'


import keras
from keras.layers import Dense, Dropout, Activation, Flatten, Conv2D, MaxPooling2D, Lambda, MaxPool2D, BatchNormalization
from keras.utils.np_utils import to_categorical
from keras.preprocessing.image import ImageDataGenerator
from keras import models, layers, optimizers
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, accuracy_score
from sklearn.utils import class_weight
from keras.optimizers import SGD, RMSprop, Adam, Adagrad, Adadelta, RMSprop
from keras.models import Sequential, model_from_json
from keras.layers import Activation,Dense, Dropout, Flatten, Conv2D, MaxPool2D,MaxPooling2D,AveragePooling2D, BatchNormalization

from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint
from keras import backend as K
from keras.applications.vgg16 import VGG16
from keras.models import Model
from keras.applications.inception_v3 import InceptionV3
import os
from glob import glob
import matplotlib.pyplot as plt
import random
import cv2
import pandas as pd
import numpy as np
import matplotlib.gridspec as gridspec
import seaborn as sns
import zlib
import itertools
import sklearn
import itertools
import scipy
import skimage
from skimage.transform import resize
import csv
from tqdm import tqdm
from sklearn import model_selection
from sklearn.model_selection import train_test_split, learning_curve,KFold,cross_val_score,StratifiedKFold
from sklearn.utils import class_weight
from sklearn.metrics import confusion_matrix
from imblearn.over_sampling import RandomOverSampler
from imblearn.under_sampling import RandomUnderSampler








from google.colab import drive
drive.mount('/content/drive')

# !unzip '/content/drive/MyDrive/colab/asl-alphabet.zip'

# show three random pictures of one letter
def peek_letter(ch):
    print("three random pictures of " + ch)
    letter_dir = '/content/asl_alphabet_train/asl_alphabet_train/' + ch


    picks = np.random.choice(os.listdir(letter_dir), size = 3)

    plt.figure(figsize=(16,16))
    plt.subplot(131)
    plt.imshow(cv2.imread(letter_dir + "/" +picks[0]))
    plt.subplot(132)
    plt.imshow(cv2.imread(letter_dir + "/" +picks[1]))
    plt.subplot(133)
    plt.imshow(cv2.imread(letter_dir + "/" +picks[2]))
    return

peek_letter('E')

# print the size of one picture
def show_img_size(ch):
  from PIL import Image
  import numpy as np
  import os.path
  letter_dir = '/content/asl_alphabet_train/asl_alphabet_train/' + ch
  print(f"looking in {letter_dir}")
  pick = np.random.choice(os.listdir(letter_dir), size = 1)[0]
  print(f"picked {type(pick)}")
  print(pick)
  image = Image.open(os.path.join(letter_dir, pick))

  print(image.size)

show_img_size('A')

"""## Build the arrays"""

IMG_SIDE=50
train_root = '/content/asl_alphabet_train/asl_alphabet_train/'
test_root =  '/content/asl_alphabet_test/asl_alphabet_test/'

# only needed when the arrays must be rebuilt


from tqdm import tqdm
def load_letters(root):
    """
    Walk the letter folders; return pictures and integer labels.
    """
    feats = []
    yy = []
    for sub in os.listdir(root):
        if not sub.startswith('.'):
            if sub in ['A']:
                label = 0
            elif sub in ['B']:
                label = 1
            elif sub in ['C']:
                label = 2
            elif sub in ['D']:
                label = 3
            elif sub in ['E']:
                label = 4
            elif sub in ['F']:
                label = 5
            elif sub in ['G']:
                label = 6
            elif sub in ['H']:
                label = 7
            elif sub in ['I']:
                label = 8
            elif sub in ['J']:
                label = 9
            elif sub in ['K']:
                label = 10
            elif sub in ['L']:
                label = 11
            elif sub in ['M']:
                label = 12
            elif sub in ['N']:
                label = 13
            elif sub in ['O']:
                label = 14
            elif sub in ['P']:
                label = 15
            elif sub in ['Q']:
                label = 16
            elif sub in ['R']:
                label = 17
            elif sub in ['S']:
                label = 18
            elif sub in ['T']:
                label = 19
            elif sub in ['U']:
                label = 20
            elif sub in ['V']:
                label = 21
            elif sub in ['W']:
                label = 22
            elif sub in ['X']:
                label = 23
            elif sub in ['Y']:
                label = 24
            elif sub in ['Z']:
                label = 25
            elif sub in ['del']:
                label = 26
            elif sub in ['nothing']:
                label = 27
            elif sub in ['space']:
                label = 28
            else:
                label = 27
            for fname in tqdm(os.listdir(root + sub)):
                raw = cv2.imread(root + sub + '/' + fname)
                if raw is not None:
                    raw = skimage.transform.resize(raw, (IMG_SIDE, IMG_SIDE, 3))
                    arr = np.asarray(raw)
                    feats.append(arr)
                    yy.append(label)
    feats = np.asarray(feats)
    yy = np.asarray(yy)
    return feats,yy
Xtr, ytr = load_letters(train_root)
# the official test folder is tiny; split the train folder instead

from sklearn.model_selection import train_test_split
Xtr, Xte, ytr, yte = train_test_split(Xtr, ytr, test_size=0.2)

# one-hot targets
from keras.utils.np_utils import to_categorical
ytr_1h = to_categorical(ytr, num_classes = 29)
yte_1h = to_categorical(yte, num_classes = 29)

# save the arrays to Drive
# compressed npz per array
from numpy import asarray
from numpy import savez_compressed

items = [("X_train",Xtr),
         ("X_test",Xte),
         ("y_train",ytr),
         ("y_test",yte),
         ("y_trainHot",ytr_1h),
         ("y_testHot",yte_1h)]

path = '/content/drive/My Drive/proj/signs/data/processed/29_labels/'
savez_compressed(path + "X_train" + ".npz", Xtr=Xtr)
savez_compressed(path + "X_test" + ".npz", Xte=Xte)
savez_compressed(path + "y_train" + ".npz", ytr=ytr)
savez_compressed(path + "y_test" + ".npz", yte=yte)
savez_compressed(path + "y_trainHot" + ".npz", ytr_1h=ytr_1h)
savez_compressed(path + "y_testHot" + ".npz", yte_1h=yte_1h)

path = '/content/drive/My Drive/proj/signs/data/processed/29_labels/'

from datetime import datetime

# timestamp
now = datetime.now()

print("now =", now)

# reload the arrays from Drive
from datetime import datetime

# timestamp
now = datetime.now()

print(f"loading npz files at {now}")

# np.load of each npz
from numpy import load
# each npz holds one array

Xtr_npz= load(path + "X_train" + ".npz")
Xtr = Xtr_npz['Xtr']
Xte_npz = load(path + "X_test" + ".npz")
Xte = Xte_npz['Xte']
ytr_npz = load(path + "y_train" + ".npz")
ytr =  ytr_npz['ytr']
yte_npz = load(path + "y_test" + ".npz")
yte = yte_npz['yte']
ytr_1h_npz = load(path + "y_trainHot" + ".npz")
ytr_1h = ytr_1h_npz['ytr_1h']
yte_1h_npz = load(path + "y_testHot" + ".npz")
yte_1h = yte_1h_npz['yte_1h']

now = datetime.now()
print(f"npz files loaded at {now}")









# shuffle, then keep at most 30000 rows
from sklearn.utils import shuffle
Xtr, ytr_1h = shuffle(Xtr, ytr_1h, random_state=13)
Xte, yte_1h = shuffle(Xte, yte_1h, random_state=13)
Xtr = Xtr[:30000]
Xte = Xte[:30000]
ytr_1h = ytr_1h[:30000]
yte_1h = yte_1h[:30000]

"""Look at the data

pixels are already floats in [0, 1]
"""

def rgb_hist(pic_arr):
    """
    Picture next to its per-channel histogram
    """
    plt.figure(figsize=(10,5))
    plt.subplot(1,2,1)
    plt.imshow(pic_arr)
    plt.axis('off')
    hist_ax = plt.subplot(1,2,2)
    hist_ax.set_ylabel('Count')
    hist_ax.set_xlabel('Value')
    NB = 30
    plt.hist(pic_arr[:,:,0].flatten(), bins= NB, lw = 0, color='r', alpha=0.5);
    plt.hist(pic_arr[:,:,1].flatten(), bins= NB, lw = 0, color='g', alpha=0.5);
    plt.hist(pic_arr[:,:,2].flatten(), bins= NB, lw = 0, color='b', alpha=0.5);
rgb_hist(Xtr[5])

"""three pictures, letter A"""

letter_files = glob('/content/asl_alphabet_train/asl_alphabet_train/A/**')
def show_three(paths_list):
    chosen = random.sample(paths_list, 3)
    plt.figure(figsize=(16,16))
    plt.subplot(131)
    plt.imshow(cv2.imread(chosen[0]))
    plt.subplot(132)
    plt.imshow(cv2.imread(chosen[1]))
    plt.subplot(133)
    plt.imshow(cv2.imread(chosen[2]))

show_three(letter_files)

"""three pictures, letter B"""

letter_files = glob('/content/asl_alphabet_train/asl_alphabet_train/B/**')
def show_three(paths_list):
    chosen = random.sample(paths_list, 3)
    plt.figure(figsize=(16,16))
    plt.subplot(131)
    plt.imshow(cv2.imread(chosen[0]))
    plt.subplot(132)
    plt.imshow(cv2.imread(chosen[1]))
    plt.subplot(133)
    plt.imshow(cv2.imread(chosen[2]))
show_three(letter_files)

"""a grid of pictures, letter A"""

print("A")
letter_files = glob('/content/asl_alphabet_train/asl_alphabet_train/A/**')
pos = 0
plt.rcParams['figure.figsize'] = (10.0, 10.0)
plt.subplots_adjust(wspace=0, hspace=0)
for seq in letter_files[:25]:
    pic = cv2.imread(seq)
    pic = cv2.resize(pic, (128, 128))
    plt.subplot(5, 5, pos+1)
    plt.imshow(cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)); plt.axis('off')
    pos += 1

"""a grid of pictures, letter B"""

print("B")
letter_files = glob('/content/asl_alphabet_train/asl_alphabet_train/B/**')
pos = 0
plt.rcParams['figure.figsize'] = (10.0, 10.0)
plt.subplots_adjust(wspace=0, hspace=0)
for seq in letter_files[:25]:
    pic = cv2.imread(seq)
    pic = cv2.resize(pic, (128, 128))
    plt.subplot(5, 5, pos+1)
    plt.imshow(cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)); plt.axis('off')
    pos += 1

idx_to_letter = {0: 'A', 1: 'B', 2: 'C', 3: 'D', 4: 'E', 5: 'F', 6: 'G', 7: 'H', 8: 'I', 9: 'J', 10: 'K', 11: 'L', 12: 'M', 13: 'N', 14: 'O', 15: 'P', 16: 'Q', 17: 'R', 18: 'S', 19: 'T', 20: 'U', 21: 'V', 22: 'W', 23: 'X', 24: 'Y', 25: 'Z', 26: 'del', 27: 'nothing', 28: 'space'}
idx2char=idx_to_letter
import seaborn as sns
frame = pd.DataFrame()
frame["labels"]=ytr
lab_series = frame['labels']
counts = lab_series.value_counts()
sns.countplot(lab_series)
print(idx2char)

"""## helpers"""

# curves and confusion matrix helpers

from keras.callbacks import Callback, EarlyStopping, ReduceLROnPlateau, ModelCheckpoint

class LogEveryEpoch(Callback):
    """Keeps the logged metrics and writes them to disk each epoch"""
    def __init__(self, savepath):
        super(LogEveryEpoch, self).__init__()
        self.savepath = savepath
        self.history = {}
    def on_epoch_end(self, ep_idx, logs=None):
        for key, val in logs.items():
            self.history.setdefault(key, []).append(val)
        np.save(self.savepath, self.history)

def plot_logged_acc():
    plt.figure(figsize=(10,5))
    metrics = np.load('logs.npy',allow_pickle=True)[()]
    keys_wanted = ['acc'] # accuracy only
    for key in filter(lambda feat : np.any([kw in feat for kw in keys_wanted]), metrics.keys()):
        seq = np.array(metrics[key])
        plt.plot(seq, c= 'r' if 'val' not in key else 'b', label='val' if 'val' in key else 'train')
        feat = np.argmin(seq) if 'loss' in key else np.argmax(seq)
        yy = seq[feat]
        plt.scatter(feat,yy, lw=0, alpha=0.25, s=100, c='r' if 'val' not in key else 'b')
        plt.text(feat, yy, '{} = {:.4f}'.format(feat,yy), size='15', color= 'r' if 'val' not in key else 'b')
    plt.legend(loc=4)
    plt.axis([0, None, None, None]);
    plt.grid()
    plt.xlabel('epoch')
    plt.ylabel('Accuracy')

def draw_cm(cm, class_list,
                          normalize=False,
                          title='confusions',
                          cmap=plt.cm.Blues):
    """
    Draw a confusion matrix with the counts written in the cells.
    normalize=True turns rows into fractions.
    """
    plt.figure(figsize = (8,8))
    plt.imshow(cm, interpolation='nearest', cmap=cmap)
    plt.title(title)
    plt.colorbar()
    ticks = np.arange(len(class_list))
    plt.xticks(ticks, class_list, rotation=90)
    plt.yticks(ticks, class_list)
    if normalize:
        cm = cm.astype('float') / cm.sum(axis=1)[:, np.newaxis]

    half = cm.max() / 2.
    for i, j in itertools.product(range(cm.shape[0]), range(cm.shape[1])):
        plt.text(j, i, cm[i, j],
                 horizontalalignment="center",
                 color="white" if cm[i, j] > half else "black")
    plt.tight_layout()
    plt.ylabel('True label')
    plt.xlabel('Predicted label')

def draw_curves(history):
    plt.figure(figsize=(8,8))
    plt.subplot(1,2,1)
    plt.plot(history.history['accuracy'])
    plt.plot(history.history['val_accuracy'])
    plt.title('accuracy per epoch')
    plt.ylabel('accuracy')
    plt.xlabel('epoch')
    plt.legend(['train', 'test'], loc='upper left')
    plt.savefig('./acc_plot.png')
    plt.subplot(1,2,2)
    plt.plot(history.history['loss'])
    plt.plot(history.history['val_loss'])
    plt.title('model loss')
    plt.ylabel('loss')
    plt.xlabel('epoch')
    plt.legend(['train', 'test'], loc='upper left')
    plt.savefig('./loss_plot.png')

"""## Transfer learning

frozen VGG16 trunk plus a softmax layer
"""

idx_to_letter_b = idx_to_letter
cls_w = class_weight.compute_class_weight('balanced', np.unique(ytr), ytr)
vgg_w = '/content/drive/My Drive/colab/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5'
incep_w = '/content/drive/My Drive/colab/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5'
vgg_trunk = VGG16(weights = vgg_w, include_top=False, input_shape=(IMG_SIDE, IMG_SIDE, 3))

opt_adam = keras.optimizers.Adam()
opt_rms = keras.optimizers.RMSprop(lr=0.0001)
def fit_on_trunk(xt,yt,xv,yv,trunk_arg,weights_arg,cw,ncls,nep,optimizer,names_map):
    trunk = vgg_trunk # no classifier top
    # new softmax head
    feat = trunk.output
    feat = Flatten()(feat)
    probs = Dense(ncls, activation='softmax')(feat)
    model = Model(inputs=trunk.input, outputs=probs)
    # freeze the trunk
    for lyr in trunk.layers:
        lyr.trainable = False
    model.compile(loss='categorical_crossentropy',
                  optimizer=optimizer,
                  metrics=['accuracy'])
    cb_list = [keras.callbacks.EarlyStopping(monitor='val_acc', patience=3, verbose=1)]
    model.summary()
    print(f"training {nep} epochs, class weights {cw}")
    print(f"train array elements: {xt.size}")
    # train
    hist_obj = model.fit(xt,yt, epochs=nep, class_weight=cw, validation_data=(xv,yv), verbose=1,callbacks = [LogEveryEpoch('logs')])
    # evaluate
    result = model.evaluate(xv,yv, verbose=0)
    print('\nheld-out accuracy:', result[1], '\n')
    return model, hist_obj, result

fitted_net, hist_obj, result = fit_on_trunk(Xtr, ytr_1h, Xte, yte_1h,vgg_trunk,vgg_w,cls_w,29,10,opt_adam,idx_to_letter_b)

def report(model, hist_obj, xv,yv,names_map):
  probs_te = model.predict(xv)
  print('\n', sklearn.metrics.classification_report(np.where(yv > 0)[1], np.argmax(probs_te, axis=1), target_names=list(names_map.values())), sep='')
  pred_ids = np.argmax(probs_te,axis = 1)
  true_ids = np.argmax(yv,axis = 1)
  cmat = confusion_matrix(true_ids, pred_ids)
  plot_logged_acc()
  plt.show()
  draw_curves(hist_obj)
  plt.show()
  draw_cm(cmat, class_list = list(names_map.values()))
  plt.show()

hist_obj.history

report(fitted_net, hist_obj, Xte, yte_1h, idx_to_letter)

"""## Export"""

def freeze_sess(sess, keep_vars=None, out_names=None, clear_devices=True):
    """
    Turn the session's variables into constants and prune the graph.

    Variables become constants holding their current values; nodes that
    the requested outputs do not depend on are removed.


    sess: the session to freeze
    keep_vars: names of variables to leave as variables
                          (None: freeze every variable)
    out_names: output op names to keep
    clear_devices: drop device placements
    returns: the frozen GraphDef
    """
    graph = sess.graph
    with graph.as_default():
        vars_to_freeze = list(set(val.op.name for val in tf.global_variables()).difference(keep_vars or []))
        out_names = out_names or []
        out_names += [val.op.name for val in tf.global_variables()]
        gdef = graph.as_graph_def()
        if clear_devices:
            for node in gdef.node:
                node.device = ""
        frozen_gd = tf.graph_util.convert_variables_to_constants(
            sess, gdef, out_names, vars_to_freeze)
        return frozen_gd

from tensorflow.python.tools import freeze_graph

def save(sess, folder_out, fname_out):
  if not os.path.exists(folder_out):
    os.makedirs(folder_out)

  ckpt_file = os.path.join(folder_out, fname_out + '.ckpt')
  tf.train.Saver().save(sess, ckpt_file)
  return ckpt_file

def save_as_pb(sess, folder_out, fname_out):
  if not os.path.exists(folder_out):
    os.makedirs(folder_out)

  # checkpoint needed before freezing
  ckpt_path = save(sess,folder_out=folder_out, fname_out=fname_out)
  pbtxt_name = fname_out + '.pbtxt'
  pbtxt_path = os.path.join(folder_out, pbtxt_name)
  pb_path = os.path.join(folder_out, fname_out + '.pb')
  # graph only; variables come from the frozen copy
  # freeze first
  tf.train.write_graph(
      graph_or_graph_def=sess.graph_def,
      logdir=folder_out,
      name=pbtxt_name,
      as_text=True
  )

  # freezing
  # first way













  # second way
  frozen_gd = freeze_sess(
      K.get_session(),
      out_names=[o.op.name for o in model.outputs]
  )
  tf.train.write_graph(
      frozen_gd,
      "/content/drive/My Drive/colab/models/kaggle_ref/29_labels/",
      "vgg16_model.pb",
      as_text=False
  )

  return pb_path, pbtxt_path, ckpt_path

from keras import backend as K
out_dir = "/content/drive/My Drive/colab/models/kaggle_ref/29_labels/"
fname_out = "vgg16_model.pb"
pb_path, pbtxt_path, ckpt_path = save_as_pb(
    K.get_session(),
    folder_out=out_dir,
    fname_out=fname_out)

"""## Reload and predict"""
