# data helpers
from sklearn.preprocessing import LabelBinarizer
from sklearn.preprocessing import MinMaxScaler
import pandas as pd
import numpy as np
import glob
import cv2
import os

def read_house_table(attrs_path):
    # the attribute file is space separated and has no header,
    # so the column names are given here
    col_names = ["bedrooms", "bathrooms", "area", "zipcode", "price"]
    houses_df = pd.read_csv(attrs_path, sep=" ", header=None, names=col_names)

    # list every zip code together with
    # how many houses it has
    zip_list = houses_df["zipcode"].value_counts().keys().tolist()
    zip_counts = houses_df["zipcode"].value_counts().tolist()

    # walk over zip codes and
    # their house counts
    for (zip_code, n_houses) in zip(zip_list, zip_counts):
        # most zip codes have only a handful of houses,
        # which makes the table very lopsided;
        # rows from zip codes with fewer than 25 houses
        # are dropped
        if n_houses < 25:
            drop_idx = houses_df[houses_df["zipcode"] == zip_code].index
            houses_df.drop(drop_idx, inplace=True)

    return houses_df

def encode_house_features(houses_df, train_rows, test_rows):
    # numeric columns
    numeric_cols = ["bedrooms", "bathrooms", "area"]

    # rescale the numeric columns into [0, 1]
    # (fitted on the training rows only)
    minmax = MinMaxScaler()
    train_numeric = minmax.fit_transform(train_rows[numeric_cols])
    test_numeric = minmax.transform(test_rows[numeric_cols])

    # zip code as one-hot columns (already
    # in [0, 1] by construction)
    zip_encoder = LabelBinarizer().fit(houses_df["zipcode"])
    train_onehot = zip_encoder.transform(train_rows["zipcode"])
    test_onehot = zip_encoder.transform(test_rows["zipcode"])

    # feature matrix = one-hot zip codes
    # followed by the scaled numeric columns
    train_X = np.hstack([train_onehot, train_numeric])
    test_X = np.hstack([test_onehot, test_numeric])

    return (train_X, test_X)

def read_house_mosaics(houses_df, attrs_path):
    # one 64x64 mosaic per house
    images_all = []

    # house by house
    for i in houses_df.index.values:
        # the four photos of a house, in a stable
        # sorted order
        glob_pattern = os.path.sep.join([attrs_path, "{}_*".format(i + 1)])
        photo_paths = sorted(list(glob.glob(glob_pattern)))
    # the four small photos and the mosaic
        # that will hold them
        photo_images = []
        mosaic_image = np.zeros((64, 64, 3), dtype="uint8")

        # each photo of this house
        for photo_path in photo_paths:
            # read it, shrink it to 32x32 and
            # keep it for the mosaic
            photo_img = cv2.imread(photo_path)
            photo_img = cv2.resize(photo_img, (32, 32))
            photo_images.append(photo_img)

        # place the photos in the four
        # quadrants of the mosaic:
        # top-left, top-right, bottom-right,
        # bottom-left
        mosaic_image[0:32, 0:32] = photo_images[0]
        mosaic_image[0:32, 32:64] = photo_images[1]
        mosaic_image[32:64, 32:64] = photo_images[2]
        mosaic_image[32:64, 0:32] = photo_images[3]

        # keep the mosaic as this house's
        # picture
        images_all.append(mosaic_image)

    return np.array(images_all)

# model builders
from keras.models import Sequential
from keras.layers.normalization import BatchNormalization
from keras.layers.convolutional import Conv2D
from keras.layers.convolutional import MaxPooling2D
from keras.layers.core import Activation
from keras.layers.core import Dropout
from keras.layers.core import Dense
from keras.layers import Flatten
from keras.layers import Input
from keras.models import Model

def build_tabular_branch(n_inputs, add_regressor=False):
    branch_model = Sequential()
    branch_model.add(Dense(8, input_dim=n_inputs, activation="relu"))
    branch_model.add(Dense(4, activation="relu"))

    # optional single linear output
    if add_regressor:
        branch_model.add(Dense(1, activation="linear"))

    return branch_model

def build_image_branch(img_w, img_h, img_c, filter_counts=(16, 32, 64), add_regressor=False):
    # channels-last input shape
    # (rows, cols, channels)
    in_shape = (img_h, img_w, img_c)
    channel_axis = -1

    image_input = Input(shape=in_shape)

    # one conv block per filter count
    for (i, n_filt) in enumerate(filter_counts):
        # the first block reads the
        # network input
        if i == 0:
            h = image_input

        # conv, relu, batch-norm, max-pool
        h = Conv2D(n_filt, (3, 3), padding="same")(h)
        h = Activation("relu")(h)
        h = BatchNormalization(axis=channel_axis)(h)
        h = MaxPooling2D(pool_size=(2, 2))(h)
    # flatten, dense 16, relu, batch-norm, dropout
    h = Flatten()(h)
    h = Dense(16)(h)
    h = Activation("relu")(h)
    h = BatchNormalization(axis=channel_axis)(h)
    h = Dropout(0.5)(h)

    # a 4-unit layer so both branches
    # end with the same width
    h = Dense(4)(h)
    h = Activation("relu")(h)

    # optional single linear output
    if add_regressor:
        h = Dense(1, activation="linear")(h)

    branch_model = Model(image_input, h)

    return branch_model

from sklearn.model_selection import train_test_split
from keras.optimizers import Adam
from keras.layers import concatenate
import locale

# read the attribute table, dropping
# rare zip codes

data_dir = "/content/drive/My Drive/apps/Colab Notebooks/KerasMD/Houses-dataset/Houses Dataset"
print("reading the attribute table")
attrs_path = os.path.sep.join([data_dir, "HousesInfo.txt"])
print("attribute file:", attrs_path)
houses_df = read_house_table(attrs_path)

# read the photo mosaics and scale pixels
# to [0, 1]
print("reading the house photos")
images_all = read_house_mosaics(houses_df, data_dir)
images_all = images_all / 255.0

# 75/25 split of rows and mosaics
# into training and test parts
print("splitting rows and images")
split_parts = train_test_split(houses_df, images_all, test_size=0.25, random_state=42)
(train_attr_X, test_attr_X, train_images_X, test_images_X) = split_parts

# divide prices by the largest
# training price so the target
# lies in [0, 1]
price_max = train_attr_X["price"].max()
train_y = train_attr_X["price"] / price_max
test_y = test_attr_X["price"] / price_max

# scale the numeric columns, one-hot the
# zip codes and join both
# into one matrix
(train_attr_X, test_attr_X) = encode_house_features(houses_df,
    train_attr_X, test_attr_X)

# the two branches
tabular_branch = build_tabular_branch(train_attr_X.shape[1], add_regressor=False)
image_branch = build_image_branch(64, 64, 3, add_regressor=False)

# join the outputs of
# both branches
merged_features = concatenate([tabular_branch.output, image_branch.output])

# a small dense head that ends
# in one regression unit
h = Dense(4, activation="relu")(merged_features)
h = Dense(1, activation="linear")(h)

# two inputs (tabular and image),
# one output: the scaled price
# of the house
price_model = Model(inputs=[tabular_branch.input, image_branch.input], outputs=h)
# mean absolute percentage error
# as the loss, Adam with a small
# decay
adam_optimizer = Adam(lr=1e-3, decay=1e-3 / 200)
price_model.compile(loss="mean_absolute_percentage_error", optimizer=adam_optimizer)

# fit
print("fitting the two-branch model")
price_model.fit(
    [train_attr_X, train_images_X], train_y,
    validation_data=([test_attr_X, test_images_X], test_y),
    epochs=200, batch_size=8)

# predict on the test part
print("predicting test prices")
price_preds = price_model.predict([test_attr_X, test_images_X])

# relative error of every prediction,
# in percent, and its
# absolute value
err = price_preds.flatten() - test_y
err_pct = (err / test_y) * 100
abs_err_pct = np.abs(err_pct)

# mean and spread of the
# absolute percentage error
err_mean = np.mean(abs_err_pct)
err_std = np.std(abs_err_pct)

# print a summary
locale.setlocale(locale.LC_ALL, "en_US.UTF-8")
print("mean house price: {}, price std: {}".format(
    locale.currency(houses_df["price"].mean(), grouping=True),
    locale.currency(houses_df["price"].std(), grouping=True)))
print("abs. % error: mean {:.2f}%, std {:.2f}%".format(err_mean, err_std))
