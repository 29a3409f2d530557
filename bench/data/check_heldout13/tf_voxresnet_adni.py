import os
import nibabel
import nibabel as nib
import numpy
import numpy as np
import tensorflow as tf
import tensorlayer as tl
from tensorlayer.layers import *


def print_volume_shapes(vol_dir):
    vol_names = os.listdir(vol_dir)
    for fname in vol_names:
        vol = nib.load(vol_dir + "/" + fname)
        voxels = vol.get_data()
        print(voxels.dtype, voxels.shape)


def to_onehot(label_arr, n_cls):
    onehot = (np.arange(n_cls) == label_arr[..., None]).astype(dtype=np.int32)
    return onehot


class MriVolumes:

    def __init__(self, img_folder, lbl_folder):
        self._vols, self._segs = self._read_volumes(img_folder, lbl_folder)
        self._cursor = 0
        self._epochs_done = 0
        self._count = len(self._vols)

    def _read_volumes(self, img_dir, lbl_dir):
        vol_list = []
        label_list = []
        vol_files = os.listdir(img_dir)
        for fname in vol_files:
            if fname.endswith('.nii.gz') or fname.endswith('.nii'):
                vol_list.append(nibabel.nifti1.load(img_dir + '/' + fname).get_data())
                label_list.append(nibabel.nifti1.load(lbl_dir + '/' + fname).get_data())
        return vol_list, label_list

    def next_batch_pair(self, batch_len):
        if batch_len > self._count:
            print("asked for more volumes than exist; returning all of them")
            self._permute()
            return self._vols, self._segs
        lo = self._cursor
        self._cursor += batch_len
        if self._cursor > self._count:
            # one pass done
            self._epochs_done += 1
            self._permute()
            # begin the following pass
            lo = 0
            self._cursor = batch_len
            assert batch_len <= self._count
        hi = self._cursor
        return self._vols[lo:hi], self._segs[lo:hi]

    def _permute(self):
        # random reorder
        order = numpy.arange(self._count)
        numpy.random.shuffle(order)
        self._vols = numpy.array(self._vols)[order]
        self._segs = numpy.array(self._segs)[order]
    @property
    def image_vols(self):
        return self._vols
    @property
    def label_vols(self):
        return self._segs


def res_unit(x_in, scope_tag, training=True, share_vars=False):
    init_w = tf.truncated_normal_initializer(stddev=0.01)
    norm_a = BatchNormLayer(x_in, act=tf.nn.relu, is_train=training, name=scope_tag + "bn1")
    conv_a = Conv3dLayer(norm_a, shape=[1, 3, 3, 64, 64], strides=[1, 1, 1, 1, 1], W_init=init_w, name=scope_tag + "conv1")
    norm_b = BatchNormLayer(conv_a, act=tf.nn.relu, is_train=training, name=scope_tag + "bn2")
    conv_b = Conv3dLayer(norm_b, shape=[3, 3, 3, 64, 64], strides=[1, 1, 1, 1, 1], W_init=init_w, name=scope_tag + "conv2")
    merged = ElementwiseLayer([x_in, conv_b], combine_fn=tf.add, name=scope_tag + "out")
    return merged


def build_voxres(x_in, training=True, share_vars=False, n_cls_out=3):
    with tf.variable_scope("VoxResNet", reuse=share_vars):
        tl.layers.set_name_reuse(share_vars)
        init_w = tf.truncated_normal_initializer(stddev=0.01)
        inp_layer = InputLayer(x_in, name="input")
        c1a = Conv3dLayer(inp_layer, shape=[3, 3, 3, 1, 32], strides=[1, 1, 1, 1, 1], W_init=init_w, name="conv1a")
        norm_a = BatchNormLayer(c1a, act=tf.nn.relu, is_train=training, name="bn1")
        c1b = Conv3dLayer(norm_a, shape=[1, 3, 3, 32, 32], strides=[1, 1, 1, 1, 1], W_init=init_w, name="conv1b")
        norm_b = BatchNormLayer(c1b, act=tf.nn.relu, is_train=training, name="bn2")
        c1c = Conv3dLayer(norm_b, shape=[3, 3, 3, 32, 64], strides=[1, 2, 2, 2, 1], W_init=init_w, name="conv1c")
        r1 = res_unit(c1c, "res1a-", training)
        r2 = res_unit(r1, "res2a-", training)
        norm_c = BatchNormLayer(r2, act=tf.nn.relu, is_train=training, name="bn3")
        c4 = Conv3dLayer(norm_c, shape=[3, 3, 3, 64, 64], strides=[1, 2, 2, 2, 1], W_init=init_w, name="conv4")
        r3 = res_unit(c4, "res3a-", training)
        r4 = res_unit(r3, "res4a-", training)
        norm_d = BatchNormLayer(r4, act=tf.nn.relu, is_train=training, name="bn4")
        c7 = Conv3dLayer(norm_d, shape=[3, 3, 3, 64, 64], strides=[1, 2, 2, 2, 1], W_init=init_w, name="conv7")
        r5 = res_unit(c7, "res5a-", training)
        r6 = res_unit(r5, "res6a-", training)
        in_shape = tf.shape(x_in)
        up_shape = [in_shape[0], in_shape[1], in_shape[2], in_shape[3], 4]
        up0 = DeConv3dLayer(c1b, shape=[3, 3, 3, 4, 32], output_shape=up_shape,
                                strides=[1, 1, 1, 1, 1], W_init=init_w, name="decon0a")
        up1 = DeConv3dLayer(r2, shape=[2, 2, 2, 4, 64], output_shape=up_shape, strides=[1, 2, 2, 2, 1],
                                W_init=init_w, name="decon1a")
        up2 = DeConv3dLayer(r4, shape=[4, 4, 4, 4, 64], output_shape=up_shape, strides=[1, 4, 4, 4, 1],
                                W_init=init_w, name="decon2a")
        up3 = DeConv3dLayer(r6, shape=[8, 8, 8, 4, 64], output_shape=up_shape, strides=[1, 8, 8, 8, 1],
                                W_init=init_w, name="decon3a")
        head0 = Conv3dLayer(up0, shape=[1, 1, 1, 4, n_cls_out], strides=[1, 1, 1, 1, 1], W_init=init_w,
                                   name="classifier0a")
        head1 = Conv3dLayer(up1, shape=[1, 1, 1, 4, n_cls_out], strides=[1, 1, 1, 1, 1], W_init=init_w,
                                   name="classifier1a")
        head2 = Conv3dLayer(up2, shape=[1, 1, 1, 4, n_cls_out], strides=[1, 1, 1, 1, 1], W_init=init_w,
                                   name="classifier2a")
        head3 = Conv3dLayer(up3, shape=[1, 1, 1, 4, n_cls_out], strides=[1, 1, 1, 1, 1], W_init=init_w,
                                   name="classifier3a")
        merged = ElementwiseLayer([head0, head1, head2, head3], combine_fn=tf.add,
                               name="out")
    if training:
        return [head0, head1, head2, head3, merged]
    else:
        return merged


# settings
n_volumes = 100
epoch_count = 200
n_labels = 3
batch_len = 2
steps_total = n_volumes * epoch_count / batch_len
step_var = tf.Variable(0, name='global_step')
lr_sched = tf.train.exponential_decay(0.001, step_var, 150, 0.99, staircase=True)
log_every = 1

# load the volumes
print("loading volumes...")
train_data = MriVolumes("train/image", "train/label")
train_images = np.asarray(train_data.image_vols)
train_labels = np.asarray(train_data.label_vols)
test_data = MriVolumes("test/image", "test/label")
test_images = np.asarray(test_data.image_vols)
test_labels = np.asarray(test_data.label_vols)
print("volumes loaded.")

# cast and one-hot
train_images = np.asarray(train_images, dtype=np.float32)
train_labels = np.asarray(train_labels, dtype=np.int32)
train_labels = to_onehot(train_labels, n_labels)
test_images = np.asarray(test_images, dtype=np.float32)
test_labels = np.asarray(test_labels, dtype=np.int32)
test_labels = to_onehot(test_labels, n_labels)
print("image array " + str(train_images.shape), train_images.dtype)
print("label array " + str(train_labels.shape), train_labels.dtype)

sess_cfg = tf.ConfigProto(
    allow_soft_placement=True,
)

with tf.device("/GPU:0"):
    with tf.Session(config=sess_cfg) as sess:
        sess.as_default()
        vol_shape = train_images.shape
        x_in = tf.placeholder(tf.float32, [None, vol_shape[1], vol_shape[2], vol_shape[3], 1], name='x')
        seg_target = tf.placeholder(tf.int32, [None, vol_shape[1], vol_shape[2], vol_shape[3], n_labels], name="valid_seg")
        heads = build_voxres(x_in, training=True, n_cls_out=3)
        # (single-output variant left unused)
        head_outs = [x_in.outputs for x_in in heads]
        model = heads[-1]
        seg_out = model.outputs
        print("segmentation output: " + str(seg_out.shape))
        print("target placeholder: " + str(seg_target.shape))

        hits = tf.equal(tf.cast(tf.argmax(seg_out, 4), tf.int32),
                                      tf.cast(tf.argmax(seg_target, 4), tf.int32))
        acc_op = tf.reduce_mean(tf.cast(hits, tf.float32))

        loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(logits=seg_out, labels=seg_target))
        print(loss)
        train_vars = model.all_params
        for aux in heads[:-1]:
            wt = tf.Variable(1.0, name="classifier_w") - 0.999 * tf.cast(step_var, tf.float32) / steps_total
            train_vars.append(wt)
            loss += wt * tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(logits=aux.outputs, labels=seg_target))
        print("aux head: " + str(aux.outputs.shape))
        l2_term = 0
        for wt in train_vars[:-4]:
            l2_term += tf.contrib.layers.l2_regularizer(1e-4)(wt)
        total_cost = l2_term + loss
        print(total_cost)
        train_op = tf.train.AdamOptimizer(learning_rate=lr_sched, beta1=0.9, beta2=0.999,
                                          epsilon=1e-08, use_locking=False).minimize(total_cost, global_step=step_var,
                                                                                     var_list=train_vars[:-4])

        tl.layers.initialize_global_variables(sess)
        model.print_params()
        model.print_layers()

        # fit
        tl.utils.fit(sess, model, train_op, total_cost, train_images, train_labels, x_in, seg_target,
                     acc=acc_op, batch_size=batch_len, n_epoch=epoch_count, print_freq=log_every,
                     eval_train=False, tensorboard=True, tensorboard_epoch_freq=1, tensorboard_graph_vis=True,
                     tensorboard_weight_histograms=True)

        # score on the test volumes
        tl.utils.test(sess, model, acc_op, test_images, test_labels, x_in, seg_target, batch_size=batch_len, cost=total_cost)

        # write weights
        tl.files.save_npz(model.all_params[:-4], name='model.npz')

        sess.close()
