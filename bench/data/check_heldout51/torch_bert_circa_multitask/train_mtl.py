# library imports
import argparse
import os
import json
import random
from timeit import default_timer as timer
import datetime
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from sklearn.metrics import accuracy_score, precision_recall_fscore_support

# transformers imports
from transformers import BertForSequenceClassification
from transformers import BertTokenizer
from transformers import AdamW

# project imports
from data.LoadData import load_mtl_data
from multi_task.bert_mtl import MLTBertForSequenceClassification


def run_one_pass(net, opt, chunk, split, dev, learn=True):
    """
    Runs the network once over a whole split.
    Arguments:
        net - the BERT network
        opt - its AdamW optimizer
        chunk - how many rows go in one mini batch
        split - the split to go through
        dev - torch device
        learn - update the weights (True) or only score (False)
    Returns:
        avg_loss - loss averaged over the pass
        acc - accuracy over every row of the split
    """

    # choose train or eval behaviour
    if learn:
        net.train()
    else:
        net.eval()

    # clock the pass
    t0 = timer()

    # collectors for loss values, scores and gold labels
    scores = []
    golds = []
    loss_log = []

    # reshuffle the rows
    split = split.shuffle(load_from_cache_file=False)
    windows = [range(len(split))[k * chunk:(k + 1) * chunk] for k in range((len(split) + chunk - 1) // chunk )]

    # go through the mini batches
    for it, win in enumerate(windows):
        net.zero_grad()

        # slice the rows of this mini batch
        win = split[win[0]:win[-1]]
        ids = torch.tensor(win['input_ids'], device=dev)
        mask = torch.tensor(win['attention_mask'], device=dev)
        gold = torch.tensor(win['labels'], device=dev)
        task = torch.tensor(win['task_idx'], device=dev)

        # forward pass
        out = net(ids, attention_mask=mask, labels=gold, task_idx=task)
        step_loss = out.loss

        if learn:
            # backprop and update
            step_loss.backward()
            opt.step()

        # remember loss, gold labels and scores
        loss_log.append(step_loss)
        scores.append(out.logits)
        golds.append(gold)

    # mean loss of the pass
    avg_loss = torch.mean(torch.stack(loss_log, dim=0), dim=0)

    # accuracy of the pass
    scores = torch.argmax(torch.cat(scores, dim=0), dim=1)
    golds = torch.cat(golds, dim=0)
    acc = torch.true_divide(torch.sum(scores == golds), torch.tensor(golds.shape[0], device=golds.device))

    # stop the clock
    t1 = timer()

    # wall time of the pass
    took = str(datetime.timedelta(seconds=(t1 - t0)))

    # hand back time, loss and accuracy
    return took, avg_loss, acc


def matched_setting(opts, dev):
    """
    Train and test in the matched setting.
    Arguments:
        opts - parsed command line options
        dev - torch device
    """

    # number of answer classes
    if opts.labels == 'strict':
        n_cls = 6
    else:
        n_cls = 4

    # build the network
    print('building network..')
    net = MLTBertForSequenceClassification.from_pretrained('bert-base-uncased',
        num_labels=n_cls
    ).to(dev)
    tok = BertTokenizer.from_pretrained('bert-base-uncased')

    # extra heads for the side tasks
    net.add_aux_classifiers([6, 6])

    # optimizer with and without decay groups
    skip_decay = ['bias', 'LayerNorm.weight']
    groups = [
        {'params': [p for n, p in net.named_parameters() if not any(s in n for s in skip_decay)], 'weight_decay': 0.01},
        {'params': [p for n, p in net.named_parameters() if any(s in n for s in skip_decay)], 'weight_decay': 0.0}
    ]
    opt = AdamW(groups, lr=opts.lr)
    print('network ready')

    # training mode
    net.train()

    # read the data
    print('reading data..')
    tr, va, te = load_mtl_data(opts, tok)
    print('data ready')

    # epochs
    print('training..')
    for ep in range(1, opts.num_epochs + 1):
        # one training pass
        tr_time, tr_loss, tr_acc = run_one_pass(net, opt, opts.batch_size, tr, dev, learn=True)

        # one validation pass
        with torch.no_grad():
            va_time, va_loss, va_acc = run_one_pass(net, opt, opts.batch_size, va, dev, learn=False)

        # report the epoch
        print('ep {}: tr_time {} | tr_loss {} | tr_acc {} | va_time {} | va_loss {} | va_acc {}'.format(
                ep,
                tr_time,
                round(tr_loss.item(), 4),
                round(tr_acc.item(), 4),
                va_time,
                round(va_loss.item(), 4),
                round(va_acc.item(), 4),
             )
         )
    print('training done')

    # final test
    print('testing..')
    with torch.no_grad():
        te_time, te_loss, te_acc = run_one_pass(net, opt, opts.batch_size, te, dev, learn=False)
    print('test: time {} | loss {} | acc {}'.format(
            te_time,
            round(te_loss.item(), 4),
            round(te_acc.item(), 4),
         )
     )



def unmatched_setting(opts, dev):
    """
    Train and test in the unmatched setting.
    Arguments:
        opts - parsed command line options
        dev - torch device
    """

    # results per held out scenario
    per_scenario = dict()

    # the ten scenarios
    contexts = ["X asks what food Y likes.",
        "X asks how Y spends weekends.",
        "X asks which books Y reads.",
        "Y moved in next door and meets X.",
        "X and Y leave the office together on a Friday.",
        "X asks what music Y likes.",
        "Y came from another city to see X.",
        "X and Y grew up next door and meet again in a cafe.",
        "Y told X about buying a flat in New York.",
        "Y told X about changing jobs."
    ]

    # tokenizer
    tok = BertTokenizer.from_pretrained('bert-base-uncased')

    # number of answer classes
    if opts.labels == 'strict':
        n_cls = 6
    else:
        n_cls = 4

    # one run per held out scenario
    for pos, held_out in enumerate(contexts):
        # random validation scenario from the rest
        rest = contexts[:]
        rest.remove(held_out)
        val_ctx = random.choice(rest)

        # not written yet
        exit()


def run(opts):
    """
    Entry: train and test the BERT network.
    Arguments:
        opts - parsed command line options
    """

    # seed
    #torch.manual_seed(opts.seed)

    # pick the device
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    # show the settings
    print('===== SETTINGS =====')
    print('variant: {}'.format(opts.model_version))
    print('labels: {}'.format(opts.labels))
    print('setting: {}'.format(opts.setting))
    print('device: {}'.format(dev))
    print('epochs: {}'.format(opts.num_epochs))
    print('lr: {}'.format(opts.lr))
    print('batch: {}'.format(opts.batch_size))
    print('logs: {}'.format(opts.log_dir))
    print('results: {}'.format(opts.results_dir))
    print('====================')

    # pick the setting
    if opts.setting == 'matched':
        matched_setting(opts, dev)
    else:
        unmatched_setting(opts, dev)


# command line
if __name__ == '__main__':
    ap = argparse.ArgumentParser(
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)

    # network options
    ap.add_argument('--model_version', default='QA', type=str,
                        help='Input variant: QA (question and answer), Q or A',
                        choices=['QA', 'Q', 'A'])
    ap.add_argument('--labels', default='strict', type=str,
                        help='Label set, strict or relaxed',
                        choices=['strict', 'relaxed'])
    ap.add_argument('--setting', default='matched', type=str,
                        help='Evaluation setting, matched or unmatched',
                        choices=['matched', 'unmatched'])

    # training options
    ap.add_argument('--num_epochs', default=3, type=int,
                        help='Epochs to train')

    # optimizer options
    ap.add_argument('--lr', default=3e-5, type=float,
                        help='Learning rate')
    ap.add_argument('--batch_size', default=8, type=int,
                        help='Mini batch size')

    # checkpoint options
    ap.add_argument('--checkpoint_dir', default=None, type=str,
                        help='Folder of a checkpoint to start from (none by default)')

    # other options
    ap.add_argument('--seed', default=1234, type=int,
                        help='Random seed')
    ap.add_argument('--log_dir', default='./mtl_train_logs', type=str,
                        help='Folder for training logs')
    ap.add_argument('--results_dir', default='./mtl_results', type=str,
                        help='Folder for results')

    # parse
    opts = ap.parse_args()

    # go
    run(opts)
