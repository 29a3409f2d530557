import os
os.environ["KERAS_BACKEND"] = "tensorflow"

import json
import argparse

import keras

import models_vit as M
import dataset

# command line
cli = argparse.ArgumentParser()
cli.add_argument("--config", type=str, default="config_vit_base_96_train.json")
args = cli.parse_args()

# read the json settings
with open(args.config) as fh:
    cfg = json.load(fh)

# settings
IMG_SHAPE = tuple(cfg["image_shape"])
PATCH = cfg["patch_size"]
DEPTH = cfg["num_layers"]
HEADS = cfg["num_heads"]
MLP_WIDTH = cfg["mlp_dim"]
ATTN_DROP = cfg["attention_dropout_rate"]
DROP = cfg["dropout_rate"]
N_CLASSES = cfg["num_classes"]
LR = cfg["learning_rate"]
WD = cfg["weight_decay"]
BATCH = cfg["batch_size"]
N_EPOCHS = cfg["epochs"]
CLIPNORM = cfg["global_clipnorm"]
USE_AUG = True
USE_MIXED = True

if USE_AUG:
    RUN_TAG = "vit_base_96_aug_temp"
else:
    RUN_TAG = "vit_base_96_noaug"

if not USE_MIXED:
    RUN_TAG += "_fp32"

# input pipelines
train_ds, test_ds, ds_info = dataset.cifar100_pipelines(BATCH, IMG_SHAPE, st_type=0, augment=USE_AUG)

if USE_MIXED:
    # half-precision compute
    keras.mixed_precision.set_global_policy("mixed_float16")

net = M.vit_classifier(
    image_shape=IMG_SHAPE,
    patch_size=PATCH,
    num_layers=DEPTH,
    num_heads=HEADS,
    mlp_dim=MLP_WIDTH,
    attention_dropout_rate=ATTN_DROP,
    dropout_rate=DROP,
    num_classes=N_CLASSES
)

# show the layers
print(net.summary(expand_nested=True))

for k, lyr in enumerate(net.layers):
    print(f"[{k}] {lyr.name} - {lyr.dtype_policy}")

# optimiser and compile
opt = keras.optimizers.AdamW(
    learning_rate=LR,
    weight_decay=WD,
    global_clipnorm=CLIPNORM,
)

net.compile(
    optimizer=opt,
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=[
        keras.metrics.SparseCategoricalAccuracy(name="accuracy"),
        keras.metrics.SparseTopKCategoricalAccuracy(5, name="top-5-accuracy"),
    ],
)

# keep the best weights
ckpt_path = f"models/{RUN_TAG}_cifar100.weights.h5"

ckpt_cb = keras.callbacks.ModelCheckpoint(
    ckpt_path,
    monitor="val_accuracy",
    save_best_only=True,
    save_weights_only=True,
)

hist = net.fit(
    train_ds,
    epochs=N_EPOCHS,
    validation_data=test_ds,
    callbacks=[ckpt_cb],
)

loss, acc, top5 = net.evaluate(train_ds, batch_size=BATCH)
print(f"train loss: {loss}")
print(f"train accuracy: {round(acc * 100, 2)}%")
print(f"train top-5 accuracy: {round(top5 * 100, 2)}%")

loss, acc, top5 = net.evaluate(test_ds, batch_size=BATCH)
print(f"test loss: {loss}")
print(f"test accuracy: {round(acc * 100, 2)}%")
print(f"test top-5 accuracy: {round(top5 * 100, 2)}%")

# save the curves
curves = hist.history

with open(f"models/{RUN_TAG}_cifar100_history.json", "w") as fh:
    json.dump(curves, fh)
