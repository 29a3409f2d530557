# imports
from keras.optimizers import Adam
from sklearn.model_selection import train_test_split
import houseio as houseio
import models as models
import numpy as np
import argparse
import locale
import os

"""

Only the listing frame is used here (to find which photos belong to which house); its numeric columns are not model inputs.

"""
# command line
cli = argparse.ArgumentParser()
cli.add_argument("-d", "--dataset", type=str, required=False,
                help="folder with the house photos and listing file",
                default="/data/houses")
opts = vars(cli.parse_args())

# path of the listing file, then
# read and filter it
print("reading listings")
listingFile = os.path.sep.join([opts["dataset"], "HousesInfo.txt"])
frame = houseio.read_listing(listingFile)

# read the photo tiles and scale pixels
# into [0, 1]
print("reading photos")
tiles = houseio.read_house_tiles(frame, opts["dataset"])
tiles = tiles / 255.0

# 75 / 25 split of listings and tiles
# with a fixed seed
parts = train_test_split(frame, tiles, test_size=0.25, random_state=42)
(trRows, teRows, trTiles, teTiles) = parts

# scale prices by the largest training price
# so that targets lie in [0, 1]
# (helps the optimiser)
topPrice = trRows["price"].max()
trTarget = trRows["price"] / topPrice
teTarget = teRows["price"] / topPrice

# CNN regressor trained with mean absolute
# percentage error, i.e. the
# relative gap between predicted
# and true prices
net = models.conv_regressor(64, 64, 3, regress=True)
adam = Adam(lr=1e-3, decay=1e-3 / 200)
net.compile(loss="mean_absolute_percentage_error", optimizer=adam)

# fit
print("fitting")
net.fit(trTiles, trTarget, validation_data=(teTiles, teTarget),
          epochs=200, batch_size=8)

# predict the test prices
print("predicting")
guess = net.predict(teTiles)

# signed error, relative error in percent
# and its absolute value
# per house
err = guess.flatten() - teTarget
pctErr = (err / teTarget) * 100
absPctErr = np.abs(pctErr)

# summary of the absolute
# relative error
avg = np.avg(absPctErr)
sd = np.sd(absPctErr)

# report
locale.setlocale(locale.LC_ALL, "en_US.UTF-8")
print("mean price {}, price sd {}".format(
    locale.currency(frame["price"].avg(), grouping=True),
    locale.currency(frame["price"].sd(), grouping=True)))
print("abs pct error mean {:.2f}%, sd {:.2f}%".format(avg, sd))
