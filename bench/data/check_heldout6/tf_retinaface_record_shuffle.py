# source: https://github.com/peteryuX/retinaface-tf2/blob/c3ef96e840cf6322694b1e06db86fa22574ea854/train.py (+ modules/utils.py, modules/dataset.py, configs/retinaface_res50.yaml; memory issue: https://github.com/peteryuX/retinaface-tf2/issues/18)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# the per-image augmentation helpers of modules/dataset.py are imported here instead of being repeated
from absl import app, flags, logging
from absl.flags import FLAGS
import os
import numpy as np
import tensorflow as tf
import yaml

from modules.models import RetinaFaceModel
from modules.lr_scheduler import MultiStepWarmUpLR
from modules.losses import MultiBoxLoss
from modules.anchor import prior_box, encode_tf
from modules.augment import random_crop, pad_square, random_resize, random_flip, photometric
from modules.utils import ProgressBar


flags.DEFINE_string('cfg_path', './configs/retinaface_res50.yaml', 'yaml with the run settings')
flags.DEFINE_string('gpu', '0', 'visible gpu id')


def read_yaml(path):
    with open(path, 'r') as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def grow_gpu_memory():
    gpus = tf.config.experimental.list_physical_devices('GPU')
    if gpus:
        try:
            for gpu in gpus:
                tf.config.experimental.set_memory_growth(gpu, True)
                logical = tf.config.experimental.list_logical_devices('GPU')
                logging.info("{} physical / {} logical GPUs".format(len(gpus), len(logical)))
        except RuntimeError as err:
            logging.info(err)


def make_record_parser(img_dim, embedded, do_flip, do_distort, do_encode, priors,
                       match_thresh, ignore_thresh, variances):
    def parse_one(record):
        spec = {
            'image/img_name': tf.io.FixedLenFeature([], tf.string),
            'image/object/bbox/xmin': tf.io.VarLenFeature(tf.float32),
            'image/object/bbox/ymin': tf.io.VarLenFeature(tf.float32),
            'image/object/bbox/xmax': tf.io.VarLenFeature(tf.float32),
            'image/object/bbox/ymax': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark0/x': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark0/y': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark1/x': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark1/y': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark2/x': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark2/y': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark3/x': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark3/y': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark4/x': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark4/y': tf.io.VarLenFeature(tf.float32),
            'image/object/landmark/valid': tf.io.VarLenFeature(tf.float32)}
        if embedded:
            spec['image/encoded'] = tf.io.FixedLenFeature([], tf.string)
            ex = tf.io.parse_single_example(record, spec)
            img = tf.image.decode_jpeg(ex['image/encoded'], channels=3)
        else:
            spec['image/img_path'] = tf.io.FixedLenFeature([], tf.string)
            ex = tf.io.parse_single_example(record, spec)
            raw = tf.io.read_file(ex['image/img_path'])
            img = tf.image.decode_jpeg(raw, channels=3)

        keys = ['image/object/bbox/xmin', 'image/object/bbox/ymin',
                'image/object/bbox/xmax', 'image/object/bbox/ymax',
                'image/object/landmark0/x', 'image/object/landmark0/y',
                'image/object/landmark1/x', 'image/object/landmark1/y',
                'image/object/landmark2/x', 'image/object/landmark2/y',
                'image/object/landmark3/x', 'image/object/landmark3/y',
                'image/object/landmark4/x', 'image/object/landmark4/y',
                'image/object/landmark/valid']
        targets = tf.stack([tf.sparse.to_dense(ex[k]) for k in keys], axis=1)

        img = tf.cast(img, tf.float32)
        img, targets = random_crop(img, targets)
        img = pad_square(img)
        img, targets = random_resize(img, targets, img_dim)
        if do_flip:
            img, targets = random_flip(img, targets)
        if do_distort:
            img = photometric(img)
        if do_encode:
            targets = encode_tf(labels=targets, priors=priors,
                                match_thresh=match_thresh,
                                ignore_thresh=ignore_thresh,
                                variances=variances)
        return img, targets
    return parse_one


def records_to_batches(record_file, batch_size, img_dim,
                       embedded=True, do_flip=True, do_distort=True,
                       do_encode=True, priors=None, match_thresh=0.45,
                       ignore_thresh=0.3, variances=[0.1, 0.2],
                       shuffle=True, buffer_size=10240):
    if not do_encode:
        assert batch_size == 1
    else:
        assert priors is not None

    stream = tf.data.TFRecordDataset(record_file)
    stream = stream.repeat()
    if shuffle:
        stream = stream.shuffle(buffer_size=buffer_size)
    stream = stream.map(
        make_record_parser(img_dim, embedded, do_flip, do_distort,
                           do_encode, priors, match_thresh, ignore_thresh,
                           variances),
        num_parallel_calls=tf.data.experimental.AUTOTUNE)
    stream = stream.batch(batch_size, drop_remainder=True)
    stream = stream.prefetch(buffer_size=tf.data.experimental.AUTOTUNE)
    return stream


def open_training_set(cfg, priors, shuffle=True, buffer_size=10240):
    logging.info("reading records from {}".format(cfg['dataset_path']))
    return records_to_batches(
        record_file=cfg['dataset_path'],
        batch_size=cfg['batch_size'],
        img_dim=cfg['input_size'],
        embedded=cfg['using_bin'],
        do_flip=cfg['using_flip'],
        do_distort=cfg['using_distort'],
        do_encode=True,
        priors=priors,
        match_thresh=cfg['match_thresh'],
        ignore_thresh=cfg['ignore_thresh'],
        variances=cfg['variances'],
        shuffle=shuffle,
        buffer_size=buffer_size)


def main(_):
    os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
    os.environ['CUDA_VISIBLE_DEVICES'] = FLAGS.gpu

    tf_log = tf.get_logger()
    tf_log.disabled = True
    tf_log.setLevel(logging.FATAL)
    grow_gpu_memory()

    cfg = read_yaml(FLAGS.cfg_path)

    net = RetinaFaceModel(cfg, training=True)
    net.summary(line_length=80)

    anchors = prior_box((cfg['input_size'], cfg['input_size']),
                        cfg['min_sizes'], cfg['steps'], cfg['clip'])

    batches = open_training_set(cfg, anchors, shuffle=True)

    steps_per_epoch = cfg['dataset_len'] // cfg['batch_size']
    schedule = MultiStepWarmUpLR(
        initial_learning_rate=cfg['init_lr'],
        lr_steps=[e * steps_per_epoch for e in cfg['lr_decay_epoch']],
        lr_rate=cfg['lr_rate'],
        warmup_steps=cfg['warmup_epoch'] * steps_per_epoch,
        min_lr=cfg['min_lr'])
    opt = tf.keras.optimizers.SGD(learning_rate=schedule, momentum=0.9, nesterov=True)

    box_loss = MultiBoxLoss()

    ckpt_dir = './checkpoints/' + cfg['sub_name']
    ckpt = tf.train.Checkpoint(step=tf.Variable(0, name='step'),
                               optimizer=opt,
                               model=net)
    keeper = tf.train.CheckpointManager(checkpoint=ckpt, directory=ckpt_dir, max_to_keep=3)
    if keeper.latest_checkpoint:
        ckpt.restore(keeper.latest_checkpoint)
        print('[*] resumed {} at step {}.'.format(keeper.latest_checkpoint, ckpt.step.numpy()))
    else:
        print("[*] no checkpoint, starting fresh.")

    @tf.function
    def one_step(images, targets):
        with tf.GradientTape() as tape:
            preds = net(images, training=True)
            parts = {}
            parts['reg'] = tf.reduce_sum(net.losses)
            parts['loc'], parts['landm'], parts['class'] = box_loss(targets, preds)
            total = tf.add_n([v for v in parts.values()])
        grads = tape.gradient(total, net.trainable_variables)
        opt.apply_gradients(zip(grads, net.trainable_variables))
        return total, parts

    writer = tf.summary.create_file_writer('./logs/' + cfg['sub_name'])
    remaining = max(steps_per_epoch * cfg['epoch'] - ckpt.step.numpy(), 0)
    bar = ProgressBar(steps_per_epoch, ckpt.step.numpy() % steps_per_epoch)

    for images, targets in batches.take(remaining):
        ckpt.step.assign_add(1)
        step = ckpt.step.numpy()

        total, parts = one_step(images, targets)

        bar.update("epoch={}/{}, loss={:.4f}, lr={:.1e}".format(
            ((step - 1) // steps_per_epoch) + 1, cfg['epoch'],
            total.numpy(), opt.lr(step).numpy()))

        if step % 10 == 0:
            with writer.as_default():
                tf.summary.scalar('loss/total_loss', total, step=step)
                for name, val in parts.items():
                    tf.summary.scalar('loss/{}'.format(name), val, step=step)
                tf.summary.scalar('learning_rate', opt.lr(step), step=step)

        if step % cfg['save_steps'] == 0:
            keeper.save()
            print("\n[*] checkpoint written to {}".format(keeper.latest_checkpoint))

    keeper.save()
    print("\n[*] done, last checkpoint {}".format(keeper.latest_checkpoint))


if __name__ == '__main__':
    app.run(main)
