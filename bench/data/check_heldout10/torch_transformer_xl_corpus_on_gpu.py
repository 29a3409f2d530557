# coding: utf-8
import argparse
import time
import math
import os, sys
import itertools

import numpy as np

import torch
import torch.nn as nn
import torch.optim as optim

from mem_transformer import MemTransformerLM
from utils.exp_utils import create_exp_dir
from utils.vocabulary import Vocab

# == taken from data_utils.py ==
class OrderedTokenBatches(object):
    def __init__(self, data_seq, n_streams, seg_len, run_device='cpu', extra_ctx=None):
        self.n_streams = n_streams
        self.seg_len = seg_len
        self.extra_ctx = extra_ctx if extra_ctx is not None else 0

        self.run_device = run_device

        self.steps_total = data_seq.size(0) // n_streams

        data_seq = data_seq.narrow(0, 0, self.steps_total * n_streams)

        # one column per stream: (steps, n_streams)
        self.data_seq = data_seq.view(n_streams, -1).t().contiguous().to(run_device)

        self.n_batches = (self.steps_total + self.seg_len - 1) // self.seg_len

    def slice_batch(self, i, seg_len=None):
        if seg_len is None: seg_len = self.seg_len
        span_len = min(seg_len, self.data_seq.size(0) - 1 - i)

        stop_at = i + span_len
        begin_at = max(0, i - self.extra_ctx)

        data_seq = self.data_seq[begin_at:stop_at]
        target_seq = self.data_seq[i+1:i+1+span_len]

        return data_seq, target_seq, span_len

    def iter_fixed_len(self, from_pos=0):
        for i in range(from_pos, self.data_seq.size(0) - 1, self.seg_len):
            yield self.slice_batch(i)

    def __iter__(self):
        return self.iter_fixed_len()

class TokenCorpus(object):
    def __init__(self, corpus_path, dataset_name, *vocab_args, **vocab_kwargs):
        self.dataset_name = dataset_name
        self.word_vocab = Vocab(*vocab_args, **vocab_kwargs)
        self.word_vocab.count_file(os.path.join(corpus_path, 'train.txt'))
        self.word_vocab.build_vocab()
        self.train_ids = self.word_vocab.encode_file(os.path.join(corpus_path, 'train.txt'), ordered=True)
        self.valid_ids = self.word_vocab.encode_file(os.path.join(corpus_path, 'valid.txt'), ordered=True)
        self.test_ids  = self.word_vocab.encode_file(os.path.join(corpus_path, 'test.txt'), ordered=True)

    def make_iterator(self, part, *iter_args, **iter_kwargs):
        if part == 'train':
            batch_iter = OrderedTokenBatches(self.train_ids, *iter_args, **iter_kwargs)
        elif part in ['valid', 'test']:
            data_seq = self.valid_ids if part == 'valid' else self.test_ids
            batch_iter = OrderedTokenBatches(data_seq, *iter_args, **iter_kwargs)
        return batch_iter

def load_or_build_corpus(data_dir, dataset_name):
    cache_file = os.path.join(data_dir, 'cache.pt')
    if os.path.exists(cache_file):
        print('Reusing the tokenised corpus cache')
        lm_corpus = torch.load(cache_file)
    else:
        print('Tokenising corpus {} (first run)'.format(dataset_name))
        vocab_opts = {}
        if dataset_name in ['wt103', 'wt2']:
            vocab_opts['special'] = ['<eos>']
            vocab_opts['lower_case'] = False
        lm_corpus = TokenCorpus(data_dir, dataset_name, **vocab_opts)
        torch.save(lm_corpus, cache_file)

    return lm_corpus

# == taken from train.py ==
cli = argparse.ArgumentParser(description='Transformer-XL language model training')
cli.add_argument('--data', type=str, default='../data/wikitext-103', help='folder with train/valid/test.txt')
cli.add_argument('--dataset', type=str, default='wt103', choices=['wt103', 'wt2'], help='which corpus')
cli.add_argument('--n_layer', type=int, default=12, help='layers')
cli.add_argument('--n_head', type=int, default=10, help='attention heads')
cli.add_argument('--d_head', type=int, default=50, help='width per head')
cli.add_argument('--d_model', type=int, default=500, help='hidden width')
cli.add_argument('--d_inner', type=int, default=1000, help='feed-forward width')
cli.add_argument('--dropout', type=float, default=0.0, help='dropout')
cli.add_argument('--dropatt', type=float, default=0.0, help='dropout on attention weights')
cli.add_argument('--lr', type=float, default=0.00025, help='starting step size')
cli.add_argument('--clip', type=float, default=0.25, help='max grad norm')
cli.add_argument('--max_step', type=int, default=100000, help='updates in total')
cli.add_argument('--batch_size', type=int, default=60, help='parallel streams in training')
cli.add_argument('--tgt_len', type=int, default=70, help='target tokens per segment')
cli.add_argument('--eval_tgt_len', type=int, default=50, help='target tokens per segment when evaluating')
cli.add_argument('--ext_len', type=int, default=0, help='extra context tokens')
cli.add_argument('--mem_len', type=int, default=0, help='memory length')
cli.add_argument('--seed', type=int, default=1111, help='seed')
cli.add_argument('--cuda', action='store_true', help='run on the GPU')
cli.add_argument('--log-interval', type=int, default=200, help='updates between log lines')
cli.add_argument('--eval-interval', type=int, default=4000, help='updates between validations')
cli.add_argument('--work_dir', default='LM-TFM', type=str, help='where runs are written')
cli.add_argument('--debug', action='store_true', help='dry run, nothing written')
cli.add_argument('--max_eval_steps', type=int, default=-1, help='cap on evaluation batches')
opts = cli.parse_args()

opts.work_dir = '{}-{}'.format(opts.work_dir, opts.dataset)
opts.work_dir = os.path.join(opts.work_dir, time.strftime('%Y%m%d-%H%M%S'))
log_fn = create_exp_dir(opts.work_dir,
    scripts_to_save=['train.py', 'mem_transformer.py'], debug=opts.debug)

np.random.seed(opts.seed)
torch.manual_seed(opts.seed)
if torch.cuda.is_available():
    torch.cuda.manual_seed_all(opts.seed)

run_device = torch.device('cuda' if opts.cuda else 'cpu')

# corpus and batch iterators
lm_corpus = load_or_build_corpus(opts.data, opts.dataset)
vocab_n = len(lm_corpus.word_vocab)
opts.n_token = vocab_n

eval_batch_n = 10
train_iter = lm_corpus.make_iterator('train', opts.batch_size, opts.tgt_len,
    run_device=run_device, extra_ctx=opts.ext_len)
val_iter = lm_corpus.make_iterator('valid', eval_batch_n, opts.eval_tgt_len,
    run_device=run_device, extra_ctx=opts.ext_len)
test_iter = lm_corpus.make_iterator('test', eval_batch_n, opts.eval_tgt_len,
    run_device=run_device, extra_ctx=opts.ext_len)

# network
lm_model = MemTransformerLM(vocab_n, opts.n_layer, opts.n_head, opts.d_model,
    opts.d_head, opts.d_inner, opts.dropout, opts.dropatt,
    tgt_len=opts.tgt_len, ext_len=opts.ext_len, mem_len=opts.mem_len)
lm_model_dev = lm_model.to(run_device)

adam_optimizer = optim.Adam(lm_model.parameters(), lr=opts.lr)
cos_sched = optim.lr_scheduler.CosineAnnealingLR(adam_optimizer, opts.max_step, eta_min=0.0)

# loops

def run_eval(eval_batches):
    lm_model.eval()

    if opts.mem_len == 0:
        lm_model.reset_length(opts.eval_tgt_len,
            opts.ext_len+opts.tgt_len-opts.eval_tgt_len, opts.mem_len)
    else:
        lm_model.reset_length(opts.eval_tgt_len,
            opts.ext_len, opts.mem_len+opts.tgt_len-opts.eval_tgt_len)

    # average the loss over every target token
    n_tokens_seen, loss_sum = 0, 0.
    with torch.no_grad():
        mem_state = tuple()
        for i, (data_seq, target_seq, span_len) in enumerate(eval_batches):
            if opts.max_eval_steps > 0 and i >= opts.max_eval_steps:
                break
            fwd_out = lm_model(data_seq, target_seq, *mem_state)
            batch_loss, mem_state = fwd_out[0], fwd_out[1:]
            batch_loss = batch_loss.mean()
            loss_sum += span_len * batch_loss.float().item()
            n_tokens_seen += span_len

    lm_model.reset_length(opts.tgt_len, opts.ext_len, opts.mem_len)
    lm_model.train()

    return loss_sum / n_tokens_seen

def train_one_pass():
    global train_step_n, train_loss_acc, best_val_loss_seen, eval_t0, log_t0
    lm_model.train()
    mem_state = tuple()
    for batch_i, (data_seq, target_seq, span_len) in enumerate(train_iter):
        lm_model.zero_grad()
        fwd_out = lm_model_dev(data_seq, target_seq, *mem_state)
        batch_loss, mem_state = fwd_out[0], fwd_out[1:]
        batch_loss = batch_loss.float().mean().type_as(batch_loss)
        batch_loss.backward()
        train_loss_acc += batch_loss.float().item()

        torch.nn.utils.clip_grad_norm_(lm_model.parameters(), opts.clip)
        adam_optimizer.step()

        # the cosine schedule is stepped per update
        train_step_n += 1
        cos_sched.step(train_step_n)

        if train_step_n % opts.log_interval == 0:
            mean_loss = train_loss_acc / opts.log_interval
            log_fn('pass {:3d}, update {:>8d}: loss {:5.2f}, perplexity {:9.3f}'.format(
                epoch_i, train_step_n, mean_loss, math.exp(mean_loss)))
            train_loss_acc = 0
            log_t0 = time.time()

        if train_step_n % opts.eval_interval == 0:
            val_loss_now = run_eval(val_iter)
            log_fn('validation #{:3d} (update {:>8d}): loss {:5.2f}'.format(
                train_step_n // opts.eval_interval, train_step_n, val_loss_now))
            # keep the weights with the lowest val loss so far
            if not best_val_loss_seen or val_loss_now < best_val_loss_seen:
                if not opts.debug:
                    with open(os.path.join(opts.work_dir, 'model.pt'), 'wb') as fh:
                        torch.save(lm_model, fh)
                    with open(os.path.join(opts.work_dir, 'optimizer.pt'), 'wb') as fh:
                        torch.save(adam_optimizer.state_dict(), fh)
                best_val_loss_seen = val_loss_now
            eval_t0 = time.time()

        if train_step_n == opts.max_step:
            break

# run passes until max_step is reached
train_step_n = 0
train_loss_acc = 0
best_val_loss_seen = None

log_t0 = time.time()
eval_t0 = time.time()
try:
    for epoch_i in itertools.count(start=1):
        train_one_pass()
        if train_step_n == opts.max_step:
            log_fn('-' * 100)
            log_fn('max_step reached, stopping')
            break
except KeyboardInterrupt:
    log_fn('-' * 100)
    log_fn('interrupted, leaving the training loop')

# reload the best checkpoint
with open(os.path.join(opts.work_dir, 'model.pt'), 'rb') as fh:
    lm_model = torch.load(fh)
lm_model_dev = lm_model.to(run_device)

# final score on the test split
test_loss_final = run_eval(test_iter)
log_fn('test split: loss {:5.2f}, perplexity {:9.3f}'.format(
    test_loss_final, math.exp(test_loss_final)))
