'''
Deep Q-learning on Atari with many envs stepped together.
Author of the original: Vishwas Sathish (vishwassathish.github.io).

The agent follows the Nature DQN paper (Mnih et al., 2015),
with ideas taken from the PyTorch DQN tutorial
and from a few public DQN-Atari repositories:
KaleabTessera/DQN-Atari,
diegoalejogm/deep-q-learning,
jzhanson/breakout-demo.

Discrete action spaces only.
'''

import sys
import time
import torch
import pickle
import numpy as np
import gymnasium as gym
import matplotlib.pyplot as plt

from dqn import TransitionStore, QNetwork
from wrappers import *
from utils import *

dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')


def make_env(game_id):
    one_env = gym.make('ALE/'+game_id, render_mode="rgb_array")
    one_env = PressFireOnReset(LifeLossEnds(RandomNoopStart(one_env)))
    return one_env

if __name__ == "__main__":
    # settings
    out_dir = './files/'
    game_id = 'Pong-v5'
    run_prefix = out_dir + game_id
    n_envs = 25
    n_actions = 6 # size of the action set
    stack_depth = 4 # frames per state
    replay_size = 100_000 # the paper used a million
    train_batch_size = 100
    n_episodes = 1000
    episode_steps = int(1e4)
    GAMMA = 0.99

    # the envs
    # (a single-env setup for Breakout used to be here,
    #  with the same three wrappers)
    vec_envs = [lambda: make_env(game_id) for _ in range(n_envs)]
    vec_envs = gym.vector.AsyncVectorEnv(vec_envs)
    vec_envs = StackedFrameEnv(vec_envs, stack_depth=stack_depth)

    # replay memory and the online network
    replay = TransitionStore(dev, stack_depth, train_batch_size,
                              n_envs, replay_size)
    sample_random = lambda: vec_envs.act_space.sample()
    q_model = QNetwork(stack_depth, n_actions).to(dev)
    try:
        saved = torch.load(run_prefix+"_model.pth")
    except:
        print("no checkpoint found")
        saved = None

    if saved is not None:
        q_model.load_state_dict(saved["model"])
        print("weights restored")
    else:
        print("no weights to restore, fresh start")

    adamw_optimizer = torch.optim.AdamW(q_model.parameters(), lr=1e-4, amsgrad=True)
    if saved is not None and "optimizer" in saved.keys():
        adamw_optimizer.load_state_dict(saved["optimizer"])

    target_model = QNetwork(stack_depth, n_actions).to(dev)
    target_model.load_state_dict(q_model.state_dict())

    huber_loss = torch.nn.SmoothL1Loss()

    if saved is not None and "episode" in saved.keys():
        reward_trace = pickle.load(open(run_prefix+"_rewards.pkl", "rb"))
        first_ep = saved["episode"] + 1
        print("reward history restored")
    else:
        reward_trace = []
        first_ep = 0

    # warm-up: random moves until two batches are stored
    cur_obs = vec_envs.restart_all()
    print("warming up the replay memory")
    n_filled = 0
    for i in range(train_batch_size*2):
        rand_act = sample_random()
        nxt_obs, rew, finished = vec_envs.advance(rand_act)
        replay.push((cur_obs, rand_act, rew, nxt_obs, finished))
        cur_obs = nxt_obs

    # Q-learning proper

    # one video and episode_steps updates per episode
    run_t0 = time.time()
    for ep in range(first_ep, n_episodes):
        ep_t0 = time.time()
        record_video(game_id, dev, q_model, run_prefix, ep)
        live_obs = vec_envs.restart_all()

        for i in range(episode_steps):
            step_t0 = time.time()

            # act epsilon-greedily, store the transition
            live_rewards, live_obs = epsilon_step(i, live_obs, q_model,
                                    dev, vec_envs, replay)

            # every 100 steps: log and redraw the reward curve
            if i % 100 == 0:
                reward_trace.append(np.mean(live_rewards))
                print(
                        "ep", ep, \
                        "step", i, \
                        "global step", (ep * episode_steps) + i, \
                        "recent reward", reward_trace[-3:-1]
                    )
                plot_reward_curve(reward_trace, run_prefix)

            # a random batch from replay
            batch_states, batch_actions, batch_rewards, batch_next_states, batch_dones = replay.draw_batch()

            # Q of the actions taken, and the bootstrapped targets
            q_taken = q_model(batch_states)
            q_taken = q_taken.gather(1, batch_actions.unsqueeze(1))

            # next-state values are zeroed where an episode ended (a
            # lost life counts), which keeps the estimates from
            # drifting high.

            with torch.no_grad():
                q_next_all = target_model(batch_next_states)
                targets = torch.max(q_next_all, dim=1)[0] * (1 - batch_dones.float())
                targets = batch_rewards + GAMMA * targets
                targets = targets.unsqueeze(1)

            # Huber loss, clamped
            td_loss = huber_loss(q_taken, targets)
            td_loss = torch.clamp(td_loss, -1, 1)


            # gradient step
            q_model.zero_grad()
            td_loss.backward()
            torch.nn.utils.clip_grad_value_(q_model.parameters(), 100)
            adamw_optimizer.step()

            # sync the target network
            if i % 100 == 0:
                target_model.load_state_dict(q_model.state_dict())

            if i % 100 == 0:
                print("td loss", td_loss.item())
                print("seconds for this step", time.time() - step_t0)

        torch.save(
            {
                "model": q_model.state_dict(),
                "optimizer": adamw_optimizer.state_dict(),
                "episode": ep
            },
            run_prefix+"_model.pth"
        )
        pickle.dump(reward_trace, open(run_prefix+"_rewards.pkl", "wb"))
        print("checkpoint written")

        print("seconds for this episode", time.time() - ep_t0)

    print("seconds in all", time.time() - run_t0)
        