import csv
import os
import matplotlib.pyplot as plt
import cv2
import numpy as np
from draw_squer import show_box

train_dir = '/home/michal/Desktop/photos/car_boxes/boxes/train'
val_dir = '/home/michal/Desktop/photos/car_boxes/boxes/valid'
annot_csv = '_annotations.csv'
img_w = 416
img_h = 416

def load_car_data():
    train_images, train_boxes = _read_split(train_dir)
    print('train split read')
    val_images, val_boxes = _read_split(val_dir)
    print('valid split read')
    return (np.array(train_images)[600:2900], np.array(train_images)[:700], np.array(train_boxes)[600:2900],np.array(train_boxes)[:700])
    # return (np.array(train_images)[600:3000], np.array(val_images), np.array(train_boxes)[600:3000],np.array(val_boxes))



def _read_split(split_dir):
    images = []
    boxes = []
    with open(os.path.join(split_dir,annot_csv)) as fh:
            rows = csv.DictReader(fh, quotechar='|')
            for row in rows:
                file_name = row['filename']
                image = _read_resized(split_dir,file_name)
                if image is None:
                    continue
                box = [row['xmin'], row['ymin'], row['xmax'], row['ymax']]
                images.append(image)
                boxes.append(box)
    return (images, boxes)


def _read_resized(folder,file_name):
    img_path = os.path.join(folder, file_name)

    if not os.path.exists(img_path):
        return None
    
    pixels = cv2.imread(img_path, 1)
    return cv2.resize(pixels, (img_w, img_h))