from keras.layers import Input
from keras.models import Model
from keras import backend as K
import numpy as np
import sys
import csv
import os
import cv2


class AdversarialPair:
    def __init__(self, input_dim, generator, discriminator=None,
                 param_path_generator=None, param_path_discriminator=None):
        """
        Holds a generator and a discriminator and trains them against each other.
        :param input_dim: size of the latent vector
        :param generator:
        :param discriminator:
        :param param_path_generator:
        :param param_path_discriminator:
        """
        self.z_dim = input_dim
        self.gen = generator
        self.disc = discriminator
        self.stacked = None
        self.gen_weights_path = param_path_generator
        self.disc_weights_path = param_path_discriminator
        self.keep_every = None

    def build(self, opt_g_params, opt_d_params):
        """
        Compiles the discriminator and the stacked model.
        :param opt_g_params: settings for the generator side (dict)
        :param opt_d_params: settings for the discriminator side (dict)
        :return:

        each dict carries:
        opt: a keras optimizer
        loss: the loss
        metrics: the metrics
        """

        self.disc.compile(optimizer=opt_d_params['opt'],
                          loss=opt_d_params['loss'],
                          metrics=opt_d_params['metrics'])
        self.disc.trainable = False

        z_in = Input(shape=(self.z_dim, ))
        fake = self.gen(z_in)
        verdict = self.disc(fake)
        self.stacked = Model(inputs=z_in, outputs=verdict)
        self.stacked.compile(optimizer=opt_g_params['opt'],
                             loss=opt_g_params['loss'],
                             metrics=opt_g_params['metrics'])

    def fit(self, real_images, batch_size, nb_epoch,
            verbose=1, param_dir="./params", log_csv_path=None,
            save_steps=5, is_shuffle=True,
            is_separate=False, is_noisy_label=False, **visualize_params):
        """
        Trains on an in-memory array of images.
        :param real_images: the images
        :param batch_size: batch size
        :param nb_epoch: number of epochs
        :param verbose: print progress
        :param param_dir: where weights go
        :param log_csv_path: csv log file
        :param save_steps: save weights every this many epochs
        :param is_shuffle: shuffle every epoch
        :param is_separate: real and fake batches in separate updates
        :param is_noisy_label: jitter the labels
        :param visualize_params: options for sample images (dict)
        :return:

        visualize_params keys:
        visualize_steps: sample every this many epochs
        nb_generate: how many samples
        """

        self.keep_every = save_steps
        visualize_params.setdefault('visualize_steps', 1)
        visualize_params.setdefault('dst_dir', "./samples")
        visualize_params.setdefault('nb_generate', 20)
        visualize_params.setdefault('seed', 18)

        show_every = visualize_params['visualize_steps']
        n_show = visualize_params['nb_generate']
        show_seed = visualize_params['seed']

        # folders
        if not os.path.exists(param_dir):
            os.makedirs(param_dir, exist_ok=True)

        # csv log
        if log_csv_path:
            out_dir = os.path.dirname(log_csv_path)
            os.makedirs(out_dir, exist_ok=True)
            log_f = open(log_csv_path, 'w')
            log_w = csv.writer(log_f, lineterminator='\n')

        # loop over epochs
        for ep in range(1, nb_epoch + 1):
            print("\nepoch : {0}".format(ep))

            # reorder the images
            if is_shuffle:
                np.random.shuffle(real_images)
            # latent vectors for the epoch
            z_all = self.draw_latents(size=(len(real_images), self.z_dim))

            n_steps = len(real_images) // batch_size if len(real_images) % batch_size == 0 \
                else len(real_images) // batch_size + 1

            for step in range(n_steps):
                # slice the batch
                real_part = real_images[step * batch_size: (step + 1) * batch_size]
                z_part = z_all[step * batch_size: (step + 1) * batch_size]

                # one update
                g_loss, g_acc, d_loss, d_acc = \
                    self.update(real_part, z_part, is_separate, is_noisy_label)

                if verbose == 1:
                    self.show(step, batch_size, len(real_images), g_loss, g_acc, d_loss, d_acc)

                # log row
                if log_csv_path:
                    log_w.writerow([ep, step, g_loss, g_acc, d_loss, d_acc])

            # sample images
            if ep % show_every == 0 or ep == 1:
                sample_dir = os.path.join(out_dir, "ep_{}".format(ep))
                self.generate(dst_dir=sample_dir, nb_generate=n_show, seed=show_seed)

            # weights
            self.store_weights(param_dir, ep)

        if log_csv_path:
            log_f.close()

    def fit_generator(self, generator, samples_per_epoch, nb_epoch, batch_size,
                      verbose=1, param_dir="./params", log_csv_path=None,
                      save_steps=5, is_shuffle=True,
                      is_separate=False, is_noisy_label=False, **visualize_params):
        """
        Trains on batches pulled from an iterator.
        :param generator:
        :param samples_per_epoch:
        :param nb_epoch:
        :param batch_size:
        :param verbose:
        :param param_dir:
        :param log_csv_path:
        :param save_steps:
        :param is_shuffle:
        :param is_separate:
        :param is_noisy_label:
        :param visualize_params:
        :return:
        """

        self.keep_every = save_steps
        visualize_params.setdefault('visualize_steps', 1)
        visualize_params.setdefault('dst_dir', "./samples")
        visualize_params.setdefault('nb_generate', 20)
        visualize_params.setdefault('seed', 18)

        show_every = visualize_params['visualize_steps']
        n_show = visualize_params['nb_generate']
        show_seed = visualize_params['seed']

        # folders
        if not os.path.exists(param_dir):
            os.makedirs(param_dir, exist_ok=True)

        # csv log
        if log_csv_path:
            out_dir = os.path.dirname(log_csv_path)
            os.makedirs(out_dir, exist_ok=True)
            log_f = open(log_csv_path, 'w')
            log_w = csv.writer(log_f, lineterminator='\n')

        # loop over epochs
        for ep in range(1, nb_epoch + 1):
            print("\nepoch : {0}".format(ep))

            # latent vectors for the epoch
            z_all = self.draw_latents(size=(samples_per_epoch, self.z_dim))
            n_steps = samples_per_epoch // batch_size if samples_per_epoch % batch_size == 0 \
                else samples_per_epoch // batch_size + 1
            for step in range(n_steps):
                # pull the batch
                real_part = generator.next()
                z_part = z_all[step * batch_size: (step + 1) * batch_size]

                # one update
                g_loss, g_acc, d_loss, d_acc = \
                    self.update(real_part, z_part, is_separate, is_noisy_label)

                if verbose == 1:
                    self.show(step, batch_size, samples_per_epoch, g_loss, g_acc, d_loss, d_acc)

                # log row
                if log_csv_path:
                    log_w.writerow([ep, step, g_loss, g_acc, d_loss, d_acc])

            # sample images
            if ep % show_every == 0 or ep == 1:
                sample_dir = os.path.join(out_dir, "ep_{}".format(ep))
                self.generate(dst_dir=sample_dir, nb_generate=n_show, seed=show_seed)

            # weights
            self.store_weights(param_dir, ep)

        if log_csv_path:
            log_f.close()

    def generate(self, dst_dir, nb_generate, seed=None):
        """
        Draws latent vectors and writes the generated images.
        :param dst_dir: output folder
        :param nb_generate: how many
        :param seed: random seed
        :return:
        """
        if not os.path.exists(dst_dir):
            os.makedirs(dst_dir, exist_ok=True)

        z = self.draw_latents(size=(nb_generate, self.z_dim), seed=seed)
        fakes = self.gen.predict(z)

        for k, one in enumerate(fakes):
            out_path = os.path.join(dst_dir,  str(k) + ".png")
            self.write_png(out_path, one)

    def update(self, real_batch, noise_batch, is_separate, is_noisy_label):
        d_loss, d_acc = self.step_disc(real_batch, noise_batch, is_separate, is_noisy_label)
        g_loss, g_acc = self.step_gen(noise_batch, is_noisy_label)
        return g_loss, g_acc, d_loss, d_acc

    def step_disc(self, real_batch, noise_batch, is_separate, is_noisy_label):
        if is_separate:
            # fake then real
            fakes = self.gen.predict(noise_batch)
            t = np.array([1] * len(fakes))
            if is_noisy_label:
                t = self.jitter(t)
            loss_f, acc_f = self.disc.train_on_batch(fakes, t)
            t = np.array([0] * len(real_batch))
            if is_noisy_label:
                t = self.jitter(t)
            loss_r, acc_r = self.disc.train_on_batch(real_batch, t)
            d_loss = (loss_f + loss_r) / 2
            d_acc = (acc_f + acc_r) / 2
        else:
            # one mixed batch
            fakes = self.gen.predict(noise_batch)
            mixed = np.append(fakes, real_batch, axis=0)
            t = np.array([1] * len(fakes) + [0] * len(real_batch))
            if is_noisy_label:
                t = self.jitter(t)
            d_loss, d_acc = self.disc.train_on_batch(mixed, t)
        return d_loss, d_acc

    def step_gen(self, noise_batch, is_noisy_label):
        t = np.array([0] * len(noise_batch))
        if is_noisy_label:
            t = self.jitter(t)
        g_loss, g_acc = self.stacked.train_on_batch(noise_batch, t)
        return g_loss, g_acc

    def store_weights(self, param_dir, epoch):
        # write weights
        if epoch % self.keep_every == 0:
            d_file = os.path.join(param_dir, "disc_{}.hdf5".format(epoch))
            g_file = os.path.join(param_dir, "gen_{}.hdf5".format(epoch))
            self.disc.save_weights(d_file)
            self.gen.save_weights(g_file)

    @staticmethod
    def shuffle(a, b):
        assert len(a) == len(b)
        order = np.arange(len(a))
        order = np.random.permutation(order)
        return a[order], b[order]

    @staticmethod
    def write_png(dst_path, arr):
        if K.image_dim_ordering() == 'th':
            out = arr.transpose(1, 2, 0)
        else:
            out = arr

        if out.shape[2] == 1:
            out = out.reshape(out.shape[:2])

        out = ((out / 2 + 0.5) * 255).astype('uint8')
        cv2.imwrite(dst_path, out)

    @staticmethod
    def draw_latents(size, seed=None):
        if seed is not None:
            rs = np.random.RandomState(seed)
            z = rs.uniform(-1., 1., size=size)
        else:
            z = np.random.uniform(-1., 1., size=size)
        return z

    @staticmethod
    def jitter(t):
        t2 = t.astype('float32')
        delta = (np.random.rand(len(t)) * 0.6) - 0.3
        t2 += delta
        for k in range(len(t2)):
            if t2[k] < 0:
                t2[k] = 0
        return t2

    @staticmethod
    def show(step, batch_size, num_data, g_loss, g_acc, d_loss, d_acc):
        sys.stdout.write("\rseen : %d / " % (step * batch_size))
        sys.stdout.write("%d" % num_data)
        sys.stdout.write(" g_loss : %f" % g_loss)
        sys.stdout.write(" g_acc : %f" % g_acc)
        sys.stdout.write(" d_loss : %f" % d_loss)
        sys.stdout.write(" d_acc : %f" % d_acc)
        sys.stdout.flush()
