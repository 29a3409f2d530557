import tensorflow as tf
import h5py
import numpy as np
from medpy.io import load
from tqdm import tqdm

import os


def read_t1_dataset(h5_path, case_ids, for_train=True, batch_n=8):
    h5 = h5py.File(h5_path, 'r')
    per_case_patches = h5['patch_per_case'][0]
    patch_ids = []
    for case_id in case_ids:
        patch_ids.extend([per_case_patches * case_id + i for i in range(per_case_patches)])
    image_arr = np.array(h5['T1'][patch_ids][:, :, :, :, None] / 255., dtype=np.float32)
    label_arr = h5['label'][patch_ids]
    label_arr = tf.keras.utils.to_categorical(label_arr, num_classes=4)
    tf_dataset = None
    if for_train:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr)).shuffle(10000).batch(batch_n)
    else:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr))
    return tf_dataset


def read_t2_dataset(h5_path, case_ids, for_train=True, batch_n=8):
    h5 = h5py.File(h5_path, 'r')
    per_case_patches = h5['patch_per_case'][0]
    patch_ids = []
    for case_id in case_ids:
        patch_ids.extend([per_case_patches * case_id + i for i in range(per_case_patches)])
    image_arr = np.array(h5['T2'][patch_ids][:, :, :, :, None] / 255., dtype=np.float32)
    label_arr = h5['label'][patch_ids]
    label_arr = tf.keras.utils.to_categorical(label_arr, num_classes=4)
    tf_dataset = None
    if for_train:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr)).shuffle(10000).batch(batch_n)
    else:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr))
    return tf_dataset


def read_hdr_dataset(hdr_dir, case_ids, for_train=True, batch_n=8, modality='T1', patch_len=64, stride=32):
    image_arr = []
    label_arr = []

    assert modality=='T1' or modality=='T2'

    print('Reading the volumes')
    for i in tqdm(case_ids, ascii=True, position=0, leave=True):
        subject_prefix = 'subject-%d-' % i
        image_file = os.path.join(hdr_dir, subject_prefix + modality + '.hdr')
        label_file = os.path.join(hdr_dir, subject_prefix + 'label.hdr')
        image_vol, image_hdr = load(image_file)
        label_vol, label_hdr = load(label_file)
        for x0 in range(0, label_vol.shape[0] - patch_len + 1, stride):
            for y0 in range(0, label_vol.shape[1] - patch_len + 1, stride):
                for z0 in range(0, label_vol.shape[2] - patch_len + 1, stride):
                    image_arr.append(image_vol[x0:x0 + patch_len, y0:y0 + patch_len, z0:z0 + patch_len])

                    label_arr.append(label_vol[x0:x0 + patch_len, y0:y0 + patch_len, z0:z0 + patch_len])

    image_arr = np.array(np.array(image_arr)[:, :, :, :, None] / 255., dtype=np.float32)
    label_arr = tf.keras.utils.to_categorical(np.array(label_arr), num_classes=4)

    if for_train:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr)).shuffle(10000).batch(batch_n)
    else:
        tf_dataset = tf.data.Dataset.from_tensor_slices((image_arr, label_arr)).batch(batch_n)
    return tf_dataset

