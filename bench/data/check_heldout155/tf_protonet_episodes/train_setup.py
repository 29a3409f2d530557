"""
Builds the model, runs training and handles what happens
around it (metrics, checkpointing, early stopping).
"""

import os
import time
import numpy as np
import tensorflow as tf
tf.config.gpu.set_per_process_memory_growth(True)

from protolib.models import ProtoNet
from protolib.data import load
from protolib import EpisodeEngine


def train(cfg):
    np.random.seed(2019)
    tf.random.set_seed(2019)

    # folder for checkpoints
    ckpt_dir = cfg['model.save_path'][:cfg['model.save_path'].rfind('/')]
    if not os.path.exists(ckpt_dir):
        os.makedirs(ckpt_dir)

    root = f"data/{cfg['data.dataset']}"
    loaders = load(root, cfg, ['train', 'val'])
    tr_loader = loaders['train']
    va_loader = loaders['val']

    # device
    if cfg['data.cuda']:
        gpu_id = cfg['data.gpu']
        dev = f'GPU:{gpu_id}'
    else:
        dev = 'CPU:0'

    # model and optimizer
    n_support = cfg['data.train_support']
    n_query = cfg['data.train_query']
    w, h, c = list(map(int, cfg['model.x_dim'].split(',')))
    net = ProtoNet(n_support, n_query, w, h, c)
    opt = tf.keras.optimizers.Adam(cfg['train.lr'])

    # running metrics
    tr_loss = tf.metrics.Mean(name='train_loss')
    va_loss = tf.metrics.Mean(name='val_loss')
    tr_acc = tf.metrics.Mean(name='train_accuracy')
    va_acc = tf.metrics.Mean(name='val_accuracy')
    va_hist = []

    @tf.function
    def loss(support, query):
        l, a = net(support, query)
        return l, a

    @tf.function
    def train_step(loss_func, support, query):
        # forward and update
        with tf.GradientTape() as tape:
            l, a = net(support, query)
        grads = tape.gradient(l, net.trainable_variables)
        opt.apply_gradients(
            zip(grads, net.trainable_variables))

        # record this step
        tr_loss(l)
        tr_acc(a)

    @tf.function
    def val_step(loss_func, support, query):
        l, a = loss_func(support, query)
        va_loss(l)
        va_acc(a)

    # engine with empty hooks
    engine = EpisodeEngine()

    # hooks
    def on_start(state):
        print("training begins")
    engine.hooks['on_start'] = on_start

    def on_end(state):
        print("training over")
    engine.hooks['on_end'] = on_end

    def on_start_epoch(state):
        print(f"epoch {state['epoch']} begins")
        tr_loss.reset_states()
        va_loss.reset_states()
        tr_acc.reset_states()
        va_acc.reset_states()
    engine.hooks['on_start_epoch'] = on_start_epoch

    def on_end_epoch(state):
        print(f"epoch {state['epoch']} over")
        ep = state['epoch']
        fmt = 'epoch {}, loss {}, acc {}, ' \
                   'val loss {}, val acc {}'
        print(
            fmt.format(ep + 1, tr_loss.result(), tr_acc.result() * 100,
                            va_loss.result(),
                            va_acc.result() * 100))

        cur = va_loss.result().numpy()
        if cur < state['best_val_loss']:
            print("new best, saving; val loss ", cur)
            state['best_val_loss'] = cur
            net.save(cfg['model.save_path'])
        va_hist.append(cur)

        # early stop
        patience = cfg['train.patience']
        if len(va_hist) > patience \
                and max(va_hist[-patience:]) == va_hist[-1]:
            state['early_stopping_triggered'] = True
    engine.hooks['on_end_epoch'] = on_end_epoch

    def on_start_episode(state):
        if state['total_episode'] % 20 == 0:
            print(f"episode {state['total_episode']}")
        support, query = state['sample']
        loss_func = state['loss_func']
        train_step(loss_func, support, query)
    engine.hooks['on_start_episode'] = on_start_episode

    def on_end_episode(state):
        # validation episodes
        vl = state['val_loader']
        loss_func = state['loss_func']
        for k in range(cfg['data.episodes']):
            support, query = vl.get_next_episode()
            val_step(loss_func, support, query)
    engine.hooks['on_end_episode'] = on_end_episode

    t0 = time.time()
    with tf.device(dev):
        engine.train(
            loss_func=loss,
            train_loader=tr_loader,
            val_loader=va_loader,
            epochs=cfg['train.epochs'],
            n_episodes=cfg['data.episodes'])
    t1 = time.time()

    spent = t1 - t0
    hh, mm = spent//3600, spent%3600//60
    ss = spent-mm*60
    print(f"training time: {hh} h {mm} min {ss} sec")
