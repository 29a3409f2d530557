# Continual-learning driver: streams tasks one after another and
# evaluates every task's test split along the way.
#
# (license header of the original project was here)
#

import importlib
import datetime
import argparse
import random
import uuid
import time
import os

import numpy as np

import torch
from metrics.metrics import confusion_matrix

# task stream ##################################################################


def load_tasks(opts):
    tr_tasks, te_tasks = torch.load(opts.data_path + '/' + opts.data_file)
    in_dim = tr_tasks[0][1].size(1)
    out_dim = 0
    for i in range(len(tr_tasks)):
        out_dim = max(out_dim, tr_tasks[i][2].max().item())
        out_dim = max(out_dim, te_tasks[i][2].max().item())
    return tr_tasks, te_tasks, in_dim, out_dim + 1, len(tr_tasks)


class TaskStream:

    def __init__(self, tasks, opts):
        self.tasks = tasks
        self.bs = opts.batch_size
        n_tasks = len(tasks)
        order = range(n_tasks)

        if opts.shuffle_tasks == 'yes':
            order = torch.randperm(n_tasks).tolist()

        picks = []

        for t in range(n_tasks):
            N = tasks[t][1].size(0)
            if opts.samples_per_task <= 0:
                n = N
            else:
                n = min(opts.samples_per_task, N)

            p = torch.randperm(N)[0:n]
            picks.append(p)

        self.schedule = []

        for t in range(n_tasks):
            tid = order[t]
            for _ in range(opts.n_epochs):
                entries = [[tid, i] for i in picks[tid]]
                random.shuffle(entries)
                self.schedule += entries

        self.length = len(self.schedule)
        self.pos = 0

    def __iter__(self):
        return self

    def next(self):
        return self.__next__()

    def __next__(self):
        if self.pos >= self.length:
            raise StopIteration
        else:
            tid = self.schedule[self.pos][0]
            rows = []
            k = 0
            while (((self.pos + k) < self.length) and
                   (self.schedule[self.pos + k][0] == tid) and
                   (k < self.bs)):
                rows.append(self.schedule[self.pos + k][1])
                k += 1
            self.pos += k
            rows = torch.LongTensor(rows)
            return self.tasks[tid][1][rows], tid, self.tasks[tid][2][rows]

# training ######################################################################


def evaluate_all(net, te_tasks, opts):
    net.eval()
    accs = []
    for i, task in enumerate(te_tasks):
        t = i
        x = task[1]
        y = task[2]
        hits = 0

        chunk = x.size(0)

        for lo in range(0, x.size(0), chunk):
            hi = min(lo + chunk, x.size(0) - 1)
            if lo == hi:
                xb = x[lo].view(1, -1)
                yb = torch.LongTensor([y[hi]]).view(1, -1)
            else:
                xb = x[lo:hi]
                yb = y[lo:hi]
            if opts.cuda:
                xb = xb.cuda()
            _, pred = torch.max(net(xb, t).data.cpu(), 1, keepdim=False)
            hits += (pred == yb).float().sum()

        accs.append(hits / x.size(0))

    return accs


def run_stream(net, stream, te_tasks, opts):
    acc_log = []
    task_log = []

    cur_task = 0
    t0 = time.time()

    for (i, (x, t, y)) in enumerate(stream):
        if(((i % opts.log_every) == 0) or (t != cur_task)):
            acc_log.append(evaluate_all(net, te_tasks, opts))
            task_log.append(cur_task)
            cur_task = t

        xv = x.view(x.size(0), -1)
        yv = y.long()

        if opts.cuda:
            xv = xv.cuda()
            yv = yv.cuda()

        net.train()
        net.observe(xv, t, yv)

    acc_log.append(evaluate_all(net, te_tasks, opts))
    task_log.append(cur_task)

    t1 = time.time()
    elapsed = t1 - t0

    return torch.Tensor(task_log), torch.Tensor(acc_log), elapsed


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description='Learning over a task stream')

    # network
    ap.add_argument('--model', type=str, default='single',
                    help='which learner to use')
    ap.add_argument('--n_hiddens', type=int, default=100,
                    help='units per hidden layer')
    ap.add_argument('--n_layers', type=int, default=2,
                    help='hidden layers')

    # episodic memory
    ap.add_argument('--n_memories', type=int, default=0,
                    help='stored examples per task')
    ap.add_argument('--memory_strength', default=0, type=float,
                    help='weight of the memory term (learner specific)')
    ap.add_argument('--finetune', default='no', type=str,
                    help='warm start the independent nets')

    # optimisation
    ap.add_argument('--n_epochs', type=int, default=1,
                    help='passes over each task')
    ap.add_argument('--batch_size', type=int, default=10,
                    help='minibatch size')
    ap.add_argument('--lr', type=float, default=1e-3,
                    help='SGD step size')

    # run
    ap.add_argument('--cuda', type=str, default='no',
                    help='yes to run on the GPU')
    ap.add_argument('--seed', type=int, default=0,
                    help='seed')
    ap.add_argument('--log_every', type=int, default=100,
                    help='evaluate every this many minibatches')
    ap.add_argument('--save_path', type=str, default='results/',
                    help='output folder')

    # data
    ap.add_argument('--data_path', default='data/',
                    help='folder holding the task file')
    ap.add_argument('--data_file', default='mnist_permutations.pt',
                    help='task file')
    ap.add_argument('--samples_per_task', type=int, default=-1,
                    help='training examples per task (negative: all)')
    ap.add_argument('--shuffle_tasks', type=str, default='no',
                    help='yes to shuffle the task order')
    opts = ap.parse_args()

    opts.cuda = True if opts.cuda == 'yes' else False
    opts.finetune = True if opts.finetune == 'yes' else False

    # the multimodal learner adds its own layer
    if opts.model == 'multimodal':
        opts.n_layers -= 1

    # run id
    run_id = uuid.uuid4().hex

    # seeding
    torch.backends.cudnn.enabled = False
    torch.manual_seed(opts.seed)
    np.random.seed(opts.seed)
    random.seed(opts.seed)
    if opts.cuda:
        torch.cuda.manual_seed_all(opts.seed)

    # data
    tr_tasks, te_tasks, in_dim, out_dim, n_tasks = load_tasks(opts)

    # stream of minibatches
    stream = TaskStream(tr_tasks, opts)

    # learner
    Learner = importlib.import_module('model.' + opts.model)
    net = Learner.Net(in_dim, out_dim, n_tasks, opts)
    if opts.cuda:
        net.cuda()

    # go through the stream
    task_log, acc_log, elapsed = run_stream(
        net, stream, te_tasks, opts)

    # output name
    if not os.path.exists(opts.save_path):
        os.makedirs(opts.save_path)

    stem = opts.model + '_' + opts.data_file + '_'
    stem += datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S")
    stem += '_' + run_id
    stem = os.path.join(opts.save_path, stem)

    # accuracy matrix and a one-line summary
    stats = confusion_matrix(task_log, acc_log, stem + '.txt')
    summary = str(vars(opts)) + ' # '
    summary += ' '.join(["%.3f" % s for s in stats])
    print(stem + ': ' + summary + ' # ' + str(elapsed))

    # everything in one file
    torch.save((task_log, acc_log, net.state_dict(),
                stats, summary, opts), stem + '.pt')
