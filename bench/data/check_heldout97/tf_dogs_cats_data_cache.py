
import os
from glob import glob
import random
import cv2
import matplotlib.pyplot as plt
import numpy as np
import PIL
import PIL.Image
import tensorflow as tf
import shutil
ROOT = '../working/train/'
jpg_names = os.listdir(ROOT)
print(jpg_names[0])
print(len(jpg_names))

# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
# ...
print(tf.__version__)
# ...
os.mkdir(os.path.join(ROOT, "dogs"))
os.mkdir(os.path.join(ROOT, "cats"))
cat_dir = os.path.join(ROOT, "cats")
dog_dir = os.path.join(ROOT, "dogs")

for name in os.listdir(ROOT):
    print(name)
    lab = str.split(name, ".")[0]
    if lab == "dog":
        shutil.move(os.path.join(ROOT, name), dog_dir)
        
    if lab == "cat":
        shutil.move(os.path.join(ROOT, name), cat_dir)
   
CLASSES = np.array(["dogs", "cats"])
BATCH = 128
H = 118
W = 118
n_images = len(jpg_names)
print(n_images)
str(ROOT+'*')
files_ds = tf.data.Dataset.list_files(str(ROOT+'*/*'), shuffle=False)
files_ds = files_ds.shuffle(n_images, reshuffle_each_iteration=False)
for fp in files_ds.take(5):
    print(fp.numpy())
# ...
n_val = int(n_images * 0.2)
tr_ds = files_ds.skip(n_val)
va_ds = files_ds.take(n_val)
print(tf.data.experimental.cardinality(tr_ds).numpy())
print(tf.data.experimental.cardinality(va_ds).numpy())
def label_of(p):
    pieces = tf.strings.split(p, os.path.sep)
    hit = pieces[-2] == CLASSES
    return tf.argmax(hit)

def to_pixels(raw):
    
    # ...
    raw = tf.image.decode_jpeg(raw, channels=3)
    # ...
    return tf.image.resize(raw, [H, W])

for fp in files_ds.take(1):
    pieces = tf.strings.split(fp, os.path.sep)
    print(pieces)
    hit = pieces[-2] == CLASSES
    print(hit)
# ...
# ...
# ...
# ...

def load_pair(p):
    lab = label_of(p)
    # ...
    raw = tf.io.read_file(p)
    raw = to_pixels(raw)
    return raw, lab
AT = tf.data.experimental.AUTOTUNE

tr_ds = tr_ds.cache().prefetch(buffer_size=AT)
va_ds = va_ds.cache().prefetch(buffer_size=AT)
# ...
tr_ds = tr_ds.map(load_pair, num_parallel_calls=AT)
va_ds = va_ds.map(load_pair, num_parallel_calls=AT)
px, lab = next(iter(tr_ds))
print(lab.numpy())

for px, lab in tr_ds.take(5):
    print("pixels:", px.numpy().shape)
    print("class id:", lab.numpy())

def finalize(d):
    d = d.cache()
    d = d.shuffle(buffer_size=1000)
    d = d.batch(BATCH)
    d = d.prefetch(buffer_size=AT)
    return d

tr_ds = finalize(tr_ds)
va_ds = finalize(va_ds)
xb, yb = next(iter(tr_ds))
print(yb)

plt.figure(figsize=(10, 10))
for k in range(9):
    cell = plt.subplot(3, 3, k + 1)
    plt.imshow(xb[k].numpy().astype("uint8"))
    lab = yb[k]
    plt.title(CLASSES[lab])
    plt.axis("off")
from tensorflow.keras import layers

rescale = tf.keras.layers.experimental.preprocessing.Rescaling(1./255)
scaled_ds = tr_ds.map(lambda x, y: (rescale(x), y))
xb, yb2 = next(iter(scaled_ds))
x0 = xb[0]
# ...
print(np.min(x0), np.max(x0)) 
N_CLS = 2

net = tf.keras.Sequential([
  layers.experimental.preprocessing.Rescaling(1./255),
  layers.Conv2D(32, 3, activation='relu'),
  layers.MaxPooling2D(),
  layers.Conv2D(32, 3, activation='relu'),
  layers.MaxPooling2D(),
  layers.Conv2D(32, 3, activation='relu'),
  layers.MaxPooling2D(),
  layers.Flatten(),
  layers.Dense(128, activation='relu'),
  layers.Dense(1, activation='sigmoid')
])
net.compile(
  optimizer='adam',
  loss=tf.losses.BinaryCrossentropy(from_logits=False),
  metrics=['accuracy'])

net.fit(
  tr_ds,
  validation_data=va_ds,
  epochs=30
)

