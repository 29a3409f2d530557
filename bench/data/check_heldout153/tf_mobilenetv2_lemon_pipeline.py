import tensorflow as tf
AUTOTUNE = tf.data.experimental.AUTOTUNE

import pathlib

img_dir_str = '../input/lemon/train_images'

img_dir = pathlib.Path(img_dir_str)



img_paths = list(img_dir.glob('./*'))

import pandas as pd

label_table = pd.read_csv("../input/lemon/train_images.csv")

img_paths = [str(p) for p in img_paths]

n_imgs = len(img_paths)

def decode_and_scale(image):
    image = tf.image.decode_jpeg(image, channels=3)
    image = tf.image.resize(image, [192,192])
    image /= 255.0

def path_to_pic(p):
    image = tf.io.read_file(p)
    return decode_and_scale(image)


paths_ds = tf.data.Dataset.from_tensor_slices(img_paths)

pics_ds = paths_ds.map(path_to_pic, num_parallel_calls=AUTOTUNE)

labels_ds = tf.data.Dataset.from_tensor_slices(tf.cast(t))

BS = 32

pipe = pairs_ds.shuffle(buffer_size=n_imgs)
pipe = pipe.repeat()
pipe = pipe.batch(BS)
pipe = pipe.prefetch(buffer_size=AUTOTUNE)

pipe = pairs_ds.apply(tf.data.experimental.shuffle_and_repeat(buffer_size=n_imgs))
pipe = pipe.batch(BS)
pipe = pipe.prefetch(buffer_size=AUTOTUNE)

mnet = tf.keras.applications.MobileNetV2(input_shape=(192,192,3), include_top=False)
mnet.trainable = False

def to_pm1(image, lab):
    return 2*image-1, lab

pipe_pm1 = pipe.map(to_pm1)
xb, yb = next(iter(pipe_pm1))

fmap = mnet(xb)
print(fmap.shape)

clf = tf.keras.Sequential([
    mnet,
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(4)
])

logits = clf(xb).numpy()

print("smallest logit:", logits.min())
print("largest logit:", logits.max())
print()

print("logits shape:", logits.shape)

clf.compile(optimizer=tf.keras.optimizers.Adam(),
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

n_steps = tf.math.ceil(len(img_paths)/BS).numpy()
n_steps

import time

bench_steps = 2*n_steps+1

def bench(pipe, n=bench_steps):
    t_all = time.time()
    itr = iter(pipe.take(n+1))
    next(itr)

    t0 = time.time()
    for j,(imgs, labs) in enumerate(itr):
        if j%10 == 0:
            print('.', end=' ')
    print()
    end = time.time()
    dt = end - t0

    print("{} steps took {} s".format(n, dt))
    print("{:0.5f} img/s".format(BS*n/dt))
    print("overall {}s".format(end-t_all))


pipe = pairs_ds.apply(
    tf.data.experimental.shuffle_and_repeat(buffer_size=n_imgs))

pipe = pipe.batch(BS).prefetch(buffer_size=AUTOTUNE)
pipe

bench(pipe)

pipe = pairs_ds.cache()
pipe = pipe.apply(
    tf.data.experimental.shuffle_and_repeat(buffer_size=n_imgs))

pipe = pipe.batch(BS).prefetch(buffer_size=AUTOTUNE)


bench(pipe)

pipe = pairs_ds.cache(filename='./lemon_cache.tf-data')
pipe = pipe.apply(
    tf.data.experimental.shuffle_and_repeat(buffer_size=n_imgs))
pipe = pipe.batch(BS).prefetch(1)
pipe

bench(pipe)

pics_ds = tf.data.Dataset.from_tensor_slices(img_paths).map(tf.io.read_file)
rec_writer = tf.data.experimental.TFRecordWriter('lemon_imgs.tfrec')
rec_writer.write(pics_ds)

pics_ds = tf.data.TFRecordDataset('lemon_imgs.tfrec').map(decode_and_scale)

pipe = tf.data.Dataset.zip((pics_ds, labels_ds))

pipe = pipe.apply(
    tf.data.experimental.shuffle_and_repeat(buffer_size=n_imgs)
)
pipe = pipe.batch(BS).prefetch(AUTOTUNE)

bench(pipe)
