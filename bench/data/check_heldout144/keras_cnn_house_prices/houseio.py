from sklearn.preprocessing import LabelBinarizer, MinMaxScaler
import pandas as pd
import numpy as np
import glob
import cv2
import os


def read_listing(src):
    """
    Read the listing table (535 rows). Zip codes with fewer than 25 listings are
    dropped because they are too rare to learn from, which leaves
    362 listings.
    :param src: listing text file
    :return: the filtered frame
    """
    # column names of the space separated file,
    # then read it with pandas
    fields = ["bedrooms", "bathrooms", "area", "zc", "price"]
    df = pd.read_csv(src, sep=" ", header=None, names=fields)

    # distinct zip codes and how many
    # listings each one has
    zips = df["zc"].value_counts().keys().tolist()
    sizes = df["zc"].value_counts().tolist()

    # walk over the zip codes and
    # their sizes
    for (zc, n) in zip(zips, sizes):
        # most zip codes are very rare (one or two
        # listings), so every zip code
        # with fewer than 25 listings
        # is removed
        if n < 25:
            drop_idx = df[df["zc"] == zc].index
            df.drop(drop_idx, inplace=True)

    # filtered frame
    return df


def encode_listing(df, train, test):
    """
    Turn the listing columns into model features.
    1) numeric columns are min-max scaled into [0, 1]
    2) the zip code becomes one-hot columns

    Every output column ends up within [0, 1]

    :param df: whole frame
    :param train: training rows
    :param test: test rows
    :return: feature matrices
    """
    # numeric columns
    numeric = ['bedrooms', 'bathrooms', 'area']

    # min-max scale each numeric column
    scaler = MinMaxScaler()
    trNum = scaler.fit_transform(train[numeric])
    teNum = scaler.fit_transform(test[numeric])

    # one-hot zip codes (all values are 0 or 1)
    # the encoder is fit on the whole frame
    # so that a zip code missing from one split
    # still gets its column
    # in both matrices
    zipEnc = LabelBinarizer().fit(df["zc"])
    trCat = zipEnc.transform(train["zc"])
    teCat = zipEnc.transform(test["zc"])

    # join one-hot and numeric columns
    # side by side
    trFeat = np.hstack([trCat, trNum])
    teFeat = np.hstack([teCat, teNum])

    # both matrices
    return (trFeat, teFeat)


def read_house_tiles(df, src):
    """
    Read the four photos of each house and tile them into one 64x64 picture.
    
    :param df: listing frame
    :param src: photo folder
    :return: array of tiles
    """
    # tiles collected so far
    tiles = []

    # one house per row index
    for i in df.index.values:
        # its four photos, sorted so the
        # quadrants are always in the same order
        pattern = os.path.sep.join([src, "{}_*".format(i + 1)])
        photoPaths = sorted(list(glob.glob(pattern)))

        # the four small photos and
        # the tile they are pasted into
        quads = []
        tile = np.zeros((64, 64, 3), dtype="uint8")

        # each photo of the house
        for photoPath in photoPaths:
            # read, shrink to 32x32
            # and keep
            im = cv2.imread(photoPath)
            im = cv2.resize(im, (32, 32))
            quads.append(im)

        # paste the four photos into
        # the four quadrants of
        # the tile, clockwise
        # from the top left
        tile[0:32, 0:32] = quads[0]
        tile[0:32, 32:64] = quads[1]
        tile[32:64, 32:64] = quads[2]
        tile[32:64, 0:32] = quads[3]

        # keep the tile of
        # this house
        tiles.append(tile)

    # all tiles as one array
    return np.array(tiles)


if __name__ == '__main__':
    path = '/data/houses/HousesInfo.txt'
    df = read_listing(path)
    print(df.shape)
    print(df.head())
    X = df.drop(columns=['price'])
    y = df['price']

    from sklearn.model_selection import train_test_split

    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3)

    trFeat, teFeat = encode_listing(df, X_train, X_test)
    print(trFeat)
