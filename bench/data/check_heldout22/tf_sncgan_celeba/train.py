import timeit

import numpy as np
import tensorflow as tf

import os
from libs.input_helper import FaceDataset
from libs.utils import write_image_grid, ensure_dir
from net import ConvGenerator, SNCritic

app_flags = tf.app.flags
OPTS = app_flags.FLAGS

app_flags.DEFINE_string('data_dir', '/data/img_align_celeba', 'folder of input images')
app_flags.DEFINE_integer('image_size_height', 64, 'height in px')
app_flags.DEFINE_integer('image_size_width', 52, 'width in px')

app_flags.DEFINE_string('labels_file', "list_attr_celeba.txt", 'attribute table; None trains unconditioned')
app_flags.DEFINE_string('labels_names', "['Male','Smiling','Black_Hair','Blond_Hair','Mustache']", 'attribute columns to keep; None keeps every one')

app_flags.DEFINE_string('data_name', 'celeba_conditioned', 'run name, also the name of its output subfolder')
app_flags.DEFINE_string('output_dir', 'output', 'root folder for everything the run writes')
app_flags.DEFINE_integer('batch_size', 64, '')
app_flags.DEFINE_integer('display_interval', 1, 'print progress every this many steps')
app_flags.DEFINE_integer('iterations', 100000, '')

app_flags.DEFINE_float('d_dropout', 0.5, 'critic dropout rate (None disables it)')
app_flags.DEFINE_float('d_gaussian_noise_stddev', 0.5, 'std of the Gaussian noise on critic inputs (None disables it)')
app_flags.DEFINE_float('d_one_sided_label_smooth', 0.9, 'soft target for real samples; None keeps 1')

app_flags.DEFINE_integer('snapshot_interval', 2500, 'steps between checkpoint and preview saves')
app_flags.DEFINE_float('adam_alpha', 0.0002, 'Adam step size')
app_flags.DEFINE_float('adam_beta1', 0.5, 'Adam first-moment decay')
app_flags.DEFINE_float('adam_beta2', 0.999, 'Adam second-moment decay')

out_dir = OPTS.output_dir+"/"+OPTS.data_name
if not os.path.exists(out_dir):
  os.makedirs(out_dir)

cfg = OPTS.__flags
print('options:',cfg)

gen_net = ConvGenerator(**cfg)
critic_net = SNCritic(**cfg)

print("Reading the image folder...")
face_dataset = FaceDataset(per_batch=OPTS.batch_size,
               source_data_dir=OPTS.data_dir,
               file_glob="*.jpg",
               labels_file_name=OPTS.labels_file,
               label_columns=OPTS.labels_names,
               resize_to=(OPTS.image_size_height, OPTS.image_size_width)
               )
print("Image folder read")

label_dim = None
if OPTS.labels_file:
    label_dim = (face_dataset.all_data())[1].shape[1]

step_var = tf.Variable(0, name="global_step", trainable=False)
bump_step = step_var.assign(step_var + 1)
train_mode = tf.placeholder(tf.bool, shape=())

cond_y = None
if label_dim:
    cond_y = tf.placeholder(tf.float32, shape=[None, label_dim])
noise_z = tf.placeholder(tf.float32, shape=[None, gen_net.sample_noise().shape[1]])
fake_x = gen_net(noise_z, cond_y, train_mode=train_mode)
real_x = tf.placeholder(tf.float32, shape=fake_x.shape)

critic_fake = critic_net(fake_x, cond_y, noise_z, noise_std=OPTS.d_gaussian_noise_stddev, drop_rate=OPTS.d_dropout, collect_into="None")
critic_real = critic_net(real_x, cond_y, noise_z, noise_std=OPTS.d_gaussian_noise_stddev, drop_rate=OPTS.d_dropout, collect_into="NO_OPS")
if OPTS.d_one_sided_label_smooth:
    real_targets = tf.ones_like(critic_real) * tf.random_uniform(shape=tf.shape(critic_real), minval=OPTS.d_one_sided_label_smooth, maxval=1.0, dtype=tf.float32)
    fake_targets = tf.zeros_like(critic_fake)
    critic_loss = tf.reduce_mean(
        tf.nn.sigmoid_cross_entropy_with_logits(logits=critic_fake, labels=fake_targets)
        +
        tf.nn.sigmoid_cross_entropy_with_logits(logits=critic_real, labels=real_targets))
else:
    critic_loss = tf.reduce_mean(tf.nn.softplus(critic_fake) + tf.nn.softplus(-critic_real))

if OPTS.d_one_sided_label_smooth:
    gen_loss = tf.reduce_mean(
        tf.nn.sigmoid_cross_entropy_with_logits(
            logits=critic_fake,
            labels=tf.ones_like(critic_fake)
        )
    )
else:
    gen_loss = tf.reduce_mean(tf.nn.softplus(-critic_fake))
critic_loss_tag = tf.summary.scalar('d_loss', critic_loss)
gen_loss_tag = tf.summary.scalar('g_loss', gen_loss)
all_summaries = tf.summary.merge_all()
tb_writer = tf.summary.FileWriter(out_dir+'/snapshots')

critic_params = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='critic')
gen_params = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='generator')
adam_optimizer = tf.train.AdamOptimizer(learning_rate=OPTS.adam_alpha, beta1=OPTS.adam_beta1, beta2=OPTS.adam_beta2)
critic_grads = adam_optimizer.compute_gradients(critic_loss, var_list=critic_params)
gen_grads = adam_optimizer.compute_gradients(gen_loss, var_list=gen_params)
critic_step = adam_optimizer.apply_gradients(critic_grads)
gen_step = adam_optimizer.apply_gradients(gen_grads)

cfg = tf.ConfigProto()
cfg.gpu_options.allow_growth = True
session = tf.Session(config=cfg)
session.run(tf.global_variables_initializer())
ckpt_saver = tf.train.Saver(max_to_keep=0)
if tf.train.latest_checkpoint(out_dir+'/snapshots') is not None:
  ckpt_saver.restore(session, tf.train.latest_checkpoint(out_dir+'/snapshots'))

np.random.seed(1337)
fixed_z = gen_net.sample_noise()
if label_dim:
    fixed_y = np.random.randint(2, size=(OPTS.batch_size, label_dim))
    fixed_y[0:OPTS.batch_size // 2, 0] = 1 # attribute 0 on for the first half of the preview grid
    fixed_y[OPTS.batch_size // 2:, 0] = 0  # and off for the remaining half

np.random.seed()
it = session.run(step_var)
t0 = timeit.default_timer()

first_pass = True
print('Resuming from step '+str(it))
while it < OPTS.iterations:
  if label_dim:
      batch_images, batch_labels = face_dataset.take_batch()
  else:
      batch_images = face_dataset.take_batch()

  if label_dim:
      _, gen_loss_now = session.run([gen_step, gen_loss], feed_dict={noise_z: gen_net.sample_noise(), cond_y: batch_labels, train_mode: True})
  else:
      _, gen_loss_now = session.run([gen_step, gen_loss],
                                feed_dict={noise_z: gen_net.sample_noise(), train_mode: True})
  if label_dim:
      _, critic_loss_now, summary_blob = session.run([critic_step, critic_loss, all_summaries],
                                             feed_dict={real_x: batch_images,
                                                        cond_y: batch_labels,
                                                        noise_z: gen_net.sample_noise(),
                                             train_mode: True})
  else:
      _, critic_loss_now, summary_blob = session.run([critic_step, critic_loss, all_summaries],
                                             feed_dict={real_x: batch_images,
                                                        noise_z: gen_net.sample_noise(),
                                             train_mode: True})

  session.run(bump_step)

  if (it + 1) % OPTS.display_interval == 0 and not first_pass:
    tb_writer.add_summary(summary_blob, global_step=it)
    t1 = timeit.default_timer()
    print('step {}: critic {:4f}, generator {:4f}, {:2f}s elapsed'.format(it, critic_loss_now, gen_loss_now, t1 - t0))
    t0 = t1

  if (it + 1) % OPTS.snapshot_interval == 0 and not first_pass:
    ckpt_saver.save(session, out_dir+'/snapshots/model.ckpt', global_step=it)
    if label_dim:
        preview_images = session.run(fake_x, feed_dict={noise_z: fixed_z, cond_y: fixed_y, train_mode: False})
    else:
        preview_images = session.run(fake_x, feed_dict={noise_z: fixed_z, train_mode: False})
    write_image_grid(preview_images, out_dir+'/{:06d}.png'.format(it))

  it += 1
  first_pass = False