from __future__ import print_function, division

from keras.datasets import cifar10
from keras.layers import Input, Dense, Reshape, Flatten, Dropout, multiply, GaussianNoise
from keras.layers import BatchNormalization, Activation, Embedding, ZeroPadding2D
from keras.layers import MaxPooling2D
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.convolutional import UpSampling2D, Conv2D
from keras.models import Sequential, Model
from keras.optimizers import Adam
from keras import losses
from keras.utils import to_categorical
import keras.backend as K

import matplotlib.pyplot as plt

import numpy as np

class InpaintingGAN():
    def __init__(self):
        self.img_h = 32 
        self.img_w = 32
        self.hole_h = 8
        self.hole_w = 8
        self.n_channels = 3
        self.n_classes = 2
        self.image_shape = (self.img_h, self.img_w, self.n_channels)
        self.patch_shape = (self.hole_h, self.hole_w, self.n_channels)

        gan_optimizer = Adam(0.0002, 0.5)

        # critic that judges 8x8 patches
        self.disc_model = self.make_disc_model()
        self.disc_model.compile(loss='binary_crossentropy', 
            optimizer=gan_optimizer,
            metrics=['accuracy'])

        # network that fills the hole
        self.gen_model = self.make_gen_model()
        self.gen_model.compile(loss=['binary_crossentropy'], 
            optimizer=gan_optimizer)

        # a picture with a hole goes in, the predicted
        # patch for the hole comes out
        holed_img = Input(shape=self.image_shape)
        fake_patch = self.gen_model(holed_img)

        # only the filler learns inside the stacked model
        self.disc_model.trainable = False

        # the critic scores the predicted patch
        # as real or made up
        real_labels = self.disc_model(fake_patch)

        # stacked model: holed picture -> filler -> critic,
        # trained with a reconstruction and an adversarial term
        self.stacked_model = Model(holed_img , [fake_patch, real_labels])
        self.stacked_model.compile(loss=['mse', 'binary_crossentropy'],
            loss_weights=[0.999, 0.001],
            optimizer=gan_optimizer)

    def make_gen_model(self):

        
        seq_model = Sequential()

        # downsampling half
        seq_model.add(Conv2D(32, kernel_size=3, strides=2, input_shape=self.image_shape, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Conv2D(64, kernel_size=3, strides=2, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Conv2D(128, kernel_size=3, strides=2, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))

        seq_model.add(Conv2D(512, kernel_size=1, strides=2, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(Dropout(0.5))

        # upsampling half
        seq_model.add(UpSampling2D())
        seq_model.add(Conv2D(128, kernel_size=3, padding="same"))
        seq_model.add(Activation('relu'))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(UpSampling2D())
        seq_model.add(Conv2D(64, kernel_size=3, padding="same"))
        seq_model.add(Activation('relu'))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Conv2D(self.n_channels, kernel_size=3, padding="same"))
        seq_model.add(Activation('tanh'))

        seq_model.summary()

        holed_img = Input(shape=self.image_shape)
        fake_patch = seq_model(holed_img)

        return Model(holed_img, fake_patch)

    def make_disc_model(self):
        
        seq_model = Sequential()

        seq_model.add(Conv2D(64, kernel_size=3, strides=2, input_shape=self.patch_shape, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Conv2D(128, kernel_size=3, strides=2, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Conv2D(256, kernel_size=3, padding="same"))
        seq_model.add(LeakyReLU(alpha=0.2))
        seq_model.add(BatchNormalization(momentum=0.8))
        seq_model.add(Flatten())
        seq_model.add(Dense(1, activation='sigmoid'))
        seq_model.summary()

        image = Input(shape=self.patch_shape)
        score = seq_model(image)

        return Model(image, score)

    def cut_random_holes(self, images):
        top = np.random.randint(0, self.img_h - self.hole_h, images.shape[0])
        bottom = top + self.hole_h
        left = np.random.randint(0, self.img_h - self.hole_w, images.shape[0])
        right = left + self.hole_w

        holed_images = np.empty_like(images)
        true_patches = np.empty((images.shape[0], self.hole_h, self.hole_w, self.n_channels))
        for i, image in enumerate(images):
            holed_img = image.copy()
            t, b, l, r = top[i], bottom[i], left[i], right[i]
            true_patches[i] = holed_img[t:b, l:r, :].copy()
            holed_img[t:b, l:r, :] = 0
            holed_images[i] = holed_img

        return holed_images, true_patches, (top, bottom, left, right)



    def train_loop(self, num_epochs, batch_n=128, sample_every=50):

        # CIFAR-10, train and test parts
        (train_X, train_y), (test_X, test_y) = cifar10.load_data()

        train_X = np.vstack((train_X, test_X))
        train_y = np.vstack((train_y, test_y))

        # keep the cat and dog pictures only
        cat_X = train_X[(train_y == 3).flatten()]
        dog_X = train_X[(train_y == 5).flatten()]
        train_X = np.vstack((cat_X, dog_X))

        # map pixel values to [-1, 1]
        train_X = train_X / 255
        train_X = 2 * train_X - 1
        train_y = train_y.reshape(-1, 1)

        half_batch_n = int(batch_n / 2)

        for epoch_i in range(num_epochs):


            # =====================
            #  critic step
            # =====================

            # random half batch of real pictures
            pick = np.random.randint(0, train_X.shape[0], half_batch_n)
            images = train_X[pick]

            holed_images, real_patches, _ = self.cut_random_holes(images)
            
            # filler output for those pictures
            fake_patch = self.gen_model.predict(holed_images)

            real_labels = np.ones((half_batch_n, 1))
            fake_labels = np.zeros((half_batch_n, 1))

            # one critic update on real and on made-up patches
            d_real_loss = self.disc_model.train_on_batch(real_patches, real_labels)
            d_fake_loss = self.disc_model.train_on_batch(fake_patch, fake_labels)
            disc_loss = 0.5 * np.add(d_real_loss, d_fake_loss)

            # =====================
            #  filler step
            # =====================

            # random full batch of real pictures
            pick = np.random.randint(0, train_X.shape[0], batch_n)
            images = train_X[pick]

            holed_images, true_patches, _ = self.cut_random_holes(images)

            # the filler is rewarded when the critic says real
            real_labels = np.ones((batch_n, 1))

            # one filler update
            gen_loss = self.stacked_model.train_on_batch(holed_images, [true_patches, real_labels])

            # progress line
            print ("step %d | critic loss %f, acc %.2f%% | filler loss %f, mse %f" % (epoch_i, disc_loss[0], 100*disc_loss[1], gen_loss[0], gen_loss[1]))

            # every sample_every steps write a grid of results
            if epoch_i % sample_every == 0:
                # six random pictures
                pick = np.random.randint(0, train_X.shape[0], 6)
                images = train_X[pick]
                self.save_image_grid(epoch_i, images)

    def save_image_grid(self, epoch_i, images):
        n_rows, n_cols = 3, 6
        
        holed_images, true_patches, (top, bottom, left, right) = self.cut_random_holes(images)
        fake_patch = self.gen_model.predict(holed_images)

        images = 0.5 * images + 0.5
        holed_images = 0.5 * holed_images + 0.5
        fake_patch = 0.5 * fake_patch + 0.5

        figure, axes = plt.subplots(n_rows, n_cols)
        for i in range(n_cols):
            axes[0,i].imshow(images[i, :,:])
            axes[0,i].axis('off')
            axes[1,i].imshow(holed_images[i, :,:])
            axes[1,i].axis('off')
            inpainted = images[i].copy()
            inpainted[top[i]:bottom[i], left[i]:right[i], :] = fake_patch[i]
            axes[2,i].imshow(inpainted)
            axes[2,i].axis('off')
        figure.savefig("context_encoder/images/cifar_%d.png" % epoch_i)
        plt.close()

    def export_models(self):

        def write_one(seq_model, name_tag):
            arch_path = "context_encoder/saved_model/%s.json" % name_tag
            weight_path = "context_encoder/saved_model/%s_weights.hdf5" % name_tag
            paths_by_kind = {"file_arch": arch_path, 
                        "file_weight": weight_path}
            arch_json = seq_model.to_json()
            open(paths_by_kind['file_arch'], 'w').write(arch_json)
            seq_model.save_weights(paths_by_kind['file_weight'])

        write_one(self.gen_model, "context_encoder_generator")
        write_one(self.disc_model, "context_encoder_discriminator")


if __name__ == '__main__':
    gan = InpaintingGAN()
    gan.train_loop(num_epochs=30000, batch_n=64, sample_every=50)






