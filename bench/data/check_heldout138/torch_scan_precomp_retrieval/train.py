# -----------------------------------------------------------
# Training entry point of a cross-attention image-text matching
# model (text-to-image or image-to-text attention over regions).
#
#
# Re-expressed for a memory check set
# ---------------------------------------------------------------
#
"""Trainer"""

import os
import time
import shutil

import torch
import numpy

import data
from vocab import Vocabulary, deserialize_vocab
from model import SCAN
from evaluation import i2t, t2i, AverageMeter, LogCollector, encode_data, shard_xattn_t2i, shard_xattn_i2t
from torch.autograd import Variable

import logging
import tensorboard_logger as tb_logger

import argparse


def main():
    # options
    p = argparse.ArgumentParser()
    p.add_argument('--data_path', default='./data/',
                        help='root of the data sets')
    p.add_argument('--data_name', default='precomp',
                        help='{coco,f30k}_precomp')
    p.add_argument('--vocab_path', default='./vocab/',
                        help='folder of vocabulary json files.')
    p.add_argument('--margin', default=0.2, type=float,
                        help='ranking loss margin.')
    p.add_argument('--num_epochs', default=30, type=int,
                        help='epochs.')
    p.add_argument('--batch_size', default=128, type=int,
                        help='samples per batch.')
    p.add_argument('--word_dim', default=300, type=int,
                        help='word embedding size.')
    p.add_argument('--embed_size', default=1024, type=int,
                        help='joint space size.')
    p.add_argument('--grad_clip', default=2., type=float,
                        help='gradient norm clip.')
    p.add_argument('--num_layers', default=1, type=int,
                        help='GRU depth.')
    p.add_argument('--learning_rate', default=.0002, type=float,
                        help='starting lr.')
    p.add_argument('--lr_update', default=15, type=int,
                        help='epochs between lr drops.')
    p.add_argument('--workers', default=10, type=int,
                        help='loader workers.')
    p.add_argument('--log_step', default=10, type=int,
                        help='iterations between log lines.')
    p.add_argument('--val_step', default=500, type=int,
                        help='iterations between validations.')
    p.add_argument('--logger_name', default='./runs/runX/log',
                        help='tensorboard folder.')
    p.add_argument('--model_name', default='./runs/runX/checkpoint',
                        help='checkpoint folder.')
    p.add_argument('--resume', default='', type=str, metavar='PATH',
                        help='checkpoint to resume from (default: none)')
    p.add_argument('--max_violation', action='store_true',
                        help='hardest negative instead of sum.')
    p.add_argument('--img_dim', default=2048, type=int,
                        help='region feature size.')
    p.add_argument('--no_imgnorm', action='store_true',
                        help='skip image embedding normalisation.')
    p.add_argument('--no_txtnorm', action='store_true',
                        help='skip text embedding normalisation.')
    p.add_argument('--raw_feature_norm', default="clipped_l2norm",
                        help='clipped_l2norm|l2norm|clipped_l1norm|l1norm|no_norm|softmax')
    p.add_argument('--agg_func', default="LogSumExp",
                        help='LogSumExp|Mean|Max|Sum')
    p.add_argument('--cross_attn', default="t2i",
                        help='t2i|i2t')
    p.add_argument('--precomp_enc_type', default="basic",
                        help='basic|weight_norm')
    p.add_argument('--bi_gru', action='store_true',
                        help='bidirectional GRU.')
    p.add_argument('--lambda_lse', default=6., type=float,
                        help='LogSumExp temperature.')
    p.add_argument('--lambda_softmax', default=9., type=float,
                        help='attention softmax temperature.')
    opt = p.parse_args()
    print(opt)

    logging.basicConfig(format='%(asctime)s %(message)s', level=logging.INFO)
    tb_logger.configure(opt.logger_name, flush_secs=5)

    # vocabulary
    vocab = deserialize_vocab(os.path.join(opt.vocab_path, '%s_vocab.json' % opt.data_name))
    opt.vocab_size = len(vocab)

    # loaders
    train_dl, val_dl = data.get_loaders(
        opt.data_name, vocab, opt.batch_size, opt.workers, opt)

    # model
    net = SCAN(opt)

    best = 0
    first_epoch = 0
    # resume if asked
    if opt.resume:
        if os.path.isfile(opt.resume):
            print("=> reading checkpoint '{}'".format(opt.resume))
            ckpt = torch.load(opt.resume)
            first_epoch = ckpt['epoch'] + 1
            best = ckpt['best_rsum']
            net.load_state_dict(ckpt['model'])
            # continue the iteration counter of the earlier
            # run
            net.Eiters = ckpt['Eiters']
            print("=> resumed '{}' (epoch {}, best rsum {})"
                  .format(opt.resume, first_epoch, best))
            evaluate(opt, val_dl, net)
        else:
            print("=> nothing at '{}'".format(opt.resume))

    # epochs
    for ep in range(first_epoch, opt.num_epochs):
        print(opt.logger_name)
        print(opt.model_name)

        set_lr(opt, net.optimizer, ep)

        # one epoch of training
        run_epoch(opt, train_dl, net, ep, val_dl)

        # validation
        rsum = evaluate(opt, val_dl, net)

        # keep the best checkpoint
        improved = rsum > best
        best = max(rsum, best)
        if not os.path.exists(opt.model_name):
            os.mkdir(opt.model_name)
        write_ckpt({
            'epoch': ep,
            'model': net.state_dict(),
            'best_rsum': best,
            'opt': opt,
            'Eiters': net.Eiters,
        }, improved, filename='ckpt_{}.pth.tar'.format(ep), prefix=opt.model_name + '/')


def run_epoch(opt, train_dl, net, ep, val_dl):
    # timers and loss log
    t_batch = AverageMeter()
    t_data = AverageMeter()
    collector = LogCollector()

    tick = time.time()
    for k, batch in enumerate(train_dl):
        # training mode
        net.train_start()

        # time spent waiting for data
        t_data.update(time.time() - tick)

        # attach the collector
        net.logger = collector

        # one update
        net.train_emb(*batch)

        # time of the whole step
        t_batch.update(time.time() - tick)
        tick = time.time()

        # console log
        if net.Eiters % opt.log_step == 0:
            logging.info(
                'Epoch: [{0}][{1}/{2}]\t'
                '{e_log}\t'
                'Time {t_batch.val:.3f} ({t_batch.avg:.3f})\t'
                'Data {t_data.val:.3f} ({t_data.avg:.3f})\t'
                .format(
                    ep, k, len(train_dl), t_batch=t_batch,
                    t_data=t_data, e_log=str(net.logger)))

        # tensorboard scalars
        tb_logger.log_value('epoch', ep, step=net.Eiters)
        tb_logger.log_value('step', k, step=net.Eiters)
        tb_logger.log_value('batch_time', t_batch.val, step=net.Eiters)
        tb_logger.log_value('data_time', t_data.val, step=net.Eiters)
        net.logger.tb_log(tb_logger, step=net.Eiters)

        # periodic validation
        if net.Eiters % opt.val_step == 0:
            evaluate(opt, val_dl, net)


def evaluate(opt, val_dl, net):
    # embed every validation image and caption
    img_embs, cap_embs, cap_lens = encode_data(
        net, val_dl, opt.log_step, logging.info)

    img_embs = numpy.array([img_embs[j] for j in range(0, len(img_embs), 5)])

    t0 = time.time()
    if opt.cross_attn == 't2i':
        sims = shard_xattn_t2i(img_embs, cap_embs, cap_lens, opt, shard_size=128)
    elif opt.cross_attn == 'i2t':
        sims = shard_xattn_i2t(img_embs, cap_embs, cap_lens, opt, shard_size=128)
    else:
        raise NotImplementedError
    t1 = time.time()
    print("similarity matrix seconds:", t1-t0)

    # image -> caption recall
    (r1, r5, r10, medr, meanr) = i2t(img_embs, cap_embs, cap_lens, sims)
    logging.info("i2t: %.1f, %.1f, %.1f, %.1f, %.1f" %
                 (r1, r5, r10, medr, meanr))
    # caption -> image recall
    (r1i, r5i, r10i, medri, meanr) = t2i(
        img_embs, cap_embs, cap_lens, sims)
    logging.info("t2i: %.1f, %.1f, %.1f, %.1f, %.1f" %
                 (r1i, r5i, r10i, medri, meanr))
    # sum of recalls drives model selection
    score = r1 + r5 + r10 + r1i + r5i + r10i

    # tensorboard scalars
    tb_logger.log_value('r1', r1, step=net.Eiters)
    tb_logger.log_value('r5', r5, step=net.Eiters)
    tb_logger.log_value('r10', r10, step=net.Eiters)
    tb_logger.log_value('medr', medr, step=net.Eiters)
    tb_logger.log_value('meanr', meanr, step=net.Eiters)
    tb_logger.log_value('r1i', r1i, step=net.Eiters)
    tb_logger.log_value('r5i', r5i, step=net.Eiters)
    tb_logger.log_value('r10i', r10i, step=net.Eiters)
    tb_logger.log_value('medri', medri, step=net.Eiters)
    tb_logger.log_value('meanr', meanr, step=net.Eiters)
    tb_logger.log_value('rsum', score, step=net.Eiters)

    return score


def write_ckpt(state, is_best, filename='checkpoint.pth.tar', prefix=''):
    attempts = 15
    err = None

    # retry on flaky file systems
    while attempts:
        try:
            torch.save(state, prefix + filename)
            if is_best:
                shutil.copyfile(prefix + filename, prefix + 'model_best.pth.tar')
        except IOError as e:
            err = e
            attempts -= 1
        else:
            break
        print('saving {} failed, {} attempts left'.format(filename, attempts))
        if not attempts:
            raise err


def set_lr(opt, optimizer, ep):
    """Starting lr divided by 10 every
       lr_update epochs"""
    lr = opt.learning_rate * (0.1 ** (ep // opt.lr_update))
    for group in optimizer.param_groups:
        group['lr'] = lr


def accuracy(output, target, topk=(1,)):
    """precision@k for each k in topk"""
    maxk = max(topk)
    n = target.size(0)

    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))

    out = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)
        out.append(correct_k.mul_(100.0 / n))
    return out


if __name__ == '__main__':
    main()
