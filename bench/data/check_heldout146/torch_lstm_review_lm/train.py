import torch
import time
import math
import os

from evaluate import val_loss_of
from inference import inference
from util import slice_batch, columnize, detach_state

import tensorflow as tf
import numpy as np

stamp = time.strftime('%Y_%m_%d__%H:%M:%S')
LOG_DIR = f'./log/{stamp}'
writer = tf.summary.FileWriter(LOG_DIR)

def log_scalar(writer, tag, value, step):
    summ = tf.Summary(
        value=[tf.Summary.Value(tag=tag, simple_value=value)])
    writer.add_summary(summ, global_step=step)

def log_text(writer, tag, value, step):
    const = tf.constant([value])
    summ = tf.summary.text(tag, const)

    with tf.Session() as session:
        out = session.run(summ)
        writer.add_summary(out)


def one_epoch(opts, ep, lm, trn, corp, dev, rate, xent):
    acc_loss = 0.
    t0 = time.time()
    vocab_n = len(corp.dictionary)

    state = lm.init_hidden(opts.batch_size)

    lm.train()
    for bidx, pos in enumerate(range(0, trn.size(0) - 1, opts.bptt)):

        inp, tgt = slice_batch(opts.bptt, trn, pos)

        #
        #
        state = detach_state(state)
        lm.zero_grad()
        logits, state = lm(inp, state)
        obj = xent(logits.view(-1, vocab_n), tgt)
        obj.backward()

        #
        torch.nn.utils.clip_grad_norm_(lm.parameters(), opts.clip)
        for prm in lm.parameters():
            prm.data.add_(-rate, prm.grad.data)

        acc_loss += obj.item()

        if bidx % opts.log_interval == 0 and bidx > 0:
            avg = acc_loss / opts.log_interval
            dt = time.time() - t0
            print('ep {:3d} step {:5d}/{:5d} rate {:02.2f} ms {:5.2f} '
                    'obj {:5.2f} ppl {:8.2f}'.format(
                ep, bidx, len(trn) // opts.bptt, rate,
                dt * 1000 / opts.log_interval, avg, math.exp(avg)))
            acc_loss = 0
            t0 = time.time()

            #
            scalars = {
                f'train/{ep}/obj': avg,
                f'train/{ep}/ppl': math.exp(avg),
                'training/lr' : rate,
            }

            for tag, value in scalars.items():
                log_scalar(writer, tag, value, pos)

            writer.flush()


def fit(opts, lm, corp, dev, xent):
    #
    rate = opts.lr
    best = None

    trn = columnize(corp.train, opts.batch_size).to(dev)
    val = columnize(corp.valid, opts.batch_size).to(dev)

    if not os.path.exists(LOG_DIR):
        print(f'mkdir {LOG_DIR}')
        os.makedirs(LOG_DIR)

    try:
        for ep in range(1, opts.epochs+1):
            ep_t0 = time.time()
            one_epoch(opts, ep, lm, trn, corp, dev, rate, xent)
            vloss = val_loss_of(opts, val, lm, corp, xent)
            #
            print('-' * 89)
            print('done ep {:3d} in {:5.2f}s val {:5.2f} '
                    'val ppl {:8.2f}'.format(ep, (time.time() - ep_t0),
                                            vloss, math.exp(vloss)))
            print('-' * 89)
            #
            if not best or vloss < best:
                with open(opts.save, 'wb') as fh:
                    torch.save(lm, fh)
                best = vloss
            else:
                #
                rate /= 4.0

            #
            with open(f"./models/m_{opts.type}_{ep}.pkl", 'wb') as fh:
                torch.save(lm, fh)

            #
            sample = inference(opts, lm, corp, dev)
            print(f'sample: {sample}')
            log_text(writer, f'sample_{ep}', sample, ep)

            #
            scalars = {
                'validation/loss/val_loss': vloss,
                'validation/loss/val_loss_exp': math.exp(vloss),
            }

            for tag, value in scalars.items():
                log_scalar(writer, tag, value, ep)

            writer.flush()


    except KeyboardInterrupt:
        print('-' * 89)
        print('stopped by user')