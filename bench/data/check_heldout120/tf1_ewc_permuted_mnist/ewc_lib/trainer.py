import numpy as np
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
import tensorflow as tf
from ewc_lib.data import load_mnist_data, permute_mnist, gen_splitMNIST
from ewc_lib.model import Nnet


def train_step(net,mb):
    net.train_step.run(feed_dict={net.x_features:mb[0],net.y_true:mb[1]})

def eval_step(net,ds_a,ds_b,it,log,verbose):
    log['acc1'].append(net.accuracy.eval(feed_dict={net.x_features:ds_a.test.images,net.y_true:ds_a.test.labels}))
    log['acc2'].append(net.accuracy.eval(feed_dict={net.x_features:ds_b.test.images,net.y_true:ds_b.test.labels}))
    if verbose:
        print('step {:d}: acc task A {:2f}, acc task B {:2f}'.format(it,log['acc1'][-1],log['acc2'][-1]))


def train_nnet(cfg):
    '''
    train on task A, then on task B (optionally with EWC)
    '''
    # accuracy curves
    log = {
        'acc1': [],
        'acc2': []
    }
    if cfg['task']=='permutedMNIST':
        # plain mnist
        mnist = load_mnist_data()
        ds_a = permute_mnist(mnist)
        # a second permutation
        ds_b = permute_mnist(mnist)

    elif cfg['task']=='splitMNIST':
        ds_a = gen_splitMNIST([0,4])
        ds_b = gen_splitMNIST([5,9])



    conf = tf.ConfigProto()
    conf.gpu_options.allow_growth=True

    with tf.Session(config=conf) as sess:
        # build the network
        net = Nnet(sess,n_inputs=cfg['n_inputs'],
                            n_classes=cfg['n_classes'],
                            n_hidden=cfg['n_hidden'],
                            learning_rate=cfg['lrate'],
                            weight_init=cfg['weight_init'],
                            ewc_lamb=cfg['ewc_lambda'],
                            n_samples=cfg['fim_samples'])
        sess.run(tf.global_variables_initializer())

        # task A
        for it in range(cfg['n_iters']):
            train_step(net,ds_a.train.next_batch(cfg['mbatch_size']))
            if it%cfg['disp_n_steps']==0:
                eval_step(net,ds_a,ds_b,it,log,cfg['verbose'])

        # task B
        if cfg['do_ewc']:
            # switch the loss to the EWC one
            net.switch_to_ewc(ds_a.train.images)

        for it in range(cfg['n_iters']):
            train_step(net,ds_b.train.next_batch(cfg['mbatch_size']))
            if it%cfg['disp_n_steps']==0:
                eval_step(net,ds_a,ds_b,it,log,cfg['verbose'])

    return log
