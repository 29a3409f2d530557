

import numpy as np
import tensorflow as tf
from tensorflow.keras import datasets, layers, models, regularizers
from sklearn.model_selection import train_test_split
from tensorflow.keras import mixed_precision
from tensorflow.keras.utils import to_categorical, Sequence
import project as net_def
import model as m
import os
#import matplotlib.pyplot as plt
from PIL import Image
import math
import random

def onehot_masks(masks):

    """
    One-hot encode a batch of ground-truth masks for the softmax output.

    @param masks -- batch of mask arrays

    """

    masks = tf.keras.utils.to_categorical(masks, num_classes=8)
    return masks

# Batches are produced on demand by a keras Sequence, so fit() can
# pull them itself.
#see
#https://www.tensorflow.org/api_docs/python/tf/keras/utils/Sequence

class LesionBatches(Sequence):

    """
    Reads one batch of dermoscopy images and masks from disk per call.

    @param Sequence -- the keras Sequence base

    """

    def __init__(self, img_names, mask_names, per_batch):

        """
        Keep the file name lists and the batch size.

        @param img_names -- image file names of this split
        @param mask_names -- mask file names of this split
        @param per_batch -- images per batch

        """

        self.img_names = img_names
        self.mask_names = mask_names
        self.per_batch = per_batch

    def __len__(self):

        """

        Number of batches in one pass over the split.

        """


        return math.ceil(len(self.img_names) / self.per_batch)

    def __getitem__(self, k):

        """

        Decode the k-th batch: resize every image and mask to 256x192, scale to 0..1,
        and one-hot the masks.

        @param k - batch index requested by fit/evaluate.

        """

        batch_imgs = self.img_names[k * self.per_batch:(k + 1) * self.per_batch]
        batch_masks = self.mask_names[k * self.per_batch:(k + 1) * self.per_batch]

        xs = list()
        ys = list()

        for fname in batch_imgs :

            stem = fname[:len(fname) - 4]

            rgb = np.asarray(Image.open("ISIC2018_Task1-2_Training_Input_x2/" + stem + ".jpg").resize((256, 192))) / 255.0

            xs.append(rgb)

            seg = np.asarray(Image.open("ISIC2018_Task1_Training_GroundTruth_x2/" + stem + "_segmentation" + ".png").resize((256, 192))) / 255.0

            ys.append(seg)

        xs = np.array(xs)
        ys = np.array(ys)

        ys = onehot_masks(ys)

        return xs, ys

def list_files(folder, seed) :

    """

    List the files of a folder and shuffle the list with a seed

    @param seed - seed for the shuffle

    """

    names = list()

    for entry in os.listdir(folder) :

        if entry != "ATTRIBUTION.txt" and entry != "LICENSE.txt" :

            names.append(entry)

    random.seed(seed)
    random.shuffle(names)

    return names

def plot_curve():

    """
    placeholder for a dice-per-epoch plot

    """

    return None

def show_samples(split, net) :

    """

    Show a few predictions of one random batch next to the inputs and the
    ground truth.

    @param split - a LesionBatches split
    @param net - the trained network

    """

    n_batches = len(split)
    pick = random.randint(0, n_batches)
    x, y = split.__getitem__(pick)
    pred = net.predict(x)
    plt.figure(figsize=(10, 10))

    for i in range(8):

        plt.subplot(9, 3, i*3+1)
        plt.imshow(x[i])
        plt.axis('off')

        if i == 0 :
            plt.title("input", size=8)

        plt.subplot(9, 3, i*3+2)
        plt.imshow(tf.argmax(pred[i], axis=2))
        plt.axis('off')

        if i == 0 :
            plt.title("predicted", size=8)

        plt.subplot(9, 3, i*3+3)
        plt.imshow(tf.argmax(y[i], axis=2))
        plt.axis('off')

        if i == 0 :
            plt.title("ground truth", size=8)

    plt.show()

if __name__ == "__main__":

    """

    Build the three splits from the file lists and train the improved U-Net.

    Point the two folder strings at the ISIC 2018 task 1 data.

    """

    img_folder = "D:/3710sets/2018/ISIC2018_Task1-2_Training_Input_x2"
    mask_folder = "D:/3710sets/2018/ISIC2018_Task1_Training_GroundTruth_x2"

    seed = random.random()
    img_list = list_files(img_folder, seed)
    #test = list_files("D:/3710sets/ISIC_2019_Test_Input/ISIC_2019_Test_Input", seed)
    mask_list = list_files(mask_folder, seed)

    val_frac = 0.2
    test_frac = val_frac
    per_batch = 8

    img_tr, img_te, mask_tr, mask_te = train_test_split(img_list, mask_list, test_size=val_frac, random_state=50)

    img_tr, img_va, mask_tr, mask_va = train_test_split(img_tr, mask_tr, test_size=test_frac, random_state=50)

    train_seq = LesionBatches(img_tr, mask_tr, per_batch)
    val_seq = LesionBatches(img_va, mask_va, per_batch)
    test_seq = LesionBatches(img_te, mask_te, per_batch)

    net = net_def.UNET()

    print(len(train_seq),  "batches per epoch")

    net.fit(train_seq,
          validation_data=val_seq,
          epochs=20, verbose=1, workers=4)

    net.evaluate(test_seq)

    show_samples(test_seq, net)
