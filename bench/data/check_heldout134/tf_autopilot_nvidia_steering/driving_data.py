import cv2
import random
import numpy as np

frame_paths = []
wheel = []

# cursor into each split
train_pos = 0
val_pos = 0

# index file: one frame name and one wheel angle per line
with open("driving_dataset/data.txt") as idx_file:
    for ln in idx_file:
        frame_paths.append("driving_dataset/" + ln.split()[0])
        # the wheel angle (in radians) stands in for the inverse turn radius
        #
        #
        wheel.append(float(ln.split()[1]) * 3.14159265 / 180)

# frame count
n_frames = len(frame_paths)

# shuffle once
pairs = list(zip(frame_paths, wheel))
random.shuffle(pairs)
frame_paths, wheel = zip(*pairs)

tr_paths = frame_paths[:int(len(frame_paths) * 0.8)]
tr_wheel = wheel[:int(len(frame_paths) * 0.8)]

va_paths = frame_paths[-int(len(frame_paths) * 0.2):]
va_wheel = wheel[-int(len(frame_paths) * 0.2):]

n_tr = len(tr_paths)
n_va = len(va_paths)

def next_train_batch(n):
    global train_pos
    imgs = []
    angles = []
    for k in range(0, n):
        imgs.append(cv2.resize(cv2.imread(tr_paths[(train_pos + k) % n_tr])[-150:], (200, 66)) / 255.0)
        angles.append([tr_wheel[(train_pos + k) % n_tr]])
    train_pos += n
    return imgs, angles

def next_val_batch(n):
    global val_pos
    imgs = []
    angles = []
    for k in range(0, n):
        imgs.append(cv2.resize(cv2.imread(va_paths[(val_pos + k) % n_va])[-150:], (200, 66)) / 255.0)
        angles.append([va_wheel[(val_pos + k) % n_va]])
    val_pos += n
    return imgs, angles
