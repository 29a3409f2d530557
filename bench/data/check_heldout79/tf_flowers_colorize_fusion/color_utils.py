
from skimage.color import rgb2lab, lab2rgb, rgb2gray, gray2rgb
from skimage.transform import resize
from skimage.io import imsave
import numpy as np
import os
import tensorflow as tf
from keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications.inception_resnet_v2 import InceptionResNetV2, preprocess_input
from tensorflow.keras.utils import img_to_array, load_img
import tensorflow_datasets as tfds
from sklearn.cluster import KMeans
from collections import Counter
import hparams as hp
import cv2




classifier = InceptionResNetV2(weights='imagenet', include_top=True)
augmenter = ImageDataGenerator(shear_range=0.2,zoom_range=0.2,rotation_range=20,horizontal_flip=True, width_shift_range=0.2,
    height_shift_range=0.2,fill_mode='nearest')



def resize_example(example):
    target_shape = (hp.img_size, hp.img_size, 3)
    pic = example['image']
    pic = tf.image.resize(pic, target_shape[:2])
    return pic

def load_training_pictures():
    ds = tfds.load('tf_flowers', split='train')
    ds = ds.map(resize_example)

    pics = []
    for p in ds:
        pics.append(img_to_array(p))
    pics = np.array(pics, dtype=float)
    scaled = 1.0/255*pics
    return scaled

# idea from the FloydHub "colorizing B&W photos" blog post
def classifier_embedding(grey_rgb):
    grey_299 = []
    for g in grey_rgb:
        g = resize(g, (299, 299, 3), mode='constant')
        grey_299.append(g)
    grey_299 = np.array(grey_299)
    grey_299 = preprocess_input(grey_299)
    emb = classifier(grey_299)
    return emb

# idea from the FloydHub "colorizing B&W photos" blog post
def lab_batches(batch_size):
    for batch in augmenter.flow(load_training_pictures(), batch_size=batch_size):
        grey_rgb = gray2rgb(rgb2gray(batch))
        emb = classifier_embedding(grey_rgb)
        lab = rgb2lab(batch)
        L = lab[:,:,:,0]
        L = L.reshape(L.shape+(1,))
        ab = lab[:,:,:,1:] / 128
        yield ([L,emb], ab)


def dominant_colors(lab_img):
    lab_img = lab_img.reshape((lab_img.shape[0] * lab_img.shape[1], 3))
    km = KMeans(n_clusters=5)
    assign = km.fit_predict(lab_img)
    counts = Counter(assign)
    five = counts.most_common(5)
    centers = [km.cluster_centers_[k] for k, _ in five]

    rgb_out = []
    for c in centers:
        rgb = lab2rgb(np.reshape(c, (1, 1, 3)))
        rgb_int = np.round(rgb * 255).astype(int)
        rgb_out.append(rgb_int)
    return rgb_out


# gamma lookup table (OpenCV recipe)
def gamma_correct(image, gamma=1.5):
    inv = 1.0 / gamma
    lut = np.array([((v / 255.0) ** inv) * 255 for v in np.arange(0, 256)]).astype(np.uint8)
    # apply the table
    image = cv2.LUT(image, lut)
    return image


def brighten(color, coeff):
    r, g, b = tf.split(color, 3, axis=-1)
    r = tf.cast(r, tf.float32) * coeff
    g = tf.cast(g, tf.float32) * coeff
    b = tf.cast(b, tf.float32) * coeff
    out = tf.concat([r, g, b], axis=-1)
    out = tf.clip_by_value(out, 0.0, 255.0)
    return out
