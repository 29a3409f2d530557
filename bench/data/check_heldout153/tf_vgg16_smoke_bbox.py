import pandas as pd
import cv2
import numpy as np
from tensorflow.keras.applications import VGG16
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Flatten, Dense, Dropout, Input
from tensorflow.keras.preprocessing.image import load_img, img_to_array
from tensorflow.keras.utils import to_categorical
import matplotlib.pyplot as plt
from matplotlib import patches

# read the bounding-box csv files
ann_test = pd.read_csv("data_smoke\\test\\_annotations.csv")
ann_train = pd.read_csv("data_smoke\\train\\_annotations.csv")
ann_val = pd.read_csv("data_smoke\\valid\\_annotations.csv")

# network input size
tgt_h, tgt_w = 224, 224

# size of the raw frames
orig_h, orig_w = 480, 640

# helper: open one picture at network size
def read_resized(img_path):
    picture = load_img(img_path, target_size=(tgt_h, tgt_w))
    picture = picture.resize((224,224))
    picture = img_to_array(picture)
    picture = picture / 255.0
    return picture

# upscale back to the raw frame size
def back_to_full(picture):
    return cv2.resize(picture, (orig_w, orig_h))

# class id to caption
def class_text(cls_id):
    if cls_id == 0:
        return 'smoke present'
    else:
        return 'clear'

# read every frame of each split with OpenCV, then shrink it
# boxes and class ids come from the csv
tr_pics = np.array([cv2.imread('data_smoke\\train\\' + fname) for fname in ann_train['filename']])
tr_pics = np.array([cv2.resize(picture, (tgt_h, tgt_w)) for picture in tr_pics])
tr_files = np.array([fname for fname in ann_train['filename']])
tr_boxes = ann_train[['xmin', 'ymin', 'xmax', 'ymax']].values
tr_cls_ids = ann_train['class'].map({'smoke':0, 'no_smoke':1}).values

te_pics = np.array([cv2.imread('data_smoke\\test\\' + fname) for fname in ann_test['filename']])
te_pics = np.array([cv2.resize(picture, (tgt_h, tgt_w)) for picture in te_pics])
te_files = np.array([fname for fname in ann_test['filename']])
te_boxes = ann_test[['xmin', 'ymin', 'xmax', 'ymax']].values
te_cls_ids = ann_test['class'].map({'smoke':0, 'no_smoke':1}).values

va_pics  = np.array([cv2.imread('data_smoke\\valid\\' + fname) for fname in ann_val['filename']])
va_pics = np.array([cv2.resize(picture, (tgt_h, tgt_w)) for picture in va_pics])
va_files = np.array([fname for fname in ann_val['filename']])
va_boxes = ann_val[['xmin', 'ymin', 'xmax', 'ymax']].values
va_cls_ids = ann_val['class'].map({'smoke':0, 'no_smoke':1}).values

# one-hot class targets
tr_onehot = to_categorical(tr_cls_ids, 2)
te_onehot = to_categorical(te_cls_ids, 2)
va_onehot = to_categorical(va_cls_ids, 2)

# targets per output head
tr_targets = {
    "class_label": tr_onehot,
    "bounding_box": tr_boxes
}

te_targets = {
    "class_label": te_onehot,
    "bounding_box": te_boxes
}

va_targets = {
    "class_label": va_onehot,
    "bounding_box": va_boxes
}

# one loss per head
loss_map = {
    "class_label": "categorical_crossentropy",
    "bounding_box": "mse",
}

# equal weights
loss_w = {
    "class_label": 1.0,
    "bounding_box" : 1.0
}

# frozen VGG16 trunk, flattened
backbone = VGG16(weights='imagenet', include_top=False, input_tensor=Input(shape=(224,224,3)))
backbone.trainable = False
flat = Flatten()(backbone.output)

# regression head for the box
box_branch = Dense(128, activation='relu') (flat)
box_branch = Dense(64, activation='relu') (box_branch)
box_branch = Dense(32, activation='relu') (box_branch)
box_branch = Dense(4, activation='linear', name = 'bounding_box') (box_branch)

cls_branch = Dense(512, activation='relu')(flat)
cls_branch = Dropout(0.5)(cls_branch)
cls_branch = Dense(512, activation='relu')(cls_branch)
cls_branch = Dropout(0.5)(cls_branch)
cls_branch = Dense(2, activation='softmax', name="class_label")(cls_branch)

# two-output model
net = Model( inputs = backbone.input, outputs = (cls_branch, box_branch))

# compile
net.compile(loss= loss_map, optimizer=Adam(),metrics=["accuracy"], loss_weights=loss_w)

# cast labels
tr_cls_ids = tr_cls_ids.astype('float32')
va_cls_f32 = va_cls_ids.astype('float32')

# train
net.fit(tr_pics, tr_targets, epochs = 25, validation_data=(va_pics, va_targets))

# evaluate on the validation split
val_scores = net.evaluate(va_pics, va_targets)

# predict on the test split
pred_cls, pred_box = net.predict(te_pics)

# draw predictions
for k in range(len(te_pics)):
    figure, axis_ = plt.subplots()
    picture = te_pics[k]
    picture = back_to_full(picture)
    cls_id = np.argmax(pred_cls, axis=-1)
    axis_.imshow(picture)
    axis_.axis('off')
    x0, y0, x1, y1 = pred_box[k]
    axis_.text(x0, y0, class_text(va_cls_ids[0]) , fontsize=10, color='black')
    plt.title(f'Sample {k}')
    rect = patches.Rectangle((x0, y0), x1-x0, y1-y0, fill=False, edgecolor='red')
    axis_.add_patch(rect)
    plt.show()
