import os
import nibabel
import nibabel as nib
import numpy
import numpy as np
import tensorflow as tf
import tensorlayer as tl
from tensorlayer.layers import *


def list_shape_info(dir):
    files = os.listdir(dir)
    for file in files:
        img = nib.load(dir + "/" + file)
        array = img.get_data()
        print(array.dtype, array.shape)


def one_hot(labels, nb_classes):
    array2 = (np.arange(nb_classes) == labels[..., None]).astype(dtype=np.int32)
    return array2


class DataSet:

    def __init__(self, image_dir, label_dir):
        self._images, self._labels = self._read_dir(image_dir, label_dir)
        self._index_in_epoch = 0
        self._epochs_completed = 0
        self._num_examples = len(self._images)

    def _read_dir(self, datadir, labeldir):
        data = []
        label = []
        datafiles = os.listdir(datadir)
        for file in datafiles:
            if file.endswith('.nii.gz') or file.endswith('.nii'):
                data.append(nibabel.nifti1.load(datadir + '/' + file).get_data())
                label.append(nibabel.nifti1.load(labeldir + '/' + file).get_data())
        return data, label

    def next_batch(self, batch_size):
        if batch_size > self._num_examples:
            print("request batch size exceeds current size, automatically adapt to current size.")
            self._shuffle_data()
            return self._images, self._labels
        start = self._index_in_epoch
        self._index_in_epoch += batch_size
        if self._index_in_epoch > self._num_examples:
            # Finished epoch
            self._epochs_completed += 1
            self._shuffle_data()
            # Start next epoch
            start = 0
            self._index_in_epoch = batch_size
            assert batch_size <= self._num_examples
        end = self._index_in_epoch
        return self._images[start:end], self._labels[start:end]

    def _shuffle_data(self):
        # Shuffle the data
        perm = numpy.arange(self._num_examples)
        numpy.random.shuffle(perm)
        self._images = numpy.array(self._images)[perm]
        self._labels = numpy.array(self._labels)[perm]
    @property
    def images(self):
        return self._images
    @property
    def labels(self):
        return self._labels


def vox_res_module(x, prefix, is_train=True, reuse=False):
    w_init = tf.truncated_normal_initializer(stddev=0.01)
    bn1 = BatchNormLayer(x, act=tf.nn.relu, is_train=is_train, name=prefix + "bn1")
    conv1 = Conv3dLayer(bn1, shape=[1, 3, 3, 64, 64], strides=[1, 1, 1, 1, 1], W_init=w_init, name=prefix + "conv1")
    bn2 = BatchNormLayer(conv1, act=tf.nn.relu, is_train=is_train, name=prefix + "bn2")
    conv2 = Conv3dLayer(bn2, shape=[3, 3, 3, 64, 64], strides=[1, 1, 1, 1, 1], W_init=w_init, name=prefix + "conv2")
    out = ElementwiseLayer([x, conv2], combine_fn=tf.add, name=prefix + "out")
    return out


def vox_res_net(x, is_train=True, reuse=False, n_out=3):
    with tf.variable_scope("VoxResNet", reuse=reuse):
        tl.layers.set_name_reuse(reuse)
        w_init = tf.truncated_normal_initializer(stddev=0.01)
        inputs = InputLayer(x, name="input")
        conv1a = Conv3dLayer(inputs, shape=[3, 3, 3, 1, 32], strides=[1, 1, 1, 1, 1], W_init=w_init, name="conv1a")
        bn1 = BatchNormLayer(conv1a, act=tf.nn.relu, is_train=is_train, name="bn1")
        conv1b = Conv3dLayer(bn1, shape=[1, 3, 3, 32, 32], strides=[1, 1, 1, 1, 1], W_init=w_init, name="conv1b")
        bn2 = BatchNormLayer(conv1b, act=tf.nn.relu, is_train=is_train, name="bn2")
        conv1c = Conv3dLayer(bn2, shape=[3, 3, 3, 32, 64], strides=[1, 2, 2, 2, 1], W_init=w_init, name="conv1c")
        res1a = vox_res_module(conv1c, "res1a-", is_train)
        res2a = vox_res_module(res1a, "res2a-", is_train)
        bn3 = BatchNormLayer(res2a, act=tf.nn.relu, is_train=is_train, name="bn3")
        conv4 = Conv3dLayer(bn3, shape=[3, 3, 3, 64, 64], strides=[1, 2, 2, 2, 1], W_init=w_init, name="conv4")
        res3a = vox_res_module(conv4, "res3a-", is_train)
        res4a = vox_res_module(res3a, "res4a-", is_train)
        bn4 = BatchNormLayer(res4a, act=tf.nn.relu, is_train=is_train, name="bn4")
        conv7 = Conv3dLayer(bn4, shape=[3, 3, 3, 64, 64], strides=[1, 2, 2, 2, 1], W_init=w_init, name="conv7")
        res5a = vox_res_module(conv7, "res5a-", is_train)
        res6a = vox_res_module(res5a, "res6a-", is_train)
        inputs_shape = tf.shape(x)
        decon_output_shape = [inputs_shape[0], inputs_shape[1], inputs_shape[2], inputs_shape[3], 4]
        decon0a = DeConv3dLayer(conv1b, shape=[3, 3, 3, 4, 32], output_shape=decon_output_shape,
                                strides=[1, 1, 1, 1, 1], W_init=w_init, name="decon0a")
        decon1a = DeConv3dLayer(res2a, shape=[2, 2, 2, 4, 64], output_shape=decon_output_shape, strides=[1, 2, 2, 2, 1],
                                W_init=w_init, name="decon1a")
        decon2a = DeConv3dLayer(res4a, shape=[4, 4, 4, 4, 64], output_shape=decon_output_shape, strides=[1, 4, 4, 4, 1],
                                W_init=w_init, name="decon2a")
        decon3a = DeConv3dLayer(res6a, shape=[8, 8, 8, 4, 64], output_shape=decon_output_shape, strides=[1, 8, 8, 8, 1],
                                W_init=w_init, name="decon3a")
        classifier0a = Conv3dLayer(decon0a, shape=[1, 1, 1, 4, n_out], strides=[1, 1, 1, 1, 1], W_init=w_init,
                                   name="classifier0a")
        classifier1a = Conv3dLayer(decon1a, shape=[1, 1, 1, 4, n_out], strides=[1, 1, 1, 1, 1], W_init=w_init,
                                   name="classifier1a")
        classifier2a = Conv3dLayer(decon2a, shape=[1, 1, 1, 4, n_out], strides=[1, 1, 1, 1, 1], W_init=w_init,
                                   name="classifier2a")
        classifier3a = Conv3dLayer(decon3a, shape=[1, 1, 1, 4, n_out], strides=[1, 1, 1, 1, 1], W_init=w_init,
                                   name="classifier3a")
        out = ElementwiseLayer([classifier0a, classifier1a, classifier2a, classifier3a], combine_fn=tf.add,
                               name="out")
    if is_train:
        return [classifier0a, classifier1a, classifier2a, classifier3a, out]
    else:
        return out


# Basic param
n_image = 100
n_epoch = 200
n_class = 3
batch_size = 2
total_step = n_image * n_epoch / batch_size
global_step = tf.Variable(0, name='global_step')
learning_rate = tf.train.exponential_decay(0.001, global_step, 150, 0.99, staircase=True)
print_freq = 1

# Reading data
print("reading data...")
data_set = DataSet("train/image", "train/label")
images = np.asarray(data_set.images)
labels = np.asarray(data_set.labels)
test_set = DataSet("test/image", "test/label")
image_test = np.asarray(test_set.images)
label_test = np.asarray(test_set.labels)
print("finished reading data.")

# Convert data to array
images = np.asarray(images, dtype=np.float32)
labels = np.asarray(labels, dtype=np.int32)
labels = one_hot(labels, n_class)
image_test = np.asarray(image_test, dtype=np.float32)
label_test = np.asarray(label_test, dtype=np.int32)
label_test = one_hot(label_test, n_class)
print("images shape:" + str(images.shape), images.dtype)
print("labels shape:" + str(labels.shape), labels.dtype)

session_conf = tf.ConfigProto(
    allow_soft_placement=True,
)

with tf.device("/GPU:0"):
    with tf.Session(config=session_conf) as sess:
        sess.as_default()
        shape = images.shape
        x = tf.placeholder(tf.float32, [None, shape[1], shape[2], shape[3], 1], name='x')
        valid_seg = tf.placeholder(tf.int32, [None, shape[1], shape[2], shape[3], n_class], name="valid_seg")
        logits = vox_res_net(x, is_train=True, n_out=3)
        # net = vox_res_net(x, is_train=True, n_out=3)
        outputs = [x.outputs for x in logits]
        net = logits[-1]
        out_seg = net.outputs
        print("out_seg shape:  " + str(out_seg.shape))
        print("valid_seg shape:  " + str(valid_seg.shape))

        correct_prediction = tf.equal(tf.cast(tf.argmax(out_seg, 4), tf.int32),
                                      tf.cast(tf.argmax(valid_seg, 4), tf.int32))
        acc = tf.reduce_mean(tf.cast(correct_prediction, tf.float32))

        loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(logits=out_seg, labels=valid_seg))
        print(loss)
        train_params = net.all_params
        for t in logits[:-1]:
            w = tf.Variable(1.0, name="classifier_w") - 0.999 * tf.cast(global_step, tf.float32) / total_step
            train_params.append(w)
            loss += w * tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(logits=t.outputs, labels=valid_seg))
        print("output shape:  " + str(t.outputs.shape))
        l2 = 0
        for w in train_params[:-4]:
            l2 += tf.contrib.layers.l2_regularizer(1e-4)(w)
        cost = l2 + loss
        print(cost)
        train_op = tf.train.AdamOptimizer(learning_rate=learning_rate, beta1=0.9, beta2=0.999,
                                          epsilon=1e-08, use_locking=False).minimize(cost, global_step=global_step,
                                                                                     var_list=train_params[:-4])

        tl.layers.initialize_global_variables(sess)
        net.print_params()
        net.print_layers()

        # train
        tl.utils.fit(sess, net, train_op, cost, images, labels, x, valid_seg,
                     acc=acc, batch_size=batch_size, n_epoch=n_epoch, print_freq=print_freq,
                     eval_train=False, tensorboard=True, tensorboard_epoch_freq=1, tensorboard_graph_vis=True,
                     tensorboard_weight_histograms=True)

        # evaluate
        tl.utils.test(sess, net, acc, image_test, label_test, x, valid_seg, batch_size=batch_size, cost=cost)

        # Save model
        tl.files.save_npz(net.all_params[:-4], name='model.npz')

        sess.close()
