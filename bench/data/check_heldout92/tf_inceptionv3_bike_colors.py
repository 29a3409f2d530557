#!/usr/bin/env python3
""" Frame-colour tagging of bike photos on top of a frozen ImageNet backbone. """
# %%
import os
from ast import literal_eval

import pandas as pd
import numpy as np
from sklearn.preprocessing import MultiLabelBinarizer
from tensorflow.keras.applications.inception_v3 import InceptionV3, preprocess_input
from tensorflow.keras.preprocessing import image
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Dense, GlobalAveragePooling2D

N_EPOCHS = 10

# %% READ THE PHOTOS
PHOTO_DIR = "data/download/"
photo_ids = sorted(
    [int(f.split(".")[0]) for f in os.listdir(PHOTO_DIR) if f.endswith(".jpg")]
)

decoded = []
for fname in os.listdir(PHOTO_DIR):
    pic = image.load_img("data/download/" + fname, target_size=(224, 224))
    pic_arr = image.img_to_array(pic)
    pic_ready = preprocess_input(pic_arr)
    decoded.append(pic_ready)

X = np.concatenate([decoded], axis=0)

# %% READ THE TARGETS
meta = pd.read_csv("data/df_merged.csv", quotechar="'", sep=";")
meta_kept = meta[meta["thumbnail_id"].isin(photo_ids)].sort_values(by="thumbnail_id")
# sanity checks on the join
assert not meta_kept.thumbnail_id.duplicated().any(), "photo id appears twice"
assert meta_kept.thumbnail_id.is_monotonic_increasing, "photo ids out of order"
# colour lists -> multi-hot rows
colour_lists = [literal_eval(c) for c in meta_kept.frame_colors.values]
binarizer = MultiLabelBinarizer()
multi_hot = pd.DataFrame(binarizer.fit_transform(colour_lists), columns=binarizer.classes_)
# matrix plus the colour names
Y = multi_hot.values
colour_names = list(multi_hot.columns)

# %% BUILD THE NETWORK
backbone = InceptionV3(include_top=False, weights="imagenet")
# pool the last feature map
feat = backbone.output
pooled = GlobalAveragePooling2D()(feat)
# one hidden dense layer
hidden = Dense(1024, activation="relu")(pooled)
# one output unit per colour
scores = Dense(len(colour_names), activation="softmax")(hidden)
# full trainable graph
net = Model(inputs=backbone.input, outputs=scores)
# keep the backbone weights fixed
for lyr in backbone.layers:
    lyr.trainable = False
# compile only after freezing
net.compile(optimizer="adam", loss="categorical_crossentropy")

# %% AUGMENTATION SET-UP
aug = image.ImageDataGenerator(validation_split=0.1)
aug.fit(X)

# %% FIT
net.fit_generator(
    aug.flow(X, Y, batch_size=32), steps_per_epoch=len(X) / 32, epochs=N_EPOCHS, verbose=1
)

# %% ONE-PHOTO CHECK
probe_path = "data/download/446.jpg"
pic = image.load_img(probe_path, target_size=(224, 224))
pic_arr = image.img_to_array(pic)
pic_arr = np.expand_dims(pic_arr, axis=0)
pic_arr = preprocess_input(pic_arr)
out = net.predict(pic_arr)
print(f"top colour: {colour_names[np.argmax(out)]}")

# %%
