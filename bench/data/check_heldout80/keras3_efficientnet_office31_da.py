import os
import tensorflow as tf
import keras
from keras import layers
import keras_cv
from keras.applications import EfficientNetB0
import datetime
import numpy as np

import matplotlib.pyplot as plt

print(f"keras: {keras.__version__}")
print(f"keras_cv: {keras_cv.__version__}")


# settings
DATASET_NAME = "Modern-Office-31"
DATA_ROOT = f"/data/domain_adaptation/{DATASET_NAME}"
BATCH = 32
H = 224
W = 224
SRC = "amazon"
TGT = "webcam"

def show_grid(ds, n=9):
    names = ds.class_names
    plt.figure(figsize=(10, 10))
    for imgs, lbls in src_ds.take(1):
        for k in range(n):
            ax = plt.subplot(3, 3, k + 1)
            plt.imshow(imgs[k].numpy().astype("uint8"))
            plt.title(names[lbls[k]])
            plt.axis("off")

# read the folders
# source domain (training)
src_dir = os.path.join(DATA_ROOT, SRC)
src_ds = keras.utils.image_dataset_from_directory(
    src_dir,
    image_size=(H, W),
    batch_size=BATCH,
)

# target domain (evaluation)
tgt_dir = os.path.join(DATA_ROOT, TGT)
tgt_ds = keras.utils.image_dataset_from_directory(
    tgt_dir, 
    shuffle=False,
    image_size=(H, W),
    batch_size=BATCH
)

# both domains must list the same classes in the same order
for c_src, c_tgt in zip(src_ds.class_names, tgt_ds.class_names):
    assert c_src == c_tgt

n_classes = len(src_ds.class_names)
print(f"source ({SRC}) and target ({TGT}) share {n_classes} classes")

# augmentation
aug_layers = [
    layers.RandomRotation(factor=0.15),
    layers.RandomTranslation(height_factor=0.1, width_factor=0.1),
    layers.RandomFlip(),
    layers.RandomContrast(factor=0.1),
]
def augment(imgs):
    for lyr in aug_layers:
        imgs = lyr(imgs)
    return imgs

def prep_train(img, lbl):
    img = augment(img)
    lbl = tf.one_hot(lbl, n_classes)
    return img, lbl

def prep_eval(img, lbl):
    lbl = tf.one_hot(lbl, n_classes)
    return img, lbl

src_ds = src_ds.map(prep_train, num_parallel_calls=tf.data.AUTOTUNE)
src_ds = src_ds.prefetch(tf.data.AUTOTUNE)

tgt_ds = tgt_ds.map(prep_eval, num_parallel_calls=tf.data.AUTOTUNE)

# xs_src = [a for a, _ in src_ds]
# ys_src = [b for _, b in src_ds]
# xs_src = np.concatenate(xs_src, axis=0)
# ys_src = np.concatenate(ys_src, axis=0)

xs_tgt = [a for a, _ in tgt_ds]
ys_tgt = [b for _, b in tgt_ds]
xs_tgt = np.concatenate(xs_tgt, axis=0)
ys_tgt = np.concatenate(ys_tgt, axis=0)


# model
print(f"## building the model ##")

def make_classifier(n_classes, h, w, frozen=True):
    inp = layers.Input(shape=(h, w, 3))
    backbone = EfficientNetB0(include_top=False, input_tensor=inp, weights="imagenet")

    if frozen:
        # keep the ImageNet weights fixed
        backbone.trainable = False

    # new head
    z = layers.GlobalAveragePooling2D(name="avg_pool")(backbone.output)
    z = layers.BatchNormalization()(z)

    head_drop = 0.2
    z = layers.Dropout(head_drop, name="top_dropout")(z)
    out = layers.Dense(n_classes, activation="softmax", name="pred")(z)

    # compile
    net = keras.Model(inp, out, name="EfficientNet")
    opt = keras.optimizers.Adam(learning_rate=3e-4)
    net.compile(
        optimizer=opt, loss="categorical_crossentropy", metrics=["accuracy"]
    )
    return net

# training
net = make_classifier(n_classes, H, W, frozen=True)
print(net.summary())

# TensorBoard and checkpoint callbacks
MODEL_DIR = "models"
TAG = f"{DATASET_NAME}_efficientnetB0-freezed_{SRC}-{TGT}"
# TAG = f"{DATASET_NAME}_resnet50-freezed_{SRC}-{TGT}"
stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")

tb_cb = keras.callbacks.TensorBoard(
    log_dir=f"./logs/{TAG}/{stamp}",
    update_freq="epoch"
)

ckpt_dir = os.path.join(MODEL_DIR, f"{TAG}-{stamp}")

if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

# ckpt_path = os.path.join(ckpt_dir, "checkpoint.weights.h5")
    ckpt_path = os.path.join(ckpt_dir, "model.keras")
ckpt_cb = keras.callbacks.ModelCheckpoint(
    filepath=ckpt_path,
)

# # save the architecture too
# arch_json = net.to_json()
# arch_path = os.path.join(ckpt_dir, "model.json")
# with open(arch_path, "w") as fh:
#     fh.write(arch_json)

n_epochs = 25
hist = net.fit(
    src_ds, 
    epochs=n_epochs, 
    validation_data=tgt_ds, 
    callbacks=[tb_cb, ckpt_cb]
)
