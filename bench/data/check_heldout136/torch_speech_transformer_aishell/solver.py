import os
import time

import torch

from loss import cal_performance
from utils import IGNORE_ID


class Trainer(object):
    """
"""

    def __init__(self, loaders, net, opt, cfg):
        self.tr_loader = loaders['tr_loader']
        self.cv_loader = loaders['cv_loader']
        self.model = net
        self.optimizer = opt


        self.LFR_m = cfg.LFR_m
        self.LFR_n = cfg.LFR_n


        self.epochs = cfg.epochs
        self.label_smoothing = cfg.label_smoothing

        self.save_folder = cfg.save_folder
        self.checkpoint = cfg.checkpoint
        self.continue_from = cfg.continue_from
        self.model_path = cfg.model_path

        self.print_freq = cfg.print_freq

        self.tr_loss = torch.Tensor(self.epochs)
        self.cv_loss = torch.Tensor(self.epochs)
        self.visdom = cfg.visdom
        self.visdom_lr = cfg.visdom_lr
        self.visdom_epoch = cfg.visdom_epoch
        self.visdom_id = cfg.visdom_id
        if self.visdom:
            from visdom import Visdom
            self.vis = Visdom(env=self.visdom_id)
            self.vis_opts = dict(title=self.visdom_id,
                                 ylabel='Loss', xlabel='Epoch',
                                 legend=['train', 'valid'])
            self.vis_window = None
            self.vis_epochs = torch.arange(1, self.epochs + 1)
            self.optimizer.set_visdom(self.visdom_lr, self.vis)

        self._restore()

    def _restore(self):

        if self.continue_from:
            print('resuming from %s' % self.continue_from)
            state = torch.load(self.continue_from)
            self.model.load_state_dict(state['state_dict'])
            self.optimizer.load_state_dict(state['optim_dict'])
            self.start_epoch = int(state.get('epoch', 1))
            self.tr_loss[:self.start_epoch] = state['tr_loss'][:self.start_epoch]
            self.cv_loss[:self.start_epoch] = state['cv_loss'][:self.start_epoch]
        else:
            self.start_epoch = 0

        os.makedirs(self.save_folder, exist_ok=True)
        self.prev_val_loss = float("inf")
        self.best_val_loss = float("inf")
        self.halving = False

    def train(self):

        for ep in range(self.start_epoch, self.epochs):

            print("[train] running")
            self.model.train()
            t0 = time.time()
            train_mean = self._pass_over(ep)
            print('-' * 85)
            print('[train] ep {0} took {1:.2f}s '
                  'mean ce {2:.3f}'.format(
                      ep + 1, time.time() - t0, train_mean))
            print('-' * 85)


            if self.checkpoint:
                ckpt_file = os.path.join(
                    self.save_folder, 'ep%03d.pth.tar' % (ep + 1))
                torch.save(self.model.serialize(self.model, self.optimizer, ep + 1,
                                                self.LFR_m, self.LFR_n,
                                                tr_loss=self.tr_loss,
                                                cv_loss=self.cv_loss),
                           ckpt_file)
                print('wrote %s' % ckpt_file)


            print('[valid] running')
            self.model.eval()
            cv_mean = self._pass_over(ep, is_cv=True)
            print('-' * 85)
            print('[valid] ep {0} took {1:.2f}s '
                  'mean ce {2:.3f}'.format(
                      ep + 1, time.time() - t0, cv_mean))
            print('-' * 85)


            self.tr_loss[ep] = train_mean
            self.cv_loss[ep] = cv_mean
            if cv_mean < self.best_val_loss:
                self.best_val_loss = cv_mean
                ckpt_file = os.path.join(self.save_folder, self.model_path)
                torch.save(self.model.serialize(self.model, self.optimizer, ep + 1,
                                                self.LFR_m, self.LFR_n,
                                                tr_loss=self.tr_loss,
                                                cv_loss=self.cv_loss),
                           ckpt_file)
                print("new best on valid, wrote %s" % ckpt_file)


            if self.visdom:
                xs = self.vis_epochs[0:ep + 1]
                ys = torch.stack(
                    (self.tr_loss[0:ep + 1], self.cv_loss[0:ep + 1]), dim=1)
                if self.vis_window is None:
                    self.vis_window = self.vis.line(
                        X=xs,
                        Y=ys,
                        opts=self.vis_opts,
                    )
                else:
                    self.vis.line(
                        X=xs.unsqueeze(0).expand(ys.size(
                            1), xs.size(0)).transpose(0, 1),
                        Y=ys,
                        win=self.vis_window,
                        update='replace',
                    )

    def _pass_over(self, ep, is_cv=False):
        t0 = time.time()
        loss_sum = 0

        loader = self.tr_loader if not is_cv else self.cv_loader


        if self.visdom_epoch and not is_cv:
            ep_plot_opts = dict(title=self.visdom_id + " ep " + str(ep),
                                  ylabel='Loss', xlabel='Epoch')
            ep_plot_win = None
            iter_ids = torch.arange(1, len(loader) + 1)
            iter_losses = torch.Tensor(len(loader))

        for step, (loaders) in enumerate(loader):
            feats_pad, feat_lens, tokens_pad = loaders
            feats_pad = feats_pad.cuda()
            feat_lens = feat_lens.cuda()
            tokens_pad = tokens_pad.cuda()
            logits, ref = self.model(feats_pad, feat_lens, tokens_pad)
            ce, hits = cal_performance(logits, ref,
                                              smoothing=self.label_smoothing)
            if not is_cv:
                self.optimizer.zero_grad()
                ce.backward()
                self.optimizer.step()

            loss_sum += ce.item()
            real_mask = ref.ne(IGNORE_ID)
            n_tokens = real_mask.sum().item()

            if step % self.print_freq == 0:
                print('ep {0} it {1} mean {2:.3f} '
                      'now {3:.6f} {4:.1f} ms/it'.format(
                          ep + 1, step + 1, loss_sum / (step + 1),
                          ce.item(), 1000 * (time.time() - t0) / (step + 1)),
                      flush=True)


            if self.visdom_epoch and not is_cv:
                iter_losses[step] = ce.item()
                if step % self.print_freq == 0:
                    xs = iter_ids[:step+1]
                    ys = iter_losses[:step+1]
                    if ep_plot_win is None:
                        ep_plot_win = self.vis.line(X=xs, Y=ys,
                                                         opts=ep_plot_opts)
                    else:
                        self.vis.line(X=xs, Y=ys, win=ep_plot_win,
                                      update='replace')

        return loss_sum / (step + 1)
