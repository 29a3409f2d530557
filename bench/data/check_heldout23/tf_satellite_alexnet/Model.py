
from dataload import *
import tensorflow as tf
from Alexnet import AlexNet
from sklearn.model_selection import train_test_split
import Resnet_50_101_152
from VGG_19 import VGG19
import matplotlib.pyplot as plt

class SatelliteModel(object):
    def __init__(self, session, model_kind, epoch_count, dataset_tag, batch_len, img_side, label_dim, resnet_depth):
        self.session = session
        self.model_kind = model_kind
        self.epoch_count = epoch_count
        self.dataset_tag = dataset_tag
        self.batch_len = batch_len
        self.img_side = img_side
        self.label_dim = label_dim
        self.resnet_depth = resnet_depth

        # read every image of the chosen data set
        if self.dataset_tag == 'satellite':
            print('reading the satellite image folders')
            self.data_images, self.data_labels = read_satellite_images(self.img_side, label_dim=self.label_dim)
            # keep 10% aside for validation
            self.train_X, self.val_X, self.train_y, self.val_y = train_test_split(self.data_images, self.data_labels,
                                                                                  shuffle=True, test_size=0.1,
                                                                                  random_state=2019)
            print('train / val arrays:',self.train_X.shape, self.train_y.shape, self.val_X.shape, self.val_y.shape)

    def assemble_model(self):

        # graph inputs: an image batch and its one-hot labels
        self.y_in = tf.placeholder(tf.float32, [self.batch_len, self.label_dim], name='y')
        self.image_in = tf.placeholder(tf.float32, [self.batch_len, self.img_side, self.img_side, 3], name='img')
        self.keep_rate = tf.placeholder("float")

        # pick the backbone by name
        if self.model_kind == 'Alexnet':
            net = AlexNet(self.image_in, self.label_dim, self.keep_rate)
            logits = net.fc3
        elif self.model_kind == 'ResNet':
            net = Resnet_50_101_152.resnet(self.image_in, self.resnet_depth, self.label_dim)
            logits = tf.squeeze(net, axis=(1, 2))
        elif self.model_kind == 'VGG19':
            net = VGG19(self.image_in, self.keep_rate, self.label_dim)
            logits = net.fc8

        else:
            print('unknown backbone %s'%self.model_kind)

        class_probs = tf.nn.softmax(logits)

        # summed cross-entropy, Adam
        xent_loss = -tf.reduce_sum(self.y_in * tf.log(class_probs))
        self.train_op = tf.train.AdamOptimizer(1e-4).minimize(xent_loss)

        # share of argmax hits
        hits = tf.equal(tf.argmax(class_probs, 1), tf.argmax(self.y_in, 1))
        self.acc_op = tf.reduce_mean(tf.cast(hits, "float"))

    def draw_curves(self, train_acc_seq, val_acc_seq):
        figure_h, axes_h = plt.subplots()
        plt.xlabel('step')
        plt.ylabel('hit rate')

        steps_x = [i for i in range(len(train_acc_seq))]
        plt.plot(steps_x, train_acc_seq, "x-", label="on train batches")
        plt.plot(steps_x, val_acc_seq, "+-", label="on the val split")

        """draw grid lines"""
        plt.grid(True)

        plt.legend(bbox_to_anchor=(1.0, 1), loc=1, borderaxespad=0.)

        plt.show()

    def run_training(self):
        print('training starts')
        tf.global_variables_initializer().run()
        train_acc_log = []
        val_acc_log = []

        for epoch_i in range(self.epoch_count):
            for i in range(len(self.train_X) // self.batch_len):
                if (i+1) == (len(self.train_X) // self.batch_len):
                    print('reading all images again')
                    self.data_images, self.data_labels = read_satellite_images(self.img_side, label_dim=self.label_dim)
                    # keep 10% aside for validation
                    self.train_X, self.val_X, self.train_y, self.val_y = train_test_split(self.data_images, self.data_labels, shuffle=True, test_size=0.1,
                                                                      random_state=2019)

                drop_keep = 0.5
                _, train_acc_seq = self.session.run([self.train_op, self.acc_op], feed_dict={self.image_in: self.train_X[i*self.batch_len:(i+1)*self.batch_len],
                                     self.y_in: self.train_y[i*self.batch_len:(i+1)*self.batch_len], self.keep_rate: drop_keep})


                val_acc_sum = 0
                for j in range((len(self.val_X) // self.batch_len) - 1):
                    drop_keep = 0
                    val_acc_seq = self.session.run(self.acc_op, feed_dict={
                        self.image_in: self.val_X[j * self.batch_len:(j + 1) * self.batch_len],
                        self.y_in: self.val_y[j * self.batch_len:(j + 1) * self.batch_len],
                        self.keep_rate: drop_keep})
                    val_acc_sum += val_acc_seq

                print("step %d: train hit rate %f, val hit rate %f" % (i,train_acc_seq, val_acc_sum / (j + 1)))
                train_acc_log.append(train_acc_seq)
                val_acc_log.append(val_acc_sum)
        self.draw_curves(train_acc_log, val_acc_log)










