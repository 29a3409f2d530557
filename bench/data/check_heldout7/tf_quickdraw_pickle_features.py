import numpy as np
import os
import pickle
from sklearn.model_selection import train_test_split
from sklearn.utils import shuffle
from keras.layers import Dense, Flatten, Conv2D
from keras.layers import MaxPooling2D, Dropout
from keras.utils import np_utils, print_summary
import tensorflow as tf
from keras.models import Sequential
from keras.callbacks import ModelCheckpoint
from keras.callbacks import TensorBoard

# == part 1: turn the per-class .npy drawings into pickled arrays ==
category_files = os.listdir("F:\\projects\\QD\\data")
x_cat = []
x_parts = []
y_cat = []
y_parts = []


def read_category_data():
    class_idx = 0
    for npy_file in category_files:
        npy_file = "F:\\projects\\QD\\data\\" + npy_file
        x_cat = np.load(npy_file)
        x_cat = x_cat.astype('float32') / 255.
        x_cat = x_cat[0:10000, :]
        x_parts.append(x_cat)
        y_cat = [class_idx for _ in range(10000)]
        class_idx += 1
        y_cat = np.array(y_cat).astype('float32')
        y_cat = y_cat.reshape(y_cat.shape[0], 1)
        y_parts.append(y_cat)

    return x_parts, y_parts


def dump_feature_pickles():
    features_all, labels_all = read_category_data()
    features_all = np.array(features_all).astype('float32')
    labels_all = np.array(labels_all).astype('float32')
    features_all = features_all.reshape(features_all.shape[0] * features_all.shape[1], features_all.shape[2])
    labels_all = labels_all.reshape(labels_all.shape[0] * labels_all.shape[1], labels_all.shape[2])

    with open("features", "wb") as fh:
        pickle.dump(features_all, fh, protocol=4)
    with open("labels", "wb") as fh:
        pickle.dump(labels_all, fh, protocol=4)


# == part 2: a small CNN trained on the pickled arrays ==
def build_draw_model(img_w, img_h):
    n_classes = 15
    draw_model = Sequential()
    draw_model.add(Conv2D(32, (5, 5), input_shape=(img_w, img_h), activation='relu'))
    draw_model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))
    draw_model.add(Conv2D(64, (5, 5), activation='relu'))
    draw_model.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), padding='same'))

    draw_model.add(Flatten())
    draw_model.add(Dense(512, activation='relu'))
    draw_model.add(Dropout(0.6))
    draw_model.add(Dense(128, activation='relu'))
    draw_model.add(Dropout(0.6))
    draw_model.add(Dense(n_classes, activation='softmax'))

    draw_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
    ckpt_path = "QuickDraw.h5"
    best_ckpt = ModelCheckpoint(ckpt_path, monitor='val_acc', verbose=1, save_best_only=True, mode='max')
    cb_list = [best_ckpt]

    return draw_model, cb_list


def read_pickled_data():
    with open("features", "rb") as fh:
        features_all = np.array(pickle.load(fh))
    with open("labels", "rb") as fh:
        labels_all = np.array(pickle.load(fh))

    return features_all, labels_all


def mirror_augment(features_all, labels_all):
    features_all = np.append(features_all, features_all[:, :, ::-1], axis=0)
    labels_all = np.append(labels_all, -labels_all, axis=0)
    return features_all, labels_all


def onehot_labels(labels_all):
    labels_all = np_utils.to_categorical(labels_all)
    return labels_all


def run_training():
    features_all, labels_all = read_pickled_data()
    # features_all, labels_all = mirror_augment(features_all, labels_all)
    features_all, labels_all = shuffle(features_all, labels_all)
    labels_all = onehot_labels(labels_all)
    x_train, x_test, y_train, y_test = train_test_split(features_all, labels_all, random_state=0,
                                                        test_size=0.1)
    x_train = x_train.reshape(x_train.shape[0], 28, 28, 1)
    x_test = x_test.reshape(x_test.shape[0], 28, 28, 1)
    draw_model, cb_list = build_draw_model(28, 28)
    print_summary(draw_model)
    draw_model.fit(x_train, y_train, validation_data=(x_test, y_test), epochs=3, batch_size=64,
              callbacks=[TensorBoard(log_dir="QuickDraw")])
    draw_model.save('QuickDraw.h5')


if __name__ == '__main__':
    if not os.path.exists("features"):
        dump_feature_pickles()
    run_training()
