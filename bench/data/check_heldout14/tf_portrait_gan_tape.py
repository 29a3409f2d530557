import glob
import imageio
import matplotlib.pyplot as plt
import numpy as np
import os
import sys
import PIL
import tensorflow as tf
from tensorflow.keras import layers
import time
import csv
import tqdm


class PortraitDiscriminator(tf.keras.Model):

    def __init__(self, in_shape):
        super(PortraitDiscriminator, self).__init__()
        self.in_layer = layers.InputLayer(in_shape)
        self.conv1 = layers.Conv2D(32, (5,5), strides=(2,2), padding='same')
        self.act1 = layers.LeakyReLU()
        self.drop1 = layers.Dropout(0.3)
        self.conv2 = layers.Conv2D(64, (5,5), strides=(2,2), padding='same')
        self.act2 = layers.LeakyReLU()
        self.drop2 = layers.Dropout(0.3)
        self.conv3 = layers.Conv2D(128, (5,5), strides=(2,2), padding='same')
        self.act3 = layers.LeakyReLU()
        self.drop3 = layers.Dropout(0.3)
        self.conv4 = layers.Conv2D(256, (5,5), strides=(2,2), padding='same')
        self.act4 = layers.LeakyReLU()
        self.drop4 = layers.Dropout(0.3)
        self.flat = layers.Flatten()
        self.logit_layer = layers.Dense(1)
        self.bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
        self.optimizer = tf.keras.optimizers.Adam(1e-4)
        print('discriminator ready', flush=True)

    def call(self, h):
        h = self.in_layer(h)
        h = self.conv1(h)
        h = self.act1(h)
        h = self.drop1(h)
        h = self.conv2(h)
        h = self.act2(h)
        h = self.drop2(h)
        h = self.conv3(h)
        h = self.act3(h)
        h = self.drop3(h)
        h = self.conv4(h)
        h = self.act4(h)
        h = self.drop4(h)
        h = self.flat(h)
        return self.logit_layer(h)

    def gan_loss(self, real_logits, fake_logits):
        loss_real = self.bce(tf.ones_like(real_logits), real_logits)
        loss_fake = self.bce(tf.zeros_like(fake_logits), fake_logits)
        loss_sum = loss_real + loss_fake
        return loss_sum


class PortraitGenerator(tf.keras.Model):

    def __init__(self, in_shape):
        super(PortraitGenerator, self).__init__()
        self.in_layer = layers.InputLayer(in_shape)
        self.proj = layers.Dense(16*16*3, use_bias=False)
        self.bn1 = layers.BatchNormalization()
        self.act1 = layers.LeakyReLU()
        self.to_grid = layers.Reshape((16, 16, 3))
        self.conv1 = layers.Conv2DTranspose(512, (5, 5), strides=(1, 1), padding='same', use_bias=False)
        self.bn2 = layers.BatchNormalization()
        self.act2 = layers.LeakyReLU()
        self.conv2 = layers.Conv2DTranspose(256, (5, 5), strides=(2, 2), padding='same', use_bias=False)
        self.bn3 = layers.BatchNormalization()
        self.act3 = layers.LeakyReLU()
        self.conv3 = layers.Conv2DTranspose(128, (5, 5), strides=(2, 2), padding='same', use_bias=False)
        self.bn4 = layers.BatchNormalization()
        self.act4 = layers.LeakyReLU()
        self.conv4 = layers.Conv2DTranspose(64, (5, 5), strides=(2, 2), padding='same', use_bias=False)
        self.bn5 = layers.BatchNormalization()
        self.act5 = layers.LeakyReLU()
        self.conv5 = layers.Conv2DTranspose(3, (5, 5), strides=(2, 2), padding='same', use_bias=False, activation='tanh')
        self.bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
        self.optimizer = tf.keras.optimizers.Adam(1e-4)
        print('generator ready', flush=True)

    def call(self, h, training=False):
        h = self.in_layer(h)
        h = self.proj(h)
        h = self.bn1(h, training=training)
        h = self.act1(h)
        h = self.to_grid(h)
        h = self.conv1(h)
        h = self.bn2(h, training=training)
        h = self.act2(h)
        h = self.conv2(h)
        h = self.bn3(h, training=training)
        h = self.act3(h)
        h = self.conv3(h)
        h = self.bn4(h, training=training)
        h = self.act4(h)
        h = self.conv4(h)
        h = self.bn5(h, training=training)
        h = self.act5(h)
        h = self.conv5(h)
        return h

    def gan_loss(self, fake_logits):
        return self.bce(tf.ones_like(fake_logits), fake_logits)


class AdversarialTrainer:

    def __init__(self, gen_net, disc_net):
        self.gen_net = gen_net
        self.disc_net = disc_net
        self.n_channels = 3
        self.image_w = 200
        self.image_h = 200
        self.n_preview = 16
        self.fixed_noise = tf.random.normal([self.n_preview, 100])
        self.batch_len = 16
        self.n_epochs = 10000
        self.ckpt = tf.train.Checkpoint(generator_optimizer=self.gen_net.optimizer,
                                                discriminator_optimizer=self.disc_net.optimizer,
                                                generator=self.gen_net,
                                                discriminator=self.disc_net)

    def _save_preview_images(self, epoch_no):
        preview_noise = self.fixed_noise
        preview_images = self.gen_net(preview_noise)
        canvas = plt.figure()
        plt.imshow((preview_images[0, :, :, :] * 127.5 + 127.5).numpy().astype(int))
        plt.axis('off')
        plt.savefig('./samples/sample_{}.jpg'.format(epoch_no))
        if epoch_no % 1000 == 0:
            plt.show()
        else:
            plt.close(canvas)

    def _fit_batch(self, batch_images):
        z = self.fixed_noise
        with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
            fake_images = self.gen_net(z, training=True)
            real_logits = self.disc_net(batch_images)
            fake_logits = self.disc_net(fake_images)
            gen_loss = self.gen_net.gan_loss(fake_logits)
            disc_loss = self.disc_net.gan_loss(real_logits, fake_logits)
        gen_grads = gen_tape.gradient(gen_loss, self.gen_net.trainable_variables)
        disc_grads = disc_tape.gradient(disc_loss, self.disc_net.trainable_variables)
        self.gen_net.optimizer.apply_gradients(zip(gen_grads, self.gen_net.trainable_variables))
        self.disc_net.optimizer.apply_gradients(zip(disc_grads, self.disc_net.trainable_variables))
        return gen_loss, disc_loss

    def train_loop(self, image_dataset):
        ckpt_dir = './checkpoints/'
        # resuming from the latest checkpoint is left switched off
        for epoch_no in range(self.n_epochs):
            print('starting epoch {}'.format(epoch_no))
            t0 = time.time()
            for image_batch in image_dataset:
                gen_loss, disc_loss = self._fit_batch(image_batch)
            self._save_preview_images(epoch_no + 1)
            if epoch_no %10 == 0:
                self.ckpt.save('./checkpoints/')
            print('G loss:', gen_loss)
            print('D loss:', disc_loss, flush=True)
        self._save_preview_images(self.n_epochs)


def parse_csv_image(csv_row):
    image_vals = []
    digits = ''
    for cell in csv_row:
        for ch in cell:
            if ch == '[' or ch == ' ':
                continue
            elif ch == ',' or ch == ']':
                if len(digits) > 0:
                    image_vals.append(float(digits))
                    digits = ''
                continue
            else:
                digits += ch
    image_vals = np.array(image_vals).reshape((256,256,3))
    return image_vals


def load_artist_images(artist):
    csv_path = os.path.join('../data/', '{}.csv'.format(artist))
    print('loading portraits of {}'.format(artist), flush=True)
    image_list = []
    with open(csv_path, 'r') as fh:
        rows = csv.reader(fh)
        n_read = 0
        for csv_row in rows:
            n_read += 1
            print('parsed row {}'.format(n_read))
            img = parse_csv_image(csv_row)
            image_list.append(img)
    return np.array(image_list)


def run(artist):
    train_images = load_artist_images(artist)
    print(train_images.shape, flush=True)
    # shuffle, then group into batches
    SHUFFLE_BUF = 60000
    BATCH_LEN = 16
    train_dataset = tf.data.Dataset.from_tensor_slices(train_images).shuffle(SHUFFLE_BUF).batch(BATCH_LEN)
    in_shape = train_images.shape[1:]
    disc_net = PortraitDiscriminator(in_shape)
    gen_net = PortraitGenerator(in_shape)
    gan_pair = AdversarialTrainer(gen_net, disc_net)
    gan_pair.train_loop(train_dataset)


if __name__ == '__main__':
    artist = 'portrait_faces'
    run(artist)
