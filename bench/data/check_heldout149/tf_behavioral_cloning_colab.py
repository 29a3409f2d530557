# -*- coding: utf-8 -*-
"""steering_clone_notebook.ipynb

Exported from a Colab notebook.

The notebook lived in Google Drive
    (link removed)
"""

# Notebook magics turned into comments below.
# Imports

# %tensorflow_version 2.x

import csv
import numpy as np
import numpy as np
import tensorflow as tf
from tensorflow import keras
from PIL import Image
import matplotlib.pyplot as plt

# Unpack the recorded frames

# !unzip -q "/content/IMG.zip"

# Peek at the first rows of the driving log

with open("/content/driving_log.csv") as log_fh:
    log_rows = csv.reader(log_fh, delimiter=',')
    seen = 0

    print("\nFields: middle cam, left cam, right cam, steer, throttle, brake, speed\n")

    for rec in log_rows:
        if seen < 10:
            print(f'{", ".join(rec)}')
            seen += 1

    print(f'\nShown {seen} rows.')

# Frames and targets for training
frames = []
targets = []

# Middle camera frames and mirrored copies

with open("/content/driving_log.csv") as log_fh:
    log_rows = csv.reader(log_fh, delimiter=',')
    seen = 0

    print("\nFields: middle cam, left cam, right cam, steer, throttle, brake, speed\n")

    for rec in log_rows:
        # middle
        mid_name = rec[0].split("/")[-1]
        mid_pic = Image.open("/content/IMG/" + mid_name)
        frames.append(np.array(mid_pic))
        targets.append(float(rec[3]))
        mid_mirror = np.fliplr(np.array(mid_pic))
        frames.append(mid_mirror)
        targets.append(float(rec[3]) * -1)

        seen += 1

    print(f'\nRead {seen} middle frames.')

# Left camera frames and mirrored copies

with open("/content/driving_log.csv") as log_fh:
    log_rows = csv.reader(log_fh, delimiter=',')
    seen = 0

    for rec in log_rows:
        # left
        l_name = rec[1].split("/")[-1]
        l_pic = Image.open("/content/IMG/" + l_name)
        frames.append(np.array(l_pic))
        targets.append(float(rec[3]) + 0.3)
        l_mirror = np.fliplr(np.array(l_pic))
        frames.append(l_mirror)
        targets.append((float(rec[3]) * -1) - 0.2)

        seen += 1

    print(f'\nRead {seen} left frames.')

# Right camera frames and mirrored copies

with open("/content/driving_log.csv") as log_fh:
    log_rows = csv.reader(log_fh, delimiter=',')
    seen = 0

    for rec in log_rows:
        # right
        r_name = rec[2].split("/")[-1]
        r_pic = Image.open("/content/IMG/" + r_name)
        frames.append(np.array(r_pic))
        targets.append(float(rec[3]) - 0.2)
        r_mirror = np.fliplr(np.array(r_pic))
        frames.append(r_mirror)
        targets.append((float(rec[3]) * -1) + 0.2)

        seen += 1

    print(f'\nRead {seen} right frames.')

# Stack into arrays and look at them

frames = np.asarray(frames)
targets = np.asarray(targets)

print("frames:", frames.shape)
print("targets:", targets.shape)

# Show a few random frames

print("\tRandom frames\n")
fig, axes = plt.subplots(1, 6, figsize=(20, 20))
for cell in axes:
    pick = np.random.randint(0, len(frames))
    cell.imshow(np.squeeze(frames[pick]))
plt.show()

# Plot of the steering targets

plt.title("Steering targets")
plt.plot(list(range(len(frames))), targets)
plt.show()

# Network

net = tf.keras.Sequential([
          tf.keras.layers.Lambda(lambda x: (x / 255.0) - 0.5, input_shape=(160, 320, 3)),
          tf.keras.layers.Cropping2D(cropping=((50, 20), (0, 0))),
          tf.keras.layers.Conv2D(128, (5, 5), activation="relu"),
          tf.keras.layers.MaxPooling2D(3, 3),
          tf.keras.layers.Conv2D(64, (5, 5), activation="relu"),
          tf.keras.layers.MaxPooling2D(3, 3),
          tf.keras.layers.Conv2D(64, (5, 5), activation="relu"),
          tf.keras.layers.MaxPooling2D(3, 3),
          tf.keras.layers.Flatten(),
          tf.keras.layers.Dense(1),  
        ])

# Layer table

net.summary()

# Stop early once validation is good enough

class StopWhenGood(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs = {}):
        if(logs.get('val_loss') < 0.024):
            current = logs.get('val_loss')
            print(f'\n\nval_loss reached {current}; ending training.\n\n')
            self.model.stop_training = True

# Compile

net.compile(loss="mean_squared_error", optimizer="adam")

# Train

hist = net.fit(frames, targets, epochs=1, validation_split=0.2, shuffle=True, callbacks = [StopWhenGood()])

# Save

net.save("driver.h5")
