import numpy as np
import pandas as pd
from input_data import DriverFrames
import tensorflow as tf

in_shape = (224, 224, 3)
img_root = '/Users/me/kaggle/distracted-drivers/imgs'
img_root = '/data/distracted_drivers'

holdout = pd.read_csv('test_labels.csv', names=['image', 'label'])
holdout.image = holdout.image.apply(lambda x: img_root + '/test/' + x)
frames = DriverFrames(folder=img_root, target_shape=in_shape,
                center=False, subsample_size=None, test=holdout)

# hyper-parameters
lr = 1e-4
bs = 64
drop_keep = 0.5   # keep probability while training


def make_w(shape):
    init = tf.truncated_normal(shape, stddev=0.1)
    return tf.Variable(init)


def make_b(shape):
    init = tf.constant(0.01, shape=shape)
    return tf.Variable(init)


def conv2d(x, W, s=1):
    return tf.nn.conv2d(x, W, strides=[1, s, s, 1], padding='SAME')   # zero-padded, stride s


def pool_op(t, k, s):
    return tf.nn.max_pool(t, ksize=[1, k, k, 1], strides=[1, s, s, 1], padding='SAME')


def lrn_op(t, depth=4):
    return tf.nn.lrn(t, depth, bias=1.0, alpha=0.001 / 9.0, beta=0.75)


x = tf.placeholder("float", shape=[None, in_shape[0], in_shape[1], in_shape[2]])   # RGB frames
y_ = tf.placeholder("float", shape=[None, 10])
keep = tf.placeholder("float")

# channel / unit counts
c1 = 16
c2 = 32
c3 = 64
c4 = 64
c5 = 32
f6 = 512
f7 = 512

# parameters
W_conv1 = make_w([11, 11, in_shape[2], c1])   # [kh, kw, in, out]
b_conv1 = make_b([c1])

W_conv2 = make_w([5, 5, c1, c2])   # [kh, kw, in, out]
b_conv2 = make_b([c2])

W_conv3 = make_w([3, 3, c2, c3])   # [kh, kw, in, out]
b_conv3 = make_b([c3])

W_conv4 = make_w([3, 3, c3, c4])   # [kh, kw, in, out]
b_conv4 = make_b([c4])

W_conv5 = make_w([3, 3, c4, c5])   # [kh, kw, in, out]
b_conv5 = make_b([c5])

W_fc6 = make_w([1568, f6])   # dense
b_fc6 = make_b([f6])

W_fc7 = make_w([f6, f7])   # dense
b_fc7 = make_b([f7])

W_fc8 = make_w([f7, 10])   # ten driver classes
b_fc8 = make_b([10])

# graph
conv1 = conv2d(x, W_conv1, s=4)
relu1 = tf.nn.relu(conv1 + b_conv1)
norm1 = lrn_op(relu1, depth=5)
pool1 = pool_op(norm1, k=3, s=2)

conv2 = conv2d(pool1, W_conv2)
relu2 = tf.nn.relu(conv2 + b_conv2)
norm2 = lrn_op(relu2, depth=5)
pool2 = pool_op(norm2, k=3, s=2)

conv3 = conv2d(pool2, W_conv3)
relu3 = tf.nn.relu(conv3 + b_conv3)

conv4 = conv2d(relu3, W_conv4)
relu4 = tf.nn.relu(conv4 + b_conv4)

conv5 = conv2d(relu4, W_conv5)
relu5 = tf.nn.relu(conv5 + b_conv5)
pool5 = pool_op(relu5, k=3, s=2)
pool5_flat = tf.reshape(pool5, [-1, 1568])

fc6 = tf.matmul(pool5_flat, W_fc6)
relu6 = tf.nn.relu(fc6 + b_fc6)
dropout6 = tf.nn.dropout(relu6, keep)

fc7 = tf.matmul(dropout6, W_fc7)
relu7 = tf.nn.relu(fc7 + b_fc7)
dropout7 = tf.nn.dropout(relu7, keep)

y = tf.nn.softmax(tf.matmul(dropout7, W_fc8) + b_fc8)

# objective
xent = -tf.reduce_mean(y_ * tf.log(y + 1e-9))
opt_step = tf.train.AdamOptimizer(lr).minimize(xent)
hits = tf.equal(tf.argmax(y, 1), tf.argmax(y_, 1))
acc_op = tf.reduce_mean(tf.cast(hits, "float"))

# tensorboard summaries
wc1_hist = tf.histogram_summary("w_conv1", W_conv1)
wc2_hist = tf.histogram_summary("w_conv2", W_conv2)
wc3_hist = tf.histogram_summary("w_conv3", W_conv3)
wc4_hist = tf.histogram_summary("w_conv4", W_conv4)
wc5_hist = tf.histogram_summary("w_conv5", W_conv5)
wd1_hist = tf.histogram_summary("w_fc1", W_fc6)
wd2_hist = tf.histogram_summary("w_fc2", W_fc7)
wout_hist = tf.histogram_summary("w_out", W_fc8)
bc1_hist = tf.histogram_summary("b_conv1", b_conv1)
bc2_hist = tf.histogram_summary("b_conv2", b_conv2)
bc3_hist = tf.histogram_summary("b_conv3", b_conv3)
bc4_hist = tf.histogram_summary("b_conv4", b_conv4)
bc5_hist = tf.histogram_summary("b_conv5", b_conv5)
bd1_hist = tf.histogram_summary("b_fc1", b_fc6)
bd2_hist = tf.histogram_summary("b_fc2", b_fc7)
bout_hist = tf.histogram_summary("b_out", b_fc8)
y_hist = tf.histogram_summary("softmax_out", y)
ce_summ = tf.scalar_summary("xent", xent)
accuracy_summary = tf.scalar_summary("acc_op", acc_op)
all_summ = tf.merge_all_summaries()

with tf.Session() as sess:
    sess.run(tf.initialize_all_variables())
    sw = tf.train.SummaryWriter("/tmp/alexnet_small_tb", sess.graph)
    for i in range(15000+1):
        mb = frames.train_batch(bs)
        if i % 100 == 0:
            print('step', str(i) + ' | train err', 1-acc_op.eval(feed_dict={x: mb[0], y_: mb[1], keep: 1.0}),
                  '| xent', xent.eval(feed_dict={x: mb[0], y_: mb[1], keep: 1.0}), '')
            res = sess.run([all_summ, acc_op], feed_dict={x: mb[0], y_: mb[1], keep: 1.})
            summ = res[0]
            acc_val = res[1]
            sw.add_summary(summ, i)
        if i % 1000 == 0:
            mb = frames.holdout_batch(bs)
            print('holdout err', 1-acc_op.eval(feed_dict={x: mb[0], y_: mb[1], keep: 1.0}),
                  '| xent', xent.eval(feed_dict={x: mb[0], y_: mb[1], keep: 1.0}), '')
        opt_step.run(feed_dict={x: mb[0], y_: mb[1], keep: drop_keep})

    print('scoring the unlabeled test folder')
    probs = np.empty((0, 10))
    j = 0
    while probs.shape[0] < len(frames.prediction_files):
        j += 1
        print(j)
        probs = np.concatenate((probs, y.eval(feed_dict={x: frames.submit_batch(bs), keep: 1.0})))

    print('writing submission file')
    with open('sub_' + str(np.random.rand())[2:] + '.csv', 'w+') as f:
        f.write('img,c0,c1,c2,c3,c4,c5,c6,c7,c8,c9\n')
        for i, p in enumerate(probs):
            f.write(frames.prediction_files[i].split('/')[-1] + ',' + ','.join([str(x) for x in p]) + '\n')
