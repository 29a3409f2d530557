import tensorflow as tf
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ModelCheckpoint
import keras.losses as losses
from config import batch_size, IMG_SIZE, epochs, steps_per_epoch
from model import model

sgd_opt = tf.keras.optimizers.SGD(learning_rate=0.01)
model.compile(optimizer=sgd_opt,
              loss = losses.BinaryCrossentropy(),
              metrics=['accuracy'])

class SoftDice(tf.keras.losses.Loss):
    def __init__(self, eps=1e-6, power=2):
        super(SoftDice, self).__init__()
        self.name = 'NDL'
        self.eps = eps
        self.power = power

    def call(self, y_true, y_pred):
        y_true, y_pred = tf.cast(
            y_true, dtype=tf.float32), tf.cast(y_pred, tf.float32)
        overlap = 2 * \
            tf.reduce_sum(tf.multiply(y_pred, y_true)) + self.eps
        total = tf.reduce_sum(
            y_pred ** self.power) + tf.reduce_sum(y_true ** self.power) + self.eps
        out = 1 - tf.divide(overlap, total)
        return out

dice_fn = SoftDice()
adam_opt = tf.keras.optimizers.Adam(learning_rate=0.001,
    beta_1=0.9,
    beta_2=0.999,
    epsilon=1e-07)

model.compile(optimizer=adam_opt,
              loss = [dice_fn],
              metrics=["accuracy"])

img_gen = ImageDataGenerator()
msk_gen = ImageDataGenerator()

rng_seed = 1

img_flow = img_gen.flow_from_directory(
    'drive/MyDrive/data/train_v2_small/',
    class_mode=None,
    batch_size=batch_size,
    target_size=(IMG_SIZE, IMG_SIZE),
    subset='training',
    seed=rng_seed)
msk_flow = msk_gen.flow_from_directory(
    'drive/MyDrive/data/train_v2_l_small/',
    class_mode=None,
    batch_size=batch_size,
    target_size=(IMG_SIZE, IMG_SIZE),
    subset='training',
    seed=rng_seed)

pair_flow = zip(img_flow, msk_flow)

ckpt = ModelCheckpoint("latest_net", monitor='val_loss', verbose=0, save_best_only=False, save_weights_only=False, mode='auto', period=1)

model.fit(
    pair_flow,
    steps_per_epoch=steps_per_epoch,
    callbacks=[ckpt],
    epochs=epochs)
