# converted from a notebook; the pip-install cell is left out

import cv2
import os
import random
import numpy as np
import tensorflow as tf
import matplotlib.pyplot as plt
from collections import deque
from sklearn.model_selection import train_test_split
from tensorflow.keras.layers import *
from tensorflow.keras.models import Sequential
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import EarlyStopping

SEED = 27
np.random.seed(SEED)
random.seed(SEED)
tf.random.set_seed(SEED)

# show one first frame per sampled class
plt.figure(figsize=(20, 20))

# every class folder
class_dirs = os.listdir("dataset/videos")

# up to 20 random class picks
picks = random.sample(
    range(len(class_dirs)), min(20, len(class_dirs))
)

# loop over the picks
for slot, pick in enumerate(picks, 1):

    # class for this pick
    cls_name = class_dirs[pick]

    # clips of that class
    clip_names = os.listdir(f"dataset/videos/{cls_name}")

    # any one clip
    clip_name = random.choice(clip_names)

    # open it
    cap = cv2.VideoCapture(
        f"dataset/videos/{cls_name}/{clip_name}"
    )

    # first frame only
    ok, bgr = cap.read()

    # close it
    cap.release()

    # to RGB
    rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)

    # caption
    cv2.putText(
        rgb,
        cls_name,
        (10, 30),
        cv2.FONT_HERSHEY_SIMPLEX,
        1,
        (255, 255, 255),
        2,
    )
    # draw
    plt.subplot(5, 4, slot)
    plt.imshow(rgb)
    plt.axis("off")
    plt.tight_layout()
    plt.show()

# frame size after resizing
FRAME_H, FRAME_W = 224, 224

# frames taken from each clip
SEQ_LEN = 20

# where the clips are
VIDEO_ROOT = "dataset/videos"

# the two labels
LABELS = ["valid", "invalid"]

def sample_frames(clip_path):
    """
    Take SEQ_LEN evenly spaced frames of one clip, resized and scaled to [0, 1].
    Args:
        clip_path: file of the clip.
    Returns:
        picked: list of the scaled frames.
    """

    # frames of this clip
    picked = []

    # open the clip
    cap = cv2.VideoCapture(clip_path)

    # how many frames it has
    n_frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))

    # stride between sampled frames
    stride = max(int(n_frames / SEQ_LEN), 1)

    # one position per slot
    for slot in range(SEQ_LEN):

        # jump to the frame
        cap.set(cv2.CAP_PROP_POS_FRAMES, slot * stride)

        # read it
        ok, img = cap.read()

        # stop on a failed read
        if not ok:
            break

        # fixed size
        small = cv2.resize(img, (FRAME_H, FRAME_W))

        # scale to [0, 1]
        scaled = small / 255

        # keep it
        picked.append(scaled)

    # close the clip
    cap.release()

    # done
    return picked

def build_arrays():
    """
    Read every clip of every label.
    Returns:
        clips:  frames of each clip.
        ids:    label index of each clip.
        paths:  file of each clip.
    """

    # accumulators
    clips = []
    ids = []
    paths = []

    # every label
    for label_idx, label in enumerate(LABELS):

        # progress
        print(f"reading clips of {label}")

        # files of this label
        names = os.listdir(os.path.join(VIDEO_ROOT, label))

        # every file
        for name in names:

            # full path
            path = os.path.join(VIDEO_ROOT, label, name)

            # frames of it
            frames = sample_frames(path)

            # keep only clips long enough
            # shorter ones are skipped
            if len(frames) == SEQ_LEN:

                # store
                clips.append(frames)
                ids.append(label_idx)
                paths.append(path)

    # lists to arrays
    clips = np.array(clips)
    ids = np.array(ids)

    # done
    return clips, ids, paths

clips, ids, paths = build_arrays()

onehot = to_categorical(ids)

x_tr, x_te, y_tr, y_te = train_test_split(
    clips,
    onehot,
    test_size=0.15,
    shuffle=True,
    random_state=SEED,
)

def make_net():
    """
    Stack of ConvLSTM2D blocks.
    Returns:
        net: the Sequential model.
    """

    # sequential stack
    net = Sequential()

    # first block
    net.add(
        ConvLSTM2D(
            filters=4,  # channels out
            kernel_size=(3, 3),  # kernel
            activation="tanh",  # activation
            data_format="channels_last",  # (batch, time, h, w, c)
            recurrent_dropout=0.2,  # dropout on the recurrent path
            return_sequences=True,  # every time step out
            input_shape=(
                SEQ_LEN,
                FRAME_H,
                FRAME_W,
                3,
            ),  # one clip
        )
    )

    net.add(
        MaxPooling3D(
            pool_size=(1, 2, 2),  # halve h and w
            padding="same",  # pad if odd
            data_format="channels_last",  # (batch, time, h, w, c)
        )
    )

    net.add(TimeDistributed(Dropout(0.2)))

    net.add(
        ConvLSTM2D(
            filters=8,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    net.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )

    net.add(TimeDistributed(Dropout(0.2)))

    net.add(
        ConvLSTM2D(
            filters=14,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    net.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )

    net.add(TimeDistributed(Dropout(0.2)))

    net.add(
        ConvLSTM2D(
            filters=16,
            kernel_size=(3, 3),
            activation="tanh",
            data_format="channels_last",
            recurrent_dropout=0.2,
            return_sequences=True,
        )
    )

    net.add(
        MaxPooling3D(pool_size=(1, 2, 2), padding="same", data_format="channels_last")
    )

    net.add(Flatten())

    net.add(Dense(len(LABELS), activation="softmax"))

    # print layers
    net.summary()

    # done
    return net

# build it
net = make_net()

# stop when val loss stalls
stopper = EarlyStopping(
    monitor="val_loss", patience=10, mode="min", restore_best_weights=True
)

# loss, optimizer, metric
net.compile(
    loss="categorical_crossentropy",
    optimizer="Adam",
    metrics=["accuracy"],
)

# train
hist = net.fit(
    x=x_tr,
    y=y_tr,
    epochs=50,
    batch_size=4,
    validation_split=0.2,
    callbacks=[stopper],
    shuffle=True,
)

test_scores = net.evaluate(x_te, y_te)

net.save("output/models/convlstm.h5")

def draw_curves(hist):
    """
    Accuracy and loss curves of a fit.
    Args:
        hist: the History returned by fit.
    """

    # two panels
    plt.figure(figsize=(12, 5))
    plt.subplot(1, 2, 1)
    plt.plot(hist.history["accuracy"], label="train acc", marker="o")
    plt.plot(hist.history["val_accuracy"], label="val acc", marker="o")
    plt.title("accuracy")
    plt.xlabel("epoch")
    plt.ylabel("acc")
    plt.legend()

    plt.grid(True)

    plt.subplot(1, 2, 2)
    plt.plot(hist.history["loss"], label="train loss", marker="o")
    plt.plot(hist.history["val_loss"], label="val loss", marker="o")
    plt.title("loss")
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.legend()

    plt.grid(True)

    plt.tight_layout()
    plt.show()

# curves
draw_curves(hist)

def label_video(src_path, dst_path, SEQ_LEN):
    """
    Write a copy of a video with the running prediction drawn on each frame.
    Args:
    src_path: input video.
    dst_path: output video.
    SEQ_LEN:  frames per prediction window.
    """

    # open input
    cap = cv2.VideoCapture(src_path)

    # its size
    w = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
    h = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))

    # its rate
    rate = cap.get(cv2.CAP_PROP_FPS)

    # codec
    codec = cv2.VideoWriter_fourcc(*"mp4v")

    # output writer
    out = cv2.VideoWriter(
        dst_path, codec, rate, (w, h)
    )

    # sliding window of frames
    window = deque(maxlen=SEQ_LEN)

    # current guess
    guess = ""

    # every frame
    while cap.isOpened():

        # read
        ok, img = cap.read()

        # end of video
        if not ok:
            break

        # resize
        small = cv2.resize(img, (FRAME_W, FRAME_H))

        # scale
        scaled = small / 255.0

        # push
        window.append(scaled)

        # full window: predict
        if len(window) == SEQ_LEN:

            # batch of one
            batch = np.expand_dims(np.array(window), axis=0)

            # class scores
            scores = net.predict(batch, verbose=0)

            # best label
            guess = LABELS[np.argmax(scores)]

        # caption
        cv2.putText(
            img,
            f"Prediction: {guess}",
            (10, 30),
            cv2.FONT_HERSHEY_SIMPLEX,
            1,
            (0, 255, 0),
            2,
        )
        # write
        out.write(img)

    # close both
    cap.release()
    out.release()

    print(f"labelled video written to {dst_path}")

# run on one file
label_video(
    "test_vide2.mp4", "output/videos/cnnlstm_test_output2.mp4", SEQ_LEN
)
