import os
import argparse
import numpy as np
import tensorflow as tf
from tensorflow.keras.callbacks import (
    ModelCheckpoint, CSVLogger, EarlyStopping,
    ReduceLROnPlateau, TensorBoard, LearningRateScheduler
)
from tensorflow.keras.optimizers import Adam

from metrics import (
    dice_coefficient,
    intersection_over_union,
    binary_crossentropy_dice_loss,
    weighted_f_score,
    s_score,
    e_score,
    mean_absolute_error
)
from model import BetterNet
from utils import create_directory
from data import gather_splits, make_pipeline


def toggle_backbone(net: tf.keras.Model, trainable: bool, keep_bn_frozen: bool):
    """Switch the EfficientNet backbone layers on or off"""
    backbone_tags = ("rescaling", "normalization", "stem_", "block", "top_")
    for lyr in net.layers:
        in_backbone = lyr.name.startswith(backbone_tags)
        if not in_backbone:
            continue
        if keep_bn_frozen and isinstance(lyr, tf.keras.layers.BatchNormalization):
            lyr.trainable = False
        else:
            lyr.trainable = trainable


if __name__ == "__main__":
    np.random.seed(42)
    tf.random.set_seed(42)

    # -------------------- command line --------------------
    cli = argparse.ArgumentParser()
    cli.add_argument("--dataset_paths", nargs="+", required=True,
                     help="Folders of the data sets to train on")
    cli.add_argument("--save_dir", type=str, required=True,
                     help="Where the weights and logs go")

    # optimisation settings
    cli.add_argument("--num_epochs", type=int, default=150)
    cli.add_argument("--batch_size", type=int, default=8)
    cli.add_argument("--learning_rate", type=float, default=1e-4)
    cli.add_argument("--end_learning_rate", type=float, default=1e-7)

    # switches
    cli.add_argument("--use_polynomial_lr", action="store_true",
                     help="Polynomial decay of the step size")
    cli.add_argument("--freeze_encoder", action="store_true",
                     help="Keep the EfficientNet backbone fixed")
    cli.add_argument("--use_augmentation", action="store_true",
                     help="Random flips of the training pairs")
    cli.add_argument("--freeze_bn", action="store_true",
                     help="Keep BatchNorm fixed even with a trainable backbone")

    # continue a previous run
    cli.add_argument("--resume_model_path", type=str, default="",
                     help="Checkpoint to continue from")

    # plateau handling
    cli.add_argument("--patience", type=int, default=20,
                     help="Patience of ReduceLROnPlateau and EarlyStopping")

    opts = cli.parse_args()

    # -------------------- folders --------------------
    create_directory(opts.save_dir)
    ckpt_file = os.path.join(opts.save_dir, "model.keras")
    log_file = os.path.join(opts.save_dir, "training_log.csv")

    print(f"Reading the data sets in: {opts.dataset_paths}")
    (fit_x, fit_y), (hold_x, hold_y) = gather_splits(
        opts.dataset_paths, frac=0.1, seed=42
    )
    print(f"{len(fit_x)} training pairs, {len(hold_x)} held-out pairs.")

    # -------------------- input pipelines --------------------
    fit_pipe = make_pipeline(
        fit_x, fit_y,
        batch_size=opts.batch_size,
        augment=opts.use_augmentation,
        shuffle=True
    )
    hold_pipe = make_pipeline(
        hold_x, hold_y,
        batch_size=opts.batch_size,
        augment=False,
        shuffle=False
    )

    steps_each_epoch = max(1, int(np.ceil(len(fit_x) / opts.batch_size)))

    # -------------------- network --------------------
    if opts.resume_model_path and os.path.exists(opts.resume_model_path):
        print(f"Continuing from: {opts.resume_model_path}")
        # Lambda layers need this to load
        tf.keras.config.enable_unsafe_deserialization()
        net = tf.keras.models.load_model(opts.resume_model_path, compile=False)
    else:
        print("Creating a fresh BetterNet...")
        net = BetterNet(
            input_shape=(224, 224, 3),
            num_classes=1,
            dropout_rate=0.5,
            freeze_encoder=opts.freeze_encoder
        )

    # -------------------- backbone switch --------------------
    if opts.freeze_encoder:
        toggle_backbone(net, trainable=False, keep_bn_frozen=False)
        print("Backbone fixed.")
    else:
        toggle_backbone(net, trainable=True, keep_bn_frozen=opts.freeze_bn)
        print(f"Backbone trainable, frozen BN = {opts.freeze_bn}")

    # -------------------- optimiser (plain float step size) --------------------
    opt = Adam(learning_rate=opts.learning_rate)

    # -------------------- compile --------------------
    net.compile(
        optimizer=opt,
        loss=lambda t, p: binary_crossentropy_dice_loss(
            t, p, alpha=0.5
        ),
        metrics=[
            dice_coefficient,
            intersection_over_union,
            weighted_f_score,
            s_score,
            e_score,
            mean_absolute_error
        ]
    )

    # -------------------- callbacks --------------------
    cbs = [
        ModelCheckpoint(
            ckpt_file,
            monitor="val_loss",
            save_best_only=True,
            verbose=1
        ),
        CSVLogger(log_file),
        TensorBoard(log_dir=os.path.join(opts.save_dir, "logs"))
    ]

    # polynomial step-size decay through a callback
    if opts.use_polynomial_lr:
        def poly_decay(ep):
            """step = start * (1 - ep/total)^0.9, floored at the end value"""
            frac_done = ep / opts.num_epochs
            step = opts.learning_rate * ((1.0 - frac_done) ** 0.9)
            return max(step, opts.end_learning_rate)

        cbs.append(
            LearningRateScheduler(poly_decay, verbose=1)
        )
        print("Polynomial decay on.")

    # plateau reduction and early stop when patience > 0
    if opts.patience > 0:
        cbs.append(
            ReduceLROnPlateau(
                monitor='val_loss',
                patience=opts.patience,
                factor=0.5,
                min_lr=opts.end_learning_rate,
                verbose=1
            )
        )
        cbs.append(
            EarlyStopping(
                monitor='val_loss',
                patience=opts.patience * 2,
                restore_best_weights=True,
                verbose=1
            )
        )
        print(f"Plateau reduction and early stop on (patience={opts.patience}).")

    # -------------------- fit --------------------
    print(f"\nFitting for {opts.num_epochs} epochs...")
    print(f"   batch: {opts.batch_size}")
    print(f"   start step: {opts.learning_rate}")
    print(f"   end step: {opts.end_learning_rate}")
    print(f"   backbone fixed: {opts.freeze_encoder}")
    print(f"   flips: {opts.use_augmentation}\n")

    net.fit(
        fit_pipe,
        epochs=opts.num_epochs,
        validation_data=hold_pipe,
        callbacks=cbs,
        verbose=1
    )

    print(f"\nDone; best weights in: {ckpt_file}")
    print(f"Per-epoch log in: {log_file}")
