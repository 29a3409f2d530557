# -----------------------------------------------------------------------------
# PART 1: IMPORTS
# -----------------------------------------------------------------------------
import os
import numpy as np
import tensorflow as tf
from scipy.io import loadmat
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from tensorflow.keras.models import Model
from tensorflow.keras.layers import (Input, Conv1D, BatchNormalization, MaxPooling1D,
                                     LSTM, Dense, Dropout)
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint

# -----------------------------------------------------------------------------
# PART 2: SETTINGS
# -----------------------------------------------------------------------------
# --- data ---
MAT_DIR = 'db1_mat_files'  # folder holding the .mat recordings
SUBJECT_IDS = [1, 2, 3, 4, 5]  # which subjects to use
EXERCISE_IDS = [1, 2, 3]  # exercises read for every subject

# --- windowing ---
WIN_LEN = 200
HOP = 50

# --- model and fitting ---
N_CLASSES = 53
MAX_EPOCHS = 100  # early stopping usually ends sooner
BS = 128
VAL_FRACTION = 0.2


# -----------------------------------------------------------------------------
# PART 3: LOADING AND WINDOWING
# -----------------------------------------------------------------------------
def read_subject(root, subj, exercise_ids):
    emg_all = np.array([])
    stim_all = np.array([])

    for ex in exercise_ids:
        mat_path = os.path.join(root, f'S{subj}_A1_E{ex}.mat')
        try:
            mat = loadmat(mat_path)
            if emg_all.size == 0:
                emg_all = mat['emg']
                stim_all = mat['restimulus']
            else:
                emg_all = np.vstack((emg_all, mat['emg']))
                stim_all = np.vstack((stim_all, mat['restimulus']))
        except FileNotFoundError:
            print(f"missing recording: {mat_path}")
            return None, None

    return emg_all, stim_all


def make_windows(emg, stim, win_len, hop):
    segs, targets = [], []
    moving = np.where(stim.flatten() != 0)[0]

    for s in range(0, len(moving) - win_len, hop):
        idx = moving[s: s + win_len]
        if idx[-1] - idx[0] != win_len - 1:
            continue

        seg = emg[idx]
        seg_stim = stim[idx]
        majority = np.bincount(seg_stim.flatten()).argmax()

        mu = np.mean(seg, axis=0)
        sd = np.std(seg, axis=0)
        seg_z = (seg - mu) / (sd + 1e-8)

        segs.append(seg_z)
        targets.append(majority)

    return np.array(segs), np.array(targets)


# -----------------------------------------------------------------------------
# PART 4: NETWORK
# -----------------------------------------------------------------------------
def make_cnn_lstm(in_shape, n_out):
    inp = Input(shape=in_shape)
    h = Conv1D(filters=64, kernel_size=9, activation='relu', padding='same')(inp)
    h = BatchNormalization()(h)
    h = MaxPooling1D(pool_size=2)(h)
    h = Dropout(0.3)(h)
    h = Conv1D(filters=128, kernel_size=9, activation='relu', padding='same')(h)
    h = BatchNormalization()(h)
    h = MaxPooling1D(pool_size=2)(h)
    h = Dropout(0.3)(h)
    r = LSTM(128, return_sequences=False)(h)
    r = Dropout(0.4)(r)
    out = Dense(n_out, activation='softmax')(r)
    net = Model(inputs=inp, outputs=out)
    net.compile(optimizer='adam',
                loss='categorical_crossentropy',
                metrics=['accuracy'])
    return net


# -----------------------------------------------------------------------------
# PART 5: MAIN
# -----------------------------------------------------------------------------
if __name__ == "__main__":
    # --- gather windows of every subject ---
    per_subj_x = []
    per_subj_y = []

    for sid in SUBJECT_IDS:
        print(f"reading subject {sid}")
        emg, stim = read_subject(MAT_DIR, sid, EXERCISE_IDS)
        if emg is None:
            print(f"subject {sid} skipped, files missing.")
            continue

        print(f"windowing subject {sid}")
        xs, ys = make_windows(emg, stim, WIN_LEN, HOP)
        per_subj_x.append(xs)
        per_subj_y.append(ys)

    # one array over all subjects
    x_all = np.concatenate(per_subj_x, axis=0)
    y_all = np.concatenate(per_subj_y, axis=0)

    print("\nall subjects together")
    print(f"x: {x_all.shape}")
    print(f"y: {y_all.shape}")

    # labels
    y_all = y_all - 1
    y_onehot = to_categorical(y_all, num_classes=N_CLASSES - 1)

    # train / validation split
    x_tr, x_va, y_tr, y_va = train_test_split(
        x_all, y_onehot, test_size=VAL_FRACTION, random_state=42, stratify=y_all
    )

    print(f"\nshapes for fitting:")
    print(f"  x_tr: {x_tr.shape}")
    print(f"  y_tr: {y_tr.shape}")
    print(f"  x_va: {x_va.shape}")
    print(f"  y_va: {y_va.shape}")

    # network
    shape_in = (x_tr.shape[1], x_tr.shape[2])
    net = make_cnn_lstm(shape_in, n_out=N_CLASSES - 1)
    net.summary()

    # --- callbacks ---
    stopper = EarlyStopping(
        monitor='val_loss',
        patience=10,
        verbose=1,
        restore_best_weights=True
    )

    BEST_PATH = 'best_all_subjects.h5'
    saver = ModelCheckpoint(
        filepath=BEST_PATH,
        save_weights_only=False,
        monitor='val_loss',
        mode='min',
        save_best_only=True,
        verbose=1
    )

    # fit
    print("\nfitting...")
    hist = net.fit(
        x_tr, y_tr,
        epochs=MAX_EPOCHS,
        batch_size=BS,
        validation_data=(x_va, y_va),
        callbacks=[stopper, saver]
    )

    # curves
    plt.figure(figsize=(12, 5))
    plt.subplot(1, 2, 1)
    plt.plot(hist.history['accuracy'], label='train acc')
    plt.plot(hist.history['val_accuracy'], label='val acc')
    plt.title('accuracy (all subjects)')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.legend()
    plt.subplot(1, 2, 2)
    plt.plot(hist.history['loss'], label='train loss')
    plt.plot(hist.history['val_loss'], label='val loss')
    plt.title('loss (all subjects)')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend()
    plt.tight_layout()
    plt.show()

    # save the final network (best weights restored by the stopper)
    FINAL_PATH = 'final_all_subjects.h5'
    net.save(FINAL_PATH)
    print(f"\nfinal network written to '{FINAL_PATH}'")
    print(f"best checkpoint also at '{BEST_PATH}'.")


