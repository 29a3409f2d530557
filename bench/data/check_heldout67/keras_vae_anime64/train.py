import numpy as np
import keras
from keras import backend as K
from keras import layers

import image_loader
from image_loader import FolderReader

reader = FolderReader('size64/')
pictures = reader.load()

hidden_dim = 128
code_dim = 64
pic_shape = (image_loader.SIDE_H, image_loader.SIDE_W, 3)

# encoder half
enc_in = keras.Input(shape=pic_shape)
scaled = layers.Rescaling(1. / 255, input_shape=pic_shape)(enc_in)
t = layers.Conv2D(64, (5, 5), activation="relu", padding="same")(scaled)
# t = layers.MaxPool2D((2, 2))(t)
t = layers.BatchNormalization()(t)
t = layers.Conv2D(128, (5, 5), activation="relu", padding="same")(t)
t = layers.BatchNormalization()(t)
t = layers.Conv2D(256, (5, 5), activation="relu", padding="same")(t)
t = layers.BatchNormalization()(t)
t = layers.Flatten()(t)
# compact representation of the picture
hid = layers.Dense(hidden_dim, activation='relu')(t)
mu = layers.Dense(code_dim, activation='sigmoid')(hid)
log_sd = layers.Dense(code_dim, activation='sigmoid')(hid)


def draw_code(pair):
    mu, log_sd = pair
    noise = K.random_normal(shape=(K.shape(mu)[0], code_dim),
                              mean=0., stddev=0.1)
    return mu + K.exp(log_sd) * noise


code = layers.Lambda(draw_code)([mu, log_sd])

enc = keras.Model(enc_in, [mu, log_sd, code], name='encoder')
enc.summary()

side = 64
h2, h4, h8, h16 = int(side / 2), int(side / 4), int(side / 8), int(side / 16)  # 32,16,8,4
base_f = 64
chans = 3

# decoder half
dec_in = keras.Input(shape=(code_dim,), name='z_sampling')
u = layers.Dense(hidden_dim, activation='relu')(dec_in)
u = layers.Dense(base_f * 4 * h8 * h8, activation='relu')(u)
u = layers.Reshape((h8, h8, base_f * 4))(u)
u = layers.BatchNormalization()(u)
u = layers.Conv2DTranspose(base_f * 4, (5, 5)  , strides=(2, 2),
                           padding='SAME')(u)
u = layers.BatchNormalization()(u)
u = layers.Conv2DTranspose(base_f * 2, (5, 5), strides=(2, 2),
                           padding='SAME')(u)
u = layers.BatchNormalization()(u)
u = layers.Conv2DTranspose(base_f, (5, 5), strides=(2, 2),
                           padding='SAME')(u)
u = layers.BatchNormalization()(u)
# u = layers.Conv2D(32, (3, 3), activation="relu", padding="same")(u)
recon = layers.Conv2DTranspose(3, (5, 5), activation="sigmoid", padding="same")(u)

dec = keras.Model(dec_in, recon, name='decoder')
dec.summary()

# full autoencoder
recon = dec(enc(enc_in)[2])
vae = keras.Model(enc_in, recon, name='vae_mlp')

vae.compile(optimizer='adam', loss='binary_crossentropy')
vae.summary()

# fitting

n_fit = int(len(pictures) * 0.75)
n_hold = len(pictures) - int(len(pictures) * 0.75)
flat_shape = [image_loader.SIDE_W * image_loader.SIDE_H, 3]

x_fit = np.array([p.numpy() for p in pictures.take(n_fit)])
x_hold = np.array([p.numpy() for p in pictures.skip(n_fit).take(n_hold)])

vae.fit(x=x_fit, y=x_fit,
        batch_size=32,
        epochs=100,
        shuffle=True,
        validation_data=(x_hold, x_hold))

vae.save('Models4/VAE')
enc.save('Models4/Encoder')
dec.save('Models4/Decoder')

# look at a few results

recons = vae.predict(x_hold)

# plotting
import matplotlib.pyplot as plt

k = 10  # pictures per row
plt.figure(figsize=(20, 4))
for j in range(k):
    # input
    ax = plt.subplot(2, k, j + 1)
    plt.imshow(x_hold[j])
    ax.get_xaxis().set_visible(False)
    ax.get_yaxis().set_visible(False)

    # its reconstruction
    ax = plt.subplot(2, k, j + 1 + k)
    plt.imshow(recons[j])
    ax.get_xaxis().set_visible(False)
    ax.get_yaxis().set_visible(False)
plt.show()
