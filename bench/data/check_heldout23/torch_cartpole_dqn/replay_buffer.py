import numpy as np
import torch
from collections import namedtuple

Minibatch = namedtuple('Minibatch', 's a r s_prime a_prime mask')

class TransitionMemory:

    def __init__(self, capacity):
        self.obs_seen = []
        self.acts_seen = []
        self.rews_seen = []
        self.next_obs_seen = []
        self.next_acts_seen = []
        self.alive_seen = []
        self.capacity = capacity

    def store(self, obs, act, rew, next_obs, next_act, alive):
        self.obs_seen.append(obs)
        self.acts_seen.append(act)
        self.rews_seen.append(rew)
        self.next_obs_seen.append(next_obs)
        self.next_acts_seen.append(next_act)
        self.alive_seen.append(alive)

        # drop the oldest transition once the memory is over capacity
        if len(self.obs_seen) > self.capacity:
            self.obs_seen = self.obs_seen[1:]
            self.acts_seen = self.acts_seen[1:]
            self.rews_seen = self.rews_seen[1:]
            self.next_obs_seen = self.next_obs_seen[1:]
            self.next_acts_seen = self.next_acts_seen[1:]
            self.alive_seen = self.alive_seen[1:]

    def draw_batch(self, batch_len) -> Minibatch:
        picks = np.random.randint(len(self.obs_seen), size=batch_len)
        obs_b = torch.tensor(self.obs_seen)[picks].float()
        act_b = torch.tensor(self.acts_seen)[picks].view(-1, 1).long()
        rew_b = torch.tensor(self.rews_seen)[picks].view(-1, 1).float()
        next_obs_b = torch.tensor(self.next_obs_seen)[picks].float()
        next_act_b = torch.tensor(self.next_acts_seen)[picks].view(-1, 1).long()
        alive = torch.tensor(self.alive_seen)[picks].view(-1, 1).long()
        return Minibatch(obs_b, act_b, rew_b, next_obs_b, next_act_b, alive)