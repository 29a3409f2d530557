import pandas as pd
import os
from PIL import Image
import numpy as np
from keras.callbacks import ModelCheckpoint, LearningRateScheduler, EarlyStopping, ReduceLROnPlateau, TensorBoard
from keras import optimizers, losses, activations, models
from keras.layers import Convolution2D, Dense, Input, Flatten, Dropout, MaxPooling2D, BatchNormalization, \
    GlobalMaxPool2D, Concatenate, GlobalMaxPooling2D, GlobalAveragePooling2D, Lambda
from keras.applications.resnet50 import ResNet50
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Model
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score
from keras import backend as K

from tqdm import tqdm
from collections import Counter

def open_scaled(path, size=(256, 256)):
    pic = Image.open((path)).convert('RGB')
    pic = pic.resize(size)
    arr = np.array(pic, dtype="uint8")#[..., ::-1]
    return np.array(arr / (np.max(arr)+ 0.001), dtype="float32")

jitter = ImageDataGenerator(
    rotation_range=6,
    width_shift_range=0.1,
    height_shift_range=0.1,
    horizontal_flip=True,
    zoom_range=0.1)

def jitter_one(arr):
    arr = jitter.random_transform(arr)
    return arr

def batches(frame, batch_size=8, aug=False):
    frame = frame.sample(frac=1)

    age_bins = {'(0, 2)' : 0,
                '(4, 6)' : 1,
                '(8, 12)' : 2,
                '(15, 20)' : 3,
                '(25, 32)' : 4,
                '(38, 43)' : 5,
                '(48, 53)' : 6,
                '(60, 100)' : 7}

    while True:
        for i, part in enumerate([frame[i:i+batch_size] for i in range(0,frame.shape[0],batch_size)]):
            if aug:
                pics = np.array([jitter_one(open_scaled(p)) for p in part.path.values])
            else:
                pics = np.array([open_scaled(p) for p in part.path.values])


            targets = np.array([age_bins[a] for a in part.age.values])
            targets = targets[..., np.newaxis]

            yield pics, targets


def build_net(n_classes=1):

    backbone = ResNet50(weights='imagenet', include_top=False)

    #for lyr in backbone.layers:
    #    lyr.trainable = False

    h = backbone.output
    h = GlobalMaxPooling2D()(h)
    h = Dropout(0.5)(h)
    h = Dense(100, activation="relu")(h)
    h = Dropout(0.5)(h)
    if n_classes == 1:
        h = Dense(n_classes, activation="sigmoid")(h)
    else:
        h = Dense(n_classes, activation="softmax")(h)

    backbone = Model(backbone.input, h, name="base_model")
    if n_classes == 1:
        backbone.compile(loss="binary_crossentropy", metrics=['acc'], optimizer="adam")
    else:
        backbone.compile(loss="sparse_categorical_crossentropy", metrics=['acc'], optimizer="adam")

    return backbone

def add_paths(frame, root):

    frame['path'] = frame.apply(lambda r: root+"aligned/"+r['user_id']+"/landmark_aligned_face.%s.%s"
                                                                      %(r['face_id'], r['original_image']), axis=1)

    return frame
def keep_known_ages(frame):

    age_bins = {'(0, 2)' : 0,
                '(4, 6)' : 1,
                '(8, 12)' : 2,
                '(15, 20)' : 3,
                '(25, 32)' : 4,
                '(38, 43)' : 5,
                '(48, 53)' : 6,
                '(60, 100)' : 7}


    frame['f'] = frame.age.apply(lambda a: int(a in age_bins))
    frame = frame[frame.f == 1]
    return frame

if __name__ == "__main__":
    root = "./Dataset-copy/"

    age_bins = {'(0, 2)' : 0,
                '(4, 6)' : 1,
                '(8, 12)' : 2,
                '(15, 20)' : 3,
                '(25, 32)' : 4,
                '(38, 43)' : 5,
                '(48, 53)' : 6,
                '(60, 100)' : 7}

    n_bag = 3

    folds = list(range(5))

    scores = []

    for held_fold in (folds):

        fit_folds = [j for j in folds if j!=held_fold]
        print(fit_folds, held_fold)

        fit_frame = pd.concat([pd.read_csv(root+"fold_%s_data.txt"%i, sep="\t") for i in fit_folds])
        held_frame = pd.read_csv(root+"fold_%s_data.txt"%held_fold, sep="\t")

        fit_frame = keep_known_ages(fit_frame)
        held_frame = keep_known_ages(held_frame)

        print(fit_frame.shape, held_frame.shape)

        fit_frame = add_paths(fit_frame, root=root)
        held_frame = add_paths(held_frame, root=root)

        n_avg = 0
        summed = 0

        held_pics = np.array([open_scaled(p) for p in held_frame.path.values])
        held_targets = np.array([age_bins[a] for a in held_frame.age.values])

        for k in (range(n_bag)):


            part_fit, part_val = train_test_split(fit_frame, test_size=0.1)

            weights_file = "adience_age_baseline.h5"

            ckpt = ModelCheckpoint(weights_file, monitor='val_acc', verbose=1, save_best_only=True, mode='max')

            stopper = EarlyStopping(monitor="val_acc", mode="max", patience=10)

            lr_drop = ReduceLROnPlateau(monitor="val_acc", mode="max", factor=0.1, patience=3)

            cbs = [ckpt, stopper, lr_drop]  # early

            net = build_net(n_classes=len(age_bins))
            net.fit_generator(batches(part_fit, aug=True), validation_data=batches(part_val), epochs=200, verbose=2, workers=4,
                           callbacks=cbs, steps_per_epoch=50, validation_steps=30,use_multiprocessing=False)

            net.load_weights(weights_file)

            summed += net.predict(held_pics)
            n_avg += 1

            held_pics = held_pics[:, :, ::-1, :]

            summed += net.predict(held_pics)
            n_avg += 1

            K.clear_session()

        summed = summed/n_avg

        summed = summed.argmax(axis=-1)

        acc = accuracy_score(held_targets, summed)

        print("accuracy : %s " %acc)

        scores.append(acc)

    print("mean acc : %s (%s) " %  (np.mean(scores), np.std(scores)))
