import numpy as np
from keras.datasets import fashion_mnist

from image_helper import ImageHelper as GridSaver
from gan import FashionGAN


(raw_X, _), (_, _) = fashion_mnist.load_data()
train_X = raw_X / 127.5 - 1.
train_X = np.expand_dims(train_X, axis=3)

picture_saver = GridSaver()
fashion_gan = FashionGAN(train_X[0].shape, 100, picture_saver)
fashion_gan.train(30000, train_X, batch_size=32)
