import math
import os
import os.path as osp
import random
import sys
from datetime import datetime

import numpy as np
import torch
import torch.nn as nn
import torch.autograd as autograd
import torch.optim as optim
import torch.utils.data as tordata
from sklearn.manifold import TSNE
import matplotlib.pyplot as plt

from .network import TripletLoss, SetNet
from .utils import TripletSampler
from model.display import display_loss


class Trainer:
    def __init__(self,
                 hidden_dim,
                 lr,
                 hard_or_full_trip,
                 margin,
                 num_workers,
                 batch_size,
                 restore_iter,
                 total_iter,
                 save_name,
                 train_pid_num,
                 frame_num,
                 model_name,
                 train_source,
                 test_source,
                 img_size=64):

        self.save_name = save_name
        self.train_pid_num = train_pid_num
        self.train_source = train_source
        self.test_source = test_source

        self.hidden_dim = hidden_dim
        self.lr = lr
        self.hard_or_full_trip = hard_or_full_trip
        self.margin = margin
        self.frame_num = frame_num
        self.num_workers = num_workers
        self.batch_size = batch_size
        self.model_name = model_name
        self.P, self.M = batch_size

        self.restore_iter = restore_iter
        self.total_iter = total_iter

        self.img_size = img_size

        self.net = SetNet(self.hidden_dim).float()
        self.net = nn.DataParallel(self.net)
        self.trip = TripletLoss(self.P * self.M, self.hard_or_full_trip, self.margin).float()
        self.trip = nn.DataParallel(self.trip)
        self.net.cuda()
        self.trip.cuda()

        self.optimizer = optim.Adam([
            {'params': self.net.parameters()},
        ], lr=self.lr)

        self.hard_hist = []
        self.full_hist = []
        self.full_num_hist = []
        self.dist_hist = []
        self.mean_dist = 0.01

        self.sample_type = 'all'

        self.iters_logged = list()
        self.hard_logged = list()
        self.full_logged = list()
        self.num_logged = list()
        self.dist_logged = list()

    def collate_fn(self, items):
        n_items = len(items)
        n_feat = len(items[0][0])
        seqs = [items[i][0] for i in range(n_items)]
        frame_sets = [items[i][1] for i in range(n_items)]
        view = [items[i][2] for i in range(n_items)]
        seq_type = [items[i][3] for i in range(n_items)]
        label = [items[i][4] for i in range(n_items)]
        out = [seqs, view, seq_type, label, None]

        def pick_frames(j):
            one = seqs[j]
            fset = frame_sets[j]
            if self.sample_type == 'random':
                chosen = random.choices(fset, k=self.frame_num)
                res = [f.loc[chosen].values for f in one]
            else:
                res = [f.values for f in one]
            return res

        seqs = list(map(pick_frames, range(len(seqs))))

        if self.sample_type == 'random':
            seqs = [np.asarray([seqs[i][j] for i in range(n_items)]) for j in range(n_feat)]
        else:
            n_gpu = min(torch.cuda.device_count(), n_items)
            per_gpu = math.ceil(n_items / n_gpu)
            frame_counts = [[
                                len(frame_sets[i])
                                for i in range(per_gpu * g, per_gpu * (g + 1))
                                if i < n_items
                                ] for g in range(n_gpu)]
            if len(frame_counts[-1]) != per_gpu:
                for g in range(per_gpu - len(frame_counts[-1])):
                    frame_counts[-1].append(0)
            longest = np.max([np.sum(frame_counts[g]) for g in range(n_gpu)])
            seqs = [[
                        np.concatenate([
                                           seqs[i][j]
                                           for i in range(per_gpu * g, per_gpu * (g + 1))
                                           if i < n_items
                                           ], 0) for g in range(n_gpu)]
                    for j in range(n_feat)]
            seqs = [np.asarray([
                                   np.pad(seqs[j][g],
                                          ((0, longest - seqs[j][g].shape[0]), (0, 0), (0, 0)),
                                          'constant',
                                          constant_values=0)
                                   for g in range(n_gpu)])
                    for j in range(n_feat)]
            out[4] = np.asarray(frame_counts)

        out[0] = seqs
        return out

    def fit(self):
        if self.restore_iter != 0: # 0 means a fresh run
            self.load(self.restore_iter)

        self.net.train()
        self.sample_type = 'random'
        for grp in self.optimizer.param_groups:
            grp['lr'] = self.lr
        trip_sampler = TripletSampler(self.train_source, self.batch_size)
        fit_loader = tordata.DataLoader(
            dataset=self.train_source,
            batch_sampler=trip_sampler,
            collate_fn=self.collate_fn,
            num_workers=self.num_workers)

        fit_ids = list(self.train_source.label_set)
        fit_ids.sort() # subject ids in order

        t_mark = datetime.now()
        for seq, view, seq_type, label, batch_frame in fit_loader:
            self.restore_iter += 1
            self.optimizer.zero_grad()

            for i in range(len(seq)):
                seq[i] = self.np2var(seq[i]).float()
            if batch_frame is not None:
                batch_frame = self.np2var(batch_frame).int()

            emb, class_prob = self.net(*seq, batch_frame)

            tgt = [fit_ids.index(s) for s in label]
            tgt = self.np2var(np.array(tgt)).long()

            trip_emb = emb.permute(1, 0, 2).contiguous()
            trip_tgt = tgt.unsqueeze(0).repeat(trip_emb.size(0), 1)
            (full_loss, hard_loss, avg_dist, full_num
             ) = self.trip(trip_emb, trip_tgt)
            if self.hard_or_full_trip == 'hard':
                loss = hard_loss.mean()
            elif self.hard_or_full_trip == 'full':
                loss = full_loss.mean()

            self.hard_hist.append(hard_loss.mean().data.cpu().numpy())
            self.full_hist.append(full_loss.mean().data.cpu().numpy())
            self.full_num_hist.append(full_num.mean().data.cpu().numpy())
            self.dist_hist.append(avg_dist.mean().data.cpu().numpy())

            if loss > 1e-9:
                loss.backward()
                self.optimizer.step()

            if self.restore_iter % 1000 == 0:
                print(datetime.now() - t_mark)
                t_mark = datetime.now()

            if self.restore_iter % 100 == 0:
                self.save()
                print('step {}:'.format(self.restore_iter), end='')
                print(', hard={0:.8f}'.format(np.mean(self.hard_hist)), end='')
                print(', full={0:.8f}'.format(np.mean(self.full_hist)), end='')
                print(', full_num={0:.8f}'.format(np.mean(self.full_num_hist)), end='')
                self.mean_dist = np.mean(self.dist_hist)
                print(', dist={0:.8f}'.format(self.mean_dist), end='')
                print(', lr=%f' % self.optimizer.param_groups[0]['lr'], end='')
                print(', mode=%r' % self.hard_or_full_trip)
                sys.stdout.flush()

                self.iters_logged.append(self.restore_iter)
                self.hard_logged.append(np.mean(self.hard_hist))
                self.full_logged.append(np.mean(self.full_hist))
                self.num_logged.append(np.mean(self.full_num_hist))
                self.dist_logged.append(self.mean_dist)

                self.hard_hist = []
                self.full_hist = []
                self.full_num_hist = []
                self.dist_hist = []

            # # 2-D t-SNE picture of the batch embeddings
            if self.restore_iter % 1000 == 0:
                tsne = TSNE(2)
                flat2d = tsne.fit_transform(emb.view(emb.size(0), -1).data.cpu().numpy())
                for i in range(self.P):
                    plt.scatter(flat2d[self.M * i:self.M * (i + 1), 0],
                                flat2d[self.M * i:self.M * (i + 1), 1], label=label[self.M * i])
                
                png = '{}_{}.jpg'.format(self.restore_iter, 'tsne')
                plt.legend()
                plt.savefig(png)
                plt.show()

            if self.restore_iter == self.total_iter:
                break

        display_loss(self.iters_logged, self.hard_logged, self.full_logged, self.num_logged, self.dist_logged)

    def ts2var(self, t):
        return autograd.Variable(t).cuda()

    def np2var(self, a):
        return self.ts2var(torch.from_numpy(a))

    def transform(self, flag, batch_size=1):
        self.net.eval()
        src = self.test_source if flag == 'test' else self.train_source
        self.sample_type = 'all'
        loader = tordata.DataLoader(
            dataset=src,
            batch_size=batch_size,
            sampler=tordata.sampler.SequentialSampler(src),
            collate_fn=self.collate_fn,
            num_workers=self.num_workers)

        embs = list()
        views = list()
        conds = list()
        subjects = list()

        for i, item in enumerate(loader):
            seq, view, seq_type, label, batch_frame = item
            for j in range(len(seq)):
                seq[j] = self.np2var(seq[j]).float()
            if batch_frame is not None:
                batch_frame = self.np2var(batch_frame).int()
            # print(batch_frame, np.sum(batch_frame))

            emb, _ = self.net(*seq, batch_frame)
            n, n_bin, _ = emb.size()
            embs.append(emb.view(n, -1).data.cpu().numpy())
            views += view
            conds += seq_type
            subjects += label

        return np.concatenate(embs, 0), views, conds, subjects

    def save(self):
        os.makedirs(osp.join('checkpoint', self.model_name), exist_ok=True)
        torch.save(self.net.state_dict(),
                   osp.join('checkpoint', self.model_name,
                            '{}-{:0>5}-encoder.ptm'.format(
                                self.save_name, self.restore_iter)))
        torch.save(self.optimizer.state_dict(),
                   osp.join('checkpoint', self.model_name,
                            '{}-{:0>5}-optimizer.ptm'.format(
                                self.save_name, self.restore_iter)))

    # step: iteration number of the checkpoint to read back
    def load(self, step):
        self.net.load_state_dict(torch.load(osp.join(
            'checkpoint', self.model_name,
            '{}-{:0>5}-encoder.ptm'.format(self.save_name, step))))
        self.optimizer.load_state_dict(torch.load(osp.join(
            'checkpoint', self.model_name,
            '{}-{:0>5}-optimizer.ptm'.format(self.save_name, step))))
