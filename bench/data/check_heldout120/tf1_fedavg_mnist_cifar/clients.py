import numpy as np
import tensorflow as tf
from dataSets import DataSet
import cv2


class user(object):
    def __init__(self, x_local, y_local, do_augment):
        self.dataset = x_local
        self.label = y_local
        self.train_dataset = None
        self.train_label = None
        self.do_augment = do_augment

        self.dataset_size = x_local.shape[0]
        self._cursor = 0
        self.parameters = {}

        self.train_dataset = self.dataset
        self.train_labellabel = self.label
        if self.do_augment == 1:
            self.preprocess()


    def next_batch(self, bs):
        start = self._cursor
        self._cursor += bs
        if self._cursor > self.dataset_size:
            perm = np.arange(self.dataset_size)
            np.random.shuffle(perm)
            self.train_dataset = self.dataset[perm]
            self.train_label = self.label[perm]
            if self.do_augment == 1:
                self.preprocess()
            start = 0
            self._cursor = bs
        end = self._cursor
        return self.train_dataset[start:end], self.train_label[start:end]

    def preprocess(self):
        augmented = []
        crop = (24, 24, 3)
        for i in range(self.dataset_size):
            img = self.train_dataset[i, :, :, :]
            img = np.pad(img, [[4, 4], [4, 4], [0, 0]], 'constant')
            dy = np.random.randint(img.shape[0] - crop[0] + 1)
            dx = np.random.randint(img.shape[1] - crop[1] + 1)
            out = img[dy: dy + crop[0], dx: dx + crop[1], :]

            if np.random.random() < 0.5:
                out = cv2.flip(out, 1)

            mu = np.mean(out)
            sd = np.max([np.std(out),
                         1.0 / np.sqrt(self.train_dataset.shape[1] * self.train_dataset.shape[2] * self.train_dataset.shape[3])])
            out = (out - mu) / sd

            augmented.append(out)

        self.train_dataset = augmented



class clients(object):
    def __init__(self, n_clients, ds_name, local_bs,
                 local_epochs, sess, train, x_ph, y_ph, is_IID):
        self.num_of_clients = n_clients
        self.dataset_name = ds_name
        self.dataset_size = None
        self.test_data = None
        self.test_label = None
        self.B = local_bs
        self.E = local_epochs
        self.session = sess
        self.train = train
        self.inputsx = x_ph
        self.inputsy = y_ph
        self.IID = is_IID
        self.clientsSet = {}

        self.split_among_clients()


    def split_among_clients(self):
        full = DataSet(self.dataset_name, self.IID)
        self.dataset_size = full.train_data_size
        self.test_data = full.test_data
        self.test_label = full.test_label

        per_client = self.dataset_size // self.num_of_clients
        shard_len = per_client // 2
        shard_order = np.random.permutation(self.dataset_size // shard_len)
        augment = 1 if self.dataset_name == 'cifar10' else 0
        for i in range(self.num_of_clients):
            s_a = shard_order[i * 2]
            s_b = shard_order[i * 2 + 1]
            x_a = full.train_data[s_a * shard_len: s_a * shard_len + shard_len]
            x_b = full.train_data[s_b * shard_len: s_b * shard_len + shard_len]
            y_a = full.train_label[s_a * shard_len: s_a * shard_len + shard_len]
            y_b = full.train_label[s_b * shard_len: s_b * shard_len + shard_len]
            member = user(np.vstack((x_a, x_b)), np.vstack((y_a, y_b)), augment)
            self.clientsSet['client{}'.format(i)] = member


    def ClientUpdate(self, name, server_vals):
        tvars = tf.trainable_variables()
        for var, val in zip(tvars, server_vals):
            var.load(val, self.session)

        for ep in range(self.E):
            for j in range(self.clientsSet[name].dataset_size // self.B):
                xb, yb = self.clientsSet[name].next_batch(self.B)
                self.session.run(self.train, feed_dict={self.inputsx: xb, self.inputsy: yb})

        return self.session.run(tf.trainable_variables())
