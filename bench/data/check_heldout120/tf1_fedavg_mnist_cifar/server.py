import os
import argparse
import numpy as np
import tensorflow as tf
from tqdm import tqdm
from Models import Models
from clients import clients, user


ap = argparse.ArgumentParser(formatter_class=argparse.ArgumentDefaultsHelpFormatter, description="FedAvg simulation")
ap.add_argument('-g', '--gpu', type=str, default='0,1,2,3,4,5,6,7', help='visible gpu ids')
ap.add_argument('-nc', '--num_of_clients', type=int, default=100, help='how many clients')
ap.add_argument('-cf', '--cfraction', type=float, default=0.1, help='fraction of clients per round (0 means one)')
ap.add_argument('-E', '--epoch', type=int, default=5, help='local epochs')
ap.add_argument('-B', '--batchsize', type=int, default=10, help='local batch size')
ap.add_argument('-mn', '--modelname', type=str, default='mnist_2nn', help='which network')
ap.add_argument('-lr', "--learning_rate", type=float, default=0.01, help="step size, \
                    as in the FedAvg paper")
ap.add_argument('-vf', "--val_freq", type=int, default=5, help="validate every this many rounds")
ap.add_argument('-sf', '--save_freq', type=int, default=20, help='checkpoint every this many rounds')
ap.add_argument('-ncomm', '--num_comm', type=int, default=1000, help='communication rounds')
ap.add_argument('-sp', '--save_path', type=str, default='./checkpoints', help='checkpoint folder')
ap.add_argument('-iid', '--IID', type=int, default=0, help='1 for IID split, 0 for sorted shards')


def ensure_dir(p):
    if not os.path.isdir(p):
        os.mkdir(p)


if __name__=='__main__':
    opts = ap.parse_args()

    # restrict visible GPUs
    os.environ['CUDA_VISIBLE_DEVICES'] = opts.gpu

    ensure_dir(opts.save_path)

    if opts.modelname == 'mnist_2nn' or opts.modelname == 'mnist_cnn':
        ds_name = 'mnist'
        with tf.variable_scope('inputs') as scope:
            x_ph = tf.placeholder(tf.float32, [None, 784])
            y_ph = tf.placeholder(tf.float32, [None, 10])
    elif opts.modelname == 'cifar10_cnn':
        ds_name = 'cifar10'
        with tf.variable_scope('inputs') as scope:
            x_ph = tf.placeholder(tf.float32, [None, 24, 24, 3])
            y_ph = tf.placeholder(tf.float32, [None, 10])

    net = Models(opts.modelname, x_ph)

    probs = tf.nn.softmax(net.outputs)
    with tf.variable_scope('loss') as scope:
        xent = -tf.reduce_mean(y_ph * tf.log(probs), axis=1)

    with tf.variable_scope('train') as scope:
        sgd = tf.train.GradientDescentOptimizer(opts.learning_rate)
        train_op = sgd.minimize(xent)

    with tf.variable_scope('validation') as scope:
        hits = tf.equal(tf.argmax(probs, axis=1), tf.argmax(y_ph, axis=1))
        acc = tf.reduce_mean(tf.cast(hits, 'float'))

    ckpt = tf.train.Saver(max_to_keep=3)

    # ---- federated rounds ---- #
    with tf.Session(config=tf.ConfigProto(
            log_device_placement=False, \
            allow_soft_placement=True, \
            gpu_options=tf.GPUOptions(allow_growth=True))) as sess:
        sess.run(tf.initialize_all_variables())

        pool = clients(opts.num_of_clients, ds_name,
                       opts.batchsize, opts.epoch, sess, train_op, x_ph, y_ph, is_IID=opts.IID)

        tvars = tf.trainable_variables()
        server_vals = sess.run(tvars)
        per_round = int(max(opts.num_of_clients * opts.cfraction, 1))
        for r in range(opts.num_comm):
            print("round {}".format(r))
            perm = np.arange(opts.num_of_clients)
            np.random.shuffle(perm)
            picked = ['client{}'.format(r) for r in perm[0:per_round]]

            acc_vals = None
            for name in tqdm(picked):
                local_vals = pool.ClientUpdate(name, server_vals)
                if acc_vals is None:
                    acc_vals = local_vals
                else:
                    for a, l in zip(acc_vals, local_vals):
                        a += l

            server_vals = []
            for v in acc_vals:
                server_vals.append(v / per_round)

            if r % opts.val_freq == 0:
                for var, val in zip(tvars, server_vals):
                    var.load(val, sess)
                x_te = pool.test_data
                y_te = pool.test_label
                print(sess.run(acc, feed_dict={x_ph: x_te, y_ph: y_te}))

            if r % opts.save_freq == 0:
                ckpt_name = os.path.join(opts.save_path, '{}_comm'.format(opts.modelname) +
                                         'IID{}_communication{}'.format(opts.IID, r+1)+ '.ckpt')
                saved_to = ckpt.save(sess, ckpt_name)
