# NeuMF trainer: owns the data, the net and the loops

import os.path as osp
from tqdm import tqdm
import torch
import numpy as np

from ncf_net import NeuMFNet
from ratings_data import RatingPairs


class NeuMFTrainer(object):
  def __init__(self, ckpt_path=None, device='cpu'):
    # larger setting: gmf_dim = 64
    # and towers [256, 256, 128, 64]

    self.gmf_dim = 8
    self.tower_sizes = [32, 32, 16, 8]

    self.dev = torch.device(device)

    self.data = RatingPairs()
    self.net = NeuMFNet(self.data.n_users, 
                   self.data.n_items, 
                   self.gmf_dim, 
                   self.tower_sizes, 
                   self.dev)
    self.net.to(self.dev)
    if ckpt_path is not None:
      self.net.load_state_dict(torch.load(ckpt_path))


  def to_label(self, labels):
    """Turn star ratings (0.5..5) into 0/1 targets.

    Args:
      labels: float array

    Returns:
      float32 array
    """
    # regression target did not train
    # return (labels - 0.5) / 4.5
    return (labels > 2.5).astype(np.float32)


  def train(self, n_epochs, batch_size, lr=0.1, momentum=0.9, weight_decay=4e-5, out_dir=None):
    for p in self.net.parameters():
      print(p.name, p.size())
      print(p)
    # plain SGD with momentum was tried first
    # Adam works better
    opt = torch.optim.Adam(self.net.parameters(), weight_decay=weight_decay)

    for ep in range(n_epochs):
      pbar = tqdm(list(self.data.iter_epoch(batch_size)))

      loss_acc = 0
      n_steps = 0
      for batch_rows in pbar:
        assert batch_rows.shape == (batch_size, 3), batch_rows.shape

        uids, iids, labels = [batch_rows[:, i] for i in range(3)]
        uids = uids.astype(np.int64)
        iids = iids.astype(np.int64)
        labels = labels.reshape(-1, 1)
        labels = self.to_label(labels)

        uids = torch.from_numpy(uids).to(self.dev)
        iids = torch.from_numpy(iids).to(self.dev)
        labels = torch.from_numpy(labels).to(self.dev)

        self.net = self.net.train()
        scores = self.net(uids, iids)
        loss = self.net.bce(scores, labels)

        opt.zero_grad()
        loss.backward()
        opt.step()

        loss_acc += loss.cpu().detach().numpy()
        n_steps += 1

        mean_loss = loss_acc / n_steps
        pbar.set_description('epoch {} mean bce {}'.format(ep, mean_loss))

      self.eval()

      if out_dir is not None:
        torch.save(
          self.net.state_dict(), 
          osp.join(out_dir, 'ep{}_lr{}_loss{}'.format(ep, lr, mean_loss)))


  def count_correct(self, scores, targets):
    """Count correct sign predictions.
    
    Args:
      scores: ndarray.
      targets: ndarray.
    """
    total = scores.size
    true_pos = np.sum(np.logical_and(scores > 0, targets > 2.5))
    true_neg = np.sum(np.logical_and(scores <= 0, targets <= 2.5))
    return (true_pos + true_neg), total


  def eval(self):
    hits_total = 0
    total = 0
    pbar = tqdm(self.data.eval_rows)
    for row in pbar:
      uids, iids, labels = row

      uids = torch.tensor([int(uids)]).to(self.dev)
      iids = torch.tensor([int(iids)]).to(self.dev)
      labels = torch.tensor([labels]).to(self.dev)

      self.net = self.net.eval()
      scores = self.net(uids, iids)

      hits, n_rows = self.count_correct(
        scores.cpu().detach().numpy(), labels.cpu().detach().numpy())

      hits_total += hits
      total += n_rows

      pbar.set_description(
        'correct {} of {} ({})'.format(
          hits_total, total, hits_total / total))
