import matplotlib
matplotlib.use("Agg")

from keras.preprocessing.image import ImageDataGenerator
from keras.optimizers import Adam
from keras.preprocessing.image import img_to_array
from sklearn.preprocessing import MultiLabelBinarizer,OneHotEncoder
from sklearn.model_selection import train_test_split
from BirdModel.birdnet import BirdNet
import matplotlib.pyplot as plt
from imutils import paths
import numpy as np
import argparse
import random
import pickle
import cv2
import os

cli = argparse.ArgumentParser()
cli.add_argument("-d", "--dataset", required=True,
	help="folder of bird pictures, one sub-folder per species")
cli.add_argument("-m", "--model", required=True,
	help="where to write the fitted model")
cli.add_argument("-l", "--labelbin", required=True,
	help="where to write the fitted label encoder")
cli.add_argument("-p", "--plot", type=str, default="plot.png",
	help="where to write the loss/accuracy figure")
opts = vars(cli.parse_args())


N_EPOCHS = 1
START_LR = 1e-3
BATCH = 32
SHAPE = (112, 112, 3)


print("[INFO] reading pictures...")
picture_paths = sorted(list(paths.list_images(opts["dataset"])))
random.seed(42)
random.shuffle(picture_paths)
# containers for pictures and species ids
pixels = []
species = []
k = 0

for picture_path in picture_paths:
	sp = str(int(picture_path[7:10]))
	picture = cv2.imread(picture_path)
	picture = cv2.resize(picture, (SHAPE[1], SHAPE[0]))
	picture = img_to_array(picture)
	pixels.append(picture)
	species.append([sp])
	# print(sp)

pixels = np.array(pixels, dtype="float") / 255.0
species = np.array(species)

print("[INFO] species ids:")
# mlb = MultiLabelBinarizer()
# species = mlb.fit_transform(species)
# print(mlb.classes_)

enc = OneHotEncoder()
species = enc.fit_transform(species)
print(enc.categories_)
# list every category found
for (k, cat) in enumerate(enc.categories_):
	print("{}. {}".format(k + 1, cat))

(fitX, holdX, fitY, holdY) = train_test_split(pixels,
	species, test_size=0.2, random_state=42)
# augmentation generator, left disabled
# aug = ImageDataGenerator(rotation_range=25, width_shift_range=0.1,
# 	height_shift_range=0.1, shear_range=0.2, zoom_range=0.2,
# 	horizontal_flip=True, fill_mode="nearest")

net = BirdNet.build(
	width=SHAPE[1], height=SHAPE[0],
	depth=SHAPE[2], classes=len(enc.categories_))
# optimizer
opt = Adam(lr=START_LR, decay=0.05)

net.compile(loss="binary_crossentropy", optimizer=opt,
	metrics=["accuracy"])
# fit
print("[INFO] fitting...")
hist = net.fit(x = fitX,y = fitY, batch_size = BATCH,validation_data = (holdX,holdY),
	epochs=N_EPOCHS, verbose=1)


print("[INFO] writing the model...")
net.save(opts["model"])
# keep the encoder too
print("[INFO] writing the label encoder...")
fh = open(opts["labelbin"], "wb")
fh.write(pickle.dumps(enc))
fh.close()

plt.style.use("ggplot")
plt.figure()
n = N_EPOCHS
plt.plot(np.arange(0, n), hist.history["loss"], label="fit_loss")
plt.plot(np.arange(0, n), hist.history["val_loss"], label="check_loss")
plt.plot(np.arange(0, n), hist.history["acc"], label="fit_acc")
plt.plot(np.arange(0, n), hist.history["val_acc"], label="check_acc")
plt.title("Loss and accuracy while fitting")
plt.xlabel("Epoch #")
plt.ylabel("Loss/Accuracy")
plt.legend(loc="upper left")
plt.savefig(opts["plot"])
