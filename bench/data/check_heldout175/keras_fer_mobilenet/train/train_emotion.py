"""
Fine-tunes an ImageNet MobileNetV2 on FER2013 whose seven expressions are
folded into four exam-state classes (stressed, focused, confused, calm).

Run as:
    python train/train_emotion.py --dataset /data/fer2013/fer2013.csv --epochs 20

The 48x48 grey faces are enlarged to 96x96 and repeated over three channels
so that MobileNetV2 accepts them.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"

import numpy as np

logging.basicConfig(level=logging.INFO, format="%(levelname)s  %(message)s")
logger = logging.getLogger(__name__)

# make the repository root importable so that train.* resolves
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
from train.dataset_mapper import FER2013Mapper, decode_fer_pixels, EXAM_EMOTIONS

IMG_SIZE  = 96      # smallest input MobileNetV2 takes
N_CLASSES = 4


# ---- reading the data --------------------------------------------------------

def load_fer2013(csv_path: str):
    """Gives X_train, y_train, X_val, y_val as float32 arrays."""
    logger.info("Loading and mapping FER2013 from %s …", csv_path)
    df_train = FER2013Mapper.load_and_map(csv_path, usage="Training")
    df_val   = FER2013Mapper.load_and_map(csv_path, usage="PublicTest")

    def build_xy(df):
        X, y = [], []
        for _, row in df.iterrows():
            img = decode_fer_pixels(row["pixels"])  # 48x48x3 uint8
            # enlarge to IMG_SIZE square
            import cv2
            img = cv2.resize(img, (IMG_SIZE, IMG_SIZE), interpolation=cv2.INTER_LINEAR)
            X.append(img)
            y.append(int(row["exam_label_id"]))
        return np.array(X, dtype=np.float32) / 255.0, np.array(y, dtype=np.int32)

    X_train, y_train = build_xy(df_train)
    X_val,   y_val   = build_xy(df_val)
    logger.info("Train: %d  Val: %d", len(X_train), len(X_val))
    return X_train, y_train, X_val, y_val


# ---- the network -------------------------------------------------------------

def build_model(fine_tune_from: int = 100) -> "tf.keras.Model":  # type: ignore[name-defined]
    import tensorflow as tf
    from tensorflow.keras import layers, models

    base = tf.keras.applications.MobileNetV2(
        input_shape=(IMG_SIZE, IMG_SIZE, 3),
        include_top=False,
        weights="imagenet",
    )
    # first stage: backbone frozen
    base.trainable = False

    inputs = tf.keras.Input(shape=(IMG_SIZE, IMG_SIZE, 3))
    x = tf.keras.applications.mobilenet_v2.preprocess_input(inputs)
    x = base(x, training=False)
    x = layers.GlobalAveragePooling2D()(x)
    x = layers.Dense(256, activation="relu")(x)
    x = layers.Dropout(0.4)(x)
    outputs = layers.Dense(N_CLASSES, activation="softmax")(x)

    model = models.Model(inputs, outputs)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-3),
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
    )
    return model, base


# ---- training ----------------------------------------------------------------

def train(
    dataset: str,
    epochs: int,
    batch_size: int,
    output: str,
    fine_tune_layers: int = 30,
):
    import tensorflow as tf

    X_train, y_train, X_val, y_val = load_fer2013(dataset)

    model, base = build_model()
    model.summary(print_fn=logger.info)

    # stage one: only the new head learns
    logger.info("Phase 1: training dense head (%d epochs) …", epochs // 2)
    callbacks = [
        tf.keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True),
        tf.keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3),
    ]
    model.fit(
        X_train, y_train,
        validation_data=(X_val, y_val),
        epochs=epochs // 2,
        batch_size=batch_size,
        callbacks=callbacks,
    )

    # stage two: unfreeze the last layers of the backbone
    logger.info("Phase 2: fine-tuning top %d layers of MobileNetV2 …", fine_tune_layers)
    base.trainable = True
    for layer in base.layers[:-fine_tune_layers]:
        layer.trainable = False

    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-5),
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
    )
    model.fit(
        X_train, y_train,
        validation_data=(X_val, y_val),
        epochs=epochs - epochs // 2,
        batch_size=batch_size,
        callbacks=callbacks,
    )

    # write the model
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    model.save(output)
    logger.info("Model saved → %s", output)

    # and the class names beside it
    import json
    mapping_path = output.replace(".h5", "_label_map.json")
    with open(mapping_path, "w") as f:
        json.dump({"labels": EXAM_EMOTIONS}, f, indent=2)
    logger.info("Label map  → %s", mapping_path)


# ---- command line ------------------------------------------------------------

if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description="Fine-tune MobileNetV2 on FER2013 → 4 exam emotion classes"
    )
    parser.add_argument("--dataset",    required=True, help="Path to fer2013.csv")
    parser.add_argument("--epochs",     type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--output",     default="models/exam_emotion_model.h5")
    parser.add_argument(
        "--fine-tune-layers",
        type=int, default=30,
        help="Number of top MobileNetV2 layers to unfreeze in phase 2",
    )
    args = parser.parse_args()

    train(
        dataset          = args.dataset,
        epochs           = args.epochs,
        batch_size       = args.batch_size,
        output           = args.output,
        fine_tune_layers = args.fine_tune_layers,
    )
