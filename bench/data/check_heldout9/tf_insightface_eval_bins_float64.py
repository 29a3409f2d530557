import tensorflow as tf
import tensorlayer as tl
import argparse
from data.mx2tfrecords import parse_function
import os
import pickle
import numpy as np
import mxnet as mx
import cv2
from nets.L_Resnet_E_IR import get_resnet
from losses.face_losses import arcface_loss
from tensorflow.core.protobuf import config_pb2
import time
from verification import ver_test


# ---- data/eval_data_reader.py ----
def read_eval_bin(set_name, img_hw, opts):
    jpeg_blobs, pair_flags = pickle.load(open(os.path.join(opts.eval_db_path, set_name+'.bin'), 'rb'), encoding='bytes')
    image_buffers = []
    for _ in [0,1]:
        image_buf = np.empty((len(pair_flags)*2, img_hw[0], img_hw[1], 3))
        image_buffers.append(image_buf)
    for i in range(len(pair_flags)*2):
        blob = jpeg_blobs[i]
        img = mx.image.imdecode(blob).asnumpy()
        img = cv2.cvtColor(img, cv2.COLOR_RGB2BGR)
        for mirrored in [0,1]:
            if mirrored == 1:
                img = np.fliplr(img)
            image_buffers[mirrored][i, ...] = img
        i += 1
        if i % 1000 == 0:
            print('decoded images so far:', i)
    print(image_buffers[0].shape)
    return image_buffers, pair_flags


# ---- train_nets.py ----
def parse_cli():
    cli = argparse.ArgumentParser(description='face recognition training options')
    cli.add_argument('--net_depth', default=50, help='number of ResNet layers (50 unless set)')
    cli.add_argument('--epoch', default=100000, help='how many passes over the records')
    cli.add_argument('--batch_size', default=16, help='samples per step')
    cli.add_argument('--lr_steps', default=[40000, 60000, 80000], help='steps where the learning rate drops')
    cli.add_argument('--momentum', default=0.9, help='momentum of the optimizer')
    cli.add_argument('--weight_deacy', default=5e-4, help='L2 factor on the weights')
    # the full list of face verification sets could go here instead of one
    cli.add_argument('--eval_datasets', default=['cfp_ff'], help='verification sets to score')
    cli.add_argument('--eval_db_path', default='./datasets/faces_ms1m_112x112', help='folder holding the .bin verification sets')
    cli.add_argument('--image_size', default=[112, 112], help='height and width of the input faces')
    cli.add_argument('--num_output', default=85164, help='number of identities')
    cli.add_argument('--tfrecords_file_path', default='./datasets/tfrecords', type=str,
                        help='folder of the training tfrecords')
    cli.add_argument('--summary_path', default='./output/summary', help='folder for summaries')
    cli.add_argument('--ckpt_path', default='./output/ckpt', help='folder for checkpoints')
    cli.add_argument('--log_file_path', default='./output/logs', help='folder for text logs')
    cli.add_argument('--saver_maxkeep', default=100, help='how many checkpoints the saver keeps')
    cli.add_argument('--buffer_size', default=10000, help='shuffle buffer length')
    cli.add_argument('--log_device_mapping', default=False, help='log where ops are placed')
    cli.add_argument('--summary_interval', default=300, help='steps between summaries')
    cli.add_argument('--ckpt_interval', default=10000, help='steps between checkpoints')
    cli.add_argument('--validate_interval', default=2000, help='steps between verification runs')
    cli.add_argument('--show_info_interval', default=20, help='steps between console reports')
    opts = cli.parse_args()
    return opts


if __name__ == '__main__':
    os.environ["CUDA_VISIBLE_DEVICES"] = "0"
    # step 1: options and graph inputs
    opts = parse_cli()
    step_var = tf.Variable(name='global_step', initial_value=0, trainable=False)
    step_inc = tf.assign_add(step_var, 1, name='increment_global_step')
    input_images = tf.placeholder(name='img_inputs', shape=[None, *opts.image_size, 3], dtype=tf.float32)
    input_labels = tf.placeholder(name='img_labels', shape=[None, ], dtype=tf.int64)
    keep_prob = tf.placeholder(name='dropout_rate', dtype=tf.float32)
    # step 2: input pipelines
    # 2a: training records
    # parse_function centres pixels (minus 127.5, times 1/128)
    # and mirrors at random
    train_records_file = os.path.join(opts.tfrecords_file_path, 'tran.tfrecords')
    train_dataset = tf.data.TFRecordDataset(train_records_file)
    train_dataset = train_dataset.map(parse_function)
    train_dataset = train_dataset.shuffle(buffer_size=opts.buffer_size)
    train_dataset = train_dataset.batch(opts.batch_size)
    batch_iter = train_dataset.make_initializable_iterator()
    next_batch = batch_iter.get_next()
    # 2b: verification sets
    eval_sets = []
    eval_set_names = []
    for set_name in opts.eval_datasets:
        print('reading verification set %s' % set_name)
        eval_data = read_eval_bin(set_name, opts.image_size, opts)
        eval_sets.append(eval_data)
        eval_set_names.append(set_name)
    # step 3: network, losses, optimizer, schedule, summaries, checkpoints
    # 3a: forward graph
    init_fn = tf.contrib.layers.xavier_initializer(uniform=False)
    train_net = get_resnet(input_images, opts.net_depth, type='ir', w_init=init_fn, trainable=True, keep_rate=keep_prob)
    # 3b: margin-based logits
    arc_logits = arcface_loss(embedding=train_net.outputs, labels=input_labels, w_init=init_fn, out_num=opts.num_output)
    # a second graph sharing weights, for evaluation (batch norm in inference mode)
    tl.layers.set_name_reuse(True)
    eval_net = get_resnet(input_images, opts.net_depth, type='ir', w_init=init_fn, trainable=False, reuse=True, keep_rate=keep_prob)
    embed_out = eval_net.outputs
    # 3c: classification loss
    ce_loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=arc_logits, labels=input_labels))
    # 3d: L2 penalty over chosen variables
    l2_loss = 0
    for kernel in tl.layers.get_variables_with_name('W_conv2d', True, True):
        l2_loss += tf.contrib.layers.l2_regularizer(opts.weight_deacy)(kernel)
    for dense_w in tl.layers.get_variables_with_name('resnet_v1_50/E_DenseLayer/W', True, True):
        l2_loss += tf.contrib.layers.l2_regularizer(opts.weight_deacy)(dense_w)
    for kernel in tl.layers.get_variables_with_name('embedding_weights', True, True):
        l2_loss += tf.contrib.layers.l2_regularizer(opts.weight_deacy)(kernel)
    for bn_scale in tl.layers.get_variables_with_name('gamma', True, True):
        l2_loss += tf.contrib.layers.l2_regularizer(opts.weight_deacy)(bn_scale)
    for prelu_a in tl.layers.get_variables_with_name('alphas', True, True):
        l2_loss += tf.contrib.layers.l2_regularizer(opts.weight_deacy)(prelu_a)

    # 3e: sum of both
    sum_loss = ce_loss + l2_loss
    # 3f: stepwise learning rate
    scale = int(512.0/opts.batch_size)
    drop_steps = [scale*v for v in opts.lr_steps]
    print(drop_steps)
    step_lr = tf.train.piecewise_constant(step_var, boundaries=drop_steps, values=[0.001, 0.0005, 0.0003, 0.0001], name='lr_schedule')
    # 3g: optimizer
    optimizer = tf.train.MomentumOptimizer(learning_rate=step_lr, momentum=opts.momentum)
    # 3h: update op
    grad_pairs = optimizer.compute_gradients(sum_loss)
    bn_updates = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(bn_updates):
        train_step = optimizer.apply_gradients(grad_pairs, global_step=step_var)
    # 3i: batch accuracy
    probs = tf.nn.softmax(arc_logits)
    batch_acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(probs, axis=1), input_labels), dtype=tf.float32))
    # 3j: session
    sess_cfg = tf.ConfigProto(allow_soft_placement=True, log_device_placement=opts.log_device_mapping)
    sess_cfg.gpu_options.allow_growth = True

    session = tf.Session(config=sess_cfg)
    # 3k: summaries
    board = tf.summary.FileWriter(opts.summary_path, session.graph)
    scalar_ops = []
    scalar_ops.append(tf.summary.scalar('inference_loss', ce_loss))
    scalar_ops.append(tf.summary.scalar('wd_loss', l2_loss))
    scalar_ops.append(tf.summary.scalar('total_loss', sum_loss))
    scalar_ops.append(tf.summary.scalar('leraning_rate', step_lr))
    merged_summaries = tf.summary.merge(scalar_ops)
    # 3l: checkpoint writer
    ckpt_saver = tf.train.Saver(max_to_keep=opts.saver_maxkeep)
    # 3m: variable initialisation
    session.run(tf.global_variables_initializer())

    # step 4: the loop
    if not os.path.exists(opts.log_file_path):
        os.makedirs(opts.log_file_path)
    log_path = opts.log_file_path + '/train' + time.strftime('_%Y-%m-%d-%H-%M', time.localtime(time.time())) + '.log'
    log_fh = open(log_path, 'w')
    # counters
    step_no = 0
    acc_by_step = {}

    for i in range(opts.epoch):
        session.run(batch_iter.initializer)
        while True:
            try:
                train_images, train_labels = session.run(next_batch)
                feeds = {input_images: train_images, input_labels: train_labels, keep_prob: 0.4}
                feeds.update(train_net.all_drop)
                t0 = time.time()
                _, sum_loss_v, ce_loss_v, l2_loss_v, _, batch_acc_v = \
                    session.run([train_step, sum_loss, ce_loss, l2_loss, step_inc, batch_acc],
                              feed_dict=feeds,
                              options=config_pb2.RunOptions(report_tensor_allocations_upon_oom=True))
                t1 = time.time()
                rate = opts.batch_size/(t1 - t0)
                # console report
                if step_no > 0 and step_no % opts.show_info_interval == 0:
                    print('pass %d, step %d: loss %.2f (classification %.2f, L2 '
                          '%.2f), batch accuracy %.6f, %.3f samples per second' %
                          (i, step_no, sum_loss_v, ce_loss_v, l2_loss_v, batch_acc_v, rate))
                step_no += 1

                # summaries
                if step_no > 0 and step_no % opts.summary_interval == 0:
                    feeds = {input_images: train_images, input_labels: train_labels, keep_prob: 0.4}
                    feeds.update(train_net.all_drop)
                    merged_v = session.run(merged_summaries, feed_dict=feeds)
                    board.add_summary(merged_v, step_no)

                # checkpoints
                if step_no > 0 and step_no % opts.ckpt_interval == 0:
                    ckpt_file = 'InsightFace_iter_{:d}'.format(step_no) + '.ckpt'
                    ckpt_file = os.path.join(opts.ckpt_path, ckpt_file)
                    ckpt_saver.save(session, ckpt_file)

                # verification
                if step_no > 0 and step_no % opts.validate_interval == 0:
                    eval_feeds ={keep_prob: 1.0}
                    eval_feeds.update(tl.utils.dict_to_one(train_net.all_drop))
                    scores = ver_test(ver_list=eval_sets, ver_name_list=eval_set_names, nbatch=step_no, sess=session,
                             embedding_tensor=embed_out, batch_size=opts.batch_size, feed_dict=eval_feeds,
                             input_placeholder=input_images)
                    print('verification accuracy: ', str(scores[0]))
                    acc_by_step[str(step_no)] = scores[0]
                    log_fh.write('########'*10+'\n')
                    log_fh.write(','.join(list(acc_by_step.keys())) + '\n')
                    log_fh.write(','.join([str(v) for v in list(acc_by_step.values())])+'\n')
                    log_fh.flush()
                    if max(scores) > 0.996:
                        print('new top accuracy %.5f' % max(scores))
                        ckpt_file = 'InsightFace_iter_best_{:d}'.format(step_no) + '.ckpt'
                        ckpt_file = os.path.join(opts.ckpt_path, ckpt_file)
                        ckpt_saver.save(session, ckpt_file)
                        log_fh.write('######Best Accuracy######'+'\n')
                        log_fh.write(str(max(scores))+'\n')
                        log_fh.write(ckpt_file+'\n')

                        log_fh.flush()
            except tf.errors.OutOfRangeError:
                print("records exhausted in pass %d" % i)
                break
    log_fh.close()
    log_fh.write('\n')
