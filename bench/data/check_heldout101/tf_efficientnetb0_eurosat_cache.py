"""
EuroSAT land-cover classifier: fit and evaluate (frozen EfficientNetB0 + new head)
Run after the data preparation script:   python tf_efficientnetb0_eurosat_cache.py

Reads the cleaned split folders under data/processed/ exactly like the MobileNetV2
variant; only the pretrained backbone is different.

NOTE: EfficientNet rescales its inputs internally, so the pixels are fed in the
0..255 range. efficientnet.preprocess_input therefore does nothing and is kept only
for symmetry with the other backbones.

Written to out/:
  - curves_b0.png
  - confusion_b0.png
  - report_b0.txt
  - example_b0.png
Model file: eurosat_efficientnetb0.keras
"""
import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
from pathlib import Path
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow.keras import layers
from tensorflow.keras.applications import EfficientNetB0
from tensorflow.keras.applications.efficientnet import preprocess_input  # identity
from sklearn.metrics import confusion_matrix, classification_report

# ---------------- settings ----------------
ROOT    = Path("data/processed")
OUT     = Path("reports"); OUT.mkdir(exist_ok=True)
SIDE    = (int(os.environ.get("IMG", 128)),) * 2   # 128 keeps CPU runs short; 224 is the native size
BS      = int(os.environ.get("BATCH", 32))
N_EP    = int(os.environ.get("EPOCHS", 12))
SEED    = 42
tf.random.set_seed(SEED)

print(f"TF {tf.__version__} | EfficientNetB0 | side {SIDE} | batch {BS} | epochs {N_EP}")
print("GPU:", tf.config.list_physical_devices("GPU") or "none, CPU run")

# ---------------- data ----------------
def split_ds(name, shuffle):
    return tf.keras.utils.image_dataset_from_directory(
        ROOT / name, image_size=SIDE, batch_size=BS,
        label_mode="categorical", shuffle=shuffle, seed=SEED)

fit_ds  = split_ds("train", True)
hold_ds = split_ds("val",   False)
eval_ds = split_ds("test",  False)
labels_list = fit_ds.class_names
n_cls = len(labels_list)
print("Labels:", labels_list)

TUNE = tf.data.AUTOTUNE
fit_ds  = fit_ds.cache().prefetch(TUNE)
hold_ds = hold_ds.cache().prefetch(TUNE)
eval_ds = eval_ds.cache().prefetch(TUNE)

# ---------------- network ----------------
jitter = tf.keras.Sequential([
    layers.RandomFlip("horizontal"),
    layers.RandomRotation(0.1),
    layers.RandomZoom(0.1),
], name="augment")

trunk = EfficientNetB0(input_shape=SIDE + (3,), include_top=False, weights="imagenet")
trunk.trainable = False                         # keep the ImageNet weights fixed

inp  = tf.keras.Input(shape=SIDE + (3,))
h = jitter(inp)                                  # only active while training; range stays 0..255
h = preprocess_input(h)                          # identity for EfficientNet
h = trunk(h, training=False)
h = layers.GlobalAveragePooling2D()(h)
h = layers.Dropout(0.2)(h)
out = layers.Dense(n_cls, activation="softmax")(h)
net = tf.keras.Model(inp, out)

net.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
            loss="categorical_crossentropy", metrics=["accuracy"])
net.summary()

# ---------------- fit ----------------
cbs = [
    tf.keras.callbacks.EarlyStopping(monitor="val_loss", patience=3,
                                     restore_best_weights=True),
    tf.keras.callbacks.ModelCheckpoint("eurosat_efficientnetb0.keras",
                                       monitor="val_accuracy", save_best_only=True),
]
print("\n=== fitting (this is the long part on a CPU) ===")
hist = net.fit(fit_ds, validation_data=hold_ds, epochs=N_EP, callbacks=cbs)

# ---------------- curves ----------------
hh = hist.history
fig, (p1, p2) = plt.subplots(1, 2, figsize=(12, 4))
p1.plot(hh["accuracy"], "-o", label="train"); p1.plot(hh["val_accuracy"], "-o", label="val")
p1.set_title("Accuracy (B0)"); p1.set_xlabel("epoch"); p1.legend(); p1.grid(alpha=.3)
p2.plot(hh["loss"], "-o", label="train"); p2.plot(hh["val_loss"], "-o", label="val")
p2.set_title("Loss (B0)"); p2.set_xlabel("epoch"); p2.legend(); p2.grid(alpha=.3)
plt.tight_layout(); plt.savefig(OUT / "training_curves_effnet.png", dpi=130); plt.close()

# ---------------- test split ----------------
print("\n=== test split ===")
te_loss, te_acc = net.evaluate(eval_ds)
print(f"Test accuracy: {te_acc*100:.2f}%")

truth = np.concatenate([b.numpy() for _, b in eval_ds]).argmax(1)
guess = net.predict(eval_ds).argmax(1)

cm = confusion_matrix(truth, guess)
fig, ax = plt.subplots(figsize=(9, 8))
ax.imshow(cm, cmap="Greens")
ax.set_xticks(range(n_cls)); ax.set_yticks(range(n_cls))
ax.set_xticklabels(labels_list, rotation=45, ha="right", fontsize=8)
ax.set_yticklabels(labels_list, fontsize=8)
ax.set_xlabel("predicted"); ax.set_ylabel("true")
ax.set_title(f"Confusion matrix, B0 (test acc {te_acc*100:.1f}%)")
for r in range(n_cls):
    for c in range(n_cls):
        ax.text(c, r, cm[r, c], ha="center", va="center",
                color="white" if cm[r, c] > cm.max()/2 else "black", fontsize=7)
plt.tight_layout(); plt.savefig(OUT / "confusion_matrix_effnet.png", dpi=130); plt.close()

summary = classification_report(truth, guess, target_names=labels_list, digits=3)
print("\n" + summary)
(OUT / "classification_report_effnet.txt").write_text(
    f"Model: EfficientNetB0\nTest accuracy: {te_acc*100:.2f}%\n\n{summary}")

# ---------------- one example ----------------
for xb, yb in eval_ds.take(1):
    pic = xb[0].numpy().astype("uint8")
    true_name = labels_list[int(yb[0].numpy().argmax())]
    scores = net.predict(xb[:1])[0]
    pred_name = labels_list[int(scores.argmax())]
    plt.figure(figsize=(4, 4))
    plt.imshow(pic); plt.axis("off")
    plt.title(f"True: {true_name}\nPred: {pred_name} ({scores.max()*100:.1f}%)",
              color="green" if pred_name == true_name else "red")
    plt.tight_layout(); plt.savefig(OUT / "sample_prediction_effnet.png", dpi=130); plt.close()
    break

print("\n*** done (EfficientNetB0) ***")
print("Model: eurosat_efficientnetb0.keras")
print("Reports: training_curves_effnet.png, confusion_matrix_effnet.png, "
      "classification_report_effnet.txt, sample_prediction_effnet.png")
