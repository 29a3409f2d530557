import os, time, itertools, imageio, pickle
import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow.examples.tutorials.mnist import input_data

def leaky(t, slope=0.2):
    return tf.maximum(slope * t, t)

# generator network
def gen_net(inp, training=True, reuse=False):
    with tf.variable_scope('generator', reuse=reuse):

        # block 1
        up1 = tf.layers.conv2d_transpose(inp, 1024, [4, 4], strides=(1, 1), padding='valid')
        act1 = leaky(tf.layers.batch_normalization(up1, training=training), 0.2)

        # block 2
        up2 = tf.layers.conv2d_transpose(act1, 512, [4, 4], strides=(2, 2), padding='same')
        act2 = leaky(tf.layers.batch_normalization(up2, training=training), 0.2)

        # block 3
        up3 = tf.layers.conv2d_transpose(act2, 256, [4, 4], strides=(2, 2), padding='same')
        act3 = leaky(tf.layers.batch_normalization(up3, training=training), 0.2)

        # block 4
        up4 = tf.layers.conv2d_transpose(act3, 128, [4, 4], strides=(2, 2), padding='same')
        act4 = leaky(tf.layers.batch_normalization(up4, training=training), 0.2)

        # to one channel
        up5 = tf.layers.conv2d_transpose(act4, 1, [4, 4], strides=(2, 2), padding='same')
        out = tf.nn.tanh(up5)

        return out

# critic network
def disc_net(inp, training=True, reuse=False):
    with tf.variable_scope('discriminator', reuse=reuse):
        # block 1
        c1 = tf.layers.conv2d(inp, 128, [4, 4], strides=(2, 2), padding='same')
        a1 = leaky(c1, 0.2)

        # block 2
        c2 = tf.layers.conv2d(a1, 256, [4, 4], strides=(2, 2), padding='same')
        a2 = leaky(tf.layers.batch_normalization(c2, training=training), 0.2)

        # block 3
        c3 = tf.layers.conv2d(a2, 512, [4, 4], strides=(2, 2), padding='same')
        a3 = leaky(tf.layers.batch_normalization(c3, training=training), 0.2)

        # block 4
        c4 = tf.layers.conv2d(a3, 1024, [4, 4], strides=(2, 2), padding='same')
        a4 = leaky(tf.layers.batch_normalization(c4, training=training), 0.2)

        # one logit
        c5 = tf.layers.conv2d(a4, 1, [4, 4], strides=(1, 1), padding='valid')
        prob = tf.nn.sigmoid(c5)

        return prob, c5

grid_noise = np.random.normal(0, 1, (25, 1, 1, 100))
def save_grid(ep_no, show = False, save = False, path = 'result.png'):
    pics = sess.run(fake, {noise_in: grid_noise, train_flag: False})

    side = 5
    fig, ax = plt.subplots(side, side, figsize=(5, 5))
    for r, c in itertools.product(range(side), range(side)):
        ax[r, c].get_xaxis().set_visible(False)
        ax[r, c].get_yaxis().set_visible(False)

    for n in range(side*side):
        r = n // side
        c = n % side
        ax[r, c].cla()
        ax[r, c].imshow(np.reshape(pics[n], (64, 64)), cmap='gray')

    caption = 'epoch {0}'.format(ep_no)
    fig.text(0.5, 0.04, caption, ha='center')

    if save:
        plt.savefig(path)

    if show:
        plt.show()
    else:
        plt.close()

def plot_history(hist, show = False, save = False, path = 'Train_hist.png'):
    xs = range(len(hist['D_losses']))

    yd = hist['D_losses']
    yg = hist['G_losses']

    plt.plot(xs, yd, label='critic')
    plt.plot(xs, yg, label='generator')

    plt.xlabel('epoch')
    plt.ylabel('loss')

    plt.legend(loc=4)
    plt.grid(True)
    plt.tight_layout()

    if save:
        plt.savefig(path)

    if show:
        plt.show()
    else:
        plt.close()

# settings
bs = 100
rate = 0.0002
n_epochs = 20

# digits
digits = input_data.read_data_sets("MNIST_data/", one_hot=True, reshape=[])

# graph inputs
real_in = tf.placeholder(tf.float32, shape=(None, 64, 64, 1))
noise_in = tf.placeholder(tf.float32, shape=(None, 1, 1, 100))
train_flag = tf.placeholder(dtype=tf.bool)

# generator output
fake = gen_net(noise_in, train_flag)

# critic on real and fake
p_real, logit_real = disc_net(real_in, train_flag)
p_fake, logit_fake = disc_net(fake, train_flag, reuse=True)

# losses
d_loss_real = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=logit_real, labels=tf.ones([bs, 1, 1, 1])))
d_loss_fake = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=logit_fake, labels=tf.zeros([bs, 1, 1, 1])))
d_loss = d_loss_real + d_loss_fake
g_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=logit_fake, labels=tf.ones([bs, 1, 1, 1])))

# split the variables
all_vars = tf.trainable_variables()
d_vars = [v for v in all_vars if v.name.startswith('discriminator')]
g_vars = [v for v in all_vars if v.name.startswith('generator')]

# optimisers
with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)):
    d_step = tf.train.AdamOptimizer(rate, beta1=0.5).minimize(d_loss, var_list=d_vars)
    g_step = tf.train.AdamOptimizer(rate, beta1=0.5).minimize(g_loss, var_list=g_vars)

# session
sess = tf.InteractiveSession()
tf.global_variables_initializer().run()

# upscale to 64 x 64 and map to [-1, 1]
images64 = tf.image.resize_images(digits.train.images, [64, 64]).eval()
images64 = (images64 - 0.5) / 0.5  # now in -1 .. 1

# output folders
out_dir = 'MNIST_DCGAN_results/'
tag = 'MNIST_DCGAN_'
if not os.path.isdir(out_dir):
    os.mkdir(out_dir)
if not os.path.isdir(out_dir + 'Fixed_results'):
    os.mkdir(out_dir + 'Fixed_results')

history = {}
history['D_losses'] = []
history['G_losses'] = []
history['per_epoch_ptimes'] = []
history['total_ptime'] = []

# main loop
np.random.seed(int(time.time()))
print('starting')
t0 = time.time()
for ep in range(n_epochs):
    g_hist = []
    d_hist = []
    t_ep = time.time()
    for step in range(digits.train.num_examples // bs):
        # critic update
        xb = images64[step*bs:(step+1)*bs]
        zb = np.random.normal(0, 1, (bs, 1, 1, 100))

        dl, _ = sess.run([d_loss, d_step], {real_in: xb, noise_in: zb, train_flag: True})
        d_hist.append(dl)

        # generator update
        zb = np.random.normal(0, 1, (bs, 1, 1, 100))
        gl, _ = sess.run([g_loss, g_step], {noise_in: zb, real_in: xb, train_flag: True})
        g_hist.append(gl)

    t_end = time.time()
    ep_time = t_end - t_ep
    print('[%d/%d] - %.2fs critic %.3f generator %.3f' % ((ep + 1), n_epochs, ep_time, np.mean(d_hist), np.mean(g_hist)))
    grid_path = out_dir + 'Fixed_results/' + tag + str(ep + 1) + '.png'
    save_grid((ep + 1), save=True, path=grid_path)
    history['D_losses'].append(np.mean(d_hist))
    history['G_losses'].append(np.mean(g_hist))
    history['per_epoch_ptimes'].append(ep_time)

t1 = time.time()
total_time = t1 - t0
history['total_ptime'].append(total_time)

print('mean epoch time %.2f, %d epochs in %.2f' % (np.mean(history['per_epoch_ptimes']), n_epochs, total_time))
print("done; writing the history")
with open(out_dir + tag + 'train_hist.pkl', 'wb') as fh:
    pickle.dump(history, fh)

plot_history(history, save=True, path=out_dir + tag + 'train_hist.png')

frames = []
for e in range(n_epochs):
    fname = out_dir + 'Fixed_results/' + tag + str(e + 1) + '.png'
    frames.append(imageio.imread(fname))
imageio.mimsave(out_dir + tag + 'generation_animation.gif', frames, fps=5)

sess.close()
