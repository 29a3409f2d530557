# source: https://github.com/cchen156/Learning-to-See-in-the-Dark/blob/1a73405c8df0f2e6d8a346f2944acbe341ab3270/train_Sony.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import division
import os, time, scipy.io
import tensorflow as tf
import tensorflow.contrib.slim as slim
import numpy as np
import rawpy
import glob

short_dir = './dataset/Sony/short/'
long_dir = './dataset/Sony/long/'
ckpt_dir = './result_Sony/'
out_dir = './result_Sony/'

long_files = glob.glob(long_dir + '0*.ARW')
scene_ids = []
for k in range(len(long_files)):
    _, fname = os.path.split(long_files[k])
    scene_ids.append(int(fname[0:5]))

patch = 512
save_every = 500


def leaky(x):
    return tf.maximum(x * 0.2, x)


def up_and_merge(low, skip, out_ch, in_ch):
    factor = 2
    kernel = tf.Variable(tf.truncated_normal([factor, factor, out_ch, in_ch], stddev=0.02))
    up = tf.nn.conv2d_transpose(low, kernel, tf.shape(skip), strides=[1, factor, factor, 1])
    merged = tf.concat([up, skip], 3)
    merged.set_shape([None, None, None, out_ch * 2])
    return merged


def unet(x):
    c1 = slim.conv2d(x, 32, [3, 3], rate=1, activation_fn=leaky, scope='g_conv1_1')
    c1 = slim.conv2d(c1, 32, [3, 3], rate=1, activation_fn=leaky, scope='g_conv1_2')
    p1 = slim.max_pool2d(c1, [2, 2], padding='SAME')
    c2 = slim.conv2d(p1, 64, [3, 3], rate=1, activation_fn=leaky, scope='g_conv2_1')
    c2 = slim.conv2d(c2, 64, [3, 3], rate=1, activation_fn=leaky, scope='g_conv2_2')
    p2 = slim.max_pool2d(c2, [2, 2], padding='SAME')
    c3 = slim.conv2d(p2, 128, [3, 3], rate=1, activation_fn=leaky, scope='g_conv3_1')
    c3 = slim.conv2d(c3, 128, [3, 3], rate=1, activation_fn=leaky, scope='g_conv3_2')
    p3 = slim.max_pool2d(c3, [2, 2], padding='SAME')
    c4 = slim.conv2d(p3, 256, [3, 3], rate=1, activation_fn=leaky, scope='g_conv4_1')
    c4 = slim.conv2d(c4, 256, [3, 3], rate=1, activation_fn=leaky, scope='g_conv4_2')
    p4 = slim.max_pool2d(c4, [2, 2], padding='SAME')
    c5 = slim.conv2d(p4, 512, [3, 3], rate=1, activation_fn=leaky, scope='g_conv5_1')
    c5 = slim.conv2d(c5, 512, [3, 3], rate=1, activation_fn=leaky, scope='g_conv5_2')
    u6 = up_and_merge(c5, c4, 256, 512)
    c6 = slim.conv2d(u6, 256, [3, 3], rate=1, activation_fn=leaky, scope='g_conv6_1')
    c6 = slim.conv2d(c6, 256, [3, 3], rate=1, activation_fn=leaky, scope='g_conv6_2')
    u7 = up_and_merge(c6, c3, 128, 256)
    c7 = slim.conv2d(u7, 128, [3, 3], rate=1, activation_fn=leaky, scope='g_conv7_1')
    c7 = slim.conv2d(c7, 128, [3, 3], rate=1, activation_fn=leaky, scope='g_conv7_2')
    u8 = up_and_merge(c7, c2, 64, 128)
    c8 = slim.conv2d(u8, 64, [3, 3], rate=1, activation_fn=leaky, scope='g_conv8_1')
    c8 = slim.conv2d(c8, 64, [3, 3], rate=1, activation_fn=leaky, scope='g_conv8_2')
    u9 = up_and_merge(c8, c1, 32, 64)
    c9 = slim.conv2d(u9, 32, [3, 3], rate=1, activation_fn=leaky, scope='g_conv9_1')
    c9 = slim.conv2d(c9, 32, [3, 3], rate=1, activation_fn=leaky, scope='g_conv9_2')
    c10 = slim.conv2d(c9, 12, [1, 1], rate=1, activation_fn=None, scope='g_conv10')
    return tf.depth_to_space(c10, 2)


def bayer_to_planes(raw):
    plane = raw.raw_image_visible.astype(np.float32)
    plane = np.maximum(plane - 512, 0) / (16383 - 512)
    plane = np.expand_dims(plane, axis=2)
    H = plane.shape[0]
    W = plane.shape[1]
    return np.concatenate((plane[0:H:2, 0:W:2, :],
                           plane[0:H:2, 1:W:2, :],
                           plane[1:H:2, 1:W:2, :],
                           plane[1:H:2, 0:W:2, :]), axis=2)


sess = tf.Session()
dark_in = tf.placeholder(tf.float32, [None, None, None, 4])
bright_ref = tf.placeholder(tf.float32, [None, None, None, 3])
restored = unet(dark_in)
l1_loss = tf.reduce_mean(tf.abs(restored - bright_ref))
lr_in = tf.placeholder(tf.float32)
step_op = tf.train.AdamOptimizer(learning_rate=lr_in).minimize(l1_loss)

saver = tf.train.Saver()
sess.run(tf.global_variables_initializer())
state = tf.train.get_checkpoint_state(ckpt_dir)
if state:
    saver.restore(sess, state.model_checkpoint_path)

# decoded frames are cached for the rest of the run
reference_cache = [None] * 6000
dark_cache = {}
dark_cache['300'] = [None] * len(scene_ids)
dark_cache['250'] = [None] * len(scene_ids)
dark_cache['100'] = [None] * len(scene_ids)

loss_log = np.zeros((5000, 1))

done = glob.glob('./result/*0')
first_epoch = 0
for d in done:
    first_epoch = np.maximum(first_epoch, int(d[-4:]))

rate = 1e-4
for epoch in range(first_epoch, 4001):
    if os.path.isdir("result/%04d" % epoch):
        continue
    if epoch > 2000:
        rate = 1e-5

    for idx in np.random.permutation(len(scene_ids)):
        sid = scene_ids[idx]
        dark_candidates = glob.glob(short_dir + '%05d_00*.ARW' % sid)
        dark_path = dark_candidates[np.random.random_integers(0, len(dark_candidates) - 1)]
        _, dark_name = os.path.split(dark_path)
        ref_candidates = glob.glob(long_dir + '%05d_00*.ARW' % sid)
        ref_path = ref_candidates[0]
        _, ref_name = os.path.split(ref_path)
        amp = min(float(ref_name[9:-5]) / float(dark_name[9:-5]), 300)
        key = str(amp)[0:3]

        if dark_cache[key][idx] is None:
            raw = rawpy.imread(dark_path)
            dark_cache[key][idx] = np.expand_dims(bayer_to_planes(raw), axis=0) * amp
            ref_raw = rawpy.imread(ref_path)
            rgb16 = ref_raw.postprocess(use_camera_wb=True, half_size=False, no_auto_bright=True, output_bps=16)
            reference_cache[idx] = np.expand_dims(np.float32(rgb16 / 65535.0), axis=0)

        H = dark_cache[key][idx].shape[1]
        W = dark_cache[key][idx].shape[2]
        xx = np.random.randint(0, W - patch)
        yy = np.random.randint(0, H - patch)
        in_patch = dark_cache[key][idx][:, yy:yy + patch, xx:xx + patch, :]
        ref_patch = reference_cache[idx][:, yy * 2:yy * 2 + patch * 2, xx * 2:xx * 2 + patch * 2, :]

        if np.random.randint(2, size=1)[0] == 1:
            in_patch = np.flip(in_patch, axis=1)
            ref_patch = np.flip(ref_patch, axis=1)
        if np.random.randint(2, size=1)[0] == 1:
            in_patch = np.flip(in_patch, axis=0)
            ref_patch = np.flip(ref_patch, axis=0)
        if np.random.randint(2, size=1)[0] == 1:
            in_patch = np.transpose(in_patch, (0, 2, 1, 3))
            ref_patch = np.transpose(ref_patch, (0, 2, 1, 3))
        in_patch = np.minimum(in_patch, 1.0)

        _, cur_loss, pred = sess.run([step_op, l1_loss, restored],
                                     feed_dict={dark_in: in_patch, bright_ref: ref_patch, lr_in: rate})
        pred = np.minimum(np.maximum(pred, 0), 1)
        loss_log[idx] = cur_loss

        if epoch % save_every == 0:
            if not os.path.isdir(out_dir + '%04d' % epoch):
                os.makedirs(out_dir + '%04d' % epoch)
            side_by_side = np.concatenate((ref_patch[0, :, :, :], pred[0, :, :, :]), axis=1)
            scipy.misc.toimage(side_by_side * 255, high=255, low=0, cmin=0, cmax=255).save(
                out_dir + '%04d/%05d_00_train_%d.jpg' % (epoch, sid, amp))

    saver.save(sess, ckpt_dir + 'model.ckpt')
