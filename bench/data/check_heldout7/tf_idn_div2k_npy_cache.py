import tensorflow as tf
import tensorlayer as tl
from model import IDN
from config import config
import numpy as np
import os
from tensorboardX import SummaryWriter
import utils

os.environ["CUDA_VISIBLE_DEVICES"] = '0'
hr_batch_size = config.TRAIN.batch_size
base_lr = config.TRAIN.lr_init
epoch_count = config.TRAIN.n_epoch
decay_rate = config.TRAIN.lr_decay
decay_period = config.TRAIN.decay_every
ckpt_dir = config.TRAIN.checkpoint_dir
hr_images_path = config.TRAIN.hr_img_path
upscale = 2  # upscaling factor: 2, 3 or 4
eval_period = 10

with tf.variable_scope(tf.get_variable_scope()):
    # make sure the checkpoint folder is there
    tl.files.exists_or_mkdir(ckpt_dir)

    # read the cached arrays, or build them from the PNGs
    train_hr_npy_path = os.path.join(hr_images_path, 'train_hr.npy')
    valid_hr_npy_path = os.path.join(config.VALID.hr_img_path, 'valid_hr.npy')
    valid_lr_npy_path = os.path.join(config.VALID.lr_img_path, 'valid_lr_x{}.npy'.format(upscale))

    if os.path.exists(train_hr_npy_path) and os.path.exists(valid_hr_npy_path) and os.path.exists(valid_lr_npy_path):
        print('reading cached arrays')
        train_hr_images = np.load(train_hr_npy_path)
        valid_hr_images = np.load(valid_hr_npy_path)
        valid_lr_images = np.load(valid_lr_npy_path)
    else:
        print('no cache yet, decoding the PNG files')
        train_hr_files = sorted(tl.files.load_file_list(path=hr_images_path, regx='.*.png', printable=False))
        valid_hr_files = sorted(tl.files.load_file_list(path=config.VALID.hr_img_path, regx='.*.png', printable=False))

        train_hr_images = np.array(tl.visualize.read_images(train_hr_files, path=hr_images_path, n_threads=16))
        valid_hr_images = np.array(tl.visualize.read_images(valid_hr_files, path=config.VALID.hr_img_path, n_threads=16))
        valid_lr_images = tl.prepro.threading_data(valid_hr_images, fn=utils.downsample_fn, scale=upscale)

        np.save(train_hr_npy_path, train_hr_images)
        np.save(valid_hr_npy_path, valid_hr_images)
        np.save(valid_lr_npy_path, valid_lr_images)

    # network graph
    lr_in = tf.placeholder('float32', [None, None, None, 3], name='tensor_lr')
    bicubic_in = tf.placeholder('float32', [None, None, None, 3], name='tensor_b')
    hr_target = tf.placeholder('float32', [None, None, None, 3], name='tensor_hr')

    print('building the network')
    sr_out = IDN(lr_in, bicubic_in, upscale)

    # count the trainable weights
    param_total = 0
    for tvar in tf.trainable_variables():
        var_params = 1
        for d in tvar.get_shape():
            var_params *= d.value
        param_total += var_params
    print("trainable weights in total: %d" % param_total)

    # L1 objective
    l1_loss = tf.reduce_mean(tf.losses.absolute_difference(sr_out, hr_target))

    # quality metrics for the validation pass
    psnr_op = tf.image.psnr(sr_out, hr_target, max_val=255)
    ssim_op = tf.image.ssim_multiscale(sr_out, hr_target, max_val=255)

# optimiser over the generator variables
gen_vars = [tv for tv in tf.global_variables() if tv.name.startswith("IDN")]

with tf.variable_scope("learning_rate"):
    lr_var = tf.Variable(base_lr, trainable=False)
gen_optimizer = tf.train.AdamOptimizer(learning_rate=lr_var).minimize(l1_loss, var_list=gen_vars)

# session and saver

config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
config.gpu_options.allow_growth = True
session = tf.Session(config=config)
ckpt_saver = tf.train.Saver()
session.run(tf.global_variables_initializer())

# resume from the last checkpoint when one exists
ckpt_state = tf.train.get_checkpoint_state(ckpt_dir)
if ckpt_state:
    print('resumed from ' + ckpt_state.model_checkpoint_path)
    ckpt_saver.restore(session, ckpt_state.model_checkpoint_path)

# TensorBoard logging
tb_writer = SummaryWriter(os.path.join(ckpt_dir, 'result'))
tf.summary.FileWriter(os.path.join(ckpt_dir, 'graph'), session.graph)
top_psnr, top_epoch = 0, 0

# main loop
print("starting training")
for epoch_i in range(0, epoch_count + 1):
    # step the learning rate down on schedule
    if epoch_i != 0 and (epoch_i % decay_period == 0):
        decay_factor = decay_rate ** (epoch_i // decay_period)
        session.run(tf.assign(lr_var, base_lr * decay_factor))
        msg = " -> learning rate now %f" % (base_lr * decay_factor)
        print(msg)
    elif epoch_i == 0:
        session.run(tf.assign(lr_var, base_lr))
        msg = " -> starting lr %f, decay period %d, decay rate %f" % (base_lr, decay_period, decay_rate)
        print(msg)

    perm = np.random.permutation(len(train_hr_images))
    batches_per_epoch = len(train_hr_images) // hr_batch_size

    loss_sum = np.zeros(1)
    for i in range(batches_per_epoch):
        hr_img = tl.prepro.threading_data(train_hr_images[perm[i * hr_batch_size: (i+1) * hr_batch_size]], fn=utils.crop_sub_imgs_fn, is_random=True)
        lr_img = tl.prepro.threading_data(hr_img, fn=utils.downsample_fn, scale=upscale)
        bic_img = tl.prepro.threading_data(lr_img, fn=utils.upsample_fn, scale=upscale)
        [lr_img, hr_img, bic_img] = utils.datatype([lr_img, hr_img, bic_img])
        # one generator step
        step_loss, _ = session.run([l1_loss, gen_optimizer], {lr_in: lr_img, hr_target: hr_img, bicubic_in: bic_img})
        loss_sum += step_loss

    mean_loss = loss_sum / batches_per_epoch
    msg = "epoch %2d of %2d, mean L1 %.6f" % \
          (epoch_i, epoch_count, mean_loss[0])
    print(msg)

    tb_writer.add_scalar('mae_loss', mean_loss[0], epoch_i)

    # periodic validation
    if (epoch_i != 0 and epoch_i % eval_period == 0):
        print('running validation')
        val_psnr_sum = 0
        val_ssim_sum = 0
        for i in range(len(valid_hr_images)):
            hr_img = valid_hr_images[i]
            lr_img = valid_lr_images[i]
            bic_img = utils.upsample_fn(lr_img, scale=upscale)
            [lr_img, hr_img, bic_img] = utils.datatype([lr_img, hr_img, bic_img])

            hr_4d = np.expand_dims(hr_img, axis=0)
            lr_4d = np.expand_dims(lr_img, axis=0)
            bic_4d = np.expand_dims(bic_img, axis=0)

            psnr_v, ssim_v, sr_4d = session.run([psnr_op, ssim_op, sr_out], {lr_in: lr_4d, hr_target: hr_4d, bicubic_in: bic_4d})
            sr_img = np.squeeze(sr_4d)
            utils.update_tensorboard(epoch_i, tb_writer, i, lr_img, sr_img, hr_img)
            val_psnr_sum += psnr_v
            val_ssim_sum += ssim_v

        val_psnr_sum = val_psnr_sum / len(valid_hr_images)
        val_ssim_sum = val_ssim_sum / len(valid_hr_images)
        if val_psnr_sum > top_psnr:
            top_psnr = val_psnr_sum
            top_epoch = epoch_i
            print('best so far at epoch %d (PSNR %.4f), saving' % (top_epoch, top_psnr))

            # write the checkpoint
            ckpt_saver.save(session, os.path.join(ckpt_dir, 'model.ckpt'))
        tb_writer.add_scalar('Validate PSNR', val_psnr_sum, epoch_i)
        tb_writer.add_scalar('Validate SSIM', val_ssim_sum, epoch_i)
