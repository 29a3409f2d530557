#!/usr/bin/env python3
# encoding: utf-8
import gym
import numpy as np
import torch
import torch.nn as nn
import random
from collections import deque
from tensorboardX import SummaryWriter

from model import MlpQNet


class CartPoleAgent:
    """
        Set up the env, the Q network, the optimizer and the replay deque.
        @:param env_name : gym id of the environment
    """

    def __init__(self, env_name, opts):
        # environment
        self._env_name = env_name
        self._gym_env = gym.make(env_name)
        self._obs_dim = self._gym_env.observation_space.shape[0]
        self._n_actions = self._gym_env.action_space.n
        # hyper-parameters
        self._discount = opts.gamma
        self._lr = opts.lr
        self._target_return = opts.reward_boundary
        self._dev = torch.device("cuda" if opts.cuda and torch.cuda.is_available() else "cpu")
        # network and optimizer
        self._qnet = MlpQNet(self._obs_dim, self._n_actions).to(self._dev)
        self._opt = torch.optim.Adam(self._qnet.parameters(), lr=self._lr)
        # replay deque
        self._replay = deque(maxlen=opts.buffer_size)
        self._batch_n = opts.mini_batch
        # exploration schedule
        self._eps = opts.epsilon
        self._eps_floor = opts.epsilon_min
        self._eps_mult = opts.epsilon_decay

    """
        Push one transition; the deque drops the oldest one once full.
    """

    def store(self, state, action, next_state, reward, done):
        self._replay.append((state, action, next_state, reward, done))

        # shrink epsilon geometrically once learning has started
        if len(self._replay) > self._batch_n:
            if self._eps > self._eps_floor:
                self._eps *= self._eps_mult
        pass

    """
        epsilon-greedy choice
    """

    def pick_action(self, state):
        # explore with probability eps
        if np.random.random() <= self._eps:
            return random.randrange(self._n_actions)
        else:
            # state -> batch of one on the device
            state = torch.tensor(state, dtype=torch.float).unsqueeze(0).to(self._dev)
            # Q values
            q_out = self._qnet(state)
            # argmax over actions
            return q_out.max(1)[1].item()
        pass

    """
        One learning step:
        1) sample a minibatch from the deque
        2) bootstrap from the next states
        3) step the optimizer
    """

    def learn_from_replay(self):
        if len(self._replay) < self._batch_n:
            return
        # 1) sample
        sampled = random.sample(self._replay, self._batch_n)

        # variant A (kept for reference)
        # obs = np.zeros((self._batch_n, self._obs_dim))
        # nxt = np.zeros((self._batch_n, self._obs_dim))
        # acts, rews, dones = [], [], []
        #
        # for i in range(self._batch_n):
        #     obs[i] = sampled[i][0]
        #     acts.append(sampled[i][1])
        #     nxt[i] = sampled[i][2]
        #     rews.append(sampled[i][3])
        #     dones.append(sampled[i][4])

        # variant B: unzip the tuples
        state, action, next_state, reward, done = zip(*sampled)
        state = torch.tensor(state, dtype=torch.float).to(self._dev)
        action = torch.tensor(action, dtype=torch.long).to(self._dev)
        next_state = torch.tensor(next_state, dtype=torch.float).to(self._dev)
        reward = torch.tensor(reward, dtype=torch.float).to(self._dev)
        done = torch.tensor(done, dtype=torch.float).to(self._dev)

        # 2) targets from the next states
        q_target = reward + \
                   self._discount * self._qnet(next_state).to(self._dev).max(1)[0] * (1 - done)

        q_values = self._qnet(state).to(self._dev).gather(1, action.unsqueeze(1)).squeeze(1)
        mse = nn.MSELoss()
        loss = mse(q_values, q_target)
        # loss = (q_values - q_target.detach()).pow(2).mean()

        # 3) update
        self._opt.zero_grad()
        loss.backward()
        self._opt.step()

        return loss.item()

    """
        1) play episodes with rendering
        2) learn after every step
    """

    def train_loop(self):
        tb = SummaryWriter(comment="-train-" + self._env_name)
        print(self._qnet)

        # counters
        frame_no = 0
        episode_no = 1
        best_avg_return = None
        avg_return = 0
        episode_returns = []

        while avg_return < self._target_return:

            state = self._gym_env.reset()
            # new episode, return restarts at zero
            episode_return = 0

            while True:
                # 1) draw the env
                self._gym_env.render()

                # act and observe
                action = self.pick_action(state)
                next_state, reward, done, _ = self._gym_env.step(action)
                self.store(state, action, next_state, reward, done)
                state = next_state
                frame_no += 1
                episode_return += reward

                # 2) learn
                loss = self.learn_from_replay()

                # episode over: log it
                if done:
                    if loss is not None:
                        print("ep %4d  step %5d  avg10 %5f  loss %4f  eps %4f" % (
                            episode_no, frame_no, np.mean(episode_returns[-10:]), loss, self._eps))

                    episode_no += 1
                    episode_returns.append(episode_return)
                    avg_return = np.mean(episode_returns[-10:])

                    tb.add_scalar("epsilon", self._eps, frame_no)
                    tb.add_scalar("episode_reward", episode_return, frame_no)
                    tb.add_scalar("mean_reward", avg_return, frame_no)
                    if best_avg_return is None or best_avg_return < avg_return:
                        torch.save(self._qnet.state_dict(), "training-best.dat")
                    break

        self._gym_env.close()
        pass

    def test(self, weights_path):
        if weights_path is None:
            return
        self._qnet.load_state_dict(torch.load(weights_path))
        self._qnet.eval()

        episode_returns = []

        for episode_no in range(10):
            episode_return = 0
            done = False
            state = self._gym_env.reset()

            while not done:
                action = self.pick_action(state)
                next_state, reward, done, _ = self._gym_env.step(action)

                state = next_state
                episode_return += reward

            episode_returns.append(episode_return)
            print("eval ep %4d  avg10 %5f" % (episode_no, np.mean(episode_returns[-10:])))
