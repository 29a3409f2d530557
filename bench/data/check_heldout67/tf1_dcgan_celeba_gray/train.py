# ==================================================================
# ======================= grey-face DCGAN ==========================
# ==================================================================

# course project, TF1 graph mode
# winter term

# ==================================================================
# ========================= imports ================================
# ==================================================================
import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
import random
import os
import os.path
import sys

from auxiliary_functions import arg_parser
from auxiliary_functions import get_highest_model
from auxiliary_functions import merge_and_save
from celeba_input import FaceFeeder

# ----------------------------------
# ------ training constants --------
# ----------------------------------
noise_dim = 100
bsz = 64

# ----------------------------------
# ---------- output folders --------
# ----------------------------------
# where sample grids go
grid_dir = '/'.join(os.path.realpath(__file__).split("/")[:-1])+'/save/figs'
if not os.path.exists(grid_dir):
    os.makedirs(grid_dir)

# where checkpoints go
ckpt_dir = '/'.join(os.path.realpath(__file__).split("/")[:-1])+'/save/models'
if not os.path.exists(ckpt_dir):
    os.makedirs(ckpt_dir)

# ----------------------------------
# -------- command line ------------
# ----------------------------------

opts = arg_parser(sys.argv)

# train at all?
do_train = opts["train"]

# resume from a checkpoint?
resume = opts["load"][0]

if resume:
    # an explicit step was given
    if opts["load"][1] != 0:
        # use it
        start_step = opts["load"][1]
    # no step given
    else:
        # take the newest one
        start_step = get_highest_model(ckpt_dir)
else:
    # fresh start
    start_step = 0

# number of minibatches
if opts["nbatch"][0] == False:
    # fallback
    total_batches = 2000
else:
    total_batches = opts["nbatch"][1]

# write sample grids?
write_grids = opts["vis"]

# latent interpolation mode?
interp_mode = opts["z_int"]

# single latent coordinate sweep and which coordinate
# (random 0..99 when none is given)
sweep_mode = opts["z_change"][0]
sweep_idx = opts["z_change"][1]

# sampling mode?
sample_mode = opts["test"]
if sample_mode:
    # newest checkpoint
    sample_ckpt = get_highest_model(ckpt_dir)

# side of the sample grid (1 by default)
grid_side = opts["number"]

# ----------------------------------
# ------- logging intervals --------
# ----------------------------------
log_every = np.round(2*1000/bsz)
grid_every = np.round(10*1000/bsz)
ckpt_every = np.round(20*1000/bsz)


# ----------------------------------
# ---------- face supplier ---------
# ----------------------------------
feeder = FaceFeeder()

# ==================================================================
# ========================= helpers ================================
# ==================================================================

# leaky relu
def leaky(X, slope=0.2, name="leaky"):
    with tf.variable_scope(name):
        a = 0.5 * (1 + slope)
        b = 0.5 * (1 - slope)
        return a * X + b * abs(X)

# adapt both learning rates to the critic's accuracy
def adapt_rates(fake_acc, real_acc, d_lr, g_lr, start_lr, hi=0.7, lo=0.5):
    if fake_acc < lo or real_acc < lo:
        d_lr += 0.00001
        g_lr *= 0.8
    elif fake_acc > hi or real_acc > hi:
        d_lr *= 0.8
        g_lr += 0.00001

    d_lr = max(min(0.00025, d_lr), 0.00015)
    g_lr = max(min(0.00025, g_lr), 0.00015)
    return np.array([d_lr, g_lr])

# ----------------------------------
# ------- fully connected ----------
# ----------------------------------
def fc(inp, W_shape, b_shape=[-1], act=tf.nn.tanh, b_init=0.1, norm=False, norm_first=False, reuse=False, varscope=None, namescope=None):
    with tf.name_scope(namescope):
        with tf.variable_scope(varscope, reuse=reuse):
            if b_shape == [-1]:
                b_shape = [W_shape[-1]]
            W = tf.get_variable('weights', W_shape, initializer=tf.truncated_normal_initializer(stddev=0.1))
            b = tf.get_variable('biases', b_shape, initializer=tf.constant_initializer(b_init))
            h = tf.matmul(inp, W)
            if b_shape != [0]:
                h += b
            if norm and norm_first:
                h = tf.nn.l2_normalize(h, 0)
            h = act(h)
            if norm and not norm_first:
                h = tf.nn.l2_normalize(h, 0)
            return h

# ----------------------------------
# ---------- convolution -----------
# ----------------------------------
def conv(inp, W_shape, b_shape=[-1], strides=[1,1,1,1], padding='SAME', act=tf.nn.relu, b_init=0.1, norm=False, reuse=False, varscope=None, namescope=None):
    with tf.name_scope(namescope):
        with tf.variable_scope(varscope, reuse=reuse):
            if b_shape == [-1]:
                b_shape = [W_shape[-1]]
            W = tf.get_variable('weights', W_shape, initializer=tf.truncated_normal_initializer(stddev=0.1))
            b = tf.get_variable('biases', b_shape, initializer=tf.constant_initializer(b_init))
            h = tf.nn.conv2d(inp, W, strides, padding)
            if b_shape != [0]:
                h += b
            if norm:
                h = tf.nn.l2_normalize(h, 0)
            return act(h)

# ----------------------------------
# ------ transposed conv -----------
# ----------------------------------
def deconv(inp, W_shape, out_shape, b_shape=[-2], strides=[1,1,1,1], padding='SAME', act=tf.nn.relu, b_init=0.1, norm=False, reuse=False, varscope=None, namescope=None):
    with tf.name_scope(namescope):
        with tf.variable_scope(varscope, reuse=reuse):
            if b_shape == [-2]:
                b_shape = [W_shape[-2]]
            W = tf.get_variable('weights', W_shape, initializer=tf.truncated_normal_initializer(stddev=0.1))
            b = tf.get_variable('biases', b_shape, initializer=tf.constant_initializer(b_init))
            h = tf.nn.conv2d_transpose(inp, W, out_shape, strides)
            if b_shape != [0]:
                h += b
            if norm:
                h = tf.nn.l2_normalize(h, 0)
            return act(h)

# ----------------------------------
# ----------- generator ------------
# ----------------------------------
def painter(Z, reuse=False):
    h = fc(Z, W_shape=[noise_dim,512*4*4], act=tf.nn.relu, norm=True, norm_first=True, reuse=reuse, varscope='g_fc1', namescope='painter')
    h = tf.reshape(h, [bsz,4,4,512])
    h = deconv(inp=h, W_shape=[5,5,256,512], out_shape=[bsz,8,8,256], strides=[1,2,2,1], norm=True, reuse=reuse, varscope='g_trans1', namescope='painter')
    h = deconv(inp=h, W_shape=[5,5,128,256], out_shape=[bsz,16,16,128], strides=[1,2,2,1], norm=True, reuse=reuse, varscope='g_trans2',namescope='painter')
    # h = tf.nn.dropout(h,drop[1])
    h = deconv(inp=h, W_shape=[5,5,64,128], out_shape=[bsz,32,32,64], strides=[1,2,2,1], norm=True, reuse=reuse, varscope='g_trans3',namescope='painter')
    h = deconv(inp=h, W_shape=[5,5,1,64], b_shape=[0], out_shape=[bsz,64,64,1], strides=[1,2,2,1], act=tf.nn.tanh, norm=False, reuse=reuse, varscope='g_trans5',namescope='painter')
    return h

# ----------------------------------
# ------------ critic --------------
# ----------------------------------
def critic(X, reuse=False):
    h = conv(inp=X, W_shape=[5,5,1,128], b_shape=[0], strides=[1,2,2,1], act=leaky, reuse=reuse, varscope='d_conv1', namescope='critic') # 32x32
    h = conv(inp=h, W_shape=[5,5,128,128], strides=[1,2,2,1], act=leaky, norm=False, reuse=reuse, varscope='d_conv2', namescope='critic') # 16x16
    h = tf.nn.dropout(h,0.5)
    h = conv(inp=h, W_shape=[5,5,128,128], strides=[1,2,2,1], act=leaky, norm=False, reuse=reuse, varscope='d_conv3', namescope='critic')
    h = conv(inp=h, W_shape=[5,5,128,128], strides=[1,2,2,1], act=leaky, norm=False, reuse=reuse, varscope='d_conv4', namescope='critic')
    h = tf.reshape(h, [bsz,128*4*4])
    h = tf.nn.dropout(h,0.5)
    h = fc(h, [128*4*4,1], act=tf.nn.sigmoid, reuse=reuse, varscope='d_fc2', namescope='critic')
    return h

# ==================================================================
# ======================== the graph ===============================
# ==================================================================
tf.reset_default_graph()
w_init = tf.truncated_normal_initializer(stddev=0.02)

# # inputs
Z = tf.placeholder(dtype=tf.float32, shape=[None,noise_dim])
X = tf.placeholder(dtype=tf.float32, shape=[None,64,64,1])
lr = tf.placeholder(dtype=tf.float32,shape=[2])

# wiring
Gz = painter(Z) # fakes from noise
Dx = critic(X) # scores of real faces
Dg = critic(Gz, reuse=True) # scores of fakes

# ----------------------------------
# -------- losses and steps --------
# ----------------------------------
d_loss_op = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=tf.squeeze(Dx), labels=tf.ones(bsz,1)) \
                         + tf.nn.sigmoid_cross_entropy_with_logits(logits=tf.squeeze(Dg), labels=tf.zeros(bsz,1)))
g_loss_op = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=tf.squeeze(Dg), labels=tf.ones(bsz,1)))

#g_acc = tf.reduce_mean(tf.equal(tf.round(Dg),tf.ones(bsz,1)))
real_acc_op = tf.reduce_mean(tf.cast(tf.equal(tf.round(Dx),tf.ones(bsz,1)),"float"))
fake_acc_op = tf.reduce_mean(tf.cast(tf.equal(tf.round(Dg),tf.zeros(bsz,1)),"float"))

# split variables by network
all_vars = tf.trainable_variables()
d_vars = [v for v in all_vars if 'd_' in v.name]
g_vars = [v for v in all_vars if 'g_' in v.name]

# optimisers
d_opt = tf.train.AdamOptimizer(learning_rate=lr[0],beta1=0.5)
g_opt = tf.train.AdamOptimizer(learning_rate=lr[1],beta1=0.5)

# gradients
d_grads = d_opt.compute_gradients(d_loss_op,d_vars) # critic weights only
g_grads = g_opt.compute_gradients(g_loss_op,g_vars) # painter weights only

# updates
d_step = d_opt.apply_gradients(d_grads)
g_step = g_opt.apply_gradients(g_grads)

init = tf.global_variables_initializer()
saver = tf.train.Saver(max_to_keep=10, keep_checkpoint_every_n_hours=1.0, write_version=tf.train.SaverDef.V1)

# ==================================================================
# ========================= training ===============================
# ==================================================================

if do_train:
    with tf.Session() as sess:

        print('\n\n\n===========================================')
        print('========= training begins ================')
        print('===========================================\n\n\n')

        sess.run(init)
        if resume:
            # the checkpoint name is fixed by hand
            if os.path.isfile(ckpt_dir+'/model.ckpt-' + str(start_step)):
                saver.restore(sess, ckpt_dir+'/model.ckpt-' + str(start_step))
                print('\n==> restored /model.ckpt-' + str(start_step) + '\n')

        # curves for plotting later
        g_curve = []
        d_curve = []

        fake_curve = []
        real_curve = []

        d_lr_curve = []
        g_lr_curve = []

        # critic rate first, painter rate second
        base_lr = np.array([0.0002,0.0002])
        rates = base_lr

        # a fixed latent batch to watch progress
        np.random.seed(1)
        z_fixed = np.random.uniform(-1.0,1.0, size=[bsz,noise_dim]).astype(np.float32)

        for step in range(total_batches):
            # inputs of this step
            z_batch = np.random.uniform(-1.0, 1.0, size=[bsz,noise_dim]).astype(np.float32)
            x_batch = feeder.next_batch(bsz)

            # critic update
            _,d_val = sess.run([d_step,d_loss_op],feed_dict={Z: z_batch, X: x_batch, lr: rates})

            # painter update, twice
            _,g_val = sess.run([g_step,g_loss_op],feed_dict={Z: z_batch, lr: rates})
            z_batch = np.random.uniform(-1.0, 1.0, size=[bsz,noise_dim]).astype(np.float32)
            _,g_val = sess.run([g_step,g_loss_op],feed_dict={Z: z_batch, lr: rates})

            # retune rates from the critic's accuracy
            fake_acc,real_acc = sess.run([fake_acc_op,real_acc_op],feed_dict={Z: z_batch, X: x_batch})
            rates = adapt_rates(fake_acc,real_acc,rates[0],rates[1],base_lr)

            # progress report
            if (step+1)%log_every == 0 or (step+1) == total_batches:
                print('-------- step ' + str(step+1) + '/' + str(total_batches) + ' --------')
                print('\tpainter loss:\t\t' + str(g_val))
                print('\tcritic loss:\t' + str(d_val))
                print('\tpainter rate:\t%f' % (rates[1]))
                print('\tcritic rate:\t%f' % (rates[0]))
                print('\tcritic: share of reals called real:\t' + str(real_acc))
                print('\tcritic: share of fakes called fake:\t' + str(fake_acc) + '\n')


                g_curve.append(g_val)
                d_curve.append(d_val)

                fake_curve.append(fake_acc)
                real_curve.append(real_acc)

                d_lr_curve.append(rates[0])
                g_lr_curve.append(rates[1])

            # write a sample grid
            if write_grids and ((step+1)%grid_every == 0 or (step+1) == total_batches):
                # painter output on the fixed latents
                fakes = sess.run(Gz, feed_dict={Z: z_fixed})
                merge_and_save(np.reshape(fakes[0:25],[25,64,64]),[5,5],grid_dir+'/fig'+str(step+start_step)+'.png')

            # write a checkpoint
            if (step+1)%ckpt_every == 0 or (step+1) == total_batches:
                saver.save(sess,ckpt_dir+'/model.ckpt', global_step=start_step+step)
                print(' ==> checkpoint number '+str(start_step+step))


    print('\n\n\n===========================================')
    print('========== training done =================')
    print('===========================================\n\n\n')




    # ==================================================================
    # ========================= curves =================================
    # ==================================================================


    plt.figure()
    plt.subplot(311)
    plt.title('losses')
    plt.xlabel('progress')
    plt.plot(np.array(g_curve),label="painter")
    plt.plot(np.array(d_curve),label="critic")
    plt.legend()
    plt.subplot(312)
    plt.title('critic accuracy')
    plt.xlabel('progress')
    plt.ylabel('share')
    plt.plot(np.array(fake_curve),label="on fakes")
    plt.plot(np.array(real_curve),label="on reals")
    plt.legend()
    plt.subplot(313)
    plt.title('learning rates')
    plt.xlabel('progress')
    plt.plot(np.array(d_lr_curve),label="critic")
    plt.plot(np.array(g_lr_curve),label="painter")
    plt.legend()
    plt.tight_layout()

    if not os.path.exists(grid_dir):
        os.makedirs(grid_dir)
    plt.savefig(grid_dir+'/0_stats.png')


# ==================================================================
# ========================= sampling ===============================
# ==================================================================

if sample_mode:

    with tf.Session() as sess:

        print('\n\n\n===========================================')
        print('========== sampling begins ===============')
        print('===========================================\n\n\n')

        sess.run(init)

        # newest weights
        saver.restore(sess, ckpt_dir+'/model.ckpt-'+ str(sample_ckpt))
        print('\n==> restored /model.ckpt-' + str(sample_ckpt) + '\n')
        if sweep_mode:
            print('-------- sweeping one latent coordinate --------')
            n_rows = 4
            n_cols = 12
            swept = []

            for r in range(n_rows):
                z_base = np.random.uniform(-1.0,1.0, size=[1,noise_dim]).astype(np.float32)
                zs = np.squeeze(np.array(bsz*[z_base]))
                for j in range(bsz):
                    zs[j][sweep_idx] = -0.05 + j * (1/bsz)

                fakes = np.squeeze(sess.run(Gz, feed_dict={Z: zs}))
                swept.extend(fakes[::int(bsz/n_cols)])

            if not os.path.exists(grid_dir):
                os.makedirs(grid_dir)
            out_file = grid_dir+'/Z-Change_param'+str(sweep_idx+1)+'.png'

            merge_and_save(np.reshape(swept[0:n_rows*n_cols],[n_rows*n_cols,64,64]),[n_rows,n_cols],out_file)

            print('written: ' + out_file)
            print('-------- sweep done --------')

        # interpolation between two latents
        if interp_mode:
            print('-------- interpolating --------')

            # two random endpoints
            z_a = np.random.uniform(-1.0,1.0, size=[1,noise_dim]).astype(np.float32)
            z_b = np.random.uniform(-1.0,1.0, size=[1,noise_dim]).astype(np.float32)
            z_cur = z_a

            # batch with the endpoints first and last
            z_path = np.zeros([bsz,noise_dim])
            z_path[0] = z_a
            z_path[bsz-1] = z_b

            # step between neighbours
            delta = (z_b-z_a)/(bsz-1)

            # fill in the path
            for k in range(1,bsz-1):
                z_cur += delta
                z_path[k] = z_cur

            # render
            zs = np.squeeze(np.array([z_path]))
            fakes = np.squeeze(sess.run(Gz, feed_dict={Z: zs}))

            # write
            if not os.path.exists(grid_dir):
                os.makedirs(grid_dir)
            out_file = grid_dir+'/Z-interpolation.png'

            merge_and_save(np.reshape(fakes[0:bsz],[bsz,64,64]),[int(np.sqrt(bsz)),int(np.sqrt(bsz))],out_file)

            print('written: ' + out_file)
            print('-------- interpolation done --------')

        if not (interp_mode or sweep_mode):
            print('\n---------- drawing samples ----------')
            # a batch of latents through the painter
            z_fixed = np.random.uniform(-1.0,1.0, size=[bsz,noise_dim]).astype(np.float32)
            fakes = sess.run(Gz, feed_dict={Z: z_fixed})

            # write
            if not os.path.exists(grid_dir):
                os.makedirs(grid_dir)
            out_file = grid_dir+'/'+str(grid_side)+'x'+str(grid_side)+'_sample.png'
            merge_and_save(np.reshape(fakes[0:grid_side**2],[grid_side**2,64,64]),[grid_side,grid_side],out_file)

            print('written: ' + out_file)
            print('---------- sampling done ----------:\n')

    print('\n\n\n===========================================')
    print('========== sampling finished =============')
    print('===========================================\n\n\n')
