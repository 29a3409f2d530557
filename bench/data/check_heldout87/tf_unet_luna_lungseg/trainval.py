from volume_import import read_folder
import numpy as np
import tensorflow as tf
import nibabel as nib
from tensorflow.contrib.keras import layers
from tensorflow.contrib.keras import models
from tensorflow.contrib.keras import losses
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split

# settings
# folder of the training volumes
vol_dir = "./data/train/"
in_shape = (512, 512, 1)
n_epochs = 50 
steps = 893 


# building blocks of the U-Net
def double_conv(x, n_filt):
    h = layers.Conv2D(n_filt, (3, 3), padding='same')(x)
    h = layers.BatchNormalization()(h)
    h = layers.Activation('relu')(h)
    h = layers.Conv2D(n_filt, (3, 3), padding='same')(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation('relu')(h)
    return h


def down_block(x, n_filt):
    skip = double_conv(x, n_filt)
    pooled = layers.MaxPooling2D((2, 2), strides=(2, 2))(skip)
    return pooled, skip


def up_block(x, skip, n_filt):
    h = layers.Conv2DTranspose(n_filt, (2, 2), strides=(2, 2), padding='same')(x)
    h = layers.concatenate([skip, h], axis=-1)
    h = layers.BatchNormalization()(h)
    h = layers.Activation('relu')(h)
    h = layers.Conv2D(n_filt, (3, 3), padding='same')(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation('relu')(h)
    h = layers.Conv2D(n_filt, (3, 3), padding='same')(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation('relu')(h)
    return h


# the full U-Net
def build_unet(in_shape):
    x_in = layers.Input(shape=in_shape)
    p0, s0 = down_block(x_in, 32)
    p1, s1 = down_block(p0, 64)
    p2, s2 = down_block(p1, 128)
    p3, s3 = down_block(p2, 256)
    p4, s4 = down_block(p3, 512)
    mid = double_conv(p4, 1024)
    u4 = up_block(mid, s4, 512)
    u3 = up_block(u4, s3, 256)
    u2 = up_block(u3, s2, 128)
    u1 = up_block(u2, s1, 64)
    u0 = up_block(u1, s0, 32)
    y_out = layers.Conv2D(1, (1, 1), activation='sigmoid')(u0) # a dense head instead?
    net = models.Model(inputs=[x_in], outputs=[y_out])
    return net


# losses
def dice_score(y_true, y_pred):
    eps = 1.
    # flatten both
    t = tf.reshape(y_true, [-1])
    p = tf.reshape(y_pred, [-1])
    inter = tf.reduce_sum(t * p)
    s = (2. * inter + eps) / (tf.reduce_sum(t) + tf.reduce_sum(p) + eps)
    return s


def dice_loss(y_true, y_pred):
    l = 1 - dice_score(y_true, y_pred)
    return l


def bce_plus_dice(y_true, y_pred):
    l = losses.binary_crossentropy(y_true, y_pred) + dice_loss(y_true, y_pred)
    return l

# random batches for fitting
def batches(x_all, y_all):
    bs = 3 
    xb = np.zeros((bs, 512, 512, 1))
    yb = np.zeros((bs, 512, 512, 1))
    while True:
        for k in range(bs):
            pick = np.random.choice(len(x_all),1)
            xb[k] = x_all[pick]
            yb[k] = y_all[pick]
        yield xb, yb


# read data
scans, masks = read_folder(vol_dir)
scans = np.reshape(scans, [scans.shape[0], scans.shape[1], 1, scans.shape[2]])
masks = np.reshape(masks, [masks.shape[0], masks.shape[1], 1, masks.shape[2]])

# slices first, then split
print("Arranging slices")
scans = np.moveaxis(scans, -1, 0)
masks = np.moveaxis(masks, -1, 0)
# scans = scans[:10,:,:,:]
# masks = masks[:10,:,:,:]
x_fit, x_chk, y_fit, y_chk = train_test_split(scans, masks, test_size=0.1, random_state=42)

# model
print("Building the net")
n_fit = x_fit.shape[0]
n_chk = x_chk.shape[0]
print("Fit slices")
print(n_fit)
print("Check slices")
print(n_chk)

net = build_unet(in_shape)

# fit
print("Fitting")
ckpt_path = "temp/weights.hdf5"
net.compile(optimizer='adam', loss=bce_plus_dice, metrics=[dice_loss])
net.summary()
ckpt = tf.contrib.keras.callbacks.ModelCheckpoint(filepath=ckpt_path, monitor='val_dice_loss', save_best_only=True,
                                                  verbose=1)

#hist = net.fit_generator(batches(x_fit, y_fit), epochs=n_epochs, steps_per_epoch=steps, validation_data=(x_chk, y_chk), callbacks=[ckpt])

hist = net.fit(x_fit, y_fit, epochs=n_epochs, batch_size=3, validation_data=(x_chk, y_chk), callbacks=[ckpt])

d = hist.history['dice_loss']
val_d = hist.history['val_dice_loss']

l = hist.history['loss']
val_l = hist.history['val_loss']
net.save("temp/finalweights.h5")
models.save_model(net, "temp/finalweights2.hdf5")
ep_range = range(n_epochs)
plt.figure(figsize=(16, 8))
plt.subplot(1, 2, 1)
plt.plot(ep_range, d, label='Fit Dice loss')
plt.plot(ep_range, val_d, label='Check Dice loss')
plt.legend(loc='upper right')
plt.title('Fit and check Dice loss')

plt.subplot(1, 2, 2)
plt.plot(ep_range, l, label='Fit loss')
plt.plot(ep_range, val_l, label='Check loss')
plt.legend(loc='upper right')
plt.title('Fit and check loss')

plt.show()

pred = net.predict(x_chk, verbose = 1)
print("Prediction shape: ")
print(pred.shape)
pred = np.moveaxis(pred, 0, -1)
pred = np.squeeze(pred)
print("Shape now: ")
print(pred.shape)

x_chk = np.moveaxis(x_chk, 0, -1)
x_chk = np.squeeze(x_chk)
y_chk = np.moveaxis(y_chk, 0, -1)
y_chk = np.squeeze(y_chk)

print("Writing volumes")
pred_img = nib.Nifti1Image(pred, affine=np.eye(4))
nib.save(pred_img, "./prediction.nii.gz")
chk_img = nib.Nifti1Image(x_chk, affine=np.eye(4))
nib.save(chk_img, "./imageval.nii.gz")
lab_img = nib.Nifti1Image(y_chk, affine=np.eye(4))
nib.save(lab_img, "./val-label.nii.gz")
