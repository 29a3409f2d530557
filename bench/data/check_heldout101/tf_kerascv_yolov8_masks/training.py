from utils.config import *
from utils.load_data import *
from utils.show_image import *

import tensorflow as tf
import keras
from keras_cv import bounding_box
from keras_cv import visualization
from keras_cv.callbacks import PyCOCOCallback

import numpy as np
import cv2
import matplotlib.pyplot as plt



# read the data
# ("image": width*height,
#  "bounding_boxes":{
#               'boxes': Tensor(shape=[batch, num_boxes, 4]),
#               'classes': Tensor(shape=[batch, num_boxes])
#                    })
fit_ds, hold_ds = load_data()


# dict samples -> (images, dense boxes)
fit_ds = fit_ds.map(dict_to_tuple, num_parallel_calls=tf.data.AUTOTUNE)
fit_ds = fit_ds.prefetch(tf.data.AUTOTUNE)

hold_ds = hold_ds.map(dict_to_tuple, num_parallel_calls=tf.data.AUTOTUNE)
hold_ds = hold_ds.prefetch(tf.data.AUTOTUNE)


# backbone presets listed at https://keras.io/api/keras_cv/models/
#   yolo_v8_xs_backbone_coco: 1.28M,
#   yolo_v8_s_backbone_coco: 5.09M,
#   yolo_v8_m_backbone_coco: 11.87M
#   yolo_v8_l_backbone_coco: 19.83M
#   yolo_v8_xl_backbone_coco: 30.97M

trunk = keras_cv.models.YOLOV8Backbone.from_preset(
    "yolo_v8_xs_backbone_coco"  # smallest trunk, COCO weights
)


detector = keras_cv.models.YOLOV8Detector(
    num_classes=len(class_mapping),
    bounding_box_format="xyxy",
    backbone=trunk,
    fpn_depth=1,
)



opt = tf.keras.optimizers.Adam(
    learning_rate=LEARNING_RATE,
    global_clipnorm=GLOBAL_CLIPNORM,
)

detector.compile(
    optimizer=opt, classification_loss="binary_crossentropy", box_loss="ciou"
)

coco_cb = PyCOCOCallback(
    validation_data=hold_ds,
    bounding_box_format="xyxy",
    )


detector.fit(
    fit_ds,
    validation_data=hold_ds,
    epochs=200,
    callbacks=coco_cb,
)


detector.save("model.keras")
