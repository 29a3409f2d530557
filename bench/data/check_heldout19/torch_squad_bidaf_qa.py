"""BiDAF question answering on SQuAD 2.0: the training loop.

Bundles the training entry point, its options and the record-reading, padding
and averaging utilities that lived in util.py.  The network itself (models.py,
layers.py) and the answer scoring, checkpoint and logging utilities are still
imported rather than copied here.
"""
import argparse
import random
from collections import OrderedDict
from json import dumps

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import torch.optim.lr_scheduler as sched
import torch.utils.data as data
import ujson as json
from tensorboardX import SummaryWriter
from tqdm import tqdm
from ujson import load as json_load

import util                      # saving, logging and answer-scoring utilities
from models import BiDAF


# ----------------------------------------------------------------- command line
def read_train_options():
    arg_parser = argparse.ArgumentParser('BiDAF training on SQuAD records')
    arg_parser.add_argument('--train_record_file', type=str, default='./data/train.npz')
    arg_parser.add_argument('--dev_record_file', type=str, default='./data/dev.npz')
    arg_parser.add_argument('--word_emb_file', type=str, default='./data/word_emb.json')
    arg_parser.add_argument('--dev_eval_file', type=str, default='./data/dev_eval.json')
    arg_parser.add_argument('--name', '-n', type=str, required=True)
    arg_parser.add_argument('--max_ans_len', type=int, default=15)
    arg_parser.add_argument('--num_workers', type=int, default=4)
    arg_parser.add_argument('--save_dir', type=str, default='./save/')
    arg_parser.add_argument('--batch_size', type=int, default=64)
    arg_parser.add_argument('--use_squad_v2', type=lambda s: s.lower().startswith('t'), default=True)
    arg_parser.add_argument('--hidden_size', type=int, default=100)
    arg_parser.add_argument('--num_visuals', type=int, default=10)
    arg_parser.add_argument('--load_path', type=str, default=None)
    arg_parser.add_argument('--eval_steps', type=int, default=50000)
    arg_parser.add_argument('--lr', type=float, default=0.5)
    arg_parser.add_argument('--l2_wd', type=float, default=0)
    arg_parser.add_argument('--num_epochs', type=int, default=30)
    arg_parser.add_argument('--drop_prob', type=float, default=0.2)
    arg_parser.add_argument('--metric_name', type=str, default='F1', choices=('NLL', 'EM', 'F1'))
    arg_parser.add_argument('--max_checkpoints', type=int, default=5)
    arg_parser.add_argument('--max_grad_norm', type=float, default=5.0)
    arg_parser.add_argument('--seed', type=int, default=224)
    arg_parser.add_argument('--ema_decay', type=float, default=0.999)
    options = arg_parser.parse_args()
    if options.metric_name == 'NLL':
        options.maximize_metric = False
    elif options.metric_name in ('EM', 'F1'):
        options.maximize_metric = True
    else:
        raise ValueError(f'metric {options.metric_name!r} is not one of NLL, EM, F1')
    return options


# ------------------------------------------------------------ record reading
class SquadRecords(data.Dataset):
    """One SQuAD question per item, taken from a preprocessed .npz file.

    Each item holds context word and character ids, question word and character
    ids, the answer span ends and the example number.  setup.py wrote the arrays
    as int32, padded to 400 context words, 50 question words and 16 characters.
    (limits: para 400, ques 50, char 16)
    """
    def __init__(self, record_path, with_no_answer=True):
        super(SquadRecords, self).__init__()

        npz = np.load(record_path)
        self.ctx_words = torch.from_numpy(npz['context_idxs']).long()
        self.ctx_chars = torch.from_numpy(npz['context_char_idxs']).long()
        self.q_words = torch.from_numpy(npz['ques_idxs']).long()
        self.q_chars = torch.from_numpy(npz['ques_char_idxs']).long()
        self.y_starts = torch.from_numpy(npz['y1s']).long()
        self.y_ends = torch.from_numpy(npz['y2s']).long()

        if with_no_answer:
            # index 0 now stands for "unanswerable"; index 1 is the unknown word
            n_rows, ctx_len, char_len = self.ctx_chars.size()
            ones_col = torch.ones((n_rows, 1), dtype=torch.int64)
            self.ctx_words = torch.cat((ones_col, self.ctx_words), dim=1)
            self.q_words = torch.cat((ones_col, self.q_words), dim=1)

            ones_col = torch.ones((n_rows, 1, char_len), dtype=torch.int64)
            self.ctx_chars = torch.cat((ones_col, self.ctx_chars), dim=1)
            self.q_chars = torch.cat((ones_col, self.q_chars), dim=1)

            self.y_starts += 1
            self.y_ends += 1

        # SQuAD 1.1 keeps only questions that have an answer
        self.example_ids = torch.from_numpy(npz['ids']).long()
        self.kept_rows = [k for k in range(len(self.example_ids))
                           if with_no_answer or self.y_starts[k].item() >= 0]

    def __getitem__(self, row):
        row = self.kept_rows[row]
        return (self.ctx_words[row],
                self.ctx_chars[row],
                self.q_words[row],
                self.q_chars[row],
                self.y_starts[row],
                self.y_ends[row],
                self.example_ids[row])

    def __len__(self):
        return len(self.kept_rows)


def pad_batch(items):
    """Pad every field of a batch only as far as its longest member needs."""
    def stack_scalars(vals, as_type=torch.int64):
        return torch.tensor(vals, dtype=as_type)

    def pad_vectors(seqs, as_type=torch.int64, blank=0):
        lens = [(a != blank).sum() for a in seqs]
        padded = torch.zeros(len(seqs), max(lens), dtype=as_type)
        for i, src in enumerate(seqs):
            padded[i, :lens[i]] = src[:lens[i]]
        return padded

    def pad_matrices(mats, as_type=torch.int64, blank=0):
        rows_used = [(mat.sum(1) != blank).sum() for mat in mats]
        cols_used = [(mat.sum(0) != blank).sum() for mat in mats]
        padded = torch.zeros(len(mats), max(rows_used), max(cols_used), dtype=as_type)
        for i, src in enumerate(mats):
            padded[i, :rows_used[i], :cols_used[i]] = src[:rows_used[i], :cols_used[i]]
        return padded

    c_w, c_c, q_w, q_c, y_start, y_end, batch_ids = zip(*items)
    return (pad_vectors(c_w), pad_matrices(c_c), pad_vectors(q_w), pad_matrices(q_c),
            stack_scalars(y_start), stack_scalars(y_end), stack_scalars(batch_ids))


# ------------------------------------------------------------- running stats
class RunningMean:
    def __init__(self):
        self.mean = 0
        self.total = 0
        self.seen = 0

    def clear(self):
        self.__init__()

    def add(self, value, n_items=1):
        self.seen += n_items
        self.total += value * n_items
        self.mean = self.total / self.seen


class ParamAverager:
    """Keeps a decayed running copy of each trainable weight."""
    def __init__(self, model, rate):
        self.rate = rate
        self.averaged = {}
        self.stashed = {}
        for pkey, param in model.named_parameters():
            if param.requires_grad:
                self.averaged[pkey] = param.data.clone()

    def __call__(self, model, n_updates):
        rate = min(self.rate, (1.0 + n_updates) / (10.0 + n_updates))
        for pkey, param in model.named_parameters():
            if param.requires_grad:
                assert pkey in self.averaged
                blended = (1.0 - rate) * param.data + rate * self.averaged[pkey]
                self.averaged[pkey] = blended.clone()

    def assign(self, model):
        for pkey, param in model.named_parameters():
            if param.requires_grad:
                assert pkey in self.averaged
                self.stashed[pkey] = param.data.clone()
                param.data = self.averaged[pkey]

    def resume(self, model):
        for pkey, param in model.named_parameters():
            if param.requires_grad:
                assert pkey in self.averaged
                param.data = self.stashed[pkey]


def pick_devices():
    gpu_list = []
    if torch.cuda.is_available():
        gpu_list += [k for k in range(torch.cuda.device_count())]
        dev = torch.device(f'cuda:{gpu_list[0]}')
        torch.cuda.set_device(dev)
    else:
        dev = torch.device('cpu')
    return dev, gpu_list


def json_to_tensor(json_path, as_type=torch.float32):
    with open(json_path, 'r') as handle:
        values = np.array(json.load(handle))
    return torch.from_numpy(values).type(as_type)


# ---------------------------------------------------------------- main loop
def run_training(options):
    options.save_dir = util.get_save_dir(options.save_dir, options.name, training=True)
    logger = util.get_logger(options.save_dir, options.name)
    writer = SummaryWriter(options.save_dir)
    dev, options.gpu_list = pick_devices()
    logger.info(f'Options: {dumps(vars(options), indent=4, sort_keys=True)}')
    options.batch_size *= max(1, len(options.gpu_list))

    random.seed(options.seed)
    np.random.seed(options.seed)
    torch.manual_seed(options.seed)
    torch.cuda.manual_seed_all(options.seed)

    logger.info('Reading word vectors ...')
    emb_vectors = json_to_tensor(options.word_emb_file)

    model = BiDAF(word_vectors=emb_vectors, hidden_size=options.hidden_size, drop_prob=options.drop_prob)
    model = nn.DataParallel(model, options.gpu_list)
    if options.load_path:
        model, seen = util.load_model(model, options.load_path, options.gpu_list)
    else:
        seen = 0
    model = model.to(dev)
    model.train()
    averager = ParamAverager(model, options.ema_decay)

    ckpt_keeper = util.CheckpointSaver(options.save_dir, max_checkpoints=options.max_checkpoints,
                                 metric_name=options.metric_name,
                                 maximize_metric=options.maximize_metric, log=logger)
    optimizer = optim.Adadelta(model.parameters(), options.lr, weight_decay=options.l2_wd)
    lr_sched = sched.LambdaLR(optimizer, lambda s: 1.)  # learning rate never changes

    logger.info('Reading the record files ...')
    squad_train_dataset = SquadRecords(options.train_record_file, options.use_squad_v2)
    loader_train = data.DataLoader(squad_train_dataset, batch_size=options.batch_size, shuffle=True,
                                   num_workers=options.num_workers, collate_fn=pad_batch)
    dev_split_dataset = SquadRecords(options.dev_record_file, options.use_squad_v2)
    dev_split_loader = data.DataLoader(dev_split_dataset, batch_size=options.batch_size, shuffle=False,
                                 num_workers=options.num_workers, collate_fn=pad_batch)

    logger.info('Starting the training passes ...')
    until_eval = options.eval_steps
    epoch_no = seen // len(squad_train_dataset)
    while epoch_no != options.num_epochs:
        epoch_no += 1
        logger.info(f'Pass number {epoch_no} begins')
        with torch.enable_grad(), tqdm(total=len(loader_train.dataset)) as progress:
            for ctx_ids, ctx_char_ids, q_ids, q_char_ids, y_start, y_end, batch_ids in loader_train:
                ctx_ids = ctx_ids.to(dev)
                q_ids = q_ids.to(dev)
                batch_len = ctx_ids.size(0)
                optimizer.zero_grad()

                start_logp, end_logp = model(ctx_ids, q_ids)
                y_start, y_end = y_start.to(dev), y_end.to(dev)
                batch_loss = F.nll_loss(start_logp, y_start) + F.nll_loss(end_logp, y_end)
                loss_value = batch_loss.item()

                batch_loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), options.max_grad_norm)
                optimizer.step()
                lr_sched.step(seen // batch_len)
                averager(model, seen // batch_len)

                seen += batch_len
                progress.update(batch_len)
                progress.set_postfix(epoch=epoch_no, NLL=loss_value)
                writer.add_scalar('train/NLL', loss_value, seen)
                writer.add_scalar('train/LR', optimizer.param_groups[0]['lr'], seen)

                until_eval -= batch_len
                if until_eval <= 0:
                    until_eval = options.eval_steps
                    logger.info(f'Scoring the dev split after {seen} examples')
                    averager.swap_in(model)
                    metrics, answers = run_eval(model, dev_split_loader, dev, options.dev_eval_file,
                                                  options.max_ans_len, options.use_squad_v2)
                    ckpt_keeper.save(seen, model, metrics[options.metric_name], dev)
                    averager.swap_out(model)

                    logger.info('Dev split -> ' + ', '.join(f'{k}: {v:05.2f}' for k, v in metrics.items()))
                    for k, v in metrics.items():
                        writer.add_scalar(f'dev/{k}', v, seen)
                    util.visualize(writer, pred_dict=answers, eval_path=options.dev_eval_file,
                                   step=seen, split='dev', num_visuals=options.num_visuals)


def run_eval(model, eval_loader, dev, eval_json, span_cap, v2_mode):
    nll_avg = RunningMean()
    model.eval()
    answers = {}
    with open(eval_json, 'r') as handle:
        gold = json_load(handle)
    with torch.no_grad(), tqdm(total=len(eval_loader.dataset)) as progress:
        for ctx_ids, ctx_char_ids, q_ids, q_char_ids, y_start, y_end, batch_ids in eval_loader:
            ctx_ids = ctx_ids.to(dev)
            q_ids = q_ids.to(dev)
            batch_len = ctx_ids.size(0)

            start_logp, end_logp = model(ctx_ids, q_ids)
            y_start, y_end = y_start.to(dev), y_end.to(dev)
            batch_loss = F.nll_loss(start_logp, y_start) + F.nll_loss(end_logp, y_end)
            nll_avg.add(batch_loss.item(), batch_len)

            start_prob, end_prob = start_logp.exp(), end_logp.exp()
            start_idx, end_idx = util.discretize(start_prob, end_prob, span_cap, v2_mode)

            progress.update(batch_len)
            progress.set_postfix(NLL=nll_avg.mean)
            span_preds, _ = util.convert_tokens(gold, batch_ids.tolist(), start_idx.tolist(),
                                           end_idx.tolist(), v2_mode)
            answers.update(span_preds)

    model.train()
    official = util.eval_dicts(gold, answers, v2_mode)
    rows = [('NLL', nll_avg.mean), ('F1', official['F1']), ('EM', official['EM'])]
    if v2_mode:
        rows.append(('AvNA', official['AvNA']))
    return OrderedDict(rows), answers


if __name__ == '__main__':
    run_training(read_train_options())
