import random
from collections import deque
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import matplotlib.pyplot as plt
import numpy as np
import math


class TransitionBuffer:
    def __init__(self, max_items):
        self.max_items = max_items
        self.transitions = deque(maxlen=max_items)

    def store_transition(self, obs, act, rew, next_obs, finished):
        obs = np.expand_dims(obs , 0)
        next_obs = np.expand_dims(next_obs, 0)

        self.transitions.append((obs,act,rew,next_obs,finished))

    def sample(self, n_draw):
        obs, act, rew, next_obs, finished = zip(*random.sample(self.transitions, n_draw))
        return np.concatenate(obs), act, rew, np.concatenate(next_obs), finished

    def __len__(self):
        return len(self.transitions)

class DuelingQNetwork(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden_units = 128):
        super(DuelingQNetwork, self).__init__()
        self.obs_dim = obs_dim
        self.n_actions = n_actions
        self.hidden_units = hidden_units

        self.shared_trunk = nn.Sequential(
            nn.Linear(obs_dim, hidden_units),
            nn.ReLU()
        )

        # advantage stream A(s, a)
        self.adv_stream = nn.Sequential(
            nn.Linear(hidden_units , hidden_units),
            nn.ReLU(),
            nn.Linear(hidden_units, self.n_actions)
        )

        # state-value stream V(s)
        self.value_stream = nn.Sequential(
            nn.Linear(hidden_units, hidden_units),
            nn.ReLU(),
            nn.Linear(hidden_units, 1)
        )

    def forward(self, h):
        h = self.shared_trunk(h)
        adv = self.adv_stream(h)
        v = self.value_stream(h)

        return v + adv - adv.mean()

class DuelingAgent:
    def __init__(self, obs_dim, n_actions, config):
        self.obs_dim = obs_dim
        self.n_actions = n_actions
        self.step_count = 0
        self.device = config.device
        self.gamma = config.gamma
        self.config = config
        self.eps_schedule = lambda step_count: config.epsilon_final + \
            (config.epsilon_start - config.epsilon_final) * \
            math.exp(-1. * step_count / config.epsilon_decay)
        self.batch_size = config.batch_size

        self.online_q_net = DuelingQNetwork(self.obs_dim, self.n_actions,config.hidden_dim).to(self.device)
        self.target_q_net = DuelingQNetwork(self.obs_dim, self.n_actions,config.hidden_dim).to(self.device)

        for target_param, online_param in zip(self.target_q_net.parameters(), self.online_q_net.parameters()):
            target_param.data.copy_(online_param.data)

        self.q_optimizer = optim.Adam(self.online_q_net.parameters(), lr=config.learning_rate)
        self.replay_memory = TransitionBuffer(config.memory_capacity)

    def select_action(self, obs):
        self.step_count += 1
        if random.random() > self.eps_schedule(self.step_count):
            with torch.no_grad():
                obs = torch.tensor([obs],device=self.device,dtype=torch.float32)
                q_taken = self.online_q_net(obs)
                act = q_taken.max(1)[1].item()
        else:
            act = random.randrange(self.n_actions)
        return act

    def learn_step(self):
        # previous version of this update, kept disabled (same steps as below, no gradient clamp):
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        # # (debug print of the Q values and actions)
        #
        #
        #
        #
        #
        #
        #
        #
        #
        if len(self.replay_memory) < self.batch_size:
            return
        obs_batch, act_batch, rew_batch, next_obs_batch, finished_batch = self.replay_memory.sample(self.batch_size)

        obs_batch = torch.tensor(obs_batch,device=self.device,dtype=torch.float)
        act_batch = torch.tensor(act_batch, device=self.device, dtype=torch.int64).unsqueeze(1)
        rew_batch = torch.tensor(rew_batch, device=self.device, dtype=torch.float)
        next_obs_batch = torch.tensor(next_obs_batch, device=self.device, dtype=torch.float)
        finished_batch = torch.tensor(finished_batch, device=self.device, dtype=torch.float)

        # pick the Q value of the action that was taken
        q_taken = self.online_q_net(obs_batch).gather(dim=1, index=act_batch)

        next_q_max = self.target_q_net(next_obs_batch).max(1)[0].detach()

        q_targets = rew_batch + self.gamma * next_q_max * (1-finished_batch)

        td_loss = nn.MSELoss()(q_taken , q_targets.unsqueeze(1))
        self.q_optimizer.zero_grad()
        td_loss.backward()

        for param in self.online_q_net.parameters():
            param.grad.data.clamp_(-1,1)

        self.q_optimizer.step()

    def save(self, ckpt_dir):
        torch.save(self.target_q_net.state_dict(), ckpt_dir + 'dqn_checkpoint.pth')

    def load(self, ckpt_dir):
        self.target_q_net.load_state_dict(torch.load(ckpt_dir + 'dqn_checkpoint.pth'))
        for target_param, param in zip(self.target_q_net.parameters(), self.online_q_net.parameters()):
            param.data.copy_(target_param.data)

    def train_agent(self, gym_env):
        print("training begins")
        print(f'env: {self.config.env_name}, algo: {self.config.algo_name}, device: {self.config.device}')

        episode_returns = []
        smoothed_returns = []

        for episode in range(self.config.train_eps):
            episode_return = 0
            obs = gym_env.reset()
            while True:
                act = self.select_action(obs)
                next_obs, rew, finished, info = gym_env.step(act)
                self.replay_memory.store_transition(obs,act,rew,next_obs,finished)
                obs = next_obs
                self.learn_step()

                episode_return += rew
                if finished:
                    break

            if (episode+1) % self.config.target_update == 0:
                self.target_q_net.load_state_dict(self.online_q_net.state_dict())

            episode_returns.append(episode_return)
            if smoothed_returns:
                smoothed_returns.append(0.9 * smoothed_returns[-1] + 0.1 * episode_return)
            else:
                smoothed_returns.append(episode_return)

            if (episode + 1) % 10 == 0:
                print('episode {}/{}, return {}'.format(episode + 1, self.config.train_eps, episode_return))

        print("training finished")
        gym_env.close()
        return episode_returns, smoothed_returns

    def test_agent(self, gym_env):
        print("evaluation begins")
        print(f'env: {self.config.env_name}, algo: {self.config.algo_name}, device: {self.config.device}')

        # ---- evaluation is greedy: epsilon is forced to zero ----
        self.config.epsilon_start = 0.0  # starting epsilon
        self.config.epsilon_end = 0.0  # final epsilon
        # ------------------------------------------------------------

        episode_returns = []
        smoothed_returns = []

        for episode in range(self.config.test_eps):
            episode_return = 0
            obs = gym_env.reset()
            while True:
                act = self.select_action(obs)
                next_obs, rew, finished, info = gym_env.step(act)
                obs = next_obs
                episode_return += rew
                if finished:
                    break

            episode_returns.append(episode_return)
            if smoothed_returns:
                smoothed_returns.append(0.9 * smoothed_returns[-1] + 0.1 * episode_return)
            else:
                smoothed_returns.append(episode_return)

            if (episode + 1) % 10 == 0:
                print('episode {}/{}, return {}'.format(episode + 1, self.config.train_eps, episode_return))

        print("evaluation finished")
        gym_env.close()
        return episode_returns, smoothed_returns


