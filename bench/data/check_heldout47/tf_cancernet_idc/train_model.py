import matplotlib
matplotlib.use("Agg")

from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import LearningRateScheduler
from keras.optimizers import Adagrad
from keras.utils import np_utils
from sklearn.metrics import classification_report
from sklearn.metrics import confusion_matrix
from cancernet import CancerNet
import config
from imutils import paths
import matplotlib.pyplot as plt
import numpy as np
import argparse
import os

cli = argparse.ArgumentParser()
cli.add_argument("-p", "--plot", type=str, default="curves.png",
	help="where to write the loss/accuracy figure")
opts = vars(cli.parse_args())

EPOCHS = 2
LR0 = 1e-2
BATCH = 32

train_files = list(paths.list_images(config.TRAIN_DIR))
n_train = len(train_files)
n_val = len(list(paths.list_images(config.VAL_DIR)))
n_test = len(list(paths.list_images(config.TEST_DIR)))

train_targets = [int(p.split(os.path.sep)[-2]) for p in train_files]
train_targets = np_utils.to_categorical(train_targets)
per_class = train_targets.sum(axis=0)
cls_weight = per_class.max() / per_class

aug_train = ImageDataGenerator(
	rescale=1 / 255.0,
	rotation_range=20,
	zoom_range=0.05,
	width_shift_range=0.1,
	height_shift_range=0.1,
	shear_range=0.05,
	horizontal_flip=True,
	vertical_flip=True,
	fill_mode="nearest")

aug_eval = ImageDataGenerator(rescale=1 / 255.0)

gen_train = aug_train.flow_from_directory(
	config.TRAIN_DIR,
	class_mode="categorical",
	target_size=(48, 48),
	color_mode="rgb",
	shuffle=True,
	batch_size=BATCH)

gen_val = aug_eval.flow_from_directory(
	config.VAL_DIR,
	class_mode="categorical",
	target_size=(48, 48),
	color_mode="rgb",
	shuffle=False,
	batch_size=BATCH)

gen_test = aug_eval.flow_from_directory(
	config.TEST_DIR,
	class_mode="categorical",
	target_size=(48, 48),
	color_mode="rgb",
	shuffle=False,
	batch_size=BATCH)

net = CancerNet.build(width=48, height=48, depth=3,
	classes=2)
opt = Adagrad(lr=LR0, decay=LR0 / EPOCHS)
net.compile(loss="binary_crossentropy", optimizer=opt,
	metrics=["accuracy"])

hist = net.fit_generator(
	gen_train,
	steps_per_epoch=n_train // BATCH,
	validation_data=gen_val,
	validation_steps=n_val // BATCH,
	class_weight=cls_weight,
	epochs=EPOCHS)

print("scoring the test split...")
gen_test.reset()
probs = net.predict_generator(gen_test,
	steps=(n_test // BATCH) + 1)

pred_ids = np.argmax(probs, axis=1)

print(classification_report(gen_test.classes, pred_ids,
	target_names=gen_test.class_indices.keys()))

cm = confusion_matrix(gen_test.classes, pred_ids)
total = sum(sum(cm))
acc = (cm[0, 0] + cm[1, 1]) / total
sens = cm[0, 0] / (cm[0, 0] + cm[0, 1])
spec = cm[1, 1] / (cm[1, 0] + cm[1, 1])

print(cm)
print("acc: {:.4f}".format(acc))
print("sensitivity: {:.4f}".format(sens))
print("specificity: {:.4f}".format(spec))

N = EPOCHS
plt.style.use("ggplot")
plt.figure()
plt.plot(np.arange(0, N), hist.history["loss"], label="train_loss")
plt.plot(np.arange(0, N), hist.history["val_loss"], label="val_loss")
plt.plot(np.arange(0, N), hist.history["acc"], label="train_acc")
plt.plot(np.arange(0, N), hist.history["val_acc"], label="val_acc")
plt.title("loss and accuracy per epoch")
plt.xlabel("epoch")
plt.ylabel("value")
plt.legend(loc="upper right")
plt.savefig(opts["plot"])
