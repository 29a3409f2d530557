from tkinter import Image
from xml.etree import  ElementTree as ET
import numpy as np
from PIL import Image
import os
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle
import tensorflow as tf
# plain (non-scientific) printing of arrays
np.set_printoptions(suppress=True, precision=6)

class_ids = ["cat", "dog"]
class_mapping_decoder = dict(zip( range(len(class_ids)), class_ids ))
class_mapping_encoder = zip( class_ids,  range(len(class_ids)))
target_size = (448,448)
S = 7
B=2
C = 2


def parse_xml(path: str):
    """
    Read one VOC XML file; give back the image path, its boxes and class ids.
    """
    try:
        tree = ET.parse(path)

        root = tree.getroot()

        image_name = root.find("filename").text

        image_path = os.path.join("data/images/", image_name)

        boxes = []
        classes = []

        for obj in root.iter("object"):
            cls = obj.find("name").text
            classes.append(cls)

            bbox = obj.find("bndbox")
            xmin = float(bbox.find("xmin").text)
            ymin = float(bbox.find("ymin").text)
            xmax = float(bbox.find("xmax").text)
            ymax = float(bbox.find("ymax").text)
            boxes.append([xmin, ymin, xmax, ymax])

        class_identity = [
        list(class_mapping_decoder.keys())[list(class_mapping_decoder.values()).index(cls)]
        for cls in classes ]

        return image_path, np.array(boxes), np.array(class_identity)

    except :
        print("could not read: {0}".format(path))
        return None

def loadimage(imagepath: str, target_size: tuple[int, int]):
    im = Image.open(imagepath, mode="r")
    width_org, height_org = im.size
    im = im.resize(size=target_size)
    im = im.convert("RGB")
    return im, width_org, height_org


def prepare_data(image_path:str, boxes: np.array, class_identity:np.array):
    """
    Resize the image, scale it to [0, 1] and rescale its boxes to the new size.
    """

    image, width_org, height_org = loadimage(image_path, target_size=target_size)

    scaleX = width_org / image.size[0]
    scaleY = height_org/ image.size[1]

    image = np.array(image)/255.0

    # boxes into the resized frame
    boxes[...,0] = boxes[...,0] / scaleX
    boxes[...,1] = boxes[...,1] / scaleY
    boxes[...,2] = boxes[...,2] / scaleX
    boxes[...,3] = boxes[...,3] / scaleY

    labels = np.zeros(shape=(len(class_identity), len(class_ids)), dtype=np.float32)
    labels[range(len(class_identity)),class_identity] = 1

    return image, boxes, labels

def box_corner_to_center(boxes):
    """
    (xmin, ymin, xmax, ymax) -> (cx, cy, w, h), for an (N, 4) array.
    """

    x1, y1, x2, y2 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]

    cx = (x1 + x2) / 2
    cy = (y1 + y2) / 2
    w = (x2 - x1)
    h = (y2 - y1)
    boxes = np.stack((cx, cy, w, h), axis=-1)
    return boxes


def box_center_to_corner(boxes):
    """
    (cx, cy, w, h) -> (xmin, ymin, xmax, ymax), for an (N, 4) array.
    """

    cx, cy, w, h = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    x1 = cx - 0.5 * w
    y1 = cy - 0.5 * h
    x2 = cx + 0.5 * w
    y2 = cy + 0.5 * h

    boxes = np.stack((x1, y1, x2, y2), axis=-1)
    return boxes


def convert_onepart(image, boxes, labels):
    """
    Build the S x S x (5 + C) YOLO target grid of one image.
    """
    label = np.zeros(shape=(S,S,5+C), dtype=np.float32)

    boxes = box_corner_to_center(boxes)

    x_center = boxes[...,0] / target_size[0]
    y_center = boxes[...,1] / target_size[1]
    width    = boxes[...,2] / target_size[0]
    height   = boxes[...,3] / target_size[1]

    i = np.asarray(x_center * S, dtype="int")
    j = np.asarray(y_center * S, dtype="int")

    x_rel = (x_center * S) - i
    y_rel = (y_center * S) - j

    confident = np.ones(shape=(len(boxes)),dtype=np.float32)
    cell = np.stack([x_rel, y_rel, width, height,confident], axis=-1)
    cell = np.concatenate([cell, labels],axis=1)
    label[j,i,:] = cell
    return image, label


def lr_scheduler(epoch):
    """
    Step schedule: 1e-3, then 1e-4 after epoch 20, then 1e-5 after epoch 40.
    """
    if (epoch < 20):
        return 0.001
    elif epoch < 40:
        return 0.0001
    else:
        return 0.00001
