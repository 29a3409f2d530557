import tensorflow as tf
from model import CVAE
from dataset import preprocess_images, divide_dataset
from tensorflow_addons.image import rotate
import random
import time
from tensorflow.linalg import matvec
import matplotlib.pyplot as plt
import numpy as np
import os
from IPython import display
import pandas as pd
from inception_score import FeatureScorer
from load_data import read_faces

opt = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
mae = tf.losses.MeanAbsoluteError()
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)

def recon_term(net, X):
    mu, logv = net.encode(X)
    code = net.reparameterize(mu, logv)
    X_hat = net.decode(code)
    ce = tf.nn.sigmoid_cross_entropy_with_logits(logits=X_hat, labels=X)
    ll = -tf.reduce_sum(ce, axis=[1,2,3])
    return -tf.reduce_mean(ll)


def gauss_logpdf(s, mu, logv, raxis=1):
    l2pi = tf.math.log(2. * np.pi)
    return tf.reduce_sum(
        -.5 * ((s - mu) ** 2. * tf.exp(-logv) + logv + l2pi),
        axis=raxis)


def turn_vec(v, M):
    M = tf.cast(M, tf.float32)
    out = matvec(M, v)
    return out

def mse(pred, label):
    return tf.keras.losses.MeanSquaredError()(pred, label)


def fwd_cross_term(net, x, d):
    xr = rotate(x, d)
    mu, logv = net.encode(xr)
    zr = net.reparameterize(mu, logv)
    c, s = np.cos(d), np.sin(d)
    ld = net.latent_dim
    R = np.identity(ld)
    R[0, [0, 1]], R[1, [0, 1]] = [c, -s], [s, c]
    z_back = turn_vec(zr, R)
    x_back = net.decode(z_back)
    ce = tf.nn.sigmoid_cross_entropy_with_logits(logits=x_back, labels=x)
    ll = -tf.reduce_sum(ce, axis=[1,2,3])

    return -tf.reduce_mean(ll)


def rev_cross_term(net, x, d):
    xr = rotate(x, d)
    c, s = np.cos(d), np.sin(d)
    ld = net.latent_dim
    R = np.identity(ld)
    R[0, [0, 1]], R[1, [0, 1]] = [c, s], [-s, c]
    mu, logv = net.encode(x)
    code = net.reparameterize(mu, logv)
    z_turn = turn_vec(code, R)
    x_turn = net.decode(z_turn)

    ce = tf.nn.sigmoid_cross_entropy_with_logits(logits=x_turn, labels=xr)
    ll = -tf.reduce_sum(ce, axis=[1,2,3])

    return -tf.reduce_mean(ll)

    #ll = bce(x_turn, xr)



def elbo_term(net, x):
    b = net.beta
    mu, logv = net.encode(x)
    code = net.reparameterize(mu, logv)
    logits = net.decode(code)
    '''
    rec = recon(logits, x)
    kl = kl_term(logv, mu)
    total = rec + kl * b
    '''
    ce = tf.nn.sigmoid_cross_entropy_with_logits(logits=logits, labels=x)
    ll = -tf.reduce_sum(ce, axis=[1, 2, 3])
    lpz = gauss_logpdf(code, 0., 0.)
    lqz = gauss_logpdf(code, mu, logv)
    return -tf.reduce_mean(ll + b * (lpz - lqz))



def save_pair(net, epoch, probe, subdir):
    mu, logv = net.encode(probe)
    code = net.reparameterize(mu, logv)
    outs = net.sample(code)
    fig = plt.figure(figsize=(12, 12))
    shown = [probe[0], outs[0]]
    heads = ['Input', 'Reconstruction']
    for k in range(2):
        plt.subplot(1, 2, k + 1)
        plt.title(heads[k])
        plt.imshow(shown[k])
        plt.axis('off')
    out_dir = './image/' + date + subdir
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    plt.savefig(out_dir +'/image_at_epoch_{:04d}.png'.format(epoch))
    plt.close()




def run_training(iterations, net, train_ds, test_ds, date, subdir):
    @tf.function
    def one_step(net, x, opt):
        for deg in range(0, 100, 10):
            d = np.radians(deg)
            with tf.GradientTape() as tape:
                xr = rotate(x, d)
                l_plain = elbo_term(net, x)
                l_rot = recon_term(net, xr)
                l_fwd = fwd_cross_term(net, x, d)
                l_rev = rev_cross_term(net, x, d)
                l_all = l_plain + l_rot + l_fwd + l_rev
            grads = tape.gradient(l_all, net.trainable_variables)
            opt.apply_gradients(zip(grads, net.trainable_variables))
    ckpt_dir = "./checkpoints/"+ date + subdir
    ckpt = tf.train.Checkpoint(model=net,
                               optimizer=opt)
    ckpt_mgr = tf.train.CheckpointManager(ckpt, ckpt_dir, max_to_keep=5)
    if ckpt_mgr.latest_checkpoint:
        ckpt.restore(ckpt_mgr.latest_checkpoint)
        print('restored the newest checkpoint')
    deg = np.radians(random.randint(30, 90))
    for first in test_ds.take(1):
        probe = first[:1, :, :, :]
        probe_rot = rotate(probe, deg)
    #save_pair(net, 0, probe, subdir)
    #save_pair(net, 0, probe_rot, "rotated")
    display.clear_output(wait=False)
    it = 0
    score_dir = "./score/" + date + subdir
    if os.path.isfile(score_dir + '/inception_score.csv'):
        log = pd.read_csv(score_dir + '/inception_score.csv')
        it = log.iteration.iloc[-1]
        print("resuming at iteration {}".format(it))
    since = 0
    epoch = 0
    while it<iterations:
        epoch += 1
        t0 = time.time()
        for batch in train_ds:
            one_step(net, batch, opt)
            it += 1
            since += 1
        avg = tf.keras.metrics.Mean()
        #save_pair(net, epoch, probe, subdir)
        #save_pair(net, epoch, probe_rot, "rotated")
        if since >= 1000 or it >= iterations:
            since = 0
            t1 = time.time()
            saved_at = ckpt_mgr.save()
            print('epoch {} checkpoint written to {}'.format(epoch + 1,
                                                        saved_at))
            for tb in test_ds:
                d = np.radians(random.randint(30, 90))
                xr = rotate(tb, d)
                l_all = rev_cross_term(net, tb, d) \
                             + fwd_cross_term(net, tb, d) \
                             + elbo_term(net, tb) \
                             + recon_term(net, xr)
                avg(l_all)
            elbo = -avg.result()
            print('epoch {}: test ELBO {}, epoch time {}'
                  .format(epoch + 1, elbo, t1 - t0))
            score_and_log(net, subdir, it)

def to_float(pic):
  pic = tf.cast(pic, tf.float32)
  return pic


def score_at_angle(net, d):
    mu, logv = net.encode(held_out)
    R = np.identity(net.latent_dim)
    code = net.reparameterize(mu, logv)
    xr = rotate(held_out, d)
    c, s = np.cos(d), np.sin(d)
    R[0, [0, 1]], R[1, [0, 1]] = [c, s], [-s, c]
    z_turn = matvec(tf.cast(R, dtype=tf.float32), code)
    x_turn = net.sample(z_turn)
    return scorer.compute_score(xr, x_turn)


def score_and_log(net, subdir, it):
    t0 = time.time()
    row = {}
    row['base_line_fid'] = score_at_angle(net, 0)
    for deg in range(0, 100, 10):
        rad = np.radians((deg))
        fid = score_at_angle(net,  rad)
        row[deg] = fid
    row['iteration'] = it
    frame = pd.DataFrame(row, index=[1])
    score_dir = "./score/" + date + subdir
    if not os.path.exists(score_dir):
        os.makedirs(score_dir)
    if not os.path.isfile(score_dir + '/inception_score.csv'):
        frame.to_csv(score_dir +'/inception_score.csv')
    else:  # file exists: append rows without a header
        frame.to_csv(score_dir + '/inception_score.csv', mode='a', header=False)
    t1 = time.time()
    print("scoring took {}".format(t1-t0))



if __name__ == '__main__':
    faces = read_faces("../CelebA/")
    batch_size = 32
    latent_dim = 64
    iterations = 60000
    scorer = FeatureScorer()
    for k in range(2, 12, 2):
        n_train = k*1000
        n_test = 10000
        test_stop = n_train + n_test
        train_pics = to_float(faces[:n_train, :, :, :])
        held_out = to_float(faces[200000: , :, :, :])
        net = CVAE(latent_dim=latent_dim, beta=1, shape=[32,32,3])
        batch_size = 32
        train_ds = (tf.data.Dataset.from_tensor_slices(train_pics)
                            .shuffle(200000).batch(batch_size))
        test_ds = (tf.data.Dataset.from_tensor_slices(held_out)
                            .shuffle(n_test).batch(batch_size))
        date = '4_6/'
        tag = str(k)
        subdir = "sample_size" + tag
        run_training(iterations, net, train_ds, test_ds, date, subdir)

