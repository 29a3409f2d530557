import tensorflow as tf
import matplotlib.pyplot as plt
import numpy as np
import time

total_steps = 3000
bs = 128
cifar_root = 'cifar-10-batches-py/'


# open one pickled CIFAR batch file
def open_batch(name):
    import pickle
    with open(cifar_root + name, 'rb') as fh:
        blob = pickle.load(fh, encoding='bytes')
    return blob


# collect the five training batch files in a list
def read_training_batches():
    parts = []
    for k in range(5):
        name = 'data_batch_' + str(k + 1)
        parts.append(open_batch(name))
    return parts


# the single test batch file
def read_test_batches():
    parts = []
    name = 'test_batch'
    parts.append(open_batch(name))
    return parts


def weight_with_l2(shape, stddev, l2):
    w = tf.Variable(tf.truncated_normal(shape, stddev=stddev))
    if l2 is not None:
        penalty = tf.multiply(tf.nn.l2_loss(w), l2, name='weight_loss')
        tf.add_to_collection('losses', penalty)
    return w


fit_parts = read_training_batches()  # all five training files
fit_x, fit_y = fit_parts[0][b'data'], fit_parts[0][b'labels']  # only the first file is used for now
eval_parts = read_test_batches()  # test file
eval_x, eval_y = eval_parts[0][b'data'], eval_parts[0][b'labels']  # pixels and classes

fit_x = fit_x.reshape(10000, 3, 32, 32)  # split the flat rows
fit_x = np.rollaxis(fit_x, 1, 4)  # move channels last
eval_x = eval_x.reshape(10000, 3, 32, 32)  # split the flat rows
eval_x = np.rollaxis(eval_x, 1, 4)  # move channels last


# draw a random training batch of the requested size
def sample_fit_batch(n):
    pool = np.array(range(10000))
    pool = np.random.choice(pool, n)
    xs = []
    ys = []
    for j in pool:
        xs.append(fit_x[j])
        ys.append(fit_y[j])
    return xs, ys


# draw a random test batch of the requested size
def sample_eval_batch(n):
    pool = np.array(range(10000))
    pool = np.random.choice(pool, n)
    xs = []
    ys = []
    for j in pool:
        xs.append(eval_x[j])
        ys.append(eval_y[j])
    return xs, ys


print(fit_x.shape)  # (10000,32,32,3)
print(eval_x.shape)  # (10000,32,32,3)

# inputs
x_ph = tf.placeholder(tf.float32, [bs, 32, 32, 3])
y_ph = tf.placeholder(tf.int32, [bs])

# block one
w1 = weight_with_l2(shape=[5, 5, 3, 64], stddev=5e-2, l2=0.0)  # first kernel
c1 = tf.nn.conv2d(x_ph, w1, [1, 1, 1, 1], padding='SAME')  # same padding
b1 = tf.Variable(tf.constant(0.0, shape=[64]))  # zero bias
a1 = tf.nn.relu(tf.nn.bias_add(c1, b1))  # activation
p1 = tf.nn.max_pool(a1, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1],
                       padding='SAME')  # overlapping 3x3 pooling with stride 2
n1 = tf.nn.lrn(p1, 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75)  # local response normalisation

# block two
w2 = weight_with_l2(shape=[5, 5, 64, 64], stddev=5e-2, l2=0.0)  # second kernel
c2 = tf.nn.conv2d(n1, w2, [1, 1, 1, 1], padding='SAME')  # same padding
b2 = tf.Variable(tf.constant(0.1, shape=[64]))  # bias of 0.1
a2 = tf.nn.relu(tf.nn.bias_add(c2, b2))
n2 = tf.nn.lrn(a2, 4, bias=1.0, alpha=0.001 / 9.0, beta=0.75)  # normalise before pooling here
p2 = tf.nn.max_pool(n2, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding='SAME')

# dense three
flat = tf.reshape(p2, [bs, -1])  # flatten
width = flat.get_shape()[1].value  # number of inputs to the dense layer
w3 = weight_with_l2(shape=[width, 384], stddev=0.04, l2=0.004)  # dense weights with L2 penalty
b3 = tf.Variable(tf.constant(0.1, shape=[384]))
h3 = tf.nn.relu(tf.matmul(flat, w3) + b3)

# dense four
w4 = weight_with_l2(shape=[384, 192], stddev=0.04, l2=0.004)  # dense weights with L2 penalty
b4 = tf.Variable(tf.constant(0.1, shape=[192]))
h4 = tf.nn.relu(tf.matmul(h3, w4) + b4)

# output layer
w5 = weight_with_l2(shape=[192, 10], stddev=1 / 192.0, l2=0.0)
b5 = tf.Variable(tf.constant(0.0, shape=[10]))
scores = tf.add(tf.matmul(h4, w5), b5)


# total objective: cross entropy plus the collected penalties
def objective(scores, targets):
    targets = tf.cast(targets, tf.int64)  # int64 class ids
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=scores, labels=targets,
                                                                   name='cross_entropy_per_example')  # per-example loss
    xent_mean = tf.reduce_mean(xent, name='cross_entropy')  # batch mean
    tf.add_to_collection('losses', xent_mean)  # add to the collection
    return tf.add_n(tf.get_collection('losses'), name='total_loss')


objective = objective(scores, y_ph)  # build the loss
step_op = tf.train.AdamOptimizer(1e-3).minimize(objective)  # Adam
top1 = tf.nn.in_top_k(scores, y_ph, 1)  # is the true class the highest score

sess = tf.InteractiveSession()
tf.global_variables_initializer().run()
tf.train.start_queue_runners()  # start any queue threads

# training
for it in range(total_steps):
    t0 = time.time()
    xb, yb = sample_fit_batch(bs)
    print(it)
    _, obj_val = sess.run([step_op, objective], feed_dict={x_ph: xb, y_ph: yb})
    took = time.time() - t0

    if it % 10 == 0:
        ex_per_sec = bs / took
        sec_per_step = float(took)

        msg = ('step %d, loss=%.2f (%.1f examples/sec; %.3f sec/batch)')
        print(msg % (it, obj_val, ex_per_sec, sec_per_step))

# evaluation
n_eval = 10000
import math

n_rounds = int(math.ceil(n_eval / bs))
hits = 0
seen = n_rounds * bs
it = 0
while it < n_rounds:
    xb, yb = sample_eval_batch(bs)
    got = sess.run([top1], feed_dict={x_ph: xb, y_ph: yb})
    hits = hits + np.sum(got)
    it = it + 1

prec = hits / seen
print('precision @ 1 = %.3f' % prec)
