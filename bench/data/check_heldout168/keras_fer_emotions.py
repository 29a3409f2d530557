import os
import tensorflow as tf

# keep TensorFlow's log output quiet
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'  # only fatal messages
tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.ERROR)

from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout, BatchNormalization
from keras.callbacks import EarlyStopping
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from keras.preprocessing.image import ImageDataGenerator
from keras.initializers import HeNormal
from keras.layers import LeakyReLU
from keras.callbacks import EarlyStopping, ReduceLROnPlateau


def preprocess_images(images, image_size=48):
    ''' Scale the flat pixel rows and shape them as 48x48x1 images. '''
    num_pixels = image_size * image_size
    images = images / 255.0  # scale to [0, 1]
    images = images.reshape(-1, image_size, image_size, 1)  # to NHWC
    return images

# read a CSV split and turn its pixel strings into arrays
def load_and_preprocess_data(file_path, is_train=True):
    data = pd.read_csv(file_path)

    if is_train:
        # parse every space-separated pixel string
        X = np.array([np.fromstring(image, sep=' ') for image in data.iloc[:, 1]])
        y = pd.get_dummies(data.iloc[:, 0]).values
    else:
        X = np.array([np.fromstring(image, sep=' ') for image in data.iloc[:, 0]])

    # scale and reshape
    X = preprocess_images(X)
    return (X, y) if is_train else X

# CSV locations
train_file_path = 'data/train.csv'
test_file_path = 'data/test.csv'

# load both splits
X_train, y_train = load_and_preprocess_data(train_file_path)
X_test = load_and_preprocess_data(test_file_path, is_train=False)

# hold out a validation part
X_train, X_val, y_train, y_val = train_test_split(X_train, y_train, test_size=0.2, random_state=42)

# on-the-fly augmentation
datagen = ImageDataGenerator(
    rotation_range=10,
    width_shift_range=0.1,
    height_shift_range=0.1,
    shear_range=0.1,
    zoom_range=0.1,
    horizontal_flip=True,
    fill_mode='nearest'
)

# the CNN
model = Sequential([
    # block 1
    Conv2D(32, (3, 3), kernel_initializer=HeNormal(), input_shape=(48, 48, 1)),
    LeakyReLU(alpha=0.01),
    BatchNormalization(),
    MaxPooling2D((2, 2)),
    
    # block 2
    Conv2D(64, (3, 3), kernel_initializer=HeNormal()),
    LeakyReLU(alpha=0.01),
    BatchNormalization(),
    MaxPooling2D((2, 2)),
    
    # block 3
    Conv2D(128, (3, 3), kernel_initializer=HeNormal()),
    LeakyReLU(alpha=0.01),
    BatchNormalization(),
    MaxPooling2D((2, 2)),
    
    # to a vector
    Flatten(),
    
    # hidden dense layer
    Dense(128, kernel_initializer=HeNormal()),
    LeakyReLU(alpha=0.01),
    BatchNormalization(),
    Dropout(0.5),
    
    # seven emotion classes
    Dense(7, activation='softmax')
])

# compile
model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])

# stop when validation loss stalls
early_stopping = EarlyStopping(monitor='val_loss', patience=3)

# train
model.fit(datagen.flow(X_train, y_train, batch_size=64), 
          epochs=15, 
          validation_data=(X_val, y_val), 
          callbacks=[early_stopping])

# save
model.save('emotion_model.h5')

print("Modèle entraîné et sauvegardé sous 'emotion_model.h5'")
