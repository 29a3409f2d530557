# source: https://github.com/Marsh-James/Project-E/blob/0fca44fc370e2bbc68a33458d987da7a9073c57f/cnn/model/src.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from keras.models import Sequential
from keras.layers import Dense, Conv2D, Flatten, MaxPooling2D, Dropout
from keras_preprocessing.image import ImageDataGenerator

augmenter = ImageDataGenerator(
    rescale=1. / 255,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True,
    validation_split=0.2)

train_flow = augmenter.flow_from_directory(
    "../data/training/",
    target_size=(128, 128),
    color_mode="grayscale",
    batch_size=32,
    subset="training")

validation_flow = augmenter.flow_from_directory(
    "../data/training/",
    target_size=(128, 128),
    color_mode="grayscale",
    batch_size=32,
    subset="validation")

classifier = Sequential()
classifier.add(Conv2D(64, kernel_size=3, activation='relu', input_shape=(128, 128, 1)))
classifier.add(MaxPooling2D((2, 2)))
classifier.add(Conv2D(128, kernel_size=3, activation='relu'))
classifier.add(MaxPooling2D((2, 2)))
classifier.add(Conv2D(256, kernel_size=3, activation='relu'))
classifier.add(MaxPooling2D((2, 2)))
classifier.add(Dropout(0.2))
classifier.add(Conv2D(512, kernel_size=3, activation='relu'))
classifier.add(MaxPooling2D((2, 2)))
classifier.add(Dropout(0.3))
classifier.add(Conv2D(768, kernel_size=3, activation='relu'))
classifier.add(MaxPooling2D((2, 2)))
classifier.add(Dropout(0.4))
classifier.add(Flatten())
classifier.add(Dense(15, activation='softmax'))

classifier.compile(optimizer='adam',
                   loss='categorical_crossentropy',
                   metrics=['accuracy'])

classifier.fit_generator(
    train_flow,
    steps_per_epoch=96,
    validation_data=validation_flow,
    validation_steps=32,
    epochs=15,
)

classifier.save('model-v1.h5')
