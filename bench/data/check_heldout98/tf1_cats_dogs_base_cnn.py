import os
from datetime import datetime
import random as rnd
from glob import glob
import numpy as np
import tensorflow as tf
from skimage import color, io
from scipy.misc import imresize

import matplotlib.pyplot as plt
import matplotlib.image as mpimg

from sklearn.model_selection import train_test_split

rnd.seed(45)

def slice_batch(arr, step, per_batch):
    lo = step * per_batch
    hi = step * per_batch + per_batch
    return arr[lo:hi]

pics_dir = './data/train'

cat_glob = os.path.join(pics_dir, 'cat.*.jpg')
dog_glob = os.path.join(pics_dir, 'dog.*.jpg')

cat_paths = sorted(glob(cat_glob))
dog_paths = sorted(glob(dog_glob))

n_files = len(cat_paths) + len(dog_paths)
print(n_files)

side = 128

n_files = 21000
pixels = np.zeros((n_files, side, side, 3), dtype='float64')
kinds = np.zeros(n_files)
filled = 0
for p in cat_paths[:10500]:
    try:
        pic = io.imread(p)
        small = imresize(pic, (side, side, 3))
        small = np.array(small) / 255.
        pixels[filled] = small
        kinds[filled] = 0
        filled += 1
    except:
        continue

for p in dog_paths[:10500]:
    try:
        pic = io.imread(p)
        small = imresize(pic, (side, side, 3))
        small = np.array(small) / 255.
        pixels[filled] = np.array(small)
        kinds[filled] = 1
        filled += 1
    except:
        continue
        
n_files = filled
        
# carve out validation and test parts
tr_x, va_x, tr_y, va_y = train_test_split(pixels, kinds, test_size=0.04, random_state=43)
va_x, te_x, va_y, te_y = train_test_split(va_x, va_y, test_size=0.5, random_state=97)
print('split sizes:')
print('train: {} {}'.format(tr_x.shape[0], tr_x.shape))
print('val: {} {}'.format(va_x.shape[0], va_x.shape))
print('test: {} {}'.format(te_x.shape[0], te_x.shape))

stamp = datetime.utcnow().strftime('%Y%m%d%H%M%S')
log_root = 'tf_logs'
run_dir = '{}/run-{}/'.format(log_root, stamp)

x_in = tf.placeholder(tf.float32, shape=[None, side, side, 3], name="X")
y_in = tf.placeholder(tf.int32, shape=[None], name="y")

def conv_then_pool(inp, n_filters=32, name='conv-maxpool'):
    with tf.name_scope(name):
        feat = tf.layers.conv2d(
            inputs=inp,
            filters=n_filters,
            kernel_size=[5, 5],
            padding="same",
            activation=tf.nn.relu)

        pooled = tf.nn.max_pool(feat, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")
        return pooled

with tf.name_scope('model'):
    blk1 = conv_then_pool(inp=x_in, n_filters=32, name='conv-max-1')
    blk2 = conv_then_pool(inp=blk1, n_filters=64, name='conv-max-2')
    blk3 = conv_then_pool(inp=blk2, n_filters=128, name='conv-max-3')
    blk4 = conv_then_pool(inp=blk3, n_filters=128, name='conv-max-4')
    #blk5 = conv_then_pool(inp=blk4, n_filters=128, name='conv-max-5')
    #blk6 = conv_then_pool(inp=blk5, n_filters=128, name='conv-max-6')

    print('block 4 output: {}'.format(blk4.shape))

    with tf.name_scope('flat'):
        flat = tf.reshape(blk4, shape=[-1, 128 * 8 * 8])

    with tf.name_scope('fc-1'):
        hidden = tf.layers.dense(inputs=flat, units=1024, activation=tf.nn.relu)
    with tf.name_scope('drop-out-1'):
        dropped = tf.layers.dropout(inputs=hidden, rate=0.5)

    # two-way output
    with tf.name_scope('logits-1'):
        scores = tf.layers.dense(inputs=dropped, units=2)

with tf.name_scope('ops-1'):
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=scores, labels=y_in)
    objective = tf.reduce_mean(xent)
    opt = tf.train.AdamOptimizer()
    #opt = tf.train.GradientDescentOptimizer(learning_rate=0.001)
    step_op = opt.minimize(objective)

with tf.name_scope('summary'):
    # accuracy
    hit = tf.nn.in_top_k(scores, y_in, 1)
    acc_op = tf.reduce_mean(tf.cast(hit, tf.float32), name='accuracy')
    # feed the number through a variable so train and val share one chart
    #acc_sum = tf.summary.scalar('acc', acc_op)

    shown_acc = tf.Variable(0.0, name="current_acc")
    acc_sum = tf.summary.scalar('acc', shown_acc)
    val_writer = tf.summary.FileWriter('tf_logs/val', tf.get_default_graph())
    fit_writer = tf.summary.FileWriter('tf_logs/train', tf.get_default_graph())

    merged = tf.summary.merge_all()


# initialisation
init_op = tf.global_variables_initializer()
ckpt = tf.train.Saver()

n_epochs = 150
per_batch = 128

mean_accs = []
fit_accs = []
eval_accs = []


def run_training():
    print('starting...')
    init_op.run()
    gstep = 0
    best = 0
    for ep in range(n_epochs):
        for b in range(len(tr_x) // per_batch):
            xb = slice_batch(tr_x, b, per_batch)
            yb = slice_batch(tr_y, b, per_batch)
            
            sess.run(step_op, feed_dict={x_in: xb, y_in: yb})
            
            gstep += 1
            va_scores = []
            if gstep % 10 == 0:
                # write TensorBoard points
                va_scores[:] = []

                for k in range(len(va_x) // per_batch):
                    vxb = slice_batch(va_x, k, per_batch)
                    vyb = slice_batch(va_y, k, per_batch)

                    v = sess.run(acc_op, feed_dict={x_in:vxb, y_in: vyb})
                    va_scores.append(v)
                
                va_mean = sum(va_scores)/len(va_scores)
                _s = sess.run(merged, {shown_acc: va_mean})
                val_writer.add_summary(_s, gstep)
                val_writer.flush()

                fit_acc = sess.run(acc_op, feed_dict={x_in:xb, y_in: yb})
                _s = sess.run(merged, {shown_acc: fit_acc})
                fit_writer.add_summary(_s, gstep)
                fit_writer.flush()

                print('{}-{} fit acc: {} val acc: {}'.format(ep, gstep, fit_acc, va_mean))

                if va_mean > best:
                    print('... saving')
                    best = va_mean
                    where = ckpt.save(sess, "./model-{}-{:2.2f}.ckpt".format(ep, va_mean))


def restore():
    ckpt.restore(sess, './model-9-0.74.ckpt')

        
def show_predictions():
# plot a grid of predictions
    fig=plt.figure()
    fig.set_figheight(18)
    fig.set_figwidth(18)
    
    first = rnd.randint(0, 25)
    for n,pic in enumerate(va_x[first:first+25]):
        target = np.zeros((1,1))
        target[0] = Y_test[n + first]
        
        one = np.zeros((1, 128, 128, 3), dtype='float32')
        one[0] = pic
    
        ok = hit.eval(feed_dict={x_in:one, y_in:target[0]})
        print('predicted: {} actual: {}'.format(ok, target[0]))
    
        ax = fig.add_subplot(5,5,n+1)
    
        caption = ''
        if ok:
            if target[0] == 0:
                caption = 'cat'
            else:
                caption = 'dog'
        else:
            if target[0] == 0:
                caption = 'dog*'
            else:
                caption = 'cat*'
        
    
        ax.imshow(pic)
        plt.title(caption, fontsize=18)
        ax.axes.get_xaxis().set_visible(False)
        ax.axes.get_yaxis().set_visible(False)
    plt.show()

with tf.Session() as sess:
    run_training()
#    restore()
#    show_predictions()

    
val_writer.close()
