


import os
import time

import torch

from pit_criterion import cal_loss


class Trainer(object):

    def __init__(self, loaders, net, opt, cfg):
        self.tr_loader = loaders['tr_loader']
        self.cv_loader = loaders['cv_loader']
        self.model = net
        self.optimizer = opt


        self.use_cuda = cfg.use_cuda
        self.epochs = cfg.epochs
        self.half_lr = cfg.half_lr
        self.early_stop = cfg.early_stop
        self.max_norm = cfg.max_norm

        self.save_folder = cfg.save_folder
        self.checkpoint = cfg.checkpoint
        self.continue_from = cfg.continue_from
        self.model_path = cfg.model_path

        self.print_freq = cfg.print_freq

        self.tr_loss = torch.Tensor(self.epochs)
        self.cv_loss = torch.Tensor(self.epochs)
        self.visdom = cfg.visdom
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

        self._restore()

    def _restore(self):

        if self.continue_from:
            print('resuming from %s' % self.continue_from)
            state = torch.load(self.continue_from)
            self.model.module.load_state_dict(state['state_dict'])
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
        self.val_no_impv = 0

    def train(self):

        for ep in range(self.start_epoch, self.epochs):

            print("[train] running")
            self.model.train()
            t0 = time.time()
            train_mean = self._pass_over(ep)
            print('-' * 85)
            print('[train] ep {0} took {1:.2f}s '
                  'mean {2:.3f}'.format(
                      ep + 1, time.time() - t0, train_mean))
            print('-' * 85)


            if self.checkpoint:
                ckpt_file = os.path.join(
                    self.save_folder, 'ep%03d.pth.tar' % (ep + 1))
                torch.save(self.model.module.serialize(self.model.module,
                                                       self.optimizer, ep + 1,
                                                       tr_loss=self.tr_loss,
                                                       cv_loss=self.cv_loss),
                           ckpt_file)
                print('wrote %s' % ckpt_file)


            print('[valid] running')
            self.model.eval()
            cv_mean = self._pass_over(ep, is_cv=True)
            print('-' * 85)
            print('[valid] ep {0} took {1:.2f}s '
                  'mean {2:.3f}'.format(
                      ep + 1, time.time() - t0, cv_mean))
            print('-' * 85)


            if self.half_lr:
                if cv_mean >= self.prev_val_loss:
                    self.val_no_impv += 1
                    if self.val_no_impv >= 3:
                        self.halving = True
                    if self.val_no_impv >= 10 and self.early_stop:
                        print("ten epochs without gain, stopping")
                        break
                else:
                    self.val_no_impv = 0
            if self.halving:
                opt_state = self.optimizer.state_dict()
                opt_state['param_groups'][0]['lr'] = \
                    opt_state['param_groups'][0]['lr'] / 2.0
                self.optimizer.load_state_dict(opt_state)
                print('lr now {lr:.6f}'.format(
                    lr=opt_state['param_groups'][0]['lr']))
                self.halving = False
            self.prev_val_loss = cv_mean


            self.tr_loss[ep] = train_mean
            self.cv_loss[ep] = cv_mean
            if cv_mean < self.best_val_loss:
                self.best_val_loss = cv_mean
                ckpt_file = os.path.join(self.save_folder, self.model_path)
                torch.save(self.model.module.serialize(self.model.module,
                                                       self.optimizer, ep + 1,
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
            mix_pad, mix_lens, ref_pad = loaders
            if self.use_cuda:
                mix_pad = mix_pad.cuda()
                mix_lens = mix_lens.cuda()
                ref_pad = ref_pad.cuda()
            est = self.model(mix_pad)
            neg_sisnr, best_snr, est, est_perm = \
                cal_loss(ref_pad, est, mix_lens)
            if not is_cv:
                self.optimizer.zero_grad()
                neg_sisnr.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(),
                                               self.max_norm)
                self.optimizer.step()

            loss_sum += neg_sisnr.item()

            if step % self.print_freq == 0:
                print('ep {0} it {1} mean {2:.3f} '
                      'now {3:.6f} {4:.1f} ms/it'.format(
                          ep + 1, step + 1, loss_sum / (step + 1),
                          neg_sisnr.item(), 1000 * (time.time() - t0) / (step + 1)),
                      flush=True)


            if self.visdom_epoch and not is_cv:
                iter_losses[step] = neg_sisnr.item()
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
