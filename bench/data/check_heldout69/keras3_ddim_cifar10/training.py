import ddim
import settings as cfg
import helpers as H

import keras
from keras import ops
import tensorflow as tf

import os
import datetime



# CIFAR-10 from the Keras loader
(Xtr_raw, ytr_raw), (Xte_raw, yte_raw) = keras.datasets.cifar10.load_data()
n_channels = Xtr_raw.shape[-1]

# scale pixels into (0, 1)
xs = H.normalize_batch(Xtr_raw, low_s=0, high_s=255, low_t=0, high_t=1)

# keep only part of the images
keep = 10000
xs = xs[:keep]

# resize to the model's side
xs = ops.image.resize(xs, (cfg.IMAGE_DIM, cfg.IMAGE_DIM))

train_ds = tf.data.Dataset.from_tensor_slices(xs)
train_ds = train_ds.shuffle(buffer_size=1024).batch(cfg.BATCH_SIZE)

net = ddim.DDIM(cfg.IMAGE_DIM, n_channels, cfg.WIDTHS, cfg.BLOCK_DEPTH)

net.summary(expand_nested=True)

criterion = keras.losses.MeanAbsoluteError()
net.compile(
    optimizer=keras.optimizers.AdamW(
        learning_rate=cfg.LEARNING_RATE, weight_decay=cfg.WEIGHT_DECAY
    ),
    loss=criterion,
)

net.normalizer.adapt(train_ds)

# train, drawing samples now and then
stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")

# make the model folder when missing
if not os.path.exists(cfg.MODEL_DIR):
    os.makedirs(cfg.MODEL_DIR)

ckpt_dir = os.path.join(cfg.MODEL_DIR, f"ddim-c10-{stamp}")

if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

sample_cb = ddim.DisplayCallback(
    diffusion_steps=cfg.PLOT_DIFFUSION_STEPS,
    checkpoint_dir=ckpt_dir,
)

net.fit(
    train_ds,
    epochs=cfg.NUM_EPOCHS,
    # validation_data=va_ds,
    callbacks=[
        sample_cb
    ]
    # callbacks=[
    #     sample_cb, 
    #     ckpt_cb,
    # ],
)
