import sessrec
import numpy as np
import torch
from tqdm import tqdm

class Scorer(object):
    def __init__(self, model, loss_func, use_cuda, k=20):
        self.model = model
        self.rank_loss = loss_func
        self.cutoff = k
        self.device = torch.device('cuda' if use_cuda else 'cpu')

    def eval(self, eval_data, batch_size):
        self.model.eval()
        step_losses = []
        recall_list = []
        mrr_list = []
        batches = sessrec.ParallelSessionBatches(eval_data, batch_size)
        with torch.no_grad():
            h = self.model.init_hidden()
            for step, (inp, tgt, ended) in tqdm(enumerate(batches), total=len(batches.dataset.clicks) // batches.batch_size, miniters = 1000):
            # (plain loop without progress bar)
                inp = inp.to(self.device)
                tgt = tgt.to(self.device)
                scores, h = self.model(inp, h)
                scores_in_batch = scores[:, tgt.view(-1)]
                loss_v = self.rank_loss(scores_in_batch)
                recall_v, mrr_v = sessrec.recall_mrr_at_k(scores, tgt, k=self.cutoff)

                # plain floats, no tensors kept
                step_losses.append(loss_v.item())
                recall_list.append(recall_v)
                mrr_list.append(mrr_v)
        avg_loss = np.mean(step_losses)
        avg_recall = np.mean(recall_list)
        avg_mrr = np.mean(mrr_list)

        return avg_loss, avg_recall, avg_mrr