"""
Facial expression recognition on 48x48 grayscale face crops (FER-2013 layout:
data/train/<emotion>/*.png, data/val/<emotion>/*.png).

  --mode train    fit the CNN from the image folders
  --mode display  run the saved model on webcam faces
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

# command line
cli = argparse.ArgumentParser()
cli.add_argument("--mode", help="train/display")
parsed = cli.parse_args()
run_mode = parsed.mode


def plot_model_history(fit_record):
    """
    Draw accuracy and loss curves from a Keras History object.
    """
    fig, axes = plt.subplots(1, 2, figsize=(15, 5))
    # accuracy
    axes[0].plot(range(1, len(fit_record.history['acc']) + 1), fit_record.history['acc'])
    axes[0].plot(range(1, len(fit_record.history['val_acc']) + 1), fit_record.history['val_acc'])
    axes[0].set_title('Model Accuracy')
    axes[0].set_ylabel('Accuracy')
    axes[0].set_xlabel('Epoch')
    axes[0].set_xticks(np.arange(1, len(fit_record.history['acc']) + 1), len(fit_record.history['acc']) / 10)
    axes[0].legend(['train', 'val'], loc='best')
    # loss
    axes[1].plot(range(1, len(fit_record.history['loss']) + 1), fit_record.history['loss'])
    axes[1].plot(range(1, len(fit_record.history['val_loss']) + 1), fit_record.history['val_loss'])
    axes[1].set_title('Model Loss')
    axes[1].set_ylabel('Loss')
    axes[1].set_xlabel('Epoch')
    axes[1].set_xticks(np.arange(1, len(fit_record.history['loss']) + 1), len(fit_record.history['loss']) / 10)
    axes[1].legend(['train', 'val'], loc='best')
    fig.savefig('plot.png')
    plt.show()


# folders and sizes
train_dir = 'data/train'
val_dir = 'data/val'

num_train = 28709
num_val = 7178
batch_size = 64
num_epoch = 50

# images are read batch by batch from the folders
train_gen = ImageDataGenerator(rescale=1. / 255)
val_gen = ImageDataGenerator(rescale=1. / 255)

train_flow = train_gen.flow_from_directory(
        train_dir,
        target_size=(48, 48),
        batch_size=batch_size,
        color_mode="grayscale",
        class_mode='categorical')

val_flow = val_gen.flow_from_directory(
        val_dir,
        target_size=(48, 48),
        batch_size=batch_size,
        color_mode="grayscale",
        class_mode='categorical')

# network
cnn = Sequential()

cnn.add(Conv2D(32, kernel_size=(3, 3), activation='relu', input_shape=(48, 48, 1)))
cnn.add(Conv2D(64, kernel_size=(3, 3), activation='relu'))
cnn.add(MaxPooling2D(pool_size=(2, 2)))
cnn.add(Dropout(0.25))

cnn.add(Conv2D(128, kernel_size=(3, 3), activation='relu'))
cnn.add(MaxPooling2D(pool_size=(2, 2)))
cnn.add(Conv2D(128, kernel_size=(3, 3), activation='relu'))
cnn.add(MaxPooling2D(pool_size=(2, 2)))
cnn.add(Dropout(0.25))

cnn.add(Flatten())
cnn.add(Dense(1024, activation='relu'))
cnn.add(Dropout(0.5))
cnn.add(Dense(7, activation='softmax'))

if run_mode == "train":
    cnn.compile(loss='categorical_crossentropy', optimizer=Adam(lr=0.0001, decay=1e-6), metrics=['accuracy'])

    fit_record = cnn.fit_generator(
            train_flow,
            steps_per_epoch=num_train // batch_size,
            epochs=num_epoch,
            validation_data=val_flow,
            validation_steps=num_val // batch_size)

    plot_model_history(fit_record)
    cnn.save_weights('model.h5')

# live inference on the webcam stream
elif run_mode == "display":
    cnn.load_weights('model.h5')

    # avoid OpenCL and its log noise
    cv2.ocl.setUseOpenCL(False)

    # class index -> label (alphabetical folder order)
    labels = {0: "Angry", 1: "Disgusted", 2: "Fearful", 3: "Happy", 4: "Neutral", 5: "Sad", 6: "Surprised"}

    cam = cv2.VideoCapture(0)
    while True:
        # detect faces with a Haar cascade
        ok, frame = cam.read()
        cascade = cv2.CascadeClassifier('haarcascade_frontalface_default.xml')
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        boxes = cascade.detectMultiScale(gray, scaleFactor=1.3, minNeighbors=5)

        for (x, y, w, h) in boxes:
            cv2.rectangle(frame, (x, y - 50), (x + w, y + h + 10), (255, 0, 0), 2)
            face = gray[y:y + h, x:x + w]
            crop = np.expand_dims(np.expand_dims(cv2.resize(face, (48, 48)), -1), 0)
            scores = cnn.predict(crop)
            best = int(np.argmax(scores))
            cv2.putText(frame, labels[best], (x + 20, y - 60), cv2.FONT_HERSHEY_SIMPLEX, 1, (255, 255, 255), 2, cv2.LINE_AA)

        cv2.imshow('Video', cv2.resize(frame, (1600, 960), interpolation=cv2.INTER_CUBIC))
        if cv2.waitKey(1) & 0xFF == ord('q'):
            break

    cam.release()
    cv2.destroyAllWindows()
