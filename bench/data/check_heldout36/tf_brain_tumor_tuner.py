import keras
import pandas as pd
import tensorflow as tf
import numpy as np
import keras_tuner
import os
import cv2
from sklearn.model_selection import train_test_split


def make_model(hp):
    model = keras.Sequential(
        [
            keras.layers.Conv2D(kernel_size=(5, 5), filters=32,
                                activation='relu', padding='same'),
            keras.layers.MaxPool2D(pool_size=(2, 2)),
            keras.layers.Conv2D(kernel_size=(3, 3), filters=32,
                                activation='relu', padding='same'),
            keras.layers.MaxPool2D(pool_size=(2, 2)),
            keras.layers.Conv2D(kernel_size=(3, 3), filters=32,
                                activation='relu', padding='same'),
            keras.layers.MaxPool2D(pool_size=(2, 2)),
            keras.layers.Conv2D(kernel_size=(3, 3), filters=64,
                                activation='relu', padding='same'),
            keras.layers.MaxPool2D(pool_size=(2, 2)),
            keras.layers.Flatten(),
            keras.layers.Dense(units=hp.Int('units', min_value=32, max_value=512, step=32), activation='relu'),
            keras.layers.Dropout(rate=0.5),
            keras.layers.Dense(units=4, activation='softmax')
        ]
    )
    step_size = hp.Float('lr', min_value=1e-4, max_value=1e-2, sampling='log')
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=step_size),
        loss='categorical_crossentropy',
        metrics=['accuracy'],
    )
    return model


search_tuner = keras_tuner.RandomSearch(
    hypermodel=make_model,
    objective='val_accuracy',
    max_trials=3,
    executions_per_trial=2,
    overwrite=True,
    directory='/BrainTumorPredictor',
    project_name='HyperparamsTuning',
)
search_tuner.search_space_summary()

# read every training scan
train_images = []
train_labels = []
train_dir = 'C:/BrainTumorPredictor/Training/'
side = 300

for class_name in os.listdir(train_dir):
    for file_name in os.listdir(train_dir + class_name):
        train_images.append(cv2.resize(cv2.imread(train_dir + class_name + '/' + file_name), (side, side)))
        train_labels.append(class_name)

train_X, test_X, train_y, test_y = train_test_split(np.array(train_images), np.array(train_labels), test_size=0.1)

train_images = (np.array(train_images))

# run the hyper-parameter search
search_tuner.search(tf.cast(train_X, tf.float32), np.array(pd.get_dummies(train_y)), epochs=20,
             validation_data=(tf.cast(test_X, tf.float32), np.array(pd.get_dummies(test_y))))

# keep the two best candidates
top_models = search_tuner.get_best_models(num_models=2)
best_model = top_models[0]
print(best_model.summary)
