# libraries
import os
import cv2
import math
import random
import numpy as np
import datetime as dt
import tensorflow as tf
from collections import deque
import matplotlib.pyplot as plt
import gc
from tensorflow.keras import backend as K

from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix
import seaborn as sns

from tensorflow.keras.layers import *
from tensorflow.keras.models import Sequential
from tensorflow.keras.regularizers import l2
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from tensorflow.keras.optimizers import Adam
from tensorflow.keras import mixed_precision

# read the cached clip arrays
npz_data = np.load(r"300_lv_v_nv_dataset.npz")
clip_features = npz_data['features']
labels = npz_data['labels']
print("clip arrays read")

os.environ["CUDA_VISIBLE_DEVICES"] = "0"
from numba import cuda
cuda.select_device(0)
cuda.close()

gpu_list = tf.config.experimental.list_physical_devices('GPU')
if gpu_list:
    try:
        for gpu_dev in gpu_list:
            tf.config.experimental.set_memory_growth(gpu_dev, True)
        tf.config.experimental.set_virtual_device_configuration(
            gpu_list[0],
            [tf.config.experimental.VirtualDeviceConfiguration(memory_limit=2048)]
        )
        print("GPU memory options applied")
    except RuntimeError as err:
        print(err)

# float16 compute policy
mixed_precision.set_global_policy('mixed_float16')
print("GPU set up")

seed_value = 25
np.random.seed(seed_value)
random.seed(seed_value)
tf.random.set_seed(seed_value)

IMAGE_HEIGHT, IMAGE_WIDTH = 64, 64
SEQUENCE_LENGTH = 20
CLASS_NAMES = ["LiftVandalism","Violence","NonViolence"]

# labels to one-hot
onehot_labels = to_categorical(labels)

# hold out a quarter for validation
train_X, val_X, train_y, val_y = train_test_split(
    clip_features, onehot_labels, test_size=0.25, shuffle=True, random_state=seed_value
)

# CNN per frame, then BiLSTM over time
def build_lrcn_model():
    model = Sequential()
    model.add(TimeDistributed(Conv2D(64, (3, 3), padding='same', kernel_regularizer=l2(0.001)),
                              input_shape=(SEQUENCE_LENGTH, IMAGE_HEIGHT, IMAGE_WIDTH, 3)))
    model.add(TimeDistributed(BatchNormalization()))
    model.add(TimeDistributed(Activation('relu')))
    model.add(TimeDistributed(MaxPooling2D((4, 4))))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(TimeDistributed(Conv2D(128, (3, 3), padding='same', kernel_regularizer=l2(0.001))))
    model.add(TimeDistributed(BatchNormalization()))
    model.add(TimeDistributed(Activation('relu')))
    model.add(TimeDistributed(MaxPooling2D((4, 4))))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(TimeDistributed(Conv2D(256, (3, 3), padding='same', kernel_regularizer=l2(0.001))))
    model.add(TimeDistributed(BatchNormalization()))
    model.add(TimeDistributed(Activation('relu')))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(TimeDistributed(Conv2D(512, (3, 3), padding='same', kernel_regularizer=l2(0.001))))
    model.add(TimeDistributed(BatchNormalization()))
    model.add(TimeDistributed(Activation('relu')))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(TimeDistributed(Flatten()))

    model.add(Bidirectional(LSTM(128, return_sequences=True)))
    model.add(Bidirectional(LSTM(64)))

    model.add(Dense(len(CLASS_NAMES), activation='softmax'))

    model.summary()
    return model

# instantiate
lrcn_model = build_lrcn_model()
print("network built")

# stop early on val loss
early_stop_cb = EarlyStopping(
    monitor='val_loss', patience=15, mode='min', restore_best_weights=True
)

# Adam with a small step
lr_value = 1e-4
optimizer = Adam(learning_rate=lr_value)

# compile
lrcn_model.compile(
    loss='categorical_crossentropy',
    optimizer=optimizer,
    metrics=["accuracy"]
)

# training
lrcn_fit_history = lrcn_model.fit(
    x=train_X,
    y=train_y,
    epochs=150,
    batch_size=8,
    shuffle=True,
    validation_split=0.2,
    callbacks=[early_stop_cb]
)

# score on held-out clips
eval_scores = lrcn_model.evaluate(val_X, val_y)
eval_loss, eval_acc = eval_scores

# save with a time stamp in the name
stamp_format = '%Y_%m_%d__%H_%M_%S'
now_dt = dt.datetime.now()
now_str = dt.datetime.strftime(now_dt, stamp_format)

model_out_file = f'liftv_vio_nonvio_model2{current_date_time_string}___Loss_{model_evaluation_loss:.4f}___Accuracy_{model_evaluation_accuracy:.4f}.h5'
lrcn_model.save(model_out_file)

# accuracy curves
plt.plot(lrcn_fit_history.history['accuracy'], label='train acc')
plt.plot(lrcn_fit_history.history['val_accuracy'], label='val acc')
plt.xlabel('Epochs')
plt.ylabel('Accuracy')
plt.legend()
plt.title('accuracy by epoch')
plt.show()

# loss curves
plt.plot(lrcn_fit_history.history['loss'], label='train loss')
plt.plot(lrcn_fit_history.history['val_loss'], label='val loss')
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()
plt.title('loss by epoch')
plt.show()

# predict held-out clips
val_probs = lrcn_model.predict(val_X)
pred_ids = val_probs.argmax(axis=1)
true_ids = val_y.argmax(axis=1)

# confusion matrix
cm = confusion_matrix(true_ids, pred_ids)
plt.figure(figsize=(10, 8))
sns.heatmap(cm, annot=True, fmt="d", cmap="Blues", xticklabels=CLASS_NAMES, yticklabels=CLASS_NAMES)
plt.xlabel("predicted")
plt.ylabel("actual")
plt.title("confusion")
plt.show()
