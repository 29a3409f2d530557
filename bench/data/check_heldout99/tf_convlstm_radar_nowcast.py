import os
import glob
import io
import imageio
import sklearn.model_selection as sk
import matplotlib
import matplotlib.pyplot as plt
import matplotlib.animation as animation
import numpy as np
import PIL
import h5py
import tensorflow as tf
from tensorflow import keras
from keras.models import Sequential
from keras.layers import Conv3D
from keras.layers import ConvLSTM2D
from keras.layers import BatchNormalization
from keras.layers import LeakyReLU
from PIL import Image
matplotlib.use("Agg")

try:
    # run on the CPU only
    tf.config.set_visible_devices([], 'GPU')
    devs = tf.config.get_visible_devices()
    for d in devs:
        assert d.device_type != 'GPU'
except:
    # devices were already initialised; keep going
    pass

# the radar composites are at most 382x350
def read_radar_sequences(root, size):
    width = size[0]
    height = size[1]
    seq_dirs = [root + name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name))]
    frames = np.zeros(shape=(len(seq_dirs),36,height,width)) # (sequences, time steps, rows, cols)

    for s,seq_dir in enumerate(seq_dirs):
        names = [n for n in os.listdir(seq_dir) if n != '.DS_Store']
        names.sort()
        seq = np.zeros(shape=(36, height, width))
        for (t,name) in enumerate(names):
            path = seq_dir + '/' + name
            h5 = h5py.File(path)
            raw = np.array(h5["image1"]["image_data"]).astype(float)
            h5 = Image.fromarray(raw)
            # PIL takes (width, height); the array is (rows, cols)
            h5 = h5.resize(size=(width, height))
            raw = np.array(h5)
            raw = raw / 255.0
            seq[t] = raw
        frames[s] = seq
        print("Read sequence:" + str(s+1))
    return frames

def split_past_future(frames):
    past = frames[:, 0 : 18, :, :]
    future = frames[:, 18 : 36, :, :]
    return past, future

frames = read_radar_sequences('./data/raw_training/', size=(315,344))
frames = np.expand_dims(frames, axis=-1)
past, future = split_past_future(frames)
past_fit, past_val, future_fit, future_val = sk.train_test_split(past,future,test_size=0.1, random_state = 42)

def build_net():
    net = Sequential()
    net.add(ConvLSTM2D(filters=64, kernel_size=(7, 7),
                    input_shape=(18,344,315,1),
                    padding='same',activation=LeakyReLU(alpha=0.01), return_sequences=True))
    net.add(BatchNormalization())
    net.add(ConvLSTM2D(filters=64, kernel_size=(5, 5),
                    padding='same',activation=LeakyReLU(alpha=0.01), return_sequences=True))
    net.add(BatchNormalization())
    net.add(ConvLSTM2D(filters=64, kernel_size=(3, 3),
                    padding='same',activation=LeakyReLU(alpha=0.01), return_sequences=True))
    net.add(BatchNormalization())
    net.add(ConvLSTM2D(filters=64, kernel_size=(1, 1),
                    padding='same',activation=LeakyReLU(alpha=0.01), return_sequences=True))
    net.add(Conv3D(filters=1, kernel_size=(3, 3, 3),
                activation='sigmoid',
                padding='same', data_format='channels_last'))
    return net

net = build_net()

net.compile(loss='binary_crossentropy', optimizer='adadelta')
print(net.summary())

N_EPOCHS = 25
BATCH = 1

# train
net.fit(
    past_fit,
    future_fit,
    batch_size=BATCH,
    epochs=N_EPOCHS,
    validation_data=(past_val, future_val),
    verbose=1,
)
net.save('./model_saved')

# one random validation sequence
pick = np.random.choice(range(len(past_val)), size=1)
seq_in = past_val[pick[0]]
seq_out = future_val[pick[0]]

given = seq_in
truth = seq_out

# forecast the following 18 frames
forecast = net.predict(np.expand_dims(given, axis=0))
forecast = np.squeeze(forecast, axis=0)

fig, axes = plt.subplots(2, 18, figsize=(20, 4))

# top row: observed frames
for k, ax in enumerate(axes[0]):
    ax.imshow(np.squeeze(truth[k]), cmap="viridis")
    ax.set_title(f"Frame {k + 18}")
    ax.axis("off")

# bottom row: forecast frames
for k, ax in enumerate(axes[1]):
    ax.imshow((forecast[k]).reshape((344,315)), cmap="viridis")
    ax.set_title(f"Frame {k + 18}")
    ax.axis("off")

plt.show()

def write_truth_gif():
    fig, ax = plt.subplots()
    artists = []
    for f in truth:
        ax.set_title("Observed")
        ax.axis("off")
        im = ax.imshow(np.squeeze(f),cmap='viridis', animated=False)
        artists.append([im])
    anim = animation.ArtistAnimation(fig, artists,
                                     interval=100, blit=False,
                                     repeat_delay=1000)
    anim.save('./ground_truth.gif',
              writer=animation.PillowWriter(), dpi=100)

def write_forecast_gif():
    fig, ax = plt.subplots()
    artists = []
    for f in forecast:
        ax.set_title("Observed")
        ax.axis("off")
        im = ax.imshow(np.squeeze(f),cmap='viridis', animated=False)
        ax.set_title("Forecast")
        artists.append([im])

    anim = animation.ArtistAnimation(fig, artists,
                                     interval=100, blit=False,
                                     repeat_delay=1000)
    anim.save('./predicted.gif',
              writer=animation.PillowWriter(), dpi=100)

write_forecast_gif()
write_truth_gif()
