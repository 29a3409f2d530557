import os
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow import keras
from helpers.pipeline import make_pipeline
from helpers.unet import build_unet

# ------------------------------ training file names ------------------------------

frames_plain = []
for city in sorted(os.listdir('leftImg8bit\\train')):
    city_dir = 'leftImg8bit\\train\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\train\\' + city + '\\' + nm
        frames_plain.append(full)

frames_bright_a = []
for city in sorted(os.listdir('leftImg8bit\\train_light_1')):
    city_dir = 'leftImg8bit\\train_light_1\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\train_light_1\\' + city + '\\' + nm
        frames_bright_a.append(full)

frames_bright_b = []
for city in sorted(os.listdir('leftImg8bit\\train_light_2')):
    city_dir = 'leftImg8bit\\train_light_2\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\train_light_2\\' + city + '\\' + nm
        frames_bright_b.append(full)

frames_dark_a = []
for city in sorted(os.listdir('leftImg8bit\\train_night_1')):
    city_dir = 'leftImg8bit\\train_night_1\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\train_night_1\\' + city + '\\' + nm
        frames_dark_a.append(full)

frames_dark_b = []
for city in sorted(os.listdir('leftImg8bit\\train_night_2')):
    city_dir = 'leftImg8bit\\train_night_2\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\train_night_2\\' + city + '\\' + nm
        frames_dark_b.append(full)

labels_plain = []
for nm in sorted(os.listdir('mask\\train')):
    labels_plain.append('mask\\train\\' + nm)
labels_bright_a = labels_plain.copy()
labels_bright_b = labels_plain.copy()
labels_dark_a = labels_plain.copy()
labels_dark_b = labels_plain.copy()

# ------------------------------ validation file names ------------------------------

val_frames = []
for city in sorted(os.listdir('leftImg8bit\\val')):
    city_dir = 'leftImg8bit\\val\\' + city
    names = sorted(os.listdir(city_dir))
    for nm in names:
        full = 'leftImg8bit\\val\\' + city + '\\' + nm
        val_frames.append(full)

val_labels = []
for nm in sorted(os.listdir('mask\\val')):
    val_labels.append('mask\\val\\' + nm)

# ------------------------------ pipelines ------------------------------

all_frames = frames_plain + frames_bright_a + frames_bright_b + frames_dark_a + frames_dark_b
all_labels = labels_plain + labels_bright_a + labels_bright_b + labels_dark_a + labels_dark_b

# without the brightness-shifted copies use only these two:
#all_frames = frames_plain
#all_labels = labels_plain

train_ds = make_pipeline(all_frames, all_labels, batch_size=4)
val_ds = make_pipeline(val_frames, val_labels, batch_size=2)

print("train pipeline:", train_ds)
print("val pipeline:", val_ds)

# ------------------------------ model and training ------------------------------

N_LABELS = 6
IN_SHAPE = (256, 256, 3)

net = build_unet(n_labels=N_LABELS, in_shape=IN_SHAPE)
#net.summary()

crit = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

stopper = tf.keras.callbacks.EarlyStopping(monitor='val_loss', patience=5, restore_best_weights=True)

net.compile(optimizer=keras.optimizers.Adam(learning_rate=0.001), loss=crit)

hist = net.fit(train_ds, epochs=20, validation_data=val_ds, verbose=1) # add callbacks=stopper to stop early

net.save('model_Unet.h5')

print('model written')

# ------------------------------ curves ------------------------------

plt.plot(hist.history["loss"])
plt.title("train loss")
plt.ylabel("loss")
plt.xlabel("epoch")
plt.show()

plt.plot(hist.history["val_loss"])
plt.title("val loss")
plt.ylabel("loss")
plt.xlabel("epoch")
plt.show()
