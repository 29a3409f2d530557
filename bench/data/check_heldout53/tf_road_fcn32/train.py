#!/usr/bin/python3


# Libraries
from keras.callbacks import ModelCheckpoint
from IPython.display import clear_output
import matplotlib.pyplot as plt
from skimage.io import imread
import tensorflow as tf
import numpy as np


# Arrays built by the data module
from road_data import load_road_arrays

# Dice-based loss
from seg_losses import dice_soft_loss

# Network definitions
from nets.fcn32 import build_fcn32
from nets.fcn8 import build_fcn8

# Build the arrays
x_fit, x_hold, y_fit, y_hold = load_road_arrays()

# Which network to fit
net = build_fcn32()     # FCN-32 is the default
# net = build_fcn8()    # swap in FCN-8 here


# Where the best weights go
weights_file = "./Trained-Model/Road_Model.h5"

# Keep only the best weights by validation loss
saver = ModelCheckpoint(weights_file, monitor="val_loss", mode="min", save_best_only = True, verbose=1)


# Draws predictions for four tiles after every epoch
def show_progress(ep, acc_hist, val_acc_hist, loss_hist, val_loss_hist):

    tile_a = SAT_DIR + preview_tiles[0]; label_a = LABEL_DIR + preview_labels[0]
    tile_b = SAT_DIR + preview_tiles[1]; label_b = LABEL_DIR + preview_labels[1]
    tile_c = SAT_DIR + preview_tiles[2]; label_c = LABEL_DIR + preview_labels[2]
    tile_d = SAT_DIR + preview_tiles[3]; label_d = LABEL_DIR + preview_labels[3]

    probe_a  = np.asarray([imread(tile_a)])
    probe_b  = np.asarray([imread(tile_b)])
    probe_c  = np.asarray([imread(tile_c)])
    probe_d  = np.asarray([imread(tile_d)])

    fig = plt.figure(figsize = (24, 16))
    grid = fig.add_gridspec(5, 6)
    fig.suptitle(f'Epoch: {ep}', x=0.5, y=0.02)

    
    fig.add_subplot(grid[0, 0])
    plt.imshow(imread(tile_a), cmap='gray')
    plt.title("Tile")
    plt.axis('off')
    fig.add_subplot(grid[0, 1])
    plt.imshow(imread(label_a), cmap='gray')
    plt.title("Ground truth")
    plt.axis('off')
    fig.add_subplot(grid[0, 2])
    plt.imshow(net.predict(probe_a, verbose=1)[0][:,:,0], cmap='gray')
    plt.title("Network output")
    plt.axis('off')


    fig.add_subplot(grid[1, 0])
    plt.imshow(imread(tile_b), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[1, 1])
    plt.imshow(imread(label_b), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[1, 2])
    plt.imshow(net.predict(probe_b, verbose=1)[0][:,:,0], cmap='gray')
    plt.axis('off')

    fig.add_subplot(grid[2, 0])
    plt.imshow(imread(tile_c), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[2, 1])
    plt.imshow(imread(label_c), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[2, 2])
    plt.imshow(net.predict(probe_c, verbose=1)[0][:,:,0], cmap='gray')
    plt.axis('off')

    fig.add_subplot(grid[3, 0])
    plt.imshow(imread(tile_d), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[3, 1])
    plt.imshow(imread(label_d), cmap='gray')
    plt.axis('off')
    fig.add_subplot(grid[3, 2])
    plt.imshow(net.predict(probe_d, verbose=1)[0][:,:,0], cmap='gray')
    plt.axis('off')

    fig.add_subplot(grid[0:2, 3:6])
    plt.plot(acc_hist)
    plt.plot(val_acc_hist)
    plt.ylabel('Accuracy')
    plt.xlabel('Epoch')
    plt.title("Accuracy per epoch")
    plt.legend(['fit accuracy', 'held-out accuracy'], loc='lower right')
    
    fig.add_subplot(grid[3:5, 3:6])
    plt.plot(loss_hist)
    plt.plot(val_loss_hist)
    plt.ylabel('Loss')
    plt.xlabel('Epoch')
    plt.title("Loss per epoch")
    plt.legend(['fit loss', 'held-out loss'], loc='upper right')
    
    plt.savefig(f'epochs/{ep}.png')
    plt.show()



class ProgressPlot(tf.keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.acc_hist = []
        self.val_acc_hist = []
        self.loss_hist = []
        self.val_loss_hist = []
    def on_epoch_end(self, epoch, logs=None):
        self.acc_hist.append(logs.get("accuracy"))
        self.val_acc_hist.append(logs.get("val_accuracy"))
        self.loss_hist.append(logs.get("loss"))
        self.val_loss_hist.append(logs.get("val_loss"))
        clear_output(wait=True)
        show_progress(epoch, self.acc_hist, self.val_acc_hist, self.loss_hist, self.val_loss_hist)



# Fitting settings
N_EPOCHS = 100
STEP_SIZE = 0.0001
BATCH = 56
opt = tf.keras.optimizers.Adam(STEP_SIZE)


# Compile
net.compile(optimizer=opt, loss=dice_soft_loss, metrics=['accuracy'])


# Fit
record = net.fit(x_fit,
                    y_fit,
                    validation_data = (x_hold, y_hold),
                    epochs = N_EPOCHS,
                    batch_size = BATCH,
                    callbacks = [saver, ProgressPlot()])




# Curves of the run
curve_fig = plt.figure(figsize=(20,5))

acc_ax = curve_fig.add_subplot(1,2,1)
drawn = plt.plot(record.history['accuracy'])
drawn = plt.plot(record.history['val_accuracy'])
plt.ylabel('Accuracy')
plt.xlabel('Epoch')
plt.legend(['fit accuracy', 'held-out accuracy'], loc='upper right')
acc_ax.set_title("Accuracy per epoch")

loss_ax = curve_fig.add_subplot(1,2,2)
drawn = plt.plot(record.history['loss'])
drawn = plt.plot(record.history['val_loss'])
plt.ylabel('Loss')
plt.xlabel('Epoch')
plt.legend(['fit loss', 'held-out loss'], loc='upper right')
loss_ax.set_title("Loss per epoch")
