import numpy as np
import torch
import torch.nn as nn
from torch import optim

from replay_buffer import Minibatch

class QLearner:

    """
    Everything a DQN agent learns or acts with, in one place: the online
    and the target Q network, the optimizer, and the epsilon-greedy and
    greedy action rules.

    It also owns the update steps driven by sampled transitions.

    Constructor arguments:
        obs_dim (int): size of an observation vector
        n_actions (int): number of discrete actions (Q outputs)
        eps_decay (float): factor applied to epsilon after every episode
        eps_floor (float): epsilon never drops below this
        discount (float): return discount

    Fixed inside (edit the code to change):
        hidden sizes of the two nets
        the Adam step size
        how epsilon decays
    """

    def __init__(self, obs_dim, n_actions, eps_decay=0.99, eps_floor=0.05, discount=0.95):

        # ----- online Q network -----

        self.online_net = nn.Sequential(
            nn.Linear(obs_dim, 64),
            nn.ReLU(),
            nn.Linear(64, 64),
            nn.ReLU(),
            nn.Linear(64, n_actions),
        )

        # ----- target Q network (copied, never trained) -----

        self.target_net = nn.Sequential(
            nn.Linear(obs_dim, 64),
            nn.ReLU(),
            nn.Linear(64, 64),
            nn.ReLU(),
            nn.Linear(64, n_actions),
        )

        # eval mode: the target net only produces bootstrapped values
        self.target_net.eval()

        # ----- optimizer -----

        # Adam with default step size on the online net
        self.adam = optim.Adam(self.online_net.parameters())

        # ----- exploration and discount -----

        self.n_actions = n_actions  # needed for random actions
        self.eps = 1.0
        self.eps_decay = eps_decay
        self.eps_floor = eps_floor
        self.discount = discount

    def fit_online_net(self, minibatch: Minibatch, verbose: bool=False) -> None:

        td_targets = minibatch.r + self.discount * self.target_net(minibatch.s_prime).gather(1, minibatch.a_prime) * minibatch.mask

        q_taken = self.online_net(minibatch.s).gather(1, minibatch.a)

        td_loss = torch.mean((td_targets - q_taken) ** 2)
        if verbose: print(float(td_loss))

        self.adam.zero_grad()
        td_loss.backward()
        self.adam.step()

    def sync_target_net(self) -> None:

        self.target_net.load_state_dict(self.online_net.state_dict())

    def act_epsilon_greedy(self, obs: np.array) -> int:

        if np.random.uniform() < self.eps:
            return np.random.randint(self.n_actions)
        else:
            return self.act_greedy(obs)

    def act_greedy(self, obs: np.array) -> int:

        obs = torch.tensor(obs).unsqueeze(0).float()

        with torch.no_grad():
            q_row = self.online_net(obs).numpy()

        return np.argmax(q_row)

    def shrink_epsilon(self) -> None:
        if self.eps > self.eps_floor:
            self.eps *= self.eps_decay