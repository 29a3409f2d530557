#usage
# python tf_mobilenet_mask_detector.py --dataset dataset

#library imports
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

#command line options
cli = argparse.ArgumentParser()
cli.add_argument("-d", "--dataset", required=True,help="folder holding the face images")
cli.add_argument("-p", "--plot", type=str, default="curves.png",help="where the training curves go")
cli.add_argument("-m", "--model", type=str,default="facemask_classifier.model",help="where the trained classifier goes")
opts = vars(cli.parse_args())

#training settings
LR_START = 1e-4  #initial step size
N_EPOCHS = 20     #passes over the data
BATCH = 32         #samples per step

#read every picture of the folder into python lists
print("[INFO] reading the face pictures ...")
picture_files = list(paths.list_images(opts["dataset"]))
pixels = []
classes = []

# visit every file
for pic_file in picture_files:
	# the parent folder names the class
	cls = pic_file.split(os.path.sep)[-2]
	# open at 224x224 and scale for mobilenet
	pic = load_img(pic_file, target_size=(224, 224))
	pic = img_to_array(pic)
	pic = preprocess_input(pic)

	# keep picture and class
	pixels.append(pic)
	classes.append(cls)

# lists to numpy
pixels = np.array(pixels, dtype="float32")
classes = np.array(classes)

# class names to one-hot
binarizer = LabelBinarizer()
classes = binarizer.fit_transform(classes)
classes = to_categorical(classes)

# hold out a fifth of the pictures
# for evaluation
(x_fit, x_hold, y_fit, y_hold) = train_test_split(pixels, classes,test_size=0.20, stratify=classes, random_state=42)

# random augmentation for the training pictures
augmenter = ImageDataGenerator(
	rotation_range=20,
	zoom_range=0.15,
	width_shift_range=0.2,
	height_shift_range=0.2,
	shear_range=0.15,
	horizontal_flip=True,
	fill_mode="nearest")


# pretrained mobilenet backbone without its
# classifier
backbone = MobileNetV2(weights="imagenet", include_top=False,
	input_tensor=Input(shape=(224, 224, 3)))

# a small classifier on top of the
# backbone features
top = backbone.output
top = AveragePooling2D(pool_size=(7, 7))(top)
top = Flatten(name="flatten")(top)
top = Dense(128, activation="relu")(top)
top = Dropout(0.5)(top)
top = Dense(2, activation="softmax")(top)

# join backbone and classifier into the
# network that gets trained
net = Model(inputs=backbone.input, outputs=top)

# keep the pretrained backbone frozen so that
# only the classifier learns
for lyr in backbone.layers:
	lyr.trainable = False

# compile
print("[INFO] compiling...")
optim = Adam(lr=LR_START, decay=LR_START / N_EPOCHS)
net.compile(loss="binary_crossentropy", optimizer=optim,
	metrics=["accuracy"])

# fit the classifier
print("[INFO] fitting the classifier...")
hist = net.fit(
	augmenter.flow(x_fit, y_fit, batch_size=BATCH),
	steps_per_epoch=len(x_fit) // BATCH,
	validation_data=(x_hold, y_hold),
	validation_steps=len(x_hold) // BATCH,
	epochs=N_EPOCHS)

# predict the held out pictures
print("[INFO] scoring...")
scores = net.predict(x_hold, batch_size=BATCH)

# take the most probable class
# of every picture
scores = np.argmax(scores, axis=1)

# per-class report
print(classification_report(y_hold.argmax(axis=1), scores,
	target_names=binarizer.classes_))

# write the classifier
print("[INFO] writing the classifier...")
net.save(opts["model"], save_format="h5")

# draw the curves
E = N_EPOCHS
plt.style.use("ggplot")
plt.figure()
plt.plot(np.arange(0, E), hist.history["loss"], label="train_loss")
plt.plot(np.arange(0, E), hist.history["val_loss"], label="val_loss")
plt.plot(np.arange(0, E), hist.history["accuracy"], label="train_acc")
plt.plot(np.arange(0, E), hist.history["val_accuracy"], label="val_acc")
plt.title("Loss and accuracy per epoch")
plt.xlabel("Epoch #")
plt.ylabel("Loss/Accuracy")
plt.legend(loc="lower left")
plt.savefig(opts["plot"])
