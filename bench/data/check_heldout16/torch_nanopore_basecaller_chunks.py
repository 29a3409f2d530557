#!/usr/bin/env python3

"""
Train a basecaller on chunked signal.
"""

import os
import csv
from functools import partial
from datetime import datetime
from collections import OrderedDict
from argparse import ArgumentParser
from argparse import ArgumentDefaultsHelpFormatter

from bonito.util import load_data, load_model, load_symbol, init, default_config, default_data
from bonito.training import ChunkDataSet, load_state, train, test, func_scheduler, cosine_decay_schedule, CSVLogger

import toml
import torch
import numpy as np
from torch.optim import AdamW
from torch.utils.data import DataLoader


def read_chunk_arrays(max_rows=None, data_dir=None):
    """
    Return the chunk, reference and length arrays
    """
    if data_dir is None:
        data_dir = default_data

    signal_chunks = np.load(os.path.join(data_dir, "chunks.npy"), mmap_mode='r')
    target_seqs = np.load(os.path.join(data_dir, "references.npy"), mmap_mode='r')
    target_lens = np.load(os.path.join(data_dir, "reference_lengths.npy"), mmap_mode='r')

    index_file = os.path.join(data_dir, "indices.npy")
    
    if os.path.exists(index_file):
        sel_idx = np.load(index_file, mmap_mode='r')
        sel_idx = sel_idx[sel_idx < target_lens.shape[0]]
        if max_rows:
            sel_idx = sel_idx[:max_rows]
        return signal_chunks[sel_idx, :], target_seqs[sel_idx, :], target_lens[sel_idx]

    if max_rows:
        signal_chunks = signal_chunks[:max_rows]
        target_seqs = target_seqs[:max_rows]
        target_lens = target_lens[:max_rows]

    return np.array(signal_chunks), np.array(target_seqs), np.array(target_lens)


class SignalChunkDataset:
    def __init__(self, signal_chunks, target_seqs, target_lens):
        self.signal_chunks = np.expand_dims(signal_chunks, axis=1)
        self.target_seqs = target_seqs
        self.target_lens = target_lens

    def __getitem__(self, i):
        return (
            self.signal_chunks[i].astype(np.float32),
            self.target_seqs[i].astype(np.int64),
            self.target_lens[i].astype(np.int64),
        )

    def __len__(self):
        return len(self.target_lens)

def run_training(opts):

    out_dir = os.path.expanduser(opts.training_directory)

    if os.path.exists(out_dir) and not opts.force:
        print("[stop] %s is already there; pass -f to train into it anyway." % out_dir)
        exit(1)

    init(opts.seed, opts.device)
    dev = torch.device(opts.device)

    print("[reading chunks]")
    train_arrays = read_chunk_arrays(max_rows=opts.chunks, data_dir=opts.directory)
    if os.path.exists(os.path.join(opts.directory, 'validation')):
        valid_arrays = read_chunk_arrays(data_dir=os.path.join(opts.directory, 'validation'))
    else:
        print("[no validation folder: holding out the last 3% of the training chunks]")
        cut = np.floor(len(train_arrays[0]) * 0.97).astype(np.int32)
        valid_arrays = [arr[cut:] for arr in train_arrays]
        train_arrays = [arr[:cut] for arr in train_arrays]

    loader_train = DataLoader(SignalChunkDataset(*train_arrays), batch_size=opts.batch, shuffle=True, num_workers=4, pin_memory=True)
    loader_valid = DataLoader(SignalChunkDataset(*valid_arrays), batch_size=opts.batch, num_workers=4, pin_memory=True)

    model_cfg = toml.load(opts.config)
    run_opts = dict(training=vars(opts))

    data_cfg = {}
    data_cfg_path = os.path.join(opts.directory, 'config.toml')
    if os.path.isfile(data_cfg_path):
        data_cfg = toml.load(os.path.join(data_cfg_path))

    os.makedirs(out_dir, exist_ok=True)
    toml.dump({**model_cfg, **run_opts, **data_cfg}, open(os.path.join(out_dir, 'config.toml'), 'w'))

    print("[building network]")
    if opts.pretrained:
        print("[starting from weights in {}]".format(opts.pretrained))
        basecall_model = load_model(opts.pretrained, dev, half=False)
    else:
        basecall_model = load_symbol(model_cfg, 'Model')(model_cfg)
    model_optimizer = AdamW(basecall_model.parameters(), amsgrad=False, lr=opts.lr)

    start_epoch_idx = load_state(out_dir, opts.device, basecall_model, model_optimizer, use_amp=opts.amp)

    lr_sched = func_scheduler(
        model_optimizer, cosine_decay_schedule(1.0, 0.1), opts.epochs * len(loader_train),
        warmup_steps=500, start_step=start_epoch_idx*len(loader_train)
    )

    if opts.multi_gpu:
        from torch.nn import DataParallel
        basecall_model = DataParallel(basecall_model)
        basecall_model.decode = basecall_model.module.decode
        basecall_model.alphabet = basecall_model.module.alphabet

    if hasattr(basecall_model, 'seqdist'):
        ctc_criterion = basecall_model.seqdist.ctc_loss
    else:
        ctc_criterion = None

    for epoch in range(1 + start_epoch_idx, opts.epochs + 1 + start_epoch_idx):

        try:
            with CSVLogger(os.path.join(out_dir, 'losses_{}.csv'.format(epoch))) as step_log:
                train_loss_avg, secs = train(
                    basecall_model, dev, loader_train, model_optimizer, criterion=ctc_criterion,
                    use_amp=opts.amp, lr_scheduler=lr_sched,
                    loss_log = step_log
                )
    
            weights_state = basecall_model.state_dict() if not opts.multi_gpu else basecall_model.module.state_dict()
            torch.save(weights_state, os.path.join(out_dir, "weights_%s.tar" % epoch))

            valid_loss, valid_acc_mean, valid_acc_median = test(
                basecall_model, dev, loader_valid, criterion=ctc_criterion
            )
        except KeyboardInterrupt:
            break

        print("[pass {}] out={} valid loss {:.4f}, accuracy mean {:.3f}% median {:.3f}%".format(
            epoch, out_dir, valid_loss, valid_acc_mean, valid_acc_median
        ))

        with CSVLogger(os.path.join(out_dir, 'training.csv')) as epoch_log:
            epoch_log.append(OrderedDict([
                ('time', datetime.today()),
                ('duration', int(secs)),
                ('epoch', epoch),
                ('train_loss', train_loss_avg),
                ('validation_loss', valid_loss),
                ('validation_mean', valid_acc_mean),
                ('validation_median', valid_acc_median)
            ]))

def build_cli():
    cli = ArgumentParser(
        formatter_class=ArgumentDefaultsHelpFormatter,
        add_help=False
    )
    cli.add_argument("training_directory")
    cli.add_argument("--config", default=default_config)
    cli.add_argument("--directory", default=default_data)
    cli.add_argument("--device", default="cuda")
    cli.add_argument("--lr", default=2e-3, type=float)
    cli.add_argument("--seed", default=25, type=int)
    cli.add_argument("--epochs", default=5, type=int)
    cli.add_argument("--batch", default=64, type=int)
    cli.add_argument("--chunks", default=0, type=int)
    cli.add_argument("--amp", action="store_true", default=False)
    cli.add_argument("--multi-gpu", action="store_true", default=False)
    cli.add_argument("-f", "--force", action="store_true", default=False)
    cli.add_argument("--pretrained", default="")
    return cli
