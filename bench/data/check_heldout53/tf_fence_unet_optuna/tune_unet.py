import os
import sys

import keras
import keras.metrics
import optuna
import tensorflow as tf

sys.path.append(os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
from unet_model import unet

from fence_data import datasets_for_unet_tuning, read_for_tuning
from loss_functions import dice_loss
from metrics_calculation import (
    dice_coefficient,
    mean_iou,
    pixel_accuracy,
    precision,
    recall,
)

os.environ["TF_GPU_ALLOCATOR"] = "cuda_malloc_async"

FIT_IMG_DIR = "data/training_train/images_mixed"
FIT_MASK_DIR = "data/training_train/labels_mixed"
HOLD_IMG_DIR = "data/training_val/images_mixed"
HOLD_MASK_DIR = "data/training_val/labels_mixed"

IMG_WIDTH = 512
IMG_HEIGHT = 512

EPOCHS = 100
PATIENCE = 30

STORAGE = "sqlite:///artifacts/models/unet/optuna_unet.db"
STUDY_NAME = "unet_tuning"

TRIALS = 200


def trial_score(trial, fit_pics, fit_masks, hold_pics, hold_masks):
    # search space
    BATCH_SIZE = trial.suggest_int("batch_size", 4, 16, step=4)
    IMG_CHANNEL = trial.suggest_categorical("img_channel", [3, 8])
    DROPOUT_RATE = trial.suggest_float("dropout_rate", 0.0, 0.3, step=0.1)
    LEARNING_RATE = trial.suggest_float("learning_rate", 1e-4, 1e-2, log=True)
    filter_counts = [16, 32, 64, 128, 256, 512]
    KERNEL_SIZE = trial.suggest_categorical("kernel_size", [3, 5])
    ACTIVATION = trial.suggest_categorical("activation", ["relu", "elu"])
    USE_BATCHNORM = True
    INITIALIZER = trial.suggest_categorical(
        "weight_initializer", ["he_normal", "he_uniform"]
    )

    opt = keras.optimizers.RMSprop(learning_rate=LEARNING_RATE)

    try:
        fit_ds, hold_ds = datasets_for_unet_tuning(
            fit_pics,
            fit_masks,
            hold_pics,
            hold_masks,
            IMG_CHANNEL,
            BATCH_SIZE,
        )

        print("Datasets ready..")

        net = unet(
            IMG_WIDTH,
            IMG_HEIGHT,
            IMG_CHANNEL,
            DROPOUT_RATE,
            filter_counts,
            kernel_size=(KERNEL_SIZE, KERNEL_SIZE),
            activation=ACTIVATION,
            use_batchnorm=USE_BATCHNORM,
            initializer_function=INITIALIZER,
            training=True,
        )

        net.compile(
            optimizer=opt,
            loss=dice_loss,
            metrics=[
                "accuracy",
                pixel_accuracy,
                precision,
                mean_iou,
                dice_coefficient,
                recall,
            ],
        )

        record = net.fit(
            fit_ds,
            batch_size=BATCH_SIZE,
            epochs=EPOCHS,
            validation_data=hold_ds,
            callbacks=[
                keras.callbacks.EarlyStopping(
                    monitor="val_loss",
                    mode="min",
                    patience=PATIENCE,
                ),
            ],
        )
        best_val = min(record.history["val_loss"])
        return best_val
    except tf.errors.ResourceExhaustedError as e:
        on_trial_error(e)
    except Exception as e:
        on_trial_error(e)
    finally:
        # free the graph of this trial
        keras.backend.clear_session()
        print("Session cleared after the trial.")


def on_trial_error(trial, best_loss, e, current_epoch):
    print(f"Trial failed with: {e}")
    raise optuna.TrialPruned()


if __name__ == "__main__":
    tf.config.optimizer.set_experimental_options({"layout_optimizer": False})
    print("Reading the data...")
    fit_pics, fit_masks, hold_pics, hold_masks = read_for_tuning(
        dir_fit_images=FIT_IMG_DIR,
        dir_fit_masks=FIT_MASK_DIR,
        dir_hold_images=HOLD_IMG_DIR,
        dir_hold_masks=HOLD_MASK_DIR,
        img_width=IMG_WIDTH,
        img_height=IMG_HEIGHT,
    )
    print("Data read, starting the study")

    study = optuna.create_study(
        direction="minimize",
        storage=STORAGE,  # study kept in a SQLite file
        study_name=STUDY_NAME,
        load_if_exists=False,
    )

    study.optimize(
        lambda trial: trial_score(
            trial, fit_pics, fit_masks, hold_pics, hold_masks
        ),
        n_trials=TRIALS,
    )

    print("Best trial:")
    trial = study.best_trial

    print(f"Value: {trial.value}")
    print("Params:")
    for key, value in trial.params.items():
        print(f"  {key}: {value}")
