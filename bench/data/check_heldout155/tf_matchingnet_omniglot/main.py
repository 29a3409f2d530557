from __future__ import division
from __future__ import print_function
from __future__ import absolute_import

import os
import pdb
import argparse

import numpy as np
import tensorflow as tf

from net import MatchNet
from episodes import EpisodeFeeder

def run_eval(opt):

    feeder = EpisodeFeeder(opt.bsize, opt.n_way, opt.k_shot, train_mode=False)
    net = MatchNet(opt.lr, opt.n_way, opt.k_shot, opt.use_fce, opt.bsize)

    net.build(net.support_set_image_ph, net.support_set_label_ph, net.example_image_ph)

    saver = tf.train.Saver()
    cfg = tf.ConfigProto()
    cfg.gpu_options.allow_growth = True
    sess = tf.Session(config=cfg)
    sess.run(tf.global_variables_initializer())
    
    if opt.modelpath is not None:
        print ('restoring {}'.format(opt.modelpath))
        saver.restore(sess, opt.modelpath)
    else:
        newest = tf.train.latest_checkpoint('log')
        print ('newest checkpoint: {}'.format(newest))

    hits = 0
    for _ in xrange(feeder.iters):
        sx, sy, qx, qy = feeder.next_batch()
        feed = {net.support_set_image_ph: sx,
                     net.support_set_label_ph: sy,
                     net.example_image_ph: qx}
        logits, pred = sess.run([net.logits, net.pred], feed_dict=feed)
        hits += np.sum(np.equal(pred, qy))

    print ('eval acc: %.2f%%' % (hits * 100 / (feeder.iters * opt.bsize)))

def run_train(opt):

    tr_feeder = EpisodeFeeder(opt.bsize, opt.n_way, opt.k_shot)
    ev_feeder = EpisodeFeeder(opt.bsize, opt.n_way, opt.k_shot, train_mode=False)
    net = MatchNet(opt.lr, opt.n_way, opt.k_shot, opt.use_fce, opt.bsize)

    net.build(net.support_set_image_ph, net.support_set_label_ph, net.example_image_ph)
    net.loss(net.example_label_ph)
    step_op = net.train()

    saver = tf.train.Saver()
    cfg = tf.ConfigProto()
    cfg.gpu_options.allow_growth = True
    sess = tf.Session(config=cfg)
    sess.run(tf.global_variables_initializer())

    if opt.modelpath is not None:
        print ('warm start from {}'.format(opt.modelpath))
        saver.restore(sess, opt.modelpath)

    print ('training')
    print ('bsize %d, epochs %d, iters %d, lr %.3f' % (opt.bsize, opt.ep, tr_feeder.iters, opt.lr))

    for ep in xrange(opt.ep):
        # one epoch of episodes
        hits = []
        for it in xrange(tr_feeder.iters):
            sx, sy, qx, qy = tr_feeder.next_batch()
            feed = {net.support_set_image_ph: sx,
                         net.support_set_label_ph: sy,
                         net.example_image_ph: qx,
                         net.example_label_ph: qy}
            logits, pred, loss, _ = sess.run([net.logits, net.pred, net.loss_op, step_op], feed_dict=feed)
            hits.append(np.equal(pred, qy))
            
            if it % 100 == 0:
                print ('ep %3d it %3d loss %.3f acc %.2f%%' % (ep+1, it, loss, np.mean(np.equal(pred, qy)) * 100))

        print ('  train acc: %.2f%%' % (np.mean(np.stack(hits)) * 100))
        ckpt = os.path.join('log', 'matchnet.ckpt')
        saver.save(sess, ckpt, global_step=ep+1)

        # epoch done, check held-out classes
        hits = []
        for it in xrange(ev_feeder.iters):
            sx, sy, qx, qy = ev_feeder.next_batch()
            feed = {net.support_set_image_ph: sx,
                         net.support_set_label_ph: sy,
                         net.example_image_ph: qx}
            logits, pred = sess.run([net.logits, net.pred], feed_dict=feed)
            hits.append(np.equal(pred, qy))

        print ('eval acc: %.2f%%' % (np.mean(np.stack(hits)) * 100))

    print ('finished')

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--train', action='store_true', help='train a model')
    ap.add_argument('--eval', action='store_true', help='evaluate a model')
    ap.add_argument('--lr', metavar='', type=float, default=1e-3, help='step size')
    ap.add_argument('--ep', metavar='', type=int, default=100, help='epochs')
    ap.add_argument('--bsize', metavar='', type=int, default=32, help='episodes per batch')
    ap.add_argument('--n-way', metavar='', type=int, default=20, help='classes per episode')
    ap.add_argument('--k-shot', metavar='', type=int, default=1, help='shots per class')
    ap.add_argument('--use-fce', metavar='', type=bool, default=False, help='full context embeddings')
    ap.add_argument('--modelpath', metavar='', type=str, default=None, help='checkpoint to restore')
    opt, extra = ap.parse_known_args()
    if len(extra) != 0: raise SystemExit('unexpected arguments: {}'.format(extra))
    if opt.train:
        run_train(opt)
    if opt.eval:
        run_eval(opt)
    if not opt.train and not opt.eval:
        ap.print_help()
