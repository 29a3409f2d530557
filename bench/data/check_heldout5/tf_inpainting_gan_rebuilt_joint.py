# source: https://github.com/neka-nat/image_completion_tf2/blob/260137f2faf59c07cbf58203500b0a3a76872f29/train.py (memory issue: https://github.com/neka-nat/image_completion_tf2/issues/6)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import imghdr
import os
import numpy as np
import cv2
from keras.optimizers import Adadelta
from keras.layers import merge, Input, Lambda
from keras.models import Model
from keras.engine.topology import Container
import keras.backend as K
import matplotlib.pyplot as plt
from model import model_generator, model_discriminator


class HoleBatcher(object):
    def __init__(self, full_size, patch_size):
        self.full_size = full_size
        self.patch_size = patch_size
        self.clear()

    def clear(self):
        self.pics = []
        self.boxes = []
        self.holes = []

    def stream(self, folder, batch_size, hole_min=64, hole_max=128):
        names = []
        for root, dirs, files in os.walk(folder):
            for f in files:
                path = os.path.join(root, f)
                if imghdr.what(path) is None:
                    continue
                names.append(path)
        np.random.shuffle(names)
        for f in names:
            pic = cv2.imread(f)
            pic = cv2.resize(pic, self.full_size)[:, :, ::-1]
            self.pics.append(pic)
            x1 = np.random.randint(0, self.full_size[0] - self.patch_size[0] + 1)
            y1 = np.random.randint(0, self.full_size[1] - self.patch_size[1] + 1)
            x2, y2 = np.array([x1, y1]) + np.array(self.patch_size)
            self.boxes.append([x1, y1, x2, y2])
            w, h = np.random.randint(hole_min, hole_max, 2)
            p1 = x1 + np.random.randint(0, self.patch_size[0] - w)
            q1 = y1 + np.random.randint(0, self.patch_size[1] - h)
            hole = np.zeros((self.full_size[0], self.full_size[1], 1), dtype=np.uint8)
            hole[q1:q1 + h + 1, p1:p1 + w + 1] = 1
            self.holes.append(hole)
            if len(self.pics) == batch_size:
                batch = np.asarray(self.pics, dtype=np.float32) / 255
                boxes = np.asarray(self.boxes, dtype=np.int32)
                holes = np.asarray(self.holes, dtype=np.float32)
                self.clear()
                yield batch, boxes, holes


def run_training(out_dir="output", data_dir="data"):
    full_shape = (256, 256, 3)
    patch_shape = (128, 128, 3)
    batch_size = 4
    n_epoch = 100
    tc = int(n_epoch * 0.18)
    td = int(n_epoch * 0.02)
    alpha = 0.0004

    batcher = HoleBatcher(full_shape[:2], patch_shape[:2])
    gen_net = model_generator(full_shape)
    disc_net = model_discriminator(full_shape, patch_shape)
    opt = Adadelta()

    src = Input(shape=full_shape)
    hole_in = Input(shape=(full_shape[0], full_shape[1], 1))
    masked = merge([src, hole_in], mode=lambda x: x[0] * (1 - x[1]), output_shape=full_shape)
    guess = gen_net(masked)
    filled = merge([guess, src, hole_in], mode=lambda x: x[0] * x[2] + x[1] * (1 - x[2]), output_shape=full_shape)
    fill_box = Container([src, hole_in], filled)
    fill_out = fill_box([src, hole_in])
    fill_model = Model([src, hole_in], fill_out)
    fill_model.compile(loss='mse', optimizer=opt)

    patch_in = Input(shape=patch_shape)
    disc_box = Container([src, patch_in], disc_net([src, patch_in]))
    disc_model = Model([src, patch_in], disc_box([src, patch_in]))
    disc_model.compile(loss='binary_crossentropy', optimizer=opt)

    def take_patches(x, x1, y1, x2, y2):
        out = []
        for idx in range(batch_size):
            out.append(x[idx, y1[idx]:y2[idx], x1[idx]:x2[idx], :])
        return K.stack(out, axis=0)
    patcher = Lambda(take_patches, output_shape=patch_shape)

    for n in range(n_epoch):
        for batch, boxes, holes in batcher.stream(data_dir, batch_size):
            filled_pics = fill_model.predict([batch, holes])
            real_patches = []
            fake_patches = []
            for i in range(batch_size):
                x1, y1, x2, y2 = boxes[i]
                real_patches.append(batch[i][y1:y2, x1:x2, :])
                fake_patches.append(filled_pics[i][y1:y2, x1:x2, :])
            ones = np.ones((batch_size, 1))
            zeros = np.zeros((batch_size, 1))
            g_loss = 0.0
            d_loss = 0.0
            if n < tc:
                g_loss = fill_model.train_on_batch([batch, holes], batch)
            else:
                d_real = disc_model.train_on_batch([batch, np.array(real_patches)], ones)
                d_fake = disc_model.train_on_batch([filled_pics, np.array(fake_patches)], zeros)
                d_loss = 0.5 * np.add(d_real, d_fake)
                if n >= tc + td:
                    disc_box.trainable = False
                    patcher.arguments = {'x1': boxes[:, 0], 'y1': boxes[:, 1], 'x2': boxes[:, 2], 'y2': boxes[:, 3]}
                    joint_model = Model([src, hole_in], [fill_out, disc_box([fill_out, patcher(fill_out)])])
                    joint_model.compile(loss=['mse', 'binary_crossentropy'], loss_weights=[1.0, alpha], optimizer=opt)
                    g_loss = joint_model.train_on_batch([batch, holes], [batch, ones])

        print("%d [D: %e] [G: %e]" % (n, d_loss, g_loss))
        shown = min(5, batch_size)
        fig, axs = plt.subplots(shown, 3)
        for i in range(shown):
            axs[i, 0].imshow(batch[i] * (1 - holes[i]))
            axs[i, 1].imshow(filled_pics[i])
            axs[i, 2].imshow(batch[i])
        fig.savefig(os.path.join(out_dir, "result_%d.png" % n))
        plt.close()
    gen_net.save(os.path.join(out_dir, "generator.h5"))
    disc_net.save(os.path.join(out_dir, "discriminator.h5"))


if __name__ == "__main__":
    run_training()
