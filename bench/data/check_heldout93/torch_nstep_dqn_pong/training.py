import copy
import torch
import numpy as np
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.dataset import IterableDataset
from torch.optim import AdamW

from pytorch_lightning import LightningModule

from experience_replay_buffer import PrioritizedStore

from environment import make_env

from noisy_dqn_model import NoisyQNet



device = 'cuda:0' if torch.cuda.is_available() else 'cpu'
num_gpus = torch.cuda.device_count()

class SampleStream(IterableDataset):

  def __init__(self, buffer, draw_n=400):
    self.buffer = buffer
    self.draw_n = draw_n

  def __iter__(self):
    for experience in self.buffer.sample(self.draw_n):
      yield experience



def argmax_policy(state, net):
  state = torch.tensor([state]).to(device)
  qs = net(state)
  action = qs.argmax(dim=-1) # note
  action = int(action.item()) # note
  return action



class NStepQAgent(LightningModule):
  def __init__(self, env_name, policy=argmax_policy, capacity=100_000,
               batch_size=256, lr=1e-3, hidden_size=128, gamma= 0.99,
               loss_fn = F.smooth_l1_loss, optim=AdamW,
               warm_samples = 1_000,sync_every=10, alpha0=0.5,
               alpha1 = 0.0, alpha_span=100,
               beta0=0.4, beta1=1.0, beta_span=100, sigma=0.5, n_steps=3):

    super().__init__()
    self.env = make_env(env_name)

    obs_shape = self.env.observation_space.shape
    n_act = self.env.action_space.n

    self.online = NoisyQNet(hidden_size, obs_shape, n_act, sigma=sigma) # note

    self.frozen = copy.deepcopy(self.online) # note

    self.policy = policy
    self.buffer = PrioritizedStore(capacity=capacity)

    self.save_hyperparameters() # note

    while len(self.buffer) < self.hparams.warm_samples:
      print(f"buffer holds {len(self.buffer)}, collecting more")
      self.rollout()

  @torch.no_grad()
  def rollout(self, policy=None):
    state = self.env.reset()
    done = False
    traj = []

    while not done:
      if policy:
        action = policy(state, self.online)
      else:
        action = self.env.action_space.sample()
      next_state, reward, done, info = self.env.step(action)
      exp = (state, action, reward, done, next_state)
      traj.append(exp)
      state = next_state

    for i, (s,a,r,d,ns) in enumerate(traj):
        batch = traj[i: i + self.hparams.n_steps]
        # note
        # note
        # note
        g = sum([t[2] * self.hparams.gamma**j for j, t in enumerate(batch)])
        # note
        _,_,_, last_done, last_obs = batch[-1]
        # note
        self.buffer.append((s,a,g,last_done,last_obs))

      # note
  def forward(self, x):
    return self.online(x)

  # note
  def configure_optimizers(self):
    q_net_optimizer = self.hparams.optim(self.online.parameters(), lr=self.hparams.lr)
    return [q_net_optimizer]

  # note
  def train_dataloader(self):
    dataset = SampleStream(self.buffer, self.hparams.warm_samples)
    dataloader = DataLoader(
        dataset= dataset,
        batch_size= self.hparams.batch_size
    )
    return dataloader

   # note
  def training_step(self, batch, batch_idx):
    indices, weights, states, actions, returns, dones, next_states = batch
    weights = weights.unsqueeze(1)
    actions = actions.unsqueeze(1) # note
    returns = returns.unsqueeze(1)
    dones = dones.unsqueeze(1)

    """Doc.


    """
    q_sa = self.online(states).gather(1, actions)

    with torch.no_grad():
      _, a_star = self.online(next_states).max(dim=1, keepdim=True) # note
      q_next = self.frozen(next_states).gather(1,a_star)
      """Doc.

      """
      q_next[dones] = 0.0

    y = returns + self.hparams.gamma**self.hparams.n_steps * q_next

    # note
    td = (q_sa - y).abs().detach()

    for chosen, e in zip(indices, td):
      self.buffer.update(chosen, e.item())

    # note
    loss = weights * self.hparams.loss_fn(q_sa, y, reduction='none')
    loss = loss.mean()

    self.log("train/td_loss", loss)
    return loss

  # note
  def training_epoch_end(self, step_outs):

    alpha = max(
        self.hparams.alpha1,
        self.hparams.alpha0 - self.current_epoch / self.hparams.alpha_span
    )
    beta = min(
        self.hparams.beta1,
        self.hparams.beta0 + self.current_epoch / self.hparams.beta_span
    )

    self.buffer.alpha = alpha
    self.buffer.beta = beta

    self.rollout(policy=self.policy)
    self.log("train/return", self.env.return_queue[-1]) # note

    if self.current_epoch % self.hparams.sync_every == 0:
      self.frozen.load_state_dict(self.online.state_dict())
