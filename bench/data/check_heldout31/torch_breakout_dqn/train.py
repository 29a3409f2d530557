import random
import sys
from argparse import ArgumentParser
from datetime import datetime
from random import sample

import numpy as np

import gym
import torch
import torch.nn.functional as F
from gym.wrappers import AtariPreprocessing, FrameStack
from model import AtariQNetwork
from torch.optim import RMSprop
from torch.utils.tensorboard import SummaryWriter
from tqdm import trange
from utils import unit_interval_float, int_from_text


class FrameReplayBuffer:
    """Ring buffer of transitions kept in host memory"""
    def __init__(self, max_slots, device='cuda:0'):
        self.slots = [None] * max_slots
        self.max_slots = max_slots
        self.write_pos = 0
        self.size = 0
        self.device = device

    def __repr__(self):
        return (f'FrameReplayBuffer holding up to {self.max_slots}, ' +
                f'filled {self.size}')

    def append(self, item):
        self.slots[self.write_pos] = item
        self.size = min(self.size + 1, self.max_slots)
        self.write_pos = (self.write_pos + 1) % self.max_slots

    def sample(self, minibatch):
        picked = sample(range(self.size), minibatch)
        picked_transitions = [self.slots[index] for index in picked]

        state_batch, action_batch, reward_batch, next_state_batch, done_batch = zip(*picked_transitions)

        # torch.stack makes new tensors, so moving them to the device leaves the stored ones on the CPU
        state_batch = torch.stack(state_batch, dim=0).to(self.device)
        next_state_batch = torch.stack(next_state_batch, dim=0).to(self.device)

        action_batch = torch.tensor(action_batch, dtype=torch.long, device=self.device)
        reward_batch = torch.tensor(reward_batch,
                               dtype=torch.float32,
                               device=self.device)
        done_batch = torch.tensor(done_batch, dtype=torch.bool, device=self.device)

        return state_batch, action_batch, reward_batch, next_state_batch, done_batch


class BreakoutAgent:
    def __init__(
            self,
            game_id: str,
            buffer_capacity: int,
            warmup_steps: int,
            minibatch: int,
            gamma_discount: float,
            learn_rate: float,
            # first_beta: float,
            # second_beta: float,
            device: str = 'cuda:0',
            seed_env: int = 0,
            n_stacked: int = 4):

        self.device = device
        self.discount_factor = gamma_discount
        self.game = game_id
        self.batch_size = minibatch

        self.replay_store = FrameReplayBuffer(max_slots=buffer_capacity)

        self.atari_env = FrameStack(AtariPreprocessing(gym.make(self.game),
                                                 noop_max=0,
                                                 terminal_on_life_loss=True,
                                                 scale_obs=False),
                              num_stack=n_stacked)
        self.atari_env.seed(seed_env)
        self.reset()

        n_actions = self.atari_env.action_space.n
        self.online_net = AtariQNetwork(n_actions).to(self.device)
        self.frozen_net = AtariQNetwork(n_actions).to(self.device)
        self.rms_opt = RMSprop(self.online_net.parameters(),
                                 alpha=0.95,
                                 momentum=0.95,
                                 eps=0.01)

        print(self)
        self._warm_up_replay(warmup_steps)

    def __repr__(self):
        return '\n'.join([
            'BreakoutAgent:', f'game id: {self.game}', f'device: {self.device}',
            f'online net: {self.online_net}', f'frozen net: {self.frozen_net}',
            f'replay store: {self.replay_store}'
        ])

    def _warm_up_replay(self, warmup_steps):
        for unused in trange(warmup_steps,
                        desc='warming up the replay store with random play',
                        leave=True):
            self.step(1.0)

    def reset(self):
        """Start a new episode and remember its first observation"""
        self.cur_obs = self.atari_env.reset()

    @torch.no_grad()
    def step(self, eps):
        """
        Act epsilon-greedily from the current observation and store the result
        """
        # epsilon-greedy choice
        if random.random() <= eps:
            act = self.atari_env.action_space.sample()
        else:
            obs_tensor = torch.tensor(self.cur_obs,
                                       dtype=torch.float32,
                                       device=self.device).unsqueeze(0) / 255.0
            q_vals = self.online_net(obs_tensor)
            act = int(q_vals.argmax(dim=1).item())

        # one environment step
        next_obs, rew, is_done, unused = self.atari_env.step(act)

        if rew > 0:
            rew = 1.0
        elif rew < 0:
            rew = -1.0

        # keep the transition for replay
        self.replay_store.append(
            (torch.tensor(
                np.array(self.cur_obs), dtype=torch.float32, device="cpu") /
             255.0, act, rew,
             torch.tensor(
                 np.array(next_obs), dtype=torch.float32, device="cpu") /
             255.0, is_done))

        # move on
        self.cur_obs = next_obs
        if is_done:
            self.reset()

        return rew, is_done

    def learn_from_replay(self):
        self.rms_opt.zero_grad()
        state_batch, action_batch, reward_batch, next_state_batch, done_batch = [
            item.to(self.device) for item in self.replay_store.sample(self.batch_size)
        ]

        td_target = torch.where(
            done_batch, reward_batch, reward_batch + self.discount_factor *
            torch.max(self.frozen_net(next_state_batch), dim=1)[0])
        q_pred = torch.gather(self.online_net(state_batch), 1,
                                        action_batch.unsqueeze(-1)).squeeze(-1)
        td_loss = F.smooth_l1_loss(td_target, q_pred)
        td_loss.backward()
        self.rms_opt.step()
        return (td_target - q_pred).abs().mean()


def save_policy(breakout_agent, out_path):
    torch.save(breakout_agent.online_net.state_dict(), out_path)


def read_cli(cli_args):
    pr = ArgumentParser()
    pr.add_argument('--game', default='BreakoutNoFrameskip-v0')
    pr.add_argument('--batch_size', type=int, default=32)
    pr.add_argument('--frames', type=int_from_text, default=int(5e6))
    pr.add_argument('--max_eps', default=1.0, type=unit_interval_float)
    pr.add_argument('--min_eps', default=0.1, type=unit_interval_float)
    pr.add_argument('--eps_duration', type=int_from_text, default=int(1e6))
    pr.add_argument('--replay_buffer_capacity', type=int_from_text, default=int(1e6))
    pr.add_argument('--replay_start_size',
                   type=int_from_text,
                   default=int(5e4),
                   help='random-play steps before learning starts')
    pr.add_argument('--discount_factor', default=0.99, type=unit_interval_float)
    pr.add_argument('--target_update_frequency',
                   default=int(1e4),
                   help='how often the frozen net is refreshed')
    pr.add_argument('--frame_skip',
                   default=4,
                   help='frames skipped between decisions')
    pr.add_argument('--policy_update_frequency',
                   type=int,
                   default=4,
                   help='frames between two optimiser steps')
    pr.add_argument('--episode_length', type=int, default=1000)
    pr.add_argument('--lr', type=float, default=0.00025)
    pr.add_argument('--save_path', type=str, default='checkpoint.pt')
    # pr.add_argument('--beta1', type=float, default=0.5)  (disabled)
    # pr.add_argument('--beta2', type=float, default=0.999)  (disabled)
    return pr.parse_args(cli_args)


def main_loop(cli_args=[]):
    opts = read_cli(cli_args)

    # build everything
    print('building the agent')
    breakout_agent = BreakoutAgent(
        game_id=opts.game,
        buffer_capacity=opts.replay_buffer_capacity,
        warmup_steps=opts.replay_start_size,
        minibatch=opts.batch_size,
        gamma_discount=opts.discount_factor,
        learn_rate=opts.lr,
        # first_beta=opts.beta1,
        # second_beta=opts.beta2,
    )
    run_stamp = datetime.now().isoformat()
    tb_writer = SummaryWriter(f'tensorboard_logs/{run_stamp}')

    torch.manual_seed(0)
    np.random.seed(0)

    # main loop over frames
    print('training starts')
    ep_return = 0.
    ep_steps = 0
    try:
        for frame_i in trange(opts.frames, desc='frames done', leave=True):
            # linear epsilon decay
            eps = max(
                opts.min_eps,
                1 - frame_i * (opts.max_eps - opts.min_eps) / opts.eps_duration)
            if frame_i % 1000 == 0:
                tb_writer.add_scalar('Epsilon', eps, frame_i)

            if frame_i % 10000 == 0:
                for param_name, pr in breakout_agent.online_net.named_parameters():
                    tb_writer.add_histogram(param_name, pr, bins='auto')

            # act once
            rew, is_done = breakout_agent.step(eps)
            ep_return += rew
            ep_steps += 1
            tb_writer.add_scalar('Reward', rew, frame_i)

            # a gradient step every few frames
            if frame_i % opts.policy_update_frequency == 0:
                td_err = breakout_agent.learn_from_replay()
                tb_writer.add_scalar('TD_Error', td_err, frame_i)

            # copy weights into the frozen net now and then
            if frame_i % opts.target_update_frequency == 0:
                breakout_agent.frozen_net.load_state_dict(breakout_agent.online_net.state_dict())

            if is_done:
                tb_writer.add_scalar('Avg_Episode_Reward',
                                  ep_return / ep_steps, frame_i)
                tb_writer.add_scalar('Episode_length', ep_steps, frame_i)
                breakout_agent.reset()
                ep_return = 0.
                ep_steps = 0
    except KeyboardInterrupt:
        pass
    if opts.save_path is not None:
        save_policy(breakout_agent, opts.save_path)


if __name__ == '__main__':
    main_loop(sys.argv[1:])
