
# Goal: a small CNN that tells top-quark jets from QCD jets using jet images
# Based on a public gist, then adapted for a hypothesis-testing study
# The images are per-jet calorimeter histograms of different sizes
# Revised: 2021
import sys, os
import numpy as np
from numpy import expand_dims

import keras
from keras.models import Sequential
from keras.layers import Dense, Flatten, Dropout, Activation, Conv2D, MaxPooling2D

in_dir = 'Data/'

def zero_pad(img, target = (25,25)):
    """
    Pad one jet image with zeros so it becomes target-sized.
    """
    shp = np.shape(img)
    dx, dy = (target[0]-shp[0]), (target[1]-shp[1])
    left=int(np.floor(dx/2.0))
    right=int(np.ceil(dx/2.0))
    top=int(np.floor(dy/2.0))
    bottom=int(np.ceil(dy/2.0))
    img = np.pad(img, ((left, right), (top, bottom)), 'constant', constant_values=(0))
    # an older variant of the padding call was here
    return img

def rescale(hist, top=255):
    """
    Scale a histogram to integer levels in [0, top].
    """
    return (hist/np.max(hist)*top).astype(int)

# read both jet samples
qcd = np.load(in_dir + 'qcd_leading_jet.npz',allow_pickle=True,encoding = 'latin1')['arr_0']
top = np.load(in_dir + 'top_leading_jet.npz',allow_pickle=True,encoding = 'latin1')['arr_0']

print("qcd",qcd.shape)
print("top",top.shape)

# keep at most 60k jets of each kind
# (an earlier version deleted a range instead)
# (same for the second sample)
qcd = qcd[:60000]
top = top[:60000]

print("qcd",qcd.shape)
print('{} QCD jets and {} top jets'.format(len(qcd), len(top)))

# images and targets
images = np.concatenate((qcd, top))
targets = np.array([0]*len(qcd)+[1]*len(top))


print("images",images.shape)

# pad, then rescale every image
images = list(map(zero_pad, images))
# (shape print disabled)
images = list(map(rescale, images))
print("a few rescaled rows",images[1][17:21][:])

print("count before shuffling",len(images))
# shuffle images and targets together
np.random.seed(0) # fixed order
images, targets = np.random.permutation(np.array([images, targets]).T).T



# turn the list of 2-D images into one (n_jets, 25, 25) array
images = np.stack(images)
# (targets stay 1-D)

print("images after stacking",images.shape)
# (debug print disabled)

images=images /255.
images = expand_dims(images, axis=3)
# (debug print disabled)


targets = keras.utils.to_categorical(targets, 2)


n_fit = 80000
(x_fit, x_hold) = images[:n_fit], images[n_fit:]
(y_fit, y_hold) = targets[:n_fit], targets[n_fit:]

print("x_fit",x_fit.shape)
print("y_fit",y_fit.shape)
print("x_hold",x_hold.shape)
# (debug print disabled)


net = Sequential()
# first conv block, 3x3 kernels
net.add(Conv2D(30, (3, 3), input_shape=(25, 25, 1), activation='relu'))
# second conv
net.add(Conv2D(30, (3, 3), activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))
net.add(Dropout(0.25))
# third and fourth conv
net.add(Conv2D(40, (3, 3), padding='same', activation='relu'))
net.add(Conv2D(40, (3, 3), padding='same', activation='relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))
net.add(Dropout(0.3))

net.add(Flatten())
# dense head of 300 units
net.add(Dense(300, activation='relu'))
# (dropout here was tried and dropped)
net.add(Dense(2, activation='softmax'))

# compile
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
# (a validation_split variant of the fit call was tried)
hist = net.fit(x_fit, y_fit, validation_data=(x_hold,y_hold), epochs=20, batch_size=100, shuffle=True, verbose=1)

import matplotlib.pyplot as plt
plt.plot(hist.history['accuracy'])
plt.plot(hist.history['val_accuracy'])
plt.title('Accuracy per epoch')
plt.ylabel('Accuracy')
plt.xlabel('Epoch')
plt.legend(['Fit', 'Held out'], loc='upper left')
plt.savefig('acc_curve.pdf')
plt.show()


plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('Loss per epoch')
plt.ylabel('Loss')
plt.xlabel('Epoch')
plt.legend(['Fit', 'Held out'], loc='upper left')
plt.savefig('loss_curve.pdf')
plt.show()


# write the model and its history
out_dir='model_cnn/'
if not os.path.isdir(out_dir): os.system('mkdir '+out_dir)
net.save(out_dir+'jet_cnn.h5')
np.savez(out_dir+'history.npz', [hist])
