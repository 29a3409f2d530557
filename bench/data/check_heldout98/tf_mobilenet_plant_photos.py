#trains a plant-disease classifier on a folder of scraped photos, decoding them on the CPU
#built by following the TensorFlow "load images" tutorial notebook

import pathlib 
import tensorflow as tf 
TUNE = tf.data.experimental.AUTOTUNE
def decode_photo(raw):
    raw = tf.image.decode_jpeg(raw, channels=3)
    raw = tf.image.resize(raw, [192, 192])
    raw /= 255.0  # scale pixels into [0,1]
    return raw

def read_photo(fname):
    raw = tf.io.read_file(fname)
    return decode_photo(raw)

def title_for(fname):
    rel = pathlib.Path(fname).relative_to(photo_dir)
    return "Photo " + rel.parts[-1]

photo_dir_str = "../datasetSearch/images/"
photo_dir = pathlib.Path(photo_dir_str)

for entry in photo_dir.iterdir():
    print(entry)

import random
photo_files = list(photo_dir.glob('*/*'))
photo_files = [str(p) for p in photo_files]
random.shuffle(photo_files)

n_photos = len(photo_files)
print(f"found: {n_photos} photos")
class_names = sorted(entry.name for entry in photo_dir.glob('*/') if entry.is_dir())
print(f"classes:{class_names}")
class_to_id = dict((nm, idx) for idx,nm in enumerate(class_names))
print(f"class ids: {class_to_id}")

photo_ids = [class_to_id[pathlib.Path(p).parent.name]
                    for p in photo_files]

print("first ten class ids: ", photo_ids[:10])

import matplotlib.pyplot as plt

first_file = photo_files[0]
first_path = photo_files[0]
first_id = photo_ids[0]

plt.imshow(read_photo(first_file))
plt.grid(False)
plt.xlabel(title_for(first_file))
plt.title(class_names[first_id].title())
plt.show()

files_ds = tf.data.Dataset.from_tensor_slices(photo_files)
print(files_ds)
pics_ds = files_ds.map(read_photo, num_parallel_calls=TUNE)

import matplotlib.pyplot as plt

plt.figure(figsize=(8,8))
for k,pic in enumerate(pics_ds.take(4)):
    plt.subplot(2,2,k+1)
    plt.imshow(pic)
    plt.grid(False)
    plt.xticks([])
    plt.yticks([])
    plt.xlabel(title_for(photo_files[k]))
plt.show()

ids_ds = tf.data.Dataset.from_tensor_slices(tf.cast(photo_ids, tf.int64))
pairs_ds = tf.data.Dataset.zip((pics_ds, ids_ds))
print(pairs_ds)
stream = tf.data.Dataset.from_tensor_slices((photo_files, photo_ids))

# one mapped function receives both the file name and its class id
def read_pair(fname, cls):
  return read_photo(fname), cls

pairs_ds = stream.map(read_pair)
pairs_ds
BATCH = 32

# a buffer that holds every photo gives a perfect shuffle
# (first attempt; replaced just below)
stream = pairs_ds.shuffle(buffer_size=n_photos)
stream = stream.repeat()
stream = stream.batch(BATCH)
# prefetch keeps batches ready while the model trains
stream = stream.prefetch(buffer_size=TUNE)
stream = pairs_ds.apply(
  tf.data.experimental.shuffle_and_repeat(buffer_size=n_photos))
stream = stream.batch(BATCH)
stream = stream.prefetch(buffer_size=TUNE)
backbone = tf.keras.applications.MobileNetV2(input_shape=(192, 192, 3), include_top=False)
backbone.trainable=False

def to_signed(pic,cls):
    return 2*pic-1, cls

fit_ds = stream.map(to_signed)
# the first batch is slow: the shuffle buffer has to fill up first
pics, clss = next(iter(fit_ds))
feats = backbone(pics)
print(feats.shape)
clf = tf.keras.Sequential([
    backbone,
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(len(class_names))])
raw_scores = clf(pics).numpy()

print("lowest score:", raw_scores.min())
print("highest score:", raw_scores.max())
print()

print("Shape:", raw_scores.shape)

clf.compile(optimizer=tf.keras.optimizers.Adam(),
              loss='sparse_categorical_crossentropy',
              metrics=["accuracy"])
len(clf.trainable_variables)
clf.summary()
per_epoch=tf.math.ceil(len(photo_files)/BATCH).numpy()
print(f'per_epoch:{per_epoch}')
ckpt_file = "plant_model/cp.ckpt"
save_cb = tf.keras.callbacks.ModelCheckpoint(ckpt_file,
                                                 save_weights_only=True,
                                                 verbose=1)
clf.fit(stream, epochs=10, callbacks=[save_cb])

# (the original keeps a commented-out timing helper and a commented-out
#  TFRecord variant here; neither runs)
