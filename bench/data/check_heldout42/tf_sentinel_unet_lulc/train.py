# -*- coding: utf-8 -*-

"""Builds the multispectral U-Net and trains it."""

import sys

import segmentation_models as sm
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint, ReduceLROnPlateau
from tensorflow.keras.losses import categorical_crossentropy

# from tensorflow.keras.optimizers import SGD

from data import TileFeeder

try:
    from helpers.npu import NpuHelperForTF as NpuHelp

    ascend_cfg = {
        "device_id": "0",
        "rank_id": "0",
        "rank_size": "0",
        "job_id": "10385",
        "rank_table_file": "",
    }

    print("======== opening the Ascend NPU session ========")
    npu_sess = NpuHelp(**ascend_cfg).sess() if NpuHelp else None
except ModuleNotFoundError:
    npu_sess = None

sm.set_framework("tf.keras")


def border_free_ce(y_true, y_pred):
    margin = 8
    return categorical_crossentropy(
        y_true[:, margin:-margin, margin:-margin, 1:], y_pred[:, margin:-margin, margin:-margin, 1:]
    )


def build_and_fit(root, in_shape, stride, num_classes, per_batch, n_epochs):
    """Make the Keras U-Net for the given shapes and fit it on the Sentinel tiles."""
    # ---an RGB U-Net with ImageNet weights, to borrow its encoder from---
    rgb_shape = in_shape[:2] + (3,)
    net_rgb = sm.Unet(
        "vgg16",
        classes=num_classes,
        input_shape=rgb_shape,
        activation="softmax",
        encoder_weights="imagenet",
    )
    net_ms = sm.Unet(
        "vgg16",
        classes=num_classes,
        input_shape=in_shape,
        activation="softmax",
        encoder_weights=None,
    )

    # ---windows of the Sentinel-2 tiles with their masks, train and validation---
    feeder = TileFeeder(root, in_shape[0], stride)
    tr_picks, va_picks = feeder.split_picks
    gen_tr = feeder.batches(tr_picks)
    gen_va = feeder.batches(va_picks)

    # ---copy the pretrained weights past the 13-band input layer, then freeze them---
    for k in range(2, 24):
        net_ms.layers[k].set_weights(net_rgb.layers[k].get_weights())
    for k in range(2, 24):
        net_ms.layers[k].trainable = False

    # ---callbacks---
    cbs = [
        ModelCheckpoint("unet-13band-slovenia.h5", verbose=1, save_best_model=True),
        ReduceLROnPlateau(monitor="val_loss", patience=3, factor=0.1, verbose=1),
        EarlyStopping(monitor="val_loss", patience=5, verbose=1),
    ]

    # ---fit
    n_tr_steps = len(tr_picks) // per_batch
    n_va_steps = len(va_picks) // per_batch
    net_ms.compile(
        # loss="categorical_crossentropy",
        loss=border_free_ce,
        optimizer="adam",
        metrics=["categorical_accuracy"],
    )
    net_ms.fit(
        gen_tr,
        steps_per_epoch=n_tr_steps,
        validation_data=gen_va,
        validation_steps=n_va_steps,
        epochs=n_epochs,
        callbacks=cbs,
    )

    # ---a later fine-tuning pass, switched off---
    # for k in range(len(net_rgb.layers)):
    #     net_ms.layers[k].trainable = True
    # for k in range(2, 8):
    #     net_ms.layers[k].trainable = False
    # net_ms.compile(
    #     optimizer=SGD(lr=0.0001, momentum=0.9),
    #     loss="categorical_crossentropy",
    #     metrics=["categorical_accuracy"],
    # )
    # net_ms.fit(
    #     gen_tr,
    #     steps_per_epoch=n_tr_steps,
    #     validation_data=gen_va,
    #     validation_steps=n_va_steps,
    #     epochs=n_epochs,
    #     callbacks=cbs,
    # )


if __name__ == "__main__":
    root = sys.argv[-4]
    window = int(sys.argv[-3])
    stride = int(sys.argv[-2])
    per_batch = int(sys.argv[-1])

    print("======== building and fitting ========")
    model = build_and_fit(
        root,
        in_shape=(window, window, 13),
        stride=stride,
        num_classes=10,
        per_batch=per_batch,
        n_epochs=100,
    )

    if npu_sess is not None:
        print("======== closing the Ascend NPU session ========")
        npu_sess.close()
