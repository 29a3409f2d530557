# tumour-patch classifier: one stratified split into train and val parts
import pandas as pd
import numpy as np
import cv2
import os

from keras.layers import Dense, Dropout, BatchNormalization, GlobalAveragePooling2D, GlobalMaxPooling2D, concatenate
from keras.callbacks import ModelCheckpoint
from keras.optimizers import SGD
from keras.models import Model

from sklearn.metrics import roc_auc_score, confusion_matrix, classification_report, roc_curve, auc
from sklearn.model_selection import train_test_split
from albumentations import (Compose, RandomRotate90, Transpose, Flip, OneOf, CLAHE, IAASharpen, IAAEmboss,
RandomBrightnessContrast, JpegCompression, Blur, GaussNoise, HueSaturationValue, ShiftScaleRotate, Normalize)
from random import shuffle
os.environ['TF_CPP_MIN_LOG_LEVEL']='2'

from utils.one_cycle_policy_lr import OneCycleLR
from model.OctaveResNet import OctaveResNet50


# ---- tile reading and augmentation (data_generator.py, inlined) ----
def id_of_file_path(tif_file_path):
    return tif_file_path.split(os.path.sep)[-1].replace('.tif', '')


def slice_batches(items, step):
    return (items[start:start + step] for start in range(0, len(items), step))


def train_aug_pipeline():
    return Compose([
        RandomRotate90(p=0.5),
        Transpose(p=0.5),
        Flip(p=0.5),
        OneOf([CLAHE(clip_limit=2),
              IAASharpen(),
              IAAEmboss(),
              RandomBrightnessContrast(),
              JpegCompression(),
              Blur(),
              GaussNoise()],
              p=0.5),
        HueSaturationValue(p=0.5),
        ShiftScaleRotate(shift_limit=0.15, scale_limit=0.15, rotate_limit=45, p=0.5),
        Normalize(p=1)])


def eval_aug_pipeline():
    return Compose([Normalize(p=1)], p=1)


def tile_batch_gen(img_files, label_lookup, batch_len, img_side, make_aug):

    augment = make_aug()

    while True:

        shuffle(img_files)
        for batch_files in slice_batches(img_files, batch_len):
            batch_X = [cv2.resize(cv2.imread(img_path), (img_side, img_side)) for img_path in batch_files]
            batch_X = [augment(image=img)['image'] for img in batch_X]

            batch_y = [label_lookup[id_of_file_path(tif_path)] for tif_path in batch_files]

            yield np.array(batch_X), np.array(batch_y)


# ---- driver (train_model.py, inlined) ----
### settings ###
img_shape = (96,96,3)
batch_n = 64
n_epochs = 38

### labels and file lists ###
# CSV of patch ids with 0/1 labels (adjust the folder to your copy)
labels_df = pd.read_csv("./histopathologic-cancer-detection/train_labels.csv")
train_df, val_df = train_test_split(labels_df, test_size=0.1, stratify= labels_df['label'], random_state=123)

print("train rows: " + str(len(train_df[train_df["label"] == 1]) + len(train_df[train_df["label"] == 0])))
print("  of which tumour: " +  str(len(train_df[train_df["label"] == 1])))
print("val rows: " + str(len(val_df[val_df["label"] == 1]) + len(val_df[val_df["label"] == 0])))

# training tile paths (adjust the folder to your copy)
train_files = train_df['id'].tolist()
train_files = ['./histopathologic-cancer-detection/train/'+ tile_id + ".tif" for tile_id in train_files]

# validation tile paths (same folder as training)
val_files = val_df['id'].tolist()
val_files = ['./histopathologic-cancer-detection/train/'+ tile_id + ".tif" for tile_id in val_files]

# patch id -> label, looked up by the batch generator
label_by_id = {tile_key:tile_label for tile_key,tile_label in zip(labels_df.id.values, labels_df.label.values)}

# octave-conv ResNet backbone with a small dense head
backbone_model = OctaveResNet50(include_top=False, weights=None, input_shape=img_shape, initial_strides=False)
features = backbone_model.output
max_pooled = GlobalMaxPooling2D()(features)
avg_pooled = GlobalAveragePooling2D()(features)
merged = concatenate([max_pooled,avg_pooled])
merged = BatchNormalization(epsilon = 1e-5)(merged)
merged = Dropout(0.4)(merged)
head = Dense(512,activation = 'relu')(merged)
head = BatchNormalization(epsilon = 1e-5)(head)
head = Dropout(0.3)(head)
head = Dense(256,activation = 'relu')(head)
head = BatchNormalization(epsilon = 1e-5)(head)
head = Dropout(0.3)(head)
probs = Dense(2, activation='softmax')(head)
octave_model = Model(inputs=backbone_model.input, outputs=probs)

one_cycle_cb = OneCycleLR(max_lr=0.02, end_percentage=0.1, scale_percentage=None,
                        maximum_momentum=0.9,minimum_momentum=0.8)

cb_list = [one_cycle_cb,
           ModelCheckpoint(filepath='weight/octresnet_one_cycle_model.h5', monitor='val_loss',mode='min',verbose=1,save_best_only=True)]

octave_model.compile(loss='sparse_categorical_crossentropy', optimizer=SGD(0.002, momentum=0.9, nesterov=True), metrics=['accuracy'])


### fitting ####
fit_log = octave_model.fit_generator(tile_batch_gen(train_files, label_by_id, batch_n, 96, train_aug_pipeline),
                              validation_data=tile_batch_gen(val_files, label_by_id, batch_n, 96, eval_aug_pipeline),
                              epochs = n_epochs,
                              steps_per_epoch = (len(train_files) // batch_n) + 1,
                              validation_steps = (len(val_files) // batch_n) + 1,
                              callbacks=cb_list,
                              verbose = 1)


### scoring the val split ###
val_preds = octave_model.predict_generator(tile_batch_gen(val_files, label_by_id, 1, 96, eval_aug_pipeline), steps = len(val_files))
val_preds = np.array(val_preds)
pos_prob = val_preds[:,1:2].flatten()
pred_y = np.argmax(val_preds, axis=1)

# class 1 is tumour; labels of the val rows
val_y = val_df['label'].values

# ROC AUC from the positive-class probability
print(roc_auc_score(val_y,pos_prob))

fp_rate, tp_rate, cut_points = roc_curve(val_y, pos_prob)
auc_value = auc(fp_rate, tp_rate)
print('val AUC: %0.2f' % auc_value)

conf_mat = confusion_matrix(val_y,pred_y)
print(conf_mat)

# per-class precision / recall / F1
cls_report = classification_report(val_y,pred_y,target_names=['no_tumor_tissue', 'has_tumor_tissue'])
print(cls_report)
