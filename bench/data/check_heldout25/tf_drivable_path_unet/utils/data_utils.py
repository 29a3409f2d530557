from utils.image_utils import *

import os
import tensorflow as tf

from glob import glob
from sklearn.model_selection import train_test_split


def list_files(folder, extension="png"):
    pattern = os.path.join(folder, "*" + extension)
    found_files = glob(pattern)

    return found_files


def make_train_file_datasets(images_folder, masks_folder, val_fraction):
    image_files = list_files(images_folder)
    mask_files = list_files(masks_folder)

    train_image_files, val_image_files, train_mask_files, val_mask_files = train_test_split(image_files, mask_files,
                                                        test_size=val_fraction, random_state=40)

    train_image_files = tf.constant(train_image_files)
    train_mask_files = tf.constant(train_mask_files)

    val_image_files = tf.constant(val_image_files)
    val_mask_files = tf.constant(val_mask_files)

    train_file_pairs = tf.data.Dataset.from_tensor_slices((train_image_files, train_mask_files))
    val_file_pairs = tf.data.Dataset.from_tensor_slices((val_image_files, val_mask_files))

    return train_file_pairs, val_file_pairs


def get_train_dataset(images_folder, masks_folder, val_fraction=0.2, batch_len=32):
    train_file_pairs, val_file_pairs_ds = make_train_file_datasets(images_folder, masks_folder,
                                                                     val_fraction)

    train_dataset = train_file_pairs.map(decode_image_mask_pair)
    train_dataset = train_dataset.map(resize_image_mask_pair)

    val_dataset = val_file_pairs_ds.map(decode_image_mask_pair)
    val_dataset = val_dataset.map(resize_image_mask_pair)

    train_dataset.batch(batch_len)
    val_dataset.batch(batch_len)

    train_dataset = train_dataset.cache().batch(batch_len)
    val_dataset = val_dataset.cache().batch(batch_len)

    return train_dataset, val_dataset


def make_inference_file_dataset(images_folder):
    image_files = list_files(images_folder)

    image_files = tf.constant(image_files)

    inference_file_ds = tf.data.Dataset.from_tensor_slices(image_files)

    return inference_file_ds


def get_inference_dataset(images_folder, batch_len=32):
    inference_file_ds = make_inference_file_dataset(images_folder)

    inference_dataset = inference_file_ds.map(decode_image_file)
    inference_dataset = inference_dataset.map(resize_image)

    inference_dataset.batch(batch_len)

    inference_dataset = inference_dataset.cache().batch(batch_len)

    return inference_dataset
