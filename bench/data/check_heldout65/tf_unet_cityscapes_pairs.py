import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import tensorflow as tf
import os
from tqdm import tqdm
import warnings
import time
import time
import cupy
import pickle
from keras.models import *
from keras.layers import *
from keras.optimizers import *
from keras.callbacks import ModelCheckpoint
from tensorflow import keras
from tensorflow.keras import backend as K
from tensorflow.keras.callbacks import Callback


def make_class_table():
    class_table = {
        0: ("void", 0, 0, 0),
        1: ("static", 111, 74, 0),
        2: ("ground", 81, 0, 81),
        3: ("road", 128, 63, 127),
        4: ("sidewalk", 244, 35, 232),
        5: ("parking", 250, 170, 160),
        6: ("rail track", 230, 150, 140),
        7: ("building", 70, 70, 70),
        8: ("wall", 102, 102, 156),
        9: ("fence", 190, 153, 153),
        10: ("guard rail", 180, 165, 180),
        11: ("bridge", 150, 100, 100),
        12: ("tunnel", 150, 120, 90),
        13: ("pole", 153, 153, 153),
        14: ("traffic light", 250, 170, 30),
        15: ("traffic sign", 220, 220, 0),
        16: ("vegetation", 107, 142, 35),
        17: ("terrain", 152, 251, 152),
        18: ("sky", 70, 130, 180),
        19: ("person", 220, 20, 60),
        20: ("rider", 255, 0, 0),
        21: ("car", 0, 0, 142),
        22: ("truck", 0, 0, 70),
        23: ("bus", 0, 60, 100),
        24: ("caravan", 0, 0, 90),
        25: ("trailer", 0, 0, 110),
        26: ("train", 0, 80, 100),
        27: ("motorcycle", 0, 0, 230),
        28: ("bicycle", 119, 11, 32),
       # 30: ("license plate", 0, 0, 142)
    }
    tbl = pd.DataFrame.from_dict(class_table, orient='index', columns=["className",'r', 'g', 'b'])
    #tbl.index.name = 'name'
    tbl.reset_index(inplace=True)
    tbl.rename(columns={'index': 'id_name'}, inplace=True)
    return class_table

# colour maps tried: inferno, plasma, magma, viridis
def show_triplets(ds, n_take , n_rows):
  x = ds.take(n_take)
  for pic, lbl, lbl_rgb in x:
      fig, axes_grid = plt.subplots(n_rows, 3, figsize=(16, 16))
      for k in range(n_rows):
          # tensor -> uint8 numpy for plotting
          pic_u8 = (255*pic[k]).numpy().astype("uint8")
          lbl_u8 = lbl[k].numpy().astype("uint8")
          rgb_u8 = lbl_rgb[k].numpy().astype("uint8")
          axes_grid[k, 0].imshow(pic_u8)
          axes_grid[k, 0].axis("off")
          axes_grid[k, 0].set_title("photo {}".format(k))
          axes_grid[k, 1].imshow(lbl_u8, cmap="viridis")
          axes_grid[k, 1].axis("off")
          axes_grid[k, 1].set_title("class map {}".format(k))
          axes_grid[k, 2].imshow(rgb_u8, cmap="plasma")
          axes_grid[k, 2].axis("off")
          axes_grid[k, 2].set_title("colour mask {}".format(k))


      plt.show()
      break






def show_pairs(ds, n_take , n_rows):
  x = ds.take(n_take)
  for pic, lbl in x:
      fig, axes_grid = plt.subplots(n_rows, 2, figsize=(16, 16))
      for k in range(n_rows):
          # tensor -> uint8 numpy for plotting
          pic_u8 = (255*pic[k]).numpy().astype("uint8")
          lbl_u8 = lbl[k].numpy().astype("uint8")
          axes_grid[k, 0].imshow(pic_u8)
          axes_grid[k, 0].axis("off")
          axes_grid[k, 0].set_title("photo {}".format(k))
          axes_grid[k, 1].imshow(lbl_u8, cmap="viridis")
          axes_grid[k, 1].axis("off")
          axes_grid[k, 1].set_title("class map {}".format(k))


      plt.show()
      break


def attach_weights(pic, lbl_map):
  # per-class weights, normalised so that
  #     they add up to 1.0
  cls_w = tf.constant([8.07258824e-02, 3.94096823e-03, 1.60259805e-02, 3.25466704e-01,
                        5.19174835e-02, 5.75354825e-03, 2.30739049e-03, 2.04011979e-01,
                        1.13496719e-02, 8.01914760e-03, 1.96446523e-03, 5.54203835e-03,
                        7.24404215e-03, 6.50931735e-03, 1.60708131e-03, 3.80645496e-03,
                        1.35854395e-01, 9.24071240e-03, 3.18496678e-02, 9.98223826e-03,
                        6.80947184e-04, 5.26883114e-02, 4.68826422e-03, 2.85823021e-03,
                        2.04948361e-03, 6.29398122e-03, 2.02723912e-03, 6.61323611e-04,
                        4.93305110e-03])
  #cls_w = cls_w/tf.reduce_sum(cls_w)

  # look up the weight of every pixel from its class id,
  # giving a weight map the size of the label map.
  px_w = tf.gather(cls_w, indices=tf.cast(lbl_map, tf.int32))

  return pic, lbl_map, px_w



def fill_palette(palette, class_table):
  for _, entry in class_table.items():
    # collect the r, g, b numbers of every class
      palette.extend(entry[1:])

  # (rebinds a local only; the caller keeps its list)
  palette = np.array(palette)
  


def palette_now():
  return palette

def rgb_to_class(raw, class_table):
    #x = time.time()
    #img = img_to_array(load_img(path, target_size=(256, 512)))#numpy returns
    pic = tf.cast(raw, dtype=tf.float32)
    pic_part = pic[:,:, :256, :] / 255.0
    mask_part = pic[:,:, 256:, :]
    mask_part = tf.cast(mask_part, dtype=tf.float32)
    mask_rgb = mask_part
    palette = palette_now()
    palette_rgb = tf.zeros((len(class_table), 3), dtype=tf.float32)# (n_classes, 3)
    palette_rgb = palette + palette_rgb
    mask_part = tf.expand_dims(mask_part, axis=3)
    # nearest palette colour gives the class id
    #cls_map = tf.zeros((*mask_part.shape[:2+1], n_cls), dtype=tf.int32)
    cls_map = tf.linalg.norm(mask_part - palette_rgb, axis=-1)
    
    cls_map = tf.argmin(cls_map, axis = -1)
    cls_map = tf.expand_dims(cls_map, axis=-1) 
    #print(time.time() - x)
    return pic_part, tf.cast(cls_map, tf.int32), mask_rgb


#tf.keras.layers.experimental.preprocessing.RandomContrast(factor=0.2, seed=seed)
def flip_both(pics, lbl):
  flip_pic = tf.keras.layers.RandomFlip(mode="horizontal", seed=69)
  flip_lbl = tf.keras.layers.RandomFlip(mode="horizontal", seed=69)
  #lbl = tf.expand_dims(lbl, axis=3)
  return flip_pic(pics), flip_lbl(lbl)


def decode_pair(joined, unused_lbl, is_train=False):
  '''
  Splits the side-by-side picture into photo and colour mask, maps the
  mask colours to class ids and optionally flips both halves

  Args:
    joined (tensor) -- batch of photo|mask pictures
    unused_lbl (tensor) -- folder label from the directory loader (ignored)

  Returns:
    photo batch and class-id map
  '''
  #print("in decode_pair")

  #big_image_cupy = cupy.asarray(joined)
  #n_cls = len(class_table)
  pic, ann, ann_rgb = rgb_to_class(joined, class_table)

  if ( is_train):
     pic, ann = flip_both(pic, ann)
     ann = K.cast(ann, dtype='int32')
  #pic = tf.convert_to_tensor(cupy.asnumpy(pic), dtype=tf.float32)
  #ann = tf.convert_to_tensor(cupy.asnumpy(ann), dtype=tf.int32)

  pic, ann, px_w = attach_weights(pic, ann)
  return pic, ann# weights and rgb mask left out (only the plots used them)






from tensorflow.keras.utils import load_img, img_to_array
palette = []
class_table = make_class_table()
#################################
######## data pipelines #########
#################################
SIDE_H = SIDE_W = 256
batch_size = 4
split_seed = 123
data_root = "/data/cityscapes_pairs"
raw_fit = tf.keras.utils.image_dataset_from_directory(
  data_root+"/trainDir",
  validation_split=0.05,
  subset="training",
  seed=split_seed,
  image_size=(SIDE_H, SIDE_W*2),
  batch_size=batch_size)

raw_hold = tf.keras.utils.image_dataset_from_directory(
  data_root+"/valDir",
  validation_split=0.95,
  subset="validation",
  seed=split_seed,
  image_size=(SIDE_H, SIDE_W*2),
  batch_size=batch_size)



fill_palette(palette, class_table)
palette = np.reshape(palette, (len(class_table), 3))
palette = tf.convert_to_tensor(palette, dtype=tf.float32)
#fit_ds = raw_fit.map(decode_pair)
#hold_ds = raw_hold.map(decode_pair)
#x = fit_ds.map(flip_both)
TUNE = tf.data.AUTOTUNE
SHUF_BUF = 1000
#show_pairs(x, 10 , 4)
#fit_ds = fit_ds.cache().shuffle(1000).prefetch(buffer_size=TUNE)
#hold_ds = hold_ds.cache().prefetch(buffer_size=TUNE)
fit_ds = (
    raw_fit
    .cache()
    .shuffle(SHUF_BUF)
    .repeat()
    .map(lambda x, y: decode_pair(x, y, is_train=True))
    .prefetch(buffer_size=tf.data.AUTOTUNE))

hold_ds = (
    raw_hold
    .cache()
    .shuffle(SHUF_BUF)
    .repeat()
    .map(decode_pair)
    .prefetch(buffer_size=tf.data.AUTOTUNE))


# the map runs on the CPU and is buffered ahead of the model;
# prefetch lets it overlap with the training steps, see
# the TensorFlow guide on preprocessing layers
# show_pairs(fit_ds, 1 , 4)


######################
####### the U-Net ####
######################
#show_triplets()
n_ch = 3
n_cls = len(class_table)
# y_train = keras.utils.to_categorical(Y_train, n_cls)
# y_valid = keras.utils.to_categorical(Y_valid, n_cls)
SIDE_W = SIDE_H = 256
in_shape = (SIDE_H, SIDE_W, n_ch)
def double_conv(t_in, width, kernel_size=3):
  """
  Two 3x3 convolutions, each followed by a relu.

  Args:
    t_in (tensor) -- incoming tensor
    width (int) -- filters per convolution
    kernel_size (int) -- convolution kernel side
  """
  # two conv + relu layers
  x = t_in
  for k in range(2):
    x = tf.keras.layers.Conv2D(filters=width, kernel_size=(kernel_size, kernel_size),
                               kernel_initializer="he_normal", padding="same")(x)
    x = tf.keras.layers.Activation("relu")(x)

  return x

def double_conv_bn(t_in, width, kernel_size=3):
  """
  Two 3x3 convolutions with batch norm, each followed by a relu.

  Args:
    t_in (tensor) -- incoming tensor
    width (int) -- filters per convolution
    kernel_size (int) -- convolution kernel side
  """
  # two conv + relu layers
  x = t_in
  for k in range(2):
    x = tf.keras.layers.Conv2D(filters=width, kernel_size=(kernel_size, kernel_size),
                               kernel_initializer="he_normal", padding="same")(x)
    x = tf.keras.layers.BatchNormalization()(x)
    x = tf.keras.layers.Activation("relu")(x)

  return x




def down_step(inputs, width=64, pool_size=(2,2), dropout=0.3):
  """
  One contracting step: the double convolution, then pooling and dropout.

  Args:
    t_in (tensor) -- incoming tensor
    width (int) -- filters per convolution
    pool_size (tuple) -- pooling window
  
  Returns:
    feat - features kept for the skip connection
    pooled - pooled features after dropout
  """

  feat = double_conv(inputs, width=width)
  pooled = tf.keras.layers.MaxPool2D(pool_size=(2,2))(feat)
  pooled = tf.keras.layers.Dropout(0.3)(pooled)

  return feat, pooled

def down_path(inputs):
  """
  The four contracting steps.

  Args:
    inputs (tensor) -- the picture batch

  Returns:
    q4 - pooled output of the last step
    (s1, s2, s3, s4) - skip features of every step
  """
  s1, q1 = down_step(inputs, width=64, pool_size=(2, 2), dropout=0.3)
  s2, q2 = down_step(q1, width=128, pool_size=(2, 2), dropout=0.3)
  s3, q3 = down_step(q2, width=256, pool_size=(2, 2), dropout=0.3)
  s4, q4 = down_step(q3, width=512, pool_size=(2, 2), dropout=0.3)

  return q4, (s1, s2, s3, s4)


def middle(inputs):
  """
  Widest convolutions between the two paths.
  """

  mid = double_conv_bn(inputs, width=1024)

  return mid

def up_step(inputs, skip, width=64, kernel_size=3, strides=3, dropout=0.3):
  """
  One expanding step of the U-Net

  Args:
    inputs (tensor) -- features from below
    skip (tensor) -- features of the matching contracting step
    width (int) -- filters
    kernel_size (int) -- kernel side
    strides (int) -- upsampling stride
    dropout (float) -- dropout rate after the concatenation

  Returns:
    cat (tensor) -- features of this step
  """
  up = tf.keras.layers.Conv2DTranspose(filters=width, kernel_size=kernel_size,
                                      strides=strides, padding="same")(inputs)
  cat = tf.keras.layers.concatenate([up, skip])                                      
  cat = tf.keras.layers.Dropout(dropout)(cat)
  cat = double_conv(cat, width=width, kernel_size=3)

  return cat

def up_path(inputs, skips, n_out):
  """
  Four expanding steps and the per-pixel softmax. 
  
  Args:
    inputs (tensor) -- bottleneck output
    skips (tuple) -- features of the contracting steps
    n_out (int) -- number of classes

  Returns:
    outputs (tensor) -- class probabilities per pixel
  """

  s1, s2, s3, s4 = skips
  # the bottleneck output comes in as inputs
  e6 = up_step(inputs, skip=s4, width=512, kernel_size=(3,3),
                     strides=(2,2), dropout=0.3)
  
  e7 = up_step(e6, skip=s3, width=256, kernel_size=(3,3),
                     strides=(2,2), dropout=0.3)
  
  e8 = up_step(e7, skip=s2, width=128, kernel_size=(3,3),
                     strides=(2,2), dropout=0.3)
  
  e9 = up_step(e8, skip=s1, width=64, kernel_size=(3,3),
                     strides=(2,2), dropout=0.3)
  
  outputs = tf.keras.layers.Conv2D(n_out, (1,1), activation="softmax",
                                   bias_initializer = keras.initializers.Constant(-np.log(1/n_out)))(e9)
#
  return outputs


N_OUT = 29

def build_unet():
  """
  Contracting path, bottleneck and expanding path joined into one model.
  """

  # input tensor
  inputs = tf.keras.layers.Input(shape=(SIDE_H, SIDE_W, 3))

  # contracting path
  enc_out, skips = down_path(inputs)

  # bottleneck
  mid = middle(enc_out)

  # expanding path with the skip connections,
  # one output channel per class
  outputs = up_path(mid, skips, n_out=N_OUT)

  # wrap as a Model
  net = tf.keras.Model(inputs=inputs, outputs=outputs)

  return net

# build it
net = build_unet()
# print(net.summary())


RUN_TAG = "unet_cityscapes_run5"
############################################################################################################
###################### callbacks ###########################################################################
############################################################################################################

from tensorflow.keras.callbacks import LearningRateScheduler

def lr_rule(ep, lr):
    if ep < 10:
        return lr
    else:
        return 0.0001
lr_cb = LearningRateScheduler(lr_rule, verbose=1)

stopper = tf.keras.callbacks.EarlyStopping(
    monitor='val_loss', 
    verbose=1,
    patience=30,
    mode='max',
    restore_best_weights=True)

from datetime import datetime
csv_cb = tf.keras.callbacks.CSVLogger("/work/runs/logs"+ "fit_"+RUN_TAG+".log")

tb_dir="tb/fit/" + datetime.now().strftime("%Y%m%d-%H%M%S") + RUN_TAG

tb_cb = keras.callbacks.TensorBoard(log_dir=tb_dir)

ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
    filepath='/work/runs/' + RUN_TAG +'h5',
    monitor='val_loss',
    save_best_only=True,
    verbose=1
    )
# all callbacks together
CBS = [stopper, csv_cb, tb_cb, ckpt_cb, lr_cb]
############################################################################################################
########################## metrics #########################################################################





def dice_multi(gt, pr, n_cls =29, eps=1.0):
    gt = K.cast(gt, dtype='int32') # (batch, 256, 256)
    pr = K.argmax(pr, axis=-1)# (batch, 256, 256)
    pr = K.expand_dims(pr, axis=-1) 

    gt = K.cast(K.one_hot(gt, n_cls), "int32")# (batch, 256, 256, classes)
    pr = K.cast(K.one_hot(pr, n_cls), "int32")# (batch, 256, 256, classes)
    gt = tf.squeeze(gt, axis=-2)
    pr = tf.squeeze(pr, axis=-2)
    #pr = K.flatten(pr)
    axis = [1, 2]
    inter = K.cast(K.sum(gt * pr, axis = axis), "float32")
    #uni = K.cast(K.sum(gt + pr, axis = axis), "float32")
    gt = K.cast(gt, dtype='float32')
    pr = K.cast(pr, dtype='float32')
    uni = K.sum(gt, axis=axis) + K.sum(pr, axis=axis)
    dsc_val = K.mean((2. * inter + eps) / (uni + eps))# mean over batch and classes
    return dsc_val
# noted result: 0.9838


# IoU = TP / (TP + FP + FN)
def iou_multi(gt, pr, n_cls = 29, eps=1.0):
    gt = K.cast(gt, dtype='int32') # (batch, 256, 256)
    pr = K.argmax(pr, axis=-1)# (batch, 256, 256)
    pr = K.expand_dims(pr, axis=-1) 
    gt = K.cast(K.one_hot(gt, n_cls), "int32")# (batch, 256, 256, classes)
    pr = K.cast(K.one_hot(pr, n_cls), "int32")# (batch, 256, 256, classes)
    gt = tf.squeeze(gt, axis=-2)
    pr = tf.squeeze(pr, axis=-2)
    #pr = K.flatten(pr)
    axis = [1, 2]
    inter = K.cast(K.sum(gt * pr, axis = axis), "float32")
    #uni = K.cast(K.sum(gt + pr, axis = axis), "float32")
    gt = K.cast(gt, dtype='float32')
    pr = K.cast(pr, dtype='float32')
    uni = K.sum(gt, axis=axis) + K.sum(pr, axis=axis)
    iou_multi = K.mean((inter + eps) / (uni - inter + eps))# mean over batch and classes

    return iou_multi

def soft_dice(gt, pr):
     eps = 1.
     print("soft dice")
     gt = K.cast(gt, dtype='int32')
     gt = tf.squeeze(K.one_hot(gt, 29),axis = -2)# (batch, 256, 256, 29)
     gt_f = K.cast(gt, dtype='float32')
     pr_f = K.cast(pr, dtype='float32')# (batch, 256, 256, 29)
     axis = [1, 2]
     pr_f = hard_softmax(pr_f)
     print("soft argmax",pr_f.shape)# soft argmax
     inter = K.sum(gt_f * pr_f, axis =axis)# per image and class
     print(inter.shape)
     sc = (2. * inter + eps) / (K.sum(gt_f, axis=axis) + K.sum(pr_f, axis=axis)+eps)
    # sc = tf.math.reduce_max(sc, axis = -1)
     return  tf.math.reduce_mean(sc)

def soft_dice_loss(gt, pr):
    dv = soft_dice(gt, pr)

    return (1 - dv)#-10.0*tf.math.log(1 - dv)



def hard_softmax(pr):
    mx = tf.reduce_max(pr, axis=-1, keepdims=True)
    print(mx.shape)
    shifted = pr - mx + 0.0001
    rel = tf.nn.relu(shifted)
    print(rel.shape)
    approx_onehot = rel/tf.reduce_sum(rel, axis=-1, keepdims=True)
    # the relu already zeroed the negatives, so a plain sum normalises
    return approx_onehot





N_EPOCHS = 25
OPT = SGD(lr=0.01, momentum=0.9, decay=0.0005, nesterov=True)
#OPT = Adam(lr=1e-3)
net.compile(optimizer=OPT, loss=['sparse_categorical_crossentropy'],# or the soft dice loss
              metrics=[dice_multi, iou_multi, 'accuracy'])

   # sample_weight_mode="temporal"

# net.compile(optimizer=Adam(lr=1e-3), loss=soft_dice_loss,
#                metrics=[dice_multi, iou_multi, 'accuracy'])

# #print(net.summary())
# BATCH_SIZE = 8
# split share
steps_per_epoch = 2975//batch_size
validation_steps = 475//batch_size


px_w = tf.constant([8.07258824e-02, 3.94096823e-03, 1.60259805e-02, 3.25466704e-01,
                        5.19174835e-02, 5.75354825e-03, 2.30739049e-03, 2.04011979e-01,
                        1.13496719e-02, 8.01914760e-03, 1.96446523e-03, 5.54203835e-03,
                        7.24404215e-03, 6.50931735e-03, 1.60708131e-03, 3.80645496e-03,
                        1.35854395e-01, 9.24071240e-03, 3.18496678e-02, 9.98223826e-03,
                        6.80947184e-04, 5.26883114e-02, 4.68826422e-03, 2.85823021e-03,
                        2.04948361e-03, 6.29398122e-03, 2.02723912e-03, 6.61323611e-04,
                        4.93305110e-03])*100
px_w_dict = {k: px_w[k] for k in range(len(px_w))}
def attach_weights(pics, lbl):
    return pics, lbl, tf.gather(px_w, lbl)

fit_ds_w = fit_ds.map(attach_weights)
print(fit_ds.element_spec)
hist = net.fit(
    fit_ds, 
    epochs=N_EPOCHS, 
    steps_per_epoch=steps_per_epoch,
    verbose=1, shuffle=True,
    callbacks = CBS,
    validation_data=hold_ds,
    validation_steps=validation_steps
    #sample_weight = px_w_dict
)
net.save(RUN_TAG+'.h5')

#Y_pred = net.predict(X_valid)



##################################
### quick check of the metrics
##################################
# eps=1.0
# for x,gt in fit_ds.take(1).repeat():
#     for x,pr in hold_ds.take(1).repeat():       
#         gt_f = K.flatten(gt)
#         pr_f = K.flatten(pr)
#         gt_f = K.cast(gt_f, dtype='float32')
#         pr_f = K.cast(pr_f, dtype='float32')
#         inter = K.sum(gt_f * pr_f)
#         dsc_val = (2. * inter + eps) / (K.sum(gt_f) + K.sum(pr_f) + eps)
#         print(dsc_val)
       
#         break
#     break


# (tf.math.reduce_max)


#pr = tf.random.uniform((2, 4, 4, 29))
#gt = K.cast(tf.argmax(pr, axis=-1), dtype='float32')
