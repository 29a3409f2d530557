
import os
import cv2
import numpy as np
from keras.utils import to_categorical


def read_satellite_images(img_side=100, label_dim=10):
    images_read = []
    labels_read = []
    class_index = 0

    data_dir = 'data'

    # every jpg of every class folder is decoded and kept
    for class_dir in os.listdir(data_dir):
        class_path = os.path.join(data_dir, class_dir)
        for image_file in os.listdir(class_path):
            scene_img = cv2.imread(os.path.join(class_path, image_file))
            scene_img = cv2.resize(scene_img, (img_side, img_side), interpolation=cv2.INTER_LANCZOS4)
            scene_img = scene_img / 255.0
            images_read.append(scene_img)
            labels_read.append(class_index)

        class_index += 1

    data_X = np.array(images_read)
    data_y = to_categorical(labels_read, label_dim)
    return data_X, data_y
