import datetime

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import keras
import os

from keras.src.metrics.metrics_utils import confusion_matrix
from keras.src.regularizers import L2
from keras import Input, Model
from keras.src.applications.mobilenet_v2 import MobileNetV2
from keras.src.callbacks import EarlyStopping, ReduceLROnPlateau, ModelCheckpoint, TensorBoard
from keras.src.layers import GlobalAveragePooling2D, Dense, BatchNormalization, Dropout
from keras.src.legacy.preprocessing.image import ImageDataGenerator
from keras.src.optimizers import Adam
from sklearn.metrics import classification_report
import seaborn as sns

# root of the Fruits-360 copy
root = r"D://datn_haui/new_model/dataset/fruits-360_100x100/fruits-360"

fit_dir = os.path.join(root, "Training")
eval_dir = os.path.join(root, "Test")
hold_dir = eval_dir

side = 224
bs = 32
n_classes = len(os.listdir(fit_dir))

# on-the-fly augmentation
fit_aug = ImageDataGenerator(
    rescale=1. / 255,
    rotation_range=20,
    width_shift_range=0.2,
    validation_split=0.1,
    height_shift_range=0.2,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True,
    fill_mode='nearest'
)

plain_aug = ImageDataGenerator(rescale=1. / 255)

fit_flow = fit_aug.flow_from_directory(
    fit_dir,
    target_size=(side, side),
    batch_size=bs,
    class_mode='categorical',
    color_mode='rgb'
)

hold_flow = plain_aug.flow_from_directory(
    hold_dir,
    target_size=(side, side),
    batch_size=bs,
    class_mode='categorical',
    color_mode='rgb'
)

eval_flow = plain_aug.flow_from_directory(
    eval_dir,
    target_size=(side, side),
    batch_size=bs,
    class_mode='categorical',
    color_mode='rgb',
    shuffle=False
)

def make_net(n_open=0):
    inp = Input(shape=(224, 224, 3))
    trunk = MobileNetV2(weights='imagenet', include_top=False, input_tensor=inp)
    n_open = min(n_open, len(trunk.layers))
    for lyr in trunk.layers:
        lyr.trainable = False
    if n_open > 0:
        for lyr in trunk.layers[-n_open:]:
            lyr.trainable = True

    h = trunk.output
    h = GlobalAveragePooling2D()(h)

    h = Dense(64, kernel_regularizer=L2(0.0001), activation='relu')(h)
    h = BatchNormalization()(h)
    h = Dropout(0.1)(h)

    probs = Dense(199, activation='softmax')(h)
    net = Model(inputs=inp, outputs=probs)

    return net

run_dir = os.path.join("logs", datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
tb_cb = TensorBoard(log_dir=run_dir, histogram_freq=1)

stop_cb = EarlyStopping(
    monitor='val_loss',
    patience=5,
    restore_best_weights=True
)

plateau_cb = ReduceLROnPlateau(
    monitor='val_loss',
    factor=0.2,
    patience=2,
    min_lr=1e-6
)
save_cb = ModelCheckpoint(
    filepath="checkpoints/epoch_{epoch:02d}.keras",
    save_freq="epoch",
    save_weights_only=False,
    save_best_only=False
)
def draw_curves(hist):
    plt.figure(figsize=(12, 4))

    # loss panel
    plt.subplot(1, 2, 1)
    plt.plot(hist['loss'], label='train loss')
    plt.plot(hist['val_loss'], label='val loss')
    plt.title('Loss')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.legend()

    # accuracy panel
    plt.subplot(1, 2, 2)
    plt.plot(hist['accuracy'], label='train acc')
    plt.plot(hist['val_accuracy'], label='val acc')
    plt.title('Accuracy')
    plt.xlabel('Epoch')
    plt.ylabel('Accuracy')
    plt.legend()
    plt.ylim(0, 1)
    plt.show()

def run_training(net,
                 fit_flow,
                 hold_flow,
                 epochs,
                 learning_rate,
                 callbacks=None):
    net.compile(optimizer=Adam(learning_rate=learning_rate),
                loss='categorical_crossentropy',
                metrics=[
                    'accuracy',
                    keras.metrics.Precision(),
                    keras.metrics.Recall(),
                    keras.metrics.AUC(name='auroc')
                ])

    hist = net.fit(fit_flow,
                   epochs=epochs,
                   validation_data=hold_flow,
                   callbacks=callbacks)
    hist_df = pd.DataFrame(hist.history)
    net.save("model_vegetable_image.keras")
    draw_curves(hist_df)

net = make_net(10)

if __name__ == "__main__":
    run_training(net,
                 fit_flow,
                 hold_flow,
                 epochs=10,
                 learning_rate=0.001,
                 callbacks=[stop_cb, plateau_cb,save_cb])

    truth = eval_flow.classes
    scores = net.predict(eval_flow)
    guessed = np.argmax(scores, axis=1)
    names = list(eval_flow.class_indices.keys())

    net.evaluate(eval_flow)
    summary = classification_report(truth, guessed, target_names=names)
    print(summary)

    plt.figure(figsize=(12, 12))
    cm = confusion_matrix(truth, guessed)

    sns.heatmap(cm, annot=False, cmap="Blues", xticklabels=names, yticklabels=names)
    plt.title("Confusion matrix")
    plt.xlabel("Predicted")
    plt.ylabel("True")

    cm_file = "confusion_matrix.png"
    plt.savefig(cm_file, dpi=300, bbox_inches='tight')
    plt.close()
    print(f"Confusion matrix written to: {cm_file}")

