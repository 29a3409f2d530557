import tensorflow as tf
from tensorflow.keras.layers import Dense, Dropout, Activation, Flatten, Conv2D, MaxPooling2D, Conv2DTranspose, concatenate
from tensorflow.keras.callbacks import TensorBoard, ModelCheckpoint
import time
import pickle

RUN = "SpineUNet-{}".format(int(time.time()))

tb_cb = TensorBoard(log_dir="/content/drive/My Drive/spine-seg/logs/{}".format(RUN))

fh = open("/content/drive/My Drive/spine-seg/train_images.pickle", "rb")
xs = pickle.load(fh)

fh = open("/content/drive/My Drive/spine-seg/train_masks.pickle", "rb")
ys = pickle.load(fh)

# Tversky loss, weighting false positives and false negatives differently
def tversky_loss(y_true, y_pred, beta=0.7):
    def inner(y_true, y_pred):
        num = tf.reduce_sum(y_true * y_pred, axis=-1)
        den = y_true * y_pred + beta * (1 - y_true) * y_pred + (1 - beta) * y_true * (1 - y_pred)

        return 1 - (num + 1) / (tf.reduce_sum(den, axis=-1) + 1)

    return inner(y_true, y_pred)


# the U-Net

W = 128
H = 256
C = 1

inp = tf.keras.layers.Input((H, W, C))

d1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (inp)
d1 = Dropout(0.1) (d1)
d1 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d1)
q1 = MaxPooling2D((2, 2)) (d1)

d2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q1)
d2 = Dropout(0.1) (d2)
d2 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d2)
q2 = MaxPooling2D((2, 2)) (d2)

d3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q2)
d3 = Dropout(0.2) (d3)
d3 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d3)
q3 = MaxPooling2D((2, 2)) (d3)

d4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q3)
d4 = Dropout(0.2) (d4)
d4 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d4)
q4 = MaxPooling2D(pool_size=(2, 2)) (d4)

d5 = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (q4)
d5 = Dropout(0.3) (d5)
d5 = Conv2D(256, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (d5)

e6 = Conv2DTranspose(128, (2, 2), strides=(2, 2), padding='same') (d5)
e6 = concatenate([e6, d4])
f6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e6)
f6 = Dropout(0.2) (f6)
f6 = Conv2D(128, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (f6)

e7 = Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same') (f6)
e7 = concatenate([e7, d3])
f7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e7)
f7 = Dropout(0.2) (f7)
f7 = Conv2D(64, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (f7)

e8 = Conv2DTranspose(32, (2, 2), strides=(2, 2), padding='same') (f7)
e8 = concatenate([e8, d2])
f8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e8)
f8 = Dropout(0.1) (f8)
f8 = Conv2D(32, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (f8)

e9 = Conv2DTranspose(16, (2, 2), strides=(2, 2), padding='same') (f8)
e9 = concatenate([e9, d1], axis=3)
f9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (e9)
f9 = Dropout(0.1) (f9)
f9 = Conv2D(16, (3, 3), activation='elu', kernel_initializer='he_normal', padding='same') (f9)

out = Conv2D(1, (1, 1), activation='sigmoid') (f9)


net = tf.keras.Model(inputs=[inp], outputs=[out])
net.compile(optimizer='adam', loss=tversky_loss, metrics=['accuracy'])
net.summary()

ckpt_cb = ModelCheckpoint("/content/drive/My Drive/spine-seg/models/{}".format(RUN), verbose=1, save_best_only=True, save_weights_only=False)

net.fit(xs, ys, batch_size=64, epochs=200, validation_split=0.15, callbacks=[tb_cb, ckpt_cb])

del xs, ys
