# source: https://github.com/1297rohit/RCNN/blob/84187bc8b5b48d8f4852dd681a0fd302037b8824/main.py (memory issue: https://github.com/1297rohit/RCNN/issues/2)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os, cv2, keras
import pandas as pd
import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf

searcher = cv2.ximgproc.segmentation.createSelectiveSearchSegmentation()


def box_overlap(box_a, box_b):
    assert box_a['x1'] < box_a['x2']
    assert box_a['y1'] < box_a['y2']
    assert box_b['x1'] < box_b['x2']
    assert box_b['y1'] < box_b['y2']
    left = max(box_a['x1'], box_b['x1'])
    top = max(box_a['y1'], box_b['y1'])
    right = min(box_a['x2'], box_b['x2'])
    bottom = min(box_a['y2'], box_b['y2'])
    if right < left or bottom < top:
        return 0.0
    inter = (right - left) * (bottom - top)
    area_a = (box_a['x2'] - box_a['x1']) * (box_a['y2'] - box_a['y1'])
    area_b = (box_b['x2'] - box_b['x1']) * (box_b['y2'] - box_b['y1'])
    ratio = inter / float(area_a + area_b - inter)
    assert ratio >= 0.0
    assert ratio <= 1.0
    return ratio


crops = []
crop_tags = []

# folder with one csv of boxes per picture
box_dir = "./data/Airplanes_Annotations"

# folder with the jpg pictures
pic_dir = "./data/Images"

for k, entry in enumerate(os.listdir(box_dir)):
    try:
        if entry.startswith("airplane"):
            pic_name = entry.split(".")[0] + ".jpg"
            print(k, pic_name)
            picture = cv2.imread(os.path.join(pic_dir, pic_name))
            table = pd.read_csv(os.path.join(box_dir, entry))
            truth = []
            for row in table.iterrows():
                x1 = int(row[1][0].split(" ")[0])
                y1 = int(row[1][0].split(" ")[1])
                x2 = int(row[1][0].split(" ")[2])
                y2 = int(row[1][0].split(" ")[3])
                truth.append({"x1": x1, "x2": x2, "y1": y1, "y2": y2})
            searcher.setBaseImage(picture)
            searcher.switchToSelectiveSearchFast()
            proposals = searcher.process()
            canvas = picture.copy()
            n_pos = 0
            n_neg = 0
            done = 0
            pos_full = 0
            neg_full = 0
            for k, prop in enumerate(proposals):
                if k < 2000 and done == 0:
                    for gt in truth:
                        x, y, w, h = prop
                        overlap = box_overlap(gt, {"x1": x, "x2": x + w, "y1": y, "y2": y + h})
                        if n_pos < 30:
                            if overlap > 0.70:
                                patch = canvas[y:y + h, x:x + w]
                                patch = cv2.resize(patch, (224, 224), interpolation=cv2.INTER_AREA)
                                crops.append(patch)
                                crop_tags.append(1)
                                n_pos += 1
                        else:
                            pos_full = 1
                        if n_neg < 30:
                            if overlap < 0.3:
                                patch = canvas[y:y + h, x:x + w]
                                patch = cv2.resize(patch, (224, 224), interpolation=cv2.INTER_AREA)
                                crops.append(patch)
                                crop_tags.append(0)
                                n_neg += 1
                        else:
                            neg_full = 1
                    if pos_full == 1 and neg_full == 1:
                        print("both quotas filled")
                        done = 1
    except Exception as err:
        print(err)
        print("failed on " + pic_name)
        continue

crop_arr = np.array(crops)
tag_arr = np.array(crop_tags)

from keras.layers import Dense
from keras import Model
from keras import optimizers
from keras.preprocessing.image import ImageDataGenerator
from keras.optimizers import Adam
from keras.applications.vgg16 import VGG16
backbone = VGG16(weights='imagenet', include_top=True)

for lyr in (backbone.layers)[:15]:
    print(lyr)
    lyr.trainable = False
feat = backbone.layers[-2].output
head = Dense(2, activation="softmax")(feat)
detector = Model(inputs=backbone.input, outputs=head)
adam = Adam(lr=0.0001)
detector.compile(loss=keras.losses.categorical_crossentropy, optimizer=adam, metrics=["accuracy"])
detector.summary()

from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelBinarizer


class TwoColumnBinarizer(LabelBinarizer):
    def transform(self, y):
        out = super().transform(y)
        if self.y_type_ == 'binary':
            return np.hstack((out, 1 - out))
        else:
            return out

    def inverse_transform(self, out, threshold=None):
        if self.y_type_ == 'binary':
            return super().inverse_transform(out[:, 0], threshold)
        else:
            return super().inverse_transform(out, threshold)


binarizer = TwoColumnBinarizer()
onehot = binarizer.fit_transform(tag_arr)

tr_x, te_x, tr_y, te_y = train_test_split(crop_arr, onehot, test_size=0.10)

print(tr_x.shape, te_x.shape, tr_y.shape, te_y.shape)

train_aug = ImageDataGenerator(horizontal_flip=True, vertical_flip=True, rotation_range=90)
train_flow = train_aug.flow(x=tr_x, y=tr_y)
test_aug = ImageDataGenerator(horizontal_flip=True, vertical_flip=True, rotation_range=90)
test_flow = test_aug.flow(x=te_x, y=te_y)

from keras.callbacks import ModelCheckpoint, EarlyStopping

saver = ModelCheckpoint("ieeercnn_vgg16_1.h5", monitor='val_loss', verbose=1, save_best_only=True, save_weights_only=False, mode='auto', period=1)
halt = EarlyStopping(monitor='val_loss', min_delta=0, patience=100, verbose=1, mode='auto')

log = detector.fit_generator(generator=train_flow, steps_per_epoch=10, epochs=1000, validation_data=test_flow, validation_steps=2, callbacks=[saver, halt])

import matplotlib.pyplot as plt
plt.plot(log.history['loss'])
plt.plot(log.history['val_loss'])
plt.title("loss curve")
plt.ylabel("Loss")
plt.xlabel("Epoch")
plt.legend(["train", "validation"])
plt.show()
plt.savefig('chart loss.png')

sample = te_x[1600]
plt.imshow(sample)
batch1 = np.expand_dims(sample, axis=0)
scores = detector.predict(batch1)
if scores[0][0] > scores[0][1]:
    print("plane")
else:
    print("not plane")

seen = 0
for k, entry in enumerate(os.listdir(pic_dir)):
    if entry.startswith("4"):
        seen += 1
        picture = cv2.imread(os.path.join(pic_dir, entry))
        searcher.setBaseImage(picture)
        searcher.switchToSelectiveSearchFast()
        proposals = searcher.process()
        canvas = picture.copy()
        for k, prop in enumerate(proposals):
            if k < 2000:
                x, y, w, h = prop
                patch = canvas[y:y + h, x:x + w]
                patch = cv2.resize(patch, (224, 224), interpolation=cv2.INTER_AREA)
                batch1 = np.expand_dims(patch, axis=0)
                scores = detector.predict(batch1)
                if scores[0][0] > 0.65:
                    cv2.rectangle(canvas, (x, y), (x + w, y + h), (0, 255, 0), 1, cv2.LINE_AA)
        plt.figure()
        plt.imshow(canvas)
