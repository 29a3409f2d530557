from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications import MobileNetV2
from tensorflow.keras.layers import AveragePooling2D
from tensorflow.keras.layers import Dropout
from tensorflow.keras.layers import Flatten
from tensorflow.keras.layers import Dense
from tensorflow.keras.layers import Input
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.applications.mobilenet_v2 import preprocess_input
from tensorflow.keras.preprocessing.image import img_to_array
from tensorflow.keras.preprocessing.image import load_img
from tensorflow.keras.utils import to_categorical
from sklearn.preprocessing import LabelBinarizer
from sklearn.model_selection import train_test_split
from sklearn.metrics import classification_report
from imutils import paths
import matplotlib.pyplot as plt
import numpy as np
import argparse
import os

cli = argparse.ArgumentParser()
cli.add_argument("-d", "--dataset", required=True, help="folder of face crops, one subfolder per class")
cli.add_argument("-p", "--plot", type=str, default="curves.png", help="where the training curves go")
cli.add_argument("-m", "--model", type=str, default="mask_net.model", help="where the trained detector goes")
opts = vars(cli.parse_args())

# step size, how many passes over the data,
# and the minibatch size
BASE_LR = 1e-4
N_EPOCHS = 20
BATCH = 32

# list every picture under the dataset folder and start
# empty holders for pixels and class names
print("[*] reading pictures...")
picPaths = list(paths.list_images(opts["dataset"]))
pixels = []
classes = []

# walk through every picture
for picPath in picPaths:
    # the parent folder name is the class
    cls = picPath.split(os.path.sep)[-2]

    # decode at 224x224 and apply the MobileNetV2 scaling
    pic = load_img(picPath, target_size=(224, 224))
    pic = img_to_array(pic)
    pic = preprocess_input(pic)

    # keep the pixels and the class
    pixels.append(pic)
    classes.append(cls)

# turn both holders into arrays
pixels = np.array(pixels, dtype="float32")
classes = np.array(classes)

# one-hot the class names
binarizer = LabelBinarizer()
classes = binarizer.fit_transform(classes)
classes = to_categorical(classes)

# hold out a fifth of the pictures
# for checking, stratified by class
(fitX, holdX, fitY, holdY) = train_test_split(pixels, classes, test_size = 0.20, stratify = classes, random_state = 42)

# random geometric jitter for the fitting pictures
jitter = ImageDataGenerator(
	rotation_range=20,
	zoom_range=0.15,
	width_shift_range=0.2,
	height_shift_range=0.2,
	shear_range=0.15,
	horizontal_flip=True,
	fill_mode="nearest")

# ImageNet MobileNetV2 trunk without its
# classifier
trunk = MobileNetV2(weights = "imagenet", include_top = False, input_tensor = Input(shape=(224, 224, 3)))

# small new classifier on top
top = trunk.output
top = AveragePooling2D(pool_size=(7, 7))(top)
top = Flatten(name="flatten")(top)
top = Dense(128, activation="relu")(top)
top = Dropout(0.5)(top)
top = Dense(2, activation="softmax")(top)

# join trunk and classifier
net = Model(inputs = trunk.input, outputs = top)

# keep the trunk frozen so only the new
# classifier learns in this run
for lyr in trunk.layers:
    lyr.trainable = False

# compile
print("[*] compiling...")
optim = Adam(lr = BASE_LR, decay = BASE_LR / N_EPOCHS )
net.compile(loss = "binary_crossentropy", optimizer = optim, metrics = ["accuracy"])

# fit only the classifier head
print("[*] fitting head...")
hist = net.fit(
    jitter.flow(fitX, fitY, batch_size=BATCH),
    steps_per_epoch=len(fitX)//BATCH,
    validation_data=(holdX, holdY),
    validation_steps=len(holdX)//BATCH,
    epochs=N_EPOCHS)

# score the held-out pictures
print("[*] scoring...")
scores = net.predict(holdX, batch_size=BATCH)

# the predicted class of each held-out picture is the
# column with the highest score
scores = np.argmax(scores, axis=1)
# per-class report
print(classification_report(holdY.argmax(axis=1), scores,
	target_names=binarizer.classes_))
# write the detector
print("[*] writing detector...")
net.save(opts["model"], save_format="h5")

# draw loss and accuracy curves
E = N_EPOCHS
plt.style.use("ggplot")
plt.figure()
plt.plot(np.arange(0, E), hist.history["loss"], label="fit_loss")
plt.plot(np.arange(0, E), hist.history["val_loss"], label="hold_loss")
plt.plot(np.arange(0, E), hist.history["accuracy"], label="fit_acc")
plt.plot(np.arange(0, E), hist.history["val_accuracy"], label="hold_acc")
plt.title("Loss and accuracy")
plt.xlabel("Epoch")
plt.ylabel("Loss/Accuracy")
plt.legend(loc="lower left")
plt.savefig(opts["plot"])
