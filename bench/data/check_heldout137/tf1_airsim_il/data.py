import os
import glob
import airsim
import numpy as np
import pandas as pd

from scipy import ndimage


# read the segmentation frames of one recording
def read_images(folder):
    print("Reading frames")
    paths_left = sorted(glob.glob(folder + "/img_Left_5_*.png"))
    frames_left = np.array([ndimage.imread(p, mode="L") for p in paths_left], np.uint8)
    print("Reading frames 30%")
    paths_mid = sorted(glob.glob(folder + "/img_Center_5_*.png"))
    frames_mid = np.array([ndimage.imread(p, mode="L") for p in paths_mid], np.uint8)
    print("Reading frames 60%")
    paths_right = sorted(glob.glob(folder + "/img_Right_5_*.png"))
    frames_right = np.array([ndimage.imread(p, mode="L") for p in paths_right], np.uint8)
    return frames_left[:, :, :, np.newaxis], frames_mid[:, :, :, np.newaxis], frames_right[:, :, :, np.newaxis]


# read the logged car state
def read_text(log_file):
    table = pd.read_csv(log_file, sep="\t")

    speed = table[["Speed"]].values
    control = table[["Throttle", "Steering"]].values
    control[:, 0] -= table[["Brake"]].values[:, 0]
    return speed, control


# read and prepare one recording folder
def load_folder(folder, ground_id=95):
    # raw data
    speed, control = read_text("./{}/airsim_rec.txt".format(folder))
    frames_left, frames_mid, frames_right = read_images("./{}/images".format(folder))

    # binarise the road class and scale speed
    speed /= 20.
    frames_left = (1 * (frames_left == ground_id)).astype(np.uint8)
    frames_mid = (1 * (frames_mid == ground_id)).astype(np.uint8)
    frames_right = (1 * (frames_right == ground_id)).astype(np.uint8)

    # stack the two previous middle frames as extra channels
    speed = speed[2:]
    control = control[2:]
    frames_left = np.concatenate((frames_left, np.roll(frames_mid, 1, axis=0), np.roll(frames_mid, 2, axis=0)), axis=-1)[2:]
    frames_right = np.concatenate((frames_right, np.roll(frames_mid, 1, axis=0), np.roll(frames_mid, 2, axis=0)), axis=-1)[2:]
    frames_mid = np.concatenate((frames_mid, np.roll(frames_mid, 1, axis=0), np.roll(frames_mid, 2, axis=0)), axis=-1)[2:]

    return speed, control, frames_left, frames_mid, frames_right


# read one frame from the running simulator
rgb_weights = np.array([299, 587, 114]) / 1000.
def data_live(client, gound_id=105):
    # car state
    speed = client.getCarState().speed / 20.

    # current segmentation frame
    shot = client.simGetImages([airsim.ImageRequest("Center", airsim.ImageType.Segmentation, False, False)])[0]
    flat = np.fromstring(shot.image_data_uint8, dtype=np.uint8)

    if shot.height != 0 and shot.width != 0:
        shot = flat.reshape(shot.height, shot.width, 3)
        shot = np.einsum("xyz, z -> xy", shot, rgb_weights).astype(np.uint8)
        road = (1 * (shot == gound_id)).astype(np.uint8)
        return speed, road

    return False
