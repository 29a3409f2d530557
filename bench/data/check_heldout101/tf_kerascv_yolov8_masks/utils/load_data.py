import xml.etree.ElementTree as ET
import os
from utils.config import *
import tensorflow as tf
import keras_cv
import keras
from keras_cv import bounding_box

# read one VOC xml file
def read_voc(xml_path):
    doc = ET.parse(xml_path)
    top = doc.getroot()

    pic_name = top.find("filename").text
    pic_path = os.path.join(path_images, pic_name)

    rects = []
    names = []
    for item in top.iter("object"):
        nm = item.find("name").text
        names.append(nm)

        bb = item.find("bndbox")
        x0 = float(bb.find("xmin").text)
        y0 = float(bb.find("ymin").text)
        x1 = float(bb.find("xmax").text)
        y1 = float(bb.find("ymax").text)
        rects.append([x0, y0, x1, y1])

    ids = [
        list(class_mapping.keys())[list(class_mapping.values()).index(nm)]
        for nm in names
    ]
    return pic_path, rects, ids




# paths and boxes of every annotated picture
def build_index(xml_list=xml_files):
    pic_paths = []
    all_rects = []
    all_ids = []

    for xml_path in xml_list:
        pic_path, rects, ids = read_voc(xml_path)
        pic_paths.append(pic_path)
        all_rects.append(rects)
        all_ids.append(ids)

    pic_path = tf.ragged.constant(pic_paths)
    all_rects = tf.ragged.constant(all_rects)
    all_ids = tf.ragged.constant(all_ids)
    index = tf.data.Dataset.from_tensor_slices((pic_paths, all_ids, all_rects))

    return index

def read_picture(pic_path):
    raw = tf.io.read_file(pic_path)
    raw = tf.image.decode_jpeg(raw, channels=3)
    return raw

def to_sample(pic_path, ids, rects):
    # decode the picture
    pic = read_picture(pic_path)
    boxes = {
        "classes": tf.cast(ids, dtype=tf.float32),
        "boxes": rects,
    }
    return {"images": tf.cast(pic, tf.float32), "bounding_boxes": boxes}



augment_stack = keras.Sequential(
    layers=[
        keras_cv.layers.RandomFlip(mode="horizontal", bounding_box_format="xyxy"),
        keras_cv.layers.RandomShear(
            x_factor=0.2, y_factor=0.2, bounding_box_format="xyxy"
        ),
        keras_cv.layers.JitteredResize(
            target_size=(640, 640), scale_factor=(0.75, 1.3), bounding_box_format="xyxy"
        ),
    ]
)

resize_only = keras_cv.layers.JitteredResize(
    target_size=(640, 640),
    scale_factor=(0.75, 1.3),
    bounding_box_format="xyxy",
)


def load_data():

    index = build_index(xml_files)
    # size of the held-out part
    n_hold = int(len(xml_files) * SPLIT_RATIO)

    # first n_hold entries are held out, the rest is for training
    hold_index = index.take(n_hold)
    fit_index = index.skip(n_hold)


    fit_ds = fit_index.map(to_sample, num_parallel_calls=tf.data.AUTOTUNE)
    fit_ds = fit_ds.shuffle(BATCH_SIZE*4)
    fit_ds = fit_ds.ragged_batch(BATCH_SIZE, drop_remainder=True)
    fit_ds = fit_ds.map(augment_stack, num_parallel_calls=tf.data.AUTOTUNE)

    hold_ds = hold_index.map(to_sample, num_parallel_calls=tf.data.AUTOTUNE)
    hold_ds = hold_ds.shuffle(BATCH_SIZE * 4)
    hold_ds = hold_ds.ragged_batch(BATCH_SIZE, drop_remainder=True)
    hold_ds = hold_ds.map(resize_only, num_parallel_calls=tf.data.AUTOTUNE)

    return fit_ds, hold_ds

def dict_to_tuple(sample):
  return sample["images"], bounding_box.to_dense(
      sample["bounding_boxes"], max_boxes=32)


