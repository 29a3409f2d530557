# source: https://github.com/bm777/humanface-mask-detector/blob/2871af07a7ea9c4e52a612398da025a867f3bd03/fm_train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications import MobileNetV2
from tensorflow.keras.layers import AveragePooling2D
from tensorflow.keras.layers import Dropout, Flatten, Dense, Input
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.applications.mobilenet_v2 import preprocess_input
from tensorflow.keras.preprocessing.image import img_to_array, load_img
from tensorflow.keras.utils import to_categorical
from sklearn.preprocessing import LabelBinarizer
from sklearn.model_selection import train_test_split
from sklearn.metrics import classification_report
from imutils import paths
import tensorflow

import matplotlib.pyplot as plt
import numpy as np
import argparse, os

ap = argparse.ArgumentParser()
ap.add_argument("-d", "--dataset", required=True, help="folder with one sub-folder of face images per class")
ap.add_argument("-p", "--plot", type=str, default="curves.png", help="where to write the training curves")
ap.add_argument("-m", "--model", type=str, default="mask_classifier.model", help="where to write the trained network")
cli = vars(ap.parse_args())

LR0 = 1e-4
EPOCHS = 20
BATCH = 32


def load_faces():
    img_paths = list(paths.list_images(cli["dataset"]))
    img_data = []
    face_labels = []

    for img_path in img_paths:
        # the class is the name of the folder holding the image
        face_class = img_path.split(os.path.sep)[-2]

        img = load_img(img_path, target_size=(224, 224))
        img = img_to_array(img)
        img = preprocess_input(img)

        img_data.append(img)
        face_labels.append(face_class)

    img_data = np.array(img_data, dtype="float32")
    face_labels = np.array(face_labels)

    return img_data, face_labels


def encode_labels(face_labels):
    binarizer = LabelBinarizer()
    face_labels = binarizer.fit_transform(face_labels)
    return to_categorical(face_labels)


def make_augmenter():
    return ImageDataGenerator(zoom_range=0.15, rotation_range=20, shear_range=0.15, horizontal_flip=True,
                              height_shift_range=0.2, width_shift_range=0.2, fill_mode="nearest")


def build_detector():
    # frozen ImageNet MobileNetV2 body with a small trainable head
    backbone = MobileNetV2(include_top=False, weights="imagenet", input_tensor=Input(shape=(224, 224, 3)))

    head = backbone.output
    head = AveragePooling2D(pool_size=(7, 7))(head)
    head = Flatten(name="flatten")(head)
    head = Dense(128, activation="relu")(head)
    head = Dropout(0.5)(head)
    head = Dense(2, activation="softmax")(head)

    mask_model = Model(inputs=backbone.input, outputs=head)

    for layer in backbone.layers:
        layer.trainable = False

    return mask_model


def compile_detector(mask_model):
    adam = Adam(lr=LR0, decay=LR0 / EPOCHS)
    mask_model.compile(optimizer=adam, metrics=["accuracy"], loss="binary_crossentropy")


def train_detector(mask_model):
    history = mask_model.fit(
        aug.flow(train_X, train_Y, batch_size=BATCH),
        validation_data=(test_X, test_Y),
        steps_per_epoch=len(train_X) // BATCH,
        validation_steps=len(test_X) // BATCH,
        epochs=EPOCHS)


def evaluate_detector():
    guesses = mask_model.predict(test_X, batch_size=BATCH)
    guesses = np.argmax(guesses, axis=1)
    print(classification_report(test_Y.argmax(axis=1), guesses, taget_names=binarizer.classes_))


def save_detector(mask_model):
    mask_model.save(cli["model"], save_format="h5")


def plot_history(history):
    xs = np.arange(0, EPOCHS)
    plt.figure()
    for key in ("loss", "val_loss", "accuracy", "val_accuracy"):
        plt.plot(xs, history.history[key], label=key)
    plt.title("loss and accuracy per epoch")
    plt.xlabel("epoch")
    plt.ylabel("value")
    plt.legend(loc="best")
    plt.savefig(cli["plot"])


if __name__ == '__main__':
    gpu_list = tensorflow.config.experimental.list_physical_devices('GPU')
    try:
        tensorflow.config.experimental.set_virtual_device_configuration(gpu_list[0], [
            tensorflow.config.experimental.VirtualDeviceConfiguration(memory_limit=2048)])
        print("reading face images")
        img_data, face_labels = load_faces()

        face_labels = encode_labels(face_labels)

        print("splitting into train and test")
        (train_X, test_X, train_Y, test_Y) = train_test_split(img_data, face_labels, random_state=42,
                                                              stratify=face_labels, test_size=0.2)

        aug = make_augmenter()

        print("building MobileNetV2 with a new head")
        mask_model = build_detector()

        compile_detector(mask_model)

        print("training")
        history = train_detector(mask_model)

        evaluate_detector()

        save_detector(mask_model)

        plot_history(history)
    except RuntimeError as err:
        print(err)
