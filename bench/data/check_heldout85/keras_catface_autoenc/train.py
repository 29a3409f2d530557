import numpy as np
import tensorflow as tf
from keras import layers
from keras.models import Model, load_model
from cat_loader import face_pixels, biggest

# subclass of the keras Model
class FaceAutoencoder(Model):
    def __init__(self, code_size):
        super(FaceAutoencoder, self).__init__()
        self.encoder = tf.keras.Sequential([
            layers.InputLayer(input_shape=(64, 64, 3)),
            layers.Conv2D(
                filters=32, kernel_size=3, strides=(2, 2), activation='relu', use_bias=False),
            layers.Conv2D(
                filters=64, kernel_size=3, strides=(2, 2), activation='relu', use_bias=False),

            layers.Flatten(),
            layers.Dense(units=8*8*32, activation='relu', use_bias=False),
            layers.Dense(units=8*8*32, activation='relu', use_bias=False),
            layers.Dense(code_size + code_size, use_bias=False),
        ])

        self.decoder = tf.keras.Sequential([
            # the input layer is inferred
            layers.Dense(units=4*4*32, activation=tf.nn.relu),
            layers.Reshape(target_shape=(4, 4, 32)),
            layers.Conv2DTranspose(
                filters=64, kernel_size=3, strides=(2, 2), padding='same',
                activation='relu', use_bias=False),
            layers.Conv2DTranspose(
                filters=32, kernel_size=3, strides=(2, 2), padding='same',
                activation='relu', use_bias=False),
            # linear output of the last transpose conv
            layers.Conv2DTranspose(
                filters=1, kernel_size=3, strides=(2, 2), padding='same', use_bias=False),

            # a smaller dense head was tried before
            layers.Flatten(),
            layers.Dense(3*(biggest[0]**2), activation='sigmoid', use_bias=False), # sigmoid output
            layers.Reshape((biggest[0], biggest[1], 3))
        ])

    # forward pass used by keras
    def call(self, inputs):
        code = self.encoder(inputs)
        rebuilt = self.decoder(code)
        return rebuilt

    def store(self):
        self.decoder.save("face_decoder.h5")
        self.encoder.save("face_encoder.h5")

    def restore(self):
        self.encoder = load_model("face_encoder.h5")
        self.decoder = load_model("face_decoder.h5")

# build a new model or reload a saved one
answer = input("Reload saved model (y/n)? : ").strip()
face_ae = FaceAutoencoder(32)
if 'y' in answer:
    print("reloading...")
    face_ae.restore()
    face_ae.encoder.summary()
    face_ae.decoder.summary()

# other optimizer settings were tried here
face_ae.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'],)

face_ae.fit(face_pixels, face_pixels,
    epochs=5,
    shuffle=True,
    # no validation split
    # default batch size
)

face_ae.store()
