import os
import pathlib
import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import tensorflow as tf
import h5py
from tensorflow.keras import layers
from tensorflow.keras import models
from keras.models import Model
from audio_feats import wav_bytes_to_signal, word_from_path, read_clip_and_word, signal_to_stft


# where the command-word folders live
CLIPS_ROOT = '/data/speech_commands/'
root_dir = pathlib.Path(CLIPS_ROOT)
words = np.array(tf.io.gfile.listdir(str(root_dir)))
n_words = len(words)
clip_paths = tf.io.gfile.glob(str(root_dir) + '/*/*')
clip_paths = tf.random.shuffle(clip_paths)
n_clips = len(clip_paths)

# 80 / 10 / 10 split of the clip list
n_train=round(0.8*n_clips)
n_hold=round(0.1*n_clips)
fit_paths = clip_paths[:n_train]
dev_paths = clip_paths[n_train: n_train + n_hold]
eval_paths = clip_paths[-n_hold:]

TUNE = tf.data.experimental.AUTOTUNE
path_ds = tf.data.Dataset.from_tensor_slices(fit_paths)
signal_ds = path_ds.map(map_func=read_clip_and_word, num_parallel_calls=TUNE)

for signal, word in signal_ds.take(1):
  word = word.numpy().decode('utf-8')
  stft = signal_to_stft(signal)

def stft_and_word_index(signal, word):
  stft = signal_to_stft(signal)
  word_idx = tf.argmax(word == words)
  return stft, word_idx

stft_ds = signal_ds.map(map_func=stft_and_word_index, num_parallel_calls=TUNE)

def build_pipeline(paths):
  path_ds = tf.data.Dataset.from_tensor_slices(paths)
  out_ds = path_ds.map(map_func=read_clip_and_word, num_parallel_calls=TUNE)
  out_ds = out_ds.map(map_func=stft_and_word_index, num_parallel_calls=TUNE)
  return out_ds

fit_ds = stft_ds
dev_ds = build_pipeline(dev_paths)
eval_ds = build_pipeline(eval_paths)

bs =256 
fit_ds = fit_ds.batch(bs)
dev_ds = dev_ds.batch(bs)
fit_ds = fit_ds.cache().prefetch(TUNE)
dev_ds = dev_ds.cache().prefetch(TUNE)


### recurrent classifier
inp=layers.Input(shape=(124,129))
h1=layers.LSTM(250)(inp)
h2=layers.Dense(100,activation='relu')(h1)
h3=layers.Dense(50,activation='relu')(h2)
h4=layers.Dense(10,activation='relu')(h3)
out=layers.Dense(n_words, activation='softmax')(h4)
net=Model(inputs=inp,outputs=out)
net.summary()

net.compile(optimizer=tf.keras.optimizers.Adam(), loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'],)
net.fit(fit_ds, validation_data=dev_ds, epochs=30, callbacks=tf.keras.callbacks.EarlyStopping(verbose=1, patience=2),)
net.save('kws_lstm.h5')

## score the held-out clips
eval_x = []
eval_y = []

for xb, yb in eval_ds:
  eval_x.append(xb.numpy())
  eval_y.append(yb.numpy())

eval_x = np.array(eval_x)
eval_y = np.array(eval_y)

# accuracy on the held-out clips
net = tf.keras.models.load_model('kws_lstm.h5')
pred = np.argmax(net.predict(eval_x), axis=1)
truth = eval_y
acc = sum(pred == truth) / len(truth)
print(f'held-out accuracy: {acc:.0%}')

# confusion matrix of the held-out clips
cm = tf.math.confusion_matrix(truth, pred)
plt.figure(figsize=(10, 8))
sns.heatmap(cm, xticklabels=words, yticklabels=words, annot=True, fmt='g')
plt.xlabel('Prediction')
plt.ylabel('Label')
plt.show()

