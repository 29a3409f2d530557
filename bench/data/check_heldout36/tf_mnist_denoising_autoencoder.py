#!/usr/bin/env python
import keras
from keras.layers import Dense, Input
from keras.models import Model
from keras.datasets import mnist
import numpy as np
import matplotlib.pyplot as plt

'''
autoencoder that learns to remove noise;
the figure at the end compares inputs and outputs
'''
code_size = 64
batch_size = 128
epoch_count = 5

# load the digits
(train_x, _), (test_x, _) = mnist.load_data()
print(train_x.shape, test_x.shape)  # 60000x28x28 and 10000x28x28
train_x = train_x/255.0
test_x = test_x/255.0

train_x = train_x.reshape(train_x.shape[0], -1)
test_x = test_x.reshape(test_x.shape[0], -1)
print(train_x.shape, test_x.shape)  # rows of 784 pixels now

noisy_train_x = train_x + np.random.normal(0, 0.5, train_x.shape)
noisy_test_x = test_x + np.random.normal(0, 0.5, test_x.shape)  # gaussian noise
noisy_train_x = np.clip(noisy_train_x, 0, 1)  # keep pixel values inside [0, 1]
noisy_test_x = np.clip(noisy_test_x, 0, 1)

# network
img_input = Input(shape=(28*28,))
encoded_layer = Dense(code_size, activation='relu')(img_input)
decoded_layer = Dense(784, activation='sigmoid')(encoded_layer)

denoiser_model = Model(input=img_input, output=decoded_layer)

denoiser_model.compile(optimizer='adam', loss='binary_crossentropy')
denoiser_model.summary()

denoiser_model.fit(noisy_train_x, train_x, epochs=epoch_count, batch_size=batch_size, verbose=2, validation_data=(noisy_test_x, test_x))

# reconstruct the noisy test digits
rebuilt_images = denoiser_model.predict(noisy_test_x)

n_show = 10  # number of digits in the figure
plt.figure(figsize=(20, 4))
for i in range(n_show):
    # top row: noisy input
    axis_obj = plt.subplot(2, n_show, i + 1)
    plt.imshow(noisy_test_x[i].reshape(28, 28))
    plt.gray()
    axis_obj.get_xaxis().set_visible(False)
    axis_obj.get_yaxis().set_visible(False)

    # bottom row: cleaned output
    axis_obj = plt.subplot(2, n_show, i + 1 + n_show)
    plt.imshow(rebuilt_images[i].reshape(28, 28))
    plt.gray()
    axis_obj.get_xaxis().set_visible(False)
    axis_obj.get_yaxis().set_visible(False)
plt.show()
