import os
import numpy as np
import tensorflow as tf
import pandas as pd
from tensorflow.keras.applications.resnet50 import ResNet50
from tensorflow.keras.preprocessing import image
from tensorflow.keras.applications.resnet50 import preprocess_input, decode_predictions
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Flatten, GlobalAveragePooling2D, Dropout, AveragePooling2D
from tensorflow.keras.applications.resnet50 import ResNet50, preprocess_input
from tensorflow.keras.callbacks import ModelCheckpoint, EarlyStopping
from tensorflow.keras.models import Model
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split

# table of file names and their classes
table = pd.read_csv("/labels/train_labels.csv")

# hold out a fifth of the rows for validation
fit_rows, held_rows = train_test_split(table, test_size=0.2, random_state=35)

n_labels = len(table['label'].unique())

# augmenting generator for the fitting rows
fit_aug = ImageDataGenerator(
    rescale=1./255,
    rotation_range=20,
		zoom_range=0.15,
		width_shift_range=0.2,
		height_shift_range=0.2,
		shear_range=0.15,
		horizontal_flip=True,
    preprocessing_function=preprocess_input
)

held_aug = ImageDataGenerator(
    rescale=1./255,
    preprocessing_function=preprocess_input
)

# batches are read from disk as they are needed
fit_flow = fit_aug.flow_from_dataframe(
    dataframe=fit_rows,  # rows used for fitting
    directory='../train_all',  # folder holding the pictures
    x_col='filename',
    y_col='label',
    target_size=(224, 224),
    batch_size=32,
    class_mode='categorical'
)

held_flow = held_aug.flow_from_dataframe(
    dataframe=held_rows,  # rows used for checking
    directory='../train_all',  # folder holding the pictures
    x_col='filename',
    y_col='label',
    target_size=(224, 224),
    batch_size=32,
    class_mode='categorical'
)

index_of_class = fit_flow.class_indices
print(index_of_class)
class_list = list(index_of_class.keys())
print(class_list)

# pretrained backbone without its head
backbone = ResNet50(weights='imagenet', include_top=False, input_shape=(224, 224, 3))

# pooled features, a hidden layer and the classifier
h = backbone.output
h = AveragePooling2D(pool_size=(7, 7))(h)
h = Flatten()(h)
h = Dense(256, activation="relu")(h)
h = Dropout(0.5)(h)
probs = Dense(n_labels, activation='softmax')(h)

net = Model(inputs=backbone.input, outputs=probs)

# loss and optimiser
net.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])

# keep the best weights and stop when validation stalls
saver = ModelCheckpoint('best_resnet.h5', save_best_only=True, save_weights_only=True, monitor='val_loss', mode='min', verbose=1)
stopper = EarlyStopping(monitor='val_loss', mode='min', patience=10, verbose=1)

log = net.fit_generator(
        fit_flow,
        steps_per_epoch= fit_flow.samples // fit_flow.batch_size, #len(fit_flow),
        epochs=60,
        callbacks=[saver, stopper],
        validation_steps = held_flow.samples // held_flow.batch_size, #len(held_flow),
        validation_data=held_flow)

plt.plot(log.history['loss'], label='fit loss')
plt.plot(log.history['val_loss'], label='held loss')
plt.legend()
plt.savefig("resnet/resnetloss.pdf", format="pdf", bbox_inches="tight")

plt.plot(log.history['accuracy'], label = 'fit accuracy')
plt.plot(log.history['val_accuracy'], label ='held accuracy')
plt.legend()
plt.savefig("resnet/resnetaccuracy.pdf", format="pdf", bbox_inches="tight")
