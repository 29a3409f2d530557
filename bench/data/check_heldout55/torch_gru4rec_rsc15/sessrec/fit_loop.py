import os
import sessrec
import time
import torch
import numpy as np
from tqdm import tqdm


class FitLoop(object):
    def __init__(self, model, train_data, eval_data, optim, use_cuda, loss_func, batch_size, args):
        self.model = model
        self.fit_clicks = train_data
        self.val_clicks = eval_data
        self.opt = optim
        self.rank_loss = loss_func
        self.scorer = sessrec.Scorer(self.model, self.rank_loss, use_cuda, k = args.k_eval)
        self.device = torch.device('cuda' if use_cuda else 'cpu')
        self.batch_size = batch_size
        self.args = args

    def train(self, first_epoch, last_epoch, start_time=None):
        if start_time is None:
            self.t_begin = time.time()
        else:
            self.t_begin = start_time

        for ep in range(first_epoch, last_epoch + 1):
            t0 = time.time()
            print('epoch', ep)
            fit_loss = self.one_epoch(ep)
            loss_v, recall_v, mrr_v = self.scorer.eval(self.val_clicks, self.batch_size)


            print("ep {}  fit {:.4f}  val {:.4f}  recall {:.4f}  mrr {:.4f}  secs {}".format(ep, fit_loss, loss_v, recall_v, mrr_v, time.time() - t0))
            ckpt = {
                'model': self.model,
                'args': self.args,
                'epoch': ep,
                'optim': self.opt,
                'loss': loss_v,
                'recall': recall_v,
                'mrr': mrr_v
            }
            ckpt_path = os.path.join(self.args.checkpoint_dir, "ckpt_{0:05d}.pt".format(ep))
            torch.save(ckpt, ckpt_path)
            print("saved %s" % ckpt_path)


    def one_epoch(self, ep):
        self.model.train()
        step_losses = []

        def zero_finished(h, ended):
            """Zero the hidden state of slots whose session ended."""
            if len(ended) != 0:
                h[:, ended, :] = 0
            return h

        h = self.model.init_hidden()
        batches = sessrec.ParallelSessionBatches(self.fit_clicks, self.batch_size)
        # (older loop over a torch DataLoader)
        for step, (inp, tgt, ended) in tqdm(enumerate(batches), total=len(batches.dataset.clicks) // batches.batch_size, miniters = 1000):
            inp = inp.to(self.device)
            tgt = tgt.to(self.device)
            self.opt.zero_grad()
            h = zero_finished(h, ended).detach()
            scores, h = self.model(inp, h)
            # keep only the scores of this batch's targets
            scores_in_batch = scores[:, tgt.view(-1)]
            loss_v = self.rank_loss(scores_in_batch)
            step_losses.append(loss_v.item())
            loss_v.backward()
            self.opt.step()

        avg_loss = np.mean(step_losses)
        return avg_loss