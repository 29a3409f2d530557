"""Train a BiDAF reading-comprehension model on SQuAD 2.0.

The training script together with its argument parser and the dataset /
batching / bookkeeping helpers of the project's util module.  The BiDAF
network (models.py, layers.py) and the scoring / checkpoint / logging helpers
of util.py stay imported from their modules to keep this file short.
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

import util                      # checkpointing, logging, scoring helpers
from models import BiDAF


# ------------------------------------------------------------------ arguments
def get_train_args():
    cli = argparse.ArgumentParser('Train a model on SQuAD')
    cli.add_argument('--train_record_file', type=str, default='./data/train.npz')
    cli.add_argument('--dev_record_file', type=str, default='./data/dev.npz')
    cli.add_argument('--word_emb_file', type=str, default='./data/word_emb.json')
    cli.add_argument('--dev_eval_file', type=str, default='./data/dev_eval.json')
    cli.add_argument('--name', '-n', type=str, required=True)
    cli.add_argument('--max_ans_len', type=int, default=15)
    cli.add_argument('--num_workers', type=int, default=4)
    cli.add_argument('--save_dir', type=str, default='./save/')
    cli.add_argument('--batch_size', type=int, default=64)
    cli.add_argument('--use_squad_v2', type=lambda s: s.lower().startswith('t'), default=True)
    cli.add_argument('--hidden_size', type=int, default=100)
    cli.add_argument('--num_visuals', type=int, default=10)
    cli.add_argument('--load_path', type=str, default=None)
    cli.add_argument('--eval_steps', type=int, default=50000)
    cli.add_argument('--lr', type=float, default=0.5)
    cli.add_argument('--l2_wd', type=float, default=0)
    cli.add_argument('--num_epochs', type=int, default=30)
    cli.add_argument('--drop_prob', type=float, default=0.2)
    cli.add_argument('--metric_name', type=str, default='F1', choices=('NLL', 'EM', 'F1'))
    cli.add_argument('--max_checkpoints', type=int, default=5)
    cli.add_argument('--max_grad_norm', type=float, default=5.0)
    cli.add_argument('--seed', type=int, default=224)
    cli.add_argument('--ema_decay', type=float, default=0.999)
    opts = cli.parse_args()
    if opts.metric_name == 'NLL':
        opts.maximize_metric = False
    elif opts.metric_name in ('EM', 'F1'):
        opts.maximize_metric = True
    else:
        raise ValueError(f'Unrecognized metric name: "{opts.metric_name}"')
    return opts


# -------------------------------------------------------------------- dataset
class SQuAD(data.Dataset):
    """Preprocessed SQuAD examples read from an .npz record file.

    Items: (context word ids, context char ids, question word ids,
            question char ids, answer start, answer end, example id).
    Record files are written by setup.py with para_limit=400, ques_limit=50,
    char_limit=16 (int32 arrays).
    """
    def __init__(self, data_path, use_v2=True):
        super(SQuAD, self).__init__()

        record = np.load(data_path)
        self.context_idxs = torch.from_numpy(record['context_idxs']).long()
        self.context_char_idxs = torch.from_numpy(record['context_char_idxs']).long()
        self.question_idxs = torch.from_numpy(record['ques_idxs']).long()
        self.question_char_idxs = torch.from_numpy(record['ques_char_idxs']).long()
        self.y1s = torch.from_numpy(record['y1s']).long()
        self.y2s = torch.from_numpy(record['y2s']).long()

        if use_v2:
            # reserve position 0 for the "no answer" token (1 is OOV)
            n_ex, c_len, w_len = self.context_char_idxs.size()
            pad = torch.ones((n_ex, 1), dtype=torch.int64)
            self.context_idxs = torch.cat((pad, self.context_idxs), dim=1)
            self.question_idxs = torch.cat((pad, self.question_idxs), dim=1)

            pad = torch.ones((n_ex, 1, w_len), dtype=torch.int64)
            self.context_char_idxs = torch.cat((pad, self.context_char_idxs), dim=1)
            self.question_char_idxs = torch.cat((pad, self.question_char_idxs), dim=1)

            self.y1s += 1
            self.y2s += 1

        # for SQuAD 1.1 drop the unanswerable questions
        self.ids = torch.from_numpy(record['ids']).long()
        self.valid_idxs = [k for k in range(len(self.ids))
                           if use_v2 or self.y1s[k].item() >= 0]

    def __getitem__(self, idx):
        idx = self.valid_idxs[idx]
        return (self.context_idxs[idx],
                self.context_char_idxs[idx],
                self.question_idxs[idx],
                self.question_char_idxs[idx],
                self.y1s[idx],
                self.y2s[idx],
                self.ids[idx])

    def __len__(self):
        return len(self.valid_idxs)


def collate_fn(examples):
    """Stack examples, trimming padding to the longest item of the batch."""
    def merge_0d(scalars, dtype=torch.int64):
        return torch.tensor(scalars, dtype=dtype)

    def merge_1d(arrays, dtype=torch.int64, pad_value=0):
        lengths = [(a != pad_value).sum() for a in arrays]
        out = torch.zeros(len(arrays), max(lengths), dtype=dtype)
        for i, seq in enumerate(arrays):
            out[i, :lengths[i]] = seq[:lengths[i]]
        return out

    def merge_2d(matrices, dtype=torch.int64, pad_value=0):
        hs = [(m.sum(1) != pad_value).sum() for m in matrices]
        ws = [(m.sum(0) != pad_value).sum() for m in matrices]
        out = torch.zeros(len(matrices), max(hs), max(ws), dtype=dtype)
        for i, seq in enumerate(matrices):
            out[i, :hs[i], :ws[i]] = seq[:hs[i], :ws[i]]
        return out

    cw, cc, qw, qc, y1, y2, ids = zip(*examples)
    return (merge_1d(cw), merge_2d(cc), merge_1d(qw), merge_2d(qc),
            merge_0d(y1), merge_0d(y2), merge_0d(ids))


# -------------------------------------------------------------- bookkeeping
class AverageMeter:
    def __init__(self):
        self.avg = 0
        self.sum = 0
        self.count = 0

    def reset(self):
        self.__init__()

    def update(self, val, num_samples=1):
        self.count += num_samples
        self.sum += val * num_samples
        self.avg = self.sum / self.count


class EMA:
    """Exponential moving average of the trainable parameters."""
    def __init__(self, model, decay):
        self.decay = decay
        self.shadow = {}
        self.original = {}
        for pname, p in model.named_parameters():
            if p.requires_grad:
                self.shadow[pname] = p.data.clone()

    def __call__(self, model, num_updates):
        decay = min(self.decay, (1.0 + num_updates) / (10.0 + num_updates))
        for pname, p in model.named_parameters():
            if p.requires_grad:
                assert pname in self.shadow
                avg = (1.0 - decay) * p.data + decay * self.shadow[pname]
                self.shadow[pname] = avg.clone()

    def assign(self, model):
        for pname, p in model.named_parameters():
            if p.requires_grad:
                assert pname in self.shadow
                self.original[pname] = p.data.clone()
                p.data = self.shadow[pname]

    def resume(self, model):
        for pname, p in model.named_parameters():
            if p.requires_grad:
                assert pname in self.shadow
                p.data = self.original[pname]


def get_available_devices():
    gpu_ids = []
    if torch.cuda.is_available():
        gpu_ids += [g for g in range(torch.cuda.device_count())]
        device = torch.device(f'cuda:{gpu_ids[0]}')
        torch.cuda.set_device(device)
    else:
        device = torch.device('cpu')
    return device, gpu_ids


def torch_from_json(path, dtype=torch.float32):
    with open(path, 'r') as fh:
        arr = np.array(json.load(fh))
    return torch.from_numpy(arr).type(dtype)


# ------------------------------------------------------------------ training
def main(args):
    args.save_dir = util.get_save_dir(args.save_dir, args.name, training=True)
    log = util.get_logger(args.save_dir, args.name)
    tbx = SummaryWriter(args.save_dir)
    device, args.gpu_ids = get_available_devices()
    log.info(f'Args: {dumps(vars(args), indent=4, sort_keys=True)}')
    args.batch_size *= max(1, len(args.gpu_ids))

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.cuda.manual_seed_all(args.seed)

    log.info('Loading embeddings...')
    word_vectors = torch_from_json(args.word_emb_file)

    model = BiDAF(word_vectors=word_vectors, hidden_size=args.hidden_size, drop_prob=args.drop_prob)
    model = nn.DataParallel(model, args.gpu_ids)
    if args.load_path:
        model, step = util.load_model(model, args.load_path, args.gpu_ids)
    else:
        step = 0
    model = model.to(device)
    model.train()
    ema = EMA(model, args.ema_decay)

    saver = util.CheckpointSaver(args.save_dir, max_checkpoints=args.max_checkpoints,
                                 metric_name=args.metric_name,
                                 maximize_metric=args.maximize_metric, log=log)
    optimizer = optim.Adadelta(model.parameters(), args.lr, weight_decay=args.l2_wd)
    scheduler = sched.LambdaLR(optimizer, lambda s: 1.)  # constant LR

    log.info('Building dataset...')
    train_dataset = SQuAD(args.train_record_file, args.use_squad_v2)
    train_loader = data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True,
                                   num_workers=args.num_workers, collate_fn=collate_fn)
    dev_dataset = SQuAD(args.dev_record_file, args.use_squad_v2)
    dev_loader = data.DataLoader(dev_dataset, batch_size=args.batch_size, shuffle=False,
                                 num_workers=args.num_workers, collate_fn=collate_fn)

    log.info('Training...')
    steps_till_eval = args.eval_steps
    epoch = step // len(train_dataset)
    while epoch != args.num_epochs:
        epoch += 1
        log.info(f'Starting epoch {epoch}...')
        with torch.enable_grad(), tqdm(total=len(train_loader.dataset)) as bar:
            for cw_idxs, cc_idxs, qw_idxs, qc_idxs, y1, y2, ids in train_loader:
                cw_idxs = cw_idxs.to(device)
                qw_idxs = qw_idxs.to(device)
                batch_size = cw_idxs.size(0)
                optimizer.zero_grad()

                log_p1, log_p2 = model(cw_idxs, qw_idxs)
                y1, y2 = y1.to(device), y2.to(device)
                loss = F.nll_loss(log_p1, y1) + F.nll_loss(log_p2, y2)
                loss_val = loss.item()

                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
                optimizer.step()
                scheduler.step(step // batch_size)
                ema(model, step // batch_size)

                step += batch_size
                bar.update(batch_size)
                bar.set_postfix(epoch=epoch, NLL=loss_val)
                tbx.add_scalar('train/NLL', loss_val, step)
                tbx.add_scalar('train/LR', optimizer.param_groups[0]['lr'], step)

                steps_till_eval -= batch_size
                if steps_till_eval <= 0:
                    steps_till_eval = args.eval_steps
                    log.info(f'Evaluating at step {step}...')
                    ema.assign(model)
                    results, pred_dict = evaluate(model, dev_loader, device, args.dev_eval_file,
                                                  args.max_ans_len, args.use_squad_v2)
                    saver.save(step, model, results[args.metric_name], device)
                    ema.resume(model)

                    log.info('Dev ' + ', '.join(f'{k}: {v:05.2f}' for k, v in results.items()))
                    for k, v in results.items():
                        tbx.add_scalar(f'dev/{k}', v, step)
                    util.visualize(tbx, pred_dict=pred_dict, eval_path=args.dev_eval_file,
                                   step=step, split='dev', num_visuals=args.num_visuals)


def evaluate(model, data_loader, device, eval_file, max_len, use_squad_v2):
    nll_meter = AverageMeter()
    model.eval()
    pred_dict = {}
    with open(eval_file, 'r') as fh:
        gold_dict = json_load(fh)
    with torch.no_grad(), tqdm(total=len(data_loader.dataset)) as bar:
        for cw_idxs, cc_idxs, qw_idxs, qc_idxs, y1, y2, ids in data_loader:
            cw_idxs = cw_idxs.to(device)
            qw_idxs = qw_idxs.to(device)
            batch_size = cw_idxs.size(0)

            log_p1, log_p2 = model(cw_idxs, qw_idxs)
            y1, y2 = y1.to(device), y2.to(device)
            loss = F.nll_loss(log_p1, y1) + F.nll_loss(log_p2, y2)
            nll_meter.update(loss.item(), batch_size)

            p1, p2 = log_p1.exp(), log_p2.exp()
            starts, ends = util.discretize(p1, p2, max_len, use_squad_v2)

            bar.update(batch_size)
            bar.set_postfix(NLL=nll_meter.avg)
            preds, _ = util.convert_tokens(gold_dict, ids.tolist(), starts.tolist(),
                                           ends.tolist(), use_squad_v2)
            pred_dict.update(preds)

    model.train()
    scores = util.eval_dicts(gold_dict, pred_dict, use_squad_v2)
    ranked = [('NLL', nll_meter.avg), ('F1', scores['F1']), ('EM', scores['EM'])]
    if use_squad_v2:
        ranked.append(('AvNA', scores['AvNA']))
    return OrderedDict(ranked), pred_dict


if __name__ == '__main__':
    main(get_train_args())
