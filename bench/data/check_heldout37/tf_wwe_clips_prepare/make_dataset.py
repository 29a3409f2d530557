# -*- coding: utf-8 -*-
import argparse
import numpy as np
import cv2
import os
import logging
import random
from pathlib import Path
from preprocessing_params import (
    CLASSES_LIST,
    DATASET_DIR,
    PREPROCESSED_DIR,
    SEQUENCE_LENGTH,
    IMAGE_HEIGHT,
    IMAGE_WIDTH,
)

# scikit-learn
from sklearn.model_selection import train_test_split

# keras helpers
from tensorflow.keras.utils import to_categorical


# (dotenv loading left out)

SEED = 27
np.random.seed(SEED)
random.seed(SEED)


def build_clip_arrays(augment=False):
    """
    Output:
        clip_frames: per video, the list of its sampled frames.
        labels: class position of each kept video.
        clip_paths: file path of each kept video.
    """

    # three parallel lists, filled video by video
    clip_frames = []
    labels = []
    clip_paths = []

    # walk the chosen classes
    for class_pos, class_dir in enumerate(CLASSES_LIST):
        # say which class is being read
        print(f"reading videos of class {class_dir}")

        # the video files of this class folder
        video_files = os.listdir(os.path.join(Path(DATASET_DIR) / class_dir))

        # one video at a time
        for video_file in video_files:
            # full path of the video
            video_path_full = os.path.join(Path(DATASET_DIR) / class_dir / video_file)

            # sample its frames
            frames_got = sample_frames(video_path_full)

            # keep only the videos that gave a full sequence
            # (short clips give fewer frames and are dropped)
            if len(frames_got) == SEQUENCE_LENGTH:
                # record frames, class and path
                clip_frames.append(frames_got)
                labels.append(class_pos)
                clip_paths.append(video_path_full)

    # lists -> arrays
    clip_frames = np.asarray(clip_frames)
    labels = np.array(labels)

    # hand back the three results
    return clip_frames, labels, clip_paths


def sample_frames(video_path):
    """
    Sample SEQUENCE_LENGTH evenly spaced frames, resized and scaled to [0, 1].
    Input:
        video_path: location of the video file.
    Output:
        frames_read: the list of prepared frames.
    """
    # collected frames
    frames_read = []
    # open the video
    cap = cv2.VideoCapture(video_path)
    # how many frames it has
    frame_total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    # stride between sampled frames
    frame_stride = max(int(frame_total / SEQUENCE_LENGTH), 1)
    # one sampled frame per step
    for k in range(SEQUENCE_LENGTH):
        # jump to the sampled position
        cap.set(cv2.CAP_PROP_POS_FRAMES, k * frame_stride)
        # decode it
        ok, frame = cap.read()
        # stop early when decoding fails
        if not ok:
            break
        # scale to the model input size
        small_frame = cv2.resize(frame, (IMAGE_HEIGHT, IMAGE_WIDTH))
        # divide by 255 to get values in [0, 1]
        scaled_frame = small_frame / 255
        # keep it
        frames_read.append(scaled_frame)
    # close the reader
    cap.release()
    # done
    return frames_read


# helpers built on scikit-learn / keras


def to_one_hot(labels):
    onehot_labels = to_categorical(labels)

    return onehot_labels


# 75 / 25 split of the clips into train and test
def split_train_test(clip_frames, labels, test_size, **kwargs):
    train_X, test_X, train_y, test_y = train_test_split(
        clip_frames, labels, test_size=test_size, **kwargs
    )

    logging.info("train/test split done")
    logging.info(f"train clips: {len(train_y)}")
    logging.info(f"test clips: {len(test_y)}")

    return train_X, test_X, train_y, test_y


def write_arrays(
    train_X,
    test_X,
    train_y,
    test_y,
    clip_paths,
    output_dir,
):
    """
    Write the split arrays and the path list under output_dir.
    Input:
        train_X: train clips.
        test_X: test clips.
        train_y: train one-hot labels.
        test_y: test one-hot labels.
        clip_paths: the video paths, one per clip.
        output_dir: folder that receives the files.
    """
    # make it a Path
    output_dir = Path(output_dir)

    # create the folder when missing
    output_dir.mkdir(parents=True, exist_ok=True)

    # the clip arrays
    np.save(output_dir / "features_train.npy", train_X)
    np.save(output_dir / "features_test.npy", test_X)
    # the label arrays
    np.save(output_dir / "labels_train.npy", train_y)
    np.save(output_dir / "labels_test.npy", test_y)
    # and the list of paths
    with open(output_dir / "video_files_paths.txt", "w") as file:
        file.write("\n".join(clip_paths))

    logging.info("arrays written")


def main():
    """Turn the raw videos (../raw) into train/test arrays
    stored under ../processed.
    """
    log = logging.getLogger(__name__)
    log.info("building arrays from the raw videos")

    # read every video
    clip_frames, labels, clip_paths = build_clip_arrays()

    # one-hot labels
    labels = to_one_hot(labels)

    # split
    train_X, test_X, train_y, test_y = split_train_test(
        clip_frames, labels, test_size=0.25, shuffle=True, random_state=SEED
    )

    # write to disk
    write_arrays(
        train_X,
        test_X,
        train_y,
        test_y,
        clip_paths,
        PREPROCESSED_DIR,
    )


if __name__ == "__main__":
    fmt_str = "%(asctime)s - %(name)s - %(levelname)s - %(message)s"
    logging.basicConfig(level=logging.INFO, format=fmt_str)

    # handy for locating files, unused here
    repo_root = Path(__file__).resolve().parents[2]

    main()
