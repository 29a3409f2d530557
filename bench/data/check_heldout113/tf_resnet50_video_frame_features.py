import os
import cv2
import torch

clip_file = 'scene.mp4'
reader = cv2.VideoCapture(clip_file)

out_dir = 'scene_frames'
os.makedirs(out_dir, exist_ok=True)

n_written = 0

while True:
    ok, img = reader.read()
    if not ok:
        break

    jpg_name = f'{out_dir}/img_{n_written}.jpg'
    cv2.imwrite(jpg_name, img)

    n_written += 1

reader.release()

import numpy as np
import tensorflow as tf
from tensorflow.keras.applications import ResNet50
from tensorflow.keras.applications.resnet50 import preprocess_input
from tensorflow.keras.models import Model
from tensorflow.keras.layers import GlobalAveragePooling2D

trunk = ResNet50(weights='imagenet', include_top=False)

h = trunk.output
h = GlobalAveragePooling2D()(h)

embedder = Model(inputs=trunk.input, outputs=h)

batch = []

for k in range(n_written):
    jpg_path = f'{out_dir}/img_{k}.jpg'
    im = cv2.imread(jpg_path)
    im = cv2.cvtColor(im, cv2.COLOR_BGR2RGB)
    im = cv2.resize(im, (224, 224))
    im = preprocess_input(im)
    batch.append(im)

batch = np.array(batch)

vectors = embedder.predict(batch)
