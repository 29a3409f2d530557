import pandas as pd
import numpy as np
import tensorflow as tf

from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense, Dropout
from tensorflow.keras.callbacks import ModelCheckpoint
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn import metrics

np.random.seed(7)
tf.random.set_seed(7)

CHANNEL_FILES = [
    "body_acc_x",
    "body_acc_y",
    "body_acc_z",
    "body_gyro_x",
    "body_gyro_y",
    "body_gyro_z",
    "total_acc_x",
    "total_acc_y",
    "total_acc_z"
    ]


def read_channels(split):
    per_channel = []

    for channel in CHANNEL_FILES:
        txt_path = f'UCI_HAR_Dataset/{split}/Inertial Signals/{channel}_{split}.txt'
        frame = pd.read_csv(txt_path, delim_whitespace=True, header=None)
        per_channel.append(frame.to_numpy())

    return np.transpose(per_channel, (1, 2, 0))


def read_targets(split):
    txt_path = f'UCI_HAR_Dataset/{split}/y_{split}.txt'
    targets = pd.read_csv(txt_path, delim_whitespace=True, header=None)[0]

    return pd.get_dummies(targets).to_numpy()


def read_all():
    train_x, test_x = read_channels('train'), read_channels('test')
    train_y, test_y = read_targets('train'), read_targets('test')

    return train_x, test_x, train_y, test_y


# size of the recurrent state
hidden_units = 64

# read both splits from the text files
train_x, test_x, train_y, test_y = read_all()


steps_per_window = len(train_x[0])
n_channels = len(train_x[0][0])
# six activities in the label file
n_activities = 6


# a single recurrent layer network
net = Sequential()
# recurrent encoder over the window
net.add(LSTM(hidden_units, input_shape=(steps_per_window, n_channels), name='input'))
# regularise the encoding
net.add(Dropout(0.5))
# softmax head over the activities
net.add(Dense(n_activities, activation='softmax', name='output'))
net.summary()


# loss and optimiser
net.compile(loss='categorical_crossentropy', optimizer='rmsprop', metrics=['accuracy'])

# keep the best checkpoint
cbs = [ModelCheckpoint('lstm.h5', save_weights_only=False, save_best_only=True, verbose=1)]

# fit on the training windows
net.fit(train_x, train_y, batch_size=16, validation_data=(test_x, test_y), epochs=30, callbacks=cbs)


# class scores on the held-out windows
scores = net.predict(test_x)

pred_ids = np.argmax(scores, axis=1)
true_ids = np.argmax(test_y, axis=1)

cm = metrics.confusion_matrix(y_true=true_ids, y_pred=pred_ids)

NAMES = ['Walk', 'Up', 'Down', 'Sit', 'Stand', 'Lie', ]

plt.figure(figsize=(12, 10))
sns.set(style='darkgrid', font_scale=1.5)
sns.heatmap(cm, xticklabels=NAMES, yticklabels=NAMES, annot=True, fmt="d")
plt.title("LSTM confusion matrix")
plt.ylabel('Actual')
plt.xlabel('Predicted')
plt.show()

# export with a fixed signature
serve_fn = tf.function(lambda x: net(x))
concrete = serve_fn.get_concrete_function(tf.TensorSpec([1, 128, 9], net.inputs[0].dtype))


EXPORT_DIR = "saved_lstm"
net.save(EXPORT_DIR, save_format="tf", signatures=concrete)

# convert to a flatbuffer
tfl_conv = tf.lite.TFLiteConverter.from_saved_model(EXPORT_DIR)
tfl_bytes = tfl_conv.convert()

# write it out
with open('lstm.tflite', 'wb') as fh:
  fh.write(tfl_bytes)

# print the interpreter's input and output specs
interp = tf.lite.Interpreter(model_path="lstm.tflite")
in_specs = interp.get_input_details()
out_specs = interp.get_output_details()
print("in shape:", in_specs[0]['shape'])
print("in dtype:", in_specs[0]['dtype'])
print("out shape:", out_specs[0]['shape'])
print("out dtype:", out_specs[0]['dtype'])
