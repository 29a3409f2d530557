"""
Recognise facial expressions from 48x48 grey face crops arranged like FER-2013
(data/train/<emotion>/*.png and data/val/<emotion>/*.png).

    --mode train    fit the network on the two folders
    --mode display  label faces seen by the webcam with the fitted network
"""
import numpy as np
import argparse
import cv2
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Flatten
from keras.layers.convolutional import Conv2D
from keras.optimizers import Adam
from keras.layers.pooling import MaxPooling2D
from keras.preprocessing.image import ImageDataGenerator
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'
import matplotlib as mpl
mpl.use('TkAgg')
import matplotlib.pyplot as plt

# options
argp = argparse.ArgumentParser()
argp.add_argument("--mode", help="either train or display")
cli_opts = argp.parse_args()
mode_sel = cli_opts.mode


def draw_fit_curves(fit_hist):
    """
    Plot the accuracy and loss per epoch stored in a Keras History.
    """
    fig, ax_pair = plt.subplots(1, 2, figsize=(15, 5))
    # left panel: accuracy
    ax_pair[0].plot(range(1, len(fit_hist.history['acc']) + 1), fit_hist.history['acc'])
    ax_pair[0].plot(range(1, len(fit_hist.history['val_acc']) + 1), fit_hist.history['val_acc'])
    ax_pair[0].set_title('accuracy per epoch')
    ax_pair[0].set_ylabel('accuracy')
    ax_pair[0].set_xlabel('epoch')
    ax_pair[0].set_xticks(np.arange(1, len(fit_hist.history['acc']) + 1), len(fit_hist.history['acc']) / 10)
    ax_pair[0].legend(['train', 'val'], loc='best')
    # right panel: loss
    ax_pair[1].plot(range(1, len(fit_hist.history['loss']) + 1), fit_hist.history['loss'])
    ax_pair[1].plot(range(1, len(fit_hist.history['val_loss']) + 1), fit_hist.history['val_loss'])
    ax_pair[1].set_title('loss per epoch')
    ax_pair[1].set_ylabel('loss')
    ax_pair[1].set_xlabel('epoch')
    ax_pair[1].set_xticks(np.arange(1, len(fit_hist.history['loss']) + 1), len(fit_hist.history['loss']) / 10)
    ax_pair[1].legend(['train', 'val'], loc='best')
    fig.savefig('plot.png')
    plt.show()


# image folders, counts and run lengths
train_folder = 'data/train'
val_folder = 'data/val'

n_train_imgs = 28709
n_val_imgs = 7178
batch_n = 64
n_epochs = 50

# the folders are read lazily, one batch of images at a time
train_datagen = ImageDataGenerator(rescale=1. / 255)
val_datagen = ImageDataGenerator(rescale=1. / 255)

train_batches = train_datagen.flow_from_directory(
        train_folder,
        target_size=(48, 48),
        batch_size=batch_n,
        color_mode="grayscale",
        class_mode='categorical')

val_batches = val_datagen.flow_from_directory(
        val_folder,
        target_size=(48, 48),
        batch_size=batch_n,
        color_mode="grayscale",
        class_mode='categorical')

# convolutional classifier
emotion_model = Sequential()

emotion_model.add(Conv2D(32, kernel_size=(3, 3), activation='relu', input_shape=(48, 48, 1)))
emotion_model.add(Conv2D(64, kernel_size=(3, 3), activation='relu'))
emotion_model.add(MaxPooling2D(pool_size=(2, 2)))
emotion_model.add(Dropout(0.25))

emotion_model.add(Conv2D(128, kernel_size=(3, 3), activation='relu'))
emotion_model.add(MaxPooling2D(pool_size=(2, 2)))
emotion_model.add(Conv2D(128, kernel_size=(3, 3), activation='relu'))
emotion_model.add(MaxPooling2D(pool_size=(2, 2)))
emotion_model.add(Dropout(0.25))

emotion_model.add(Flatten())
emotion_model.add(Dense(1024, activation='relu'))
emotion_model.add(Dropout(0.5))
emotion_model.add(Dense(7, activation='softmax'))

if mode_sel == "train":
    emotion_model.compile(loss='categorical_crossentropy', optimizer=Adam(lr=0.0001, decay=1e-6), metrics=['accuracy'])

    fit_hist = emotion_model.fit_generator(
            train_batches,
            steps_per_epoch=n_train_imgs // batch_n,
            epochs=n_epochs,
            validation_data=val_batches,
            validation_steps=n_val_imgs // batch_n)

    draw_fit_curves(fit_hist)
    emotion_model.save_weights('model.h5')

# webcam mode: classify faces live
elif mode_sel == "display":
    emotion_model.load_weights('model.h5')

    # turn OpenCL off so OpenCV stays quiet
    cv2.ocl.setUseOpenCL(False)

    # emotion for each output index (folders sorted alphabetically)
    emotion_labels = {0: "Angry", 1: "Disgusted", 2: "Fearful", 3: "Happy", 4: "Neutral", 5: "Sad", 6: "Surprised"}

    webcam = cv2.VideoCapture(0)
    while True:
        # find faces in the frame with the Haar detector
        grabbed, cam_frame = webcam.read()
        haar = cv2.CascadeClassifier('haarcascade_frontalface_default.xml')
        gray_frame = cv2.cvtColor(cam_frame, cv2.COLOR_BGR2GRAY)
        face_boxes = haar.detectMultiScale(gray_frame, scaleFactor=1.3, minNeighbors=5)

        for (x, y, w, h) in face_boxes:
            cv2.rectangle(cam_frame, (x, y - 50), (x + w, y + h + 10), (255, 0, 0), 2)
            face_img = gray_frame[y:y + h, x:x + w]
            face_batch = np.expand_dims(np.expand_dims(cv2.resize(face_img, (48, 48)), -1), 0)
            probs = emotion_model.predict(face_batch)
            top = int(np.argmax(probs))
            cv2.putText(cam_frame, emotion_labels[top], (x + 20, y - 60), cv2.FONT_HERSHEY_SIMPLEX, 1, (255, 255, 255), 2, cv2.LINE_AA)

        cv2.imshow('live emotions', cv2.resize(cam_frame, (1600, 960), interpolation=cv2.INTER_CUBIC))
        if cv2.waitKey(1) & 0xFF == ord('q'):
            break

    webcam.release()
    cv2.destroyAllWindows()
