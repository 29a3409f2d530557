import h5py
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout, UpSampling2D
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.preprocessing.image import ImageDataGenerator
import numpy as np
import cv2

print("imports ready")

labelled_mat = "/data/nyu/nyu_depth_v2_labeled.mat"

# prints a one-line summary after each epoch
class EpochReport(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print(f"ep {epoch+1}: mse={logs['loss']:.4f} mae={logs['mae']:.4f} val_mse={logs['val_loss']:.4f} val_mae={logs['val_mae']:.4f}")

with h5py.File(labelled_mat, 'r') as src:
    rgb_all = np.array(src['images'])
    depth_all = np.array(src['depths'])

# put the colour frames into NHWC and scale them
def prep_rgb(frames):
    # reorder the axes so the sample axis comes first
    frames = np.transpose(frames, (3, 0, 1, 2))  # move samples to the front
    frames = frames / 255.0 # to the unit range
    return frames

# scale the depth maps and add a channel axis
def prep_depth(maps):
    maps = np.transpose(maps, (2, 0, 1))  # samples first
    maps = maps / np.max(maps)
    maps = maps[..., np.newaxis]  # trailing channel
    return maps

x_all = prep_rgb(rgb_all)
y_all = prep_depth(depth_all)

# hold out the last fifth for validation
cut = int(0.8 * len(x_all))
# held-out part
x_val = x_all[cut:]
y_val = y_all[cut:]
# fitting part
x_all = x_all[:cut]
y_all = y_all[:cut]

print("arrays prepared, starting the fit")

# a small encoder followed by plain upsampling
def build_net(in_shape):
    net = Sequential()
    net.add(Conv2D(64, (3, 3), activation='relu', padding='same', input_shape=in_shape))
    net.add(MaxPooling2D((2, 2), padding='same'))
    net.add(Conv2D(128, (3, 3), activation='relu', padding='same'))
    net.add(MaxPooling2D((2, 2), padding='same'))
    net.add(Conv2D(256, (3, 3), activation='relu', padding='same'))
    net.add(MaxPooling2D((2, 2), padding='same'))
    net.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
    net.add(MaxPooling2D((2, 2), padding='same'))

    # bring the map back up to the input resolution
    net.add(UpSampling2D((2, 2)))
    net.add(UpSampling2D((2, 2)))
    net.add(UpSampling2D((2, 2)))
    net.add(UpSampling2D((2, 2)))

    # one output channel for depth
    net.add(Conv2D(1, (3, 3), activation='linear', padding='same'))

    # force the exact target size
    net.add(tf.keras.layers.Resizing(y_all.shape[1], y_all.shape[2]))

    net.compile(optimizer=Adam(learning_rate=0.0001), loss='mean_squared_error', metrics=['mae'])
    return net

# report the array shapes
print("x_all:", x_all.shape)
print("y_all:", y_all.shape)
print("x_val:", x_val.shape)
print("y_val:", y_val.shape)

net = build_net(x_all.shape[1:])

print("network built, fitting...")

# fit on the in-memory arrays
hist = net.fit(
    x_all, y_all, epochs=50, batch_size=32, validation_data=(x_val, y_val),
    callbacks=[EpochReport()]
)

# write the trained network
net.save('depth_net.h5')

print("all done")
