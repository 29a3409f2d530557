'''
Frame preparation for the vectorised Atari envs.

Raw frames come in as (n_envs, 210, 160, 3); each is turned to gray
(0.299 R + 0.587 G + 0.114 B), scaled into [0, 1], resized to 84 x 84,
and the last 4 are kept as a stack.
Result per step: (n_envs, 84, 84, 4)
'''
import random
import pdb
from collections import deque
import matplotlib.pyplot as plt

import cv2
import torch
import numpy as np
import gymnasium as gym
from einops import rearrange

from wrappers import *

def to_gray_frame(frame):
    # weighted sum of the colour channels gives gray,
    # then float32 in [0, 1],
    # then a resize and a crop to 84 x 84
    rgb_weights = np.array([0.299, 0.587, 0.114])
    frame = np.dot(frame, rgb_weights)
    frame = rearrange(frame, 'n h w -> h w n').astype(np.float32) / 255.0
    # shape check (before resize) was printed here
    frame = cv2.resize(frame, (84, 110))
    # shape check (after resize) was printed here
    frame = frame[18:102,:]
    # shape check (after crop) was printed here
    return frame

def record_video(game_id, dev, q_net, out_name, episode_no, stack_depth=4, n_steps=3000):

    # a single env, just for the video
    play_env = gym.make('ALE/'+game_id, render_mode="rgb_array")
    play_env = PressFireOnReset(play_env)

    # reset, then press fire
    frame_window = deque([], maxlen=stack_depth)
    play_env.reset()
    frame, rew, over, _, _ = play_env.step(1)

    frame_wh = (frame.shape[1], frame.shape[0])
    out_name = out_name + ".mp4"
    video_writer = cv2.VideoWriter(out_name, cv2.VideoWriter_fourcc(*'MP4V'), 15, frame_wh)
    video_writer.write(frame)

    frame = np.expand_dims(frame, axis=0)
    frame = to_gray_frame(frame)

    for i in range(stack_depth):
        frame_window.append(frame)

    frame = rearrange(np.array(frame_window), 'k h w -> 1 k h w')
    chosen_actions = []
    for i in range(n_steps):
        # (a per-step print of the lives count used to be here)
        # (and one of the real game-over flag)
        with torch.no_grad():
            state_t = torch.from_numpy(frame).float().to(dev)
            q_vals = q_net(state_t)
            greedy = torch.argmax(q_vals, 1).cpu().numpy()

        chosen_actions.append(greedy[0])
        frame, _, over, _, _ = play_env.step(greedy[0])
        video_writer.write(frame)

        frame = np.expand_dims(frame, axis=0)
        frame = to_gray_frame(frame)
        frame_window.append(frame)
        frame = rearrange(np.array(frame_window), 'k h w -> 1 k h w')

    video_writer.release()
    print("video written; last actions:", chosen_actions[-10:])


class StackedFrameEnv():
    def __init__(self,
            vec_env,
            stack_depth=4,
            pixel_max=255
        ):
        # not a gym.Wrapper subclass
        self.inner_envs = vec_env
        self.stack_depth = stack_depth
        self.n_envs = vec_env.num_envs
        self.act_space = vec_env.action_space
        self.frame_queue = deque([], maxlen=stack_depth)

    def restart_all(self):
        frame, _ = self.inner_envs.reset()
        frame = to_gray_frame(frame)

        # the first frame fills every slot of the stack
        for _ in range(self.stack_depth):
            self.frame_queue.append(frame)

        frame = rearrange(np.array(self.frame_queue), 'k h w b -> b k h w')
        return frame

    def advance(self, acts):
        # new frame goes through to_gray_frame and onto the stack
        # (Atari flicker is not handled)
        # (reward clipping is off)
        #
        frame, rew, over, _, _ = self.inner_envs.step(acts)
        #
        frame = to_gray_frame(frame)
        self.frame_queue.append(frame)
        frame = rearrange(np.array(self.frame_queue), 'k h w b -> b k h w')
        # rew = np.sign(rew) would clip it

        return frame, rew, over

def epsilon_step(i, cur_obs, q_net, dev, vec_envs, replay):
    EPS_HI = 0.9
    EPS_LO = 0.05
    EPS_TAU = 1e3
    sample_random = lambda: vec_envs.act_space.sample()

    coin = random.random()
    explore_p = 0.15
    # a decaying schedule (EPS_LO + (EPS_HI - EPS_LO) *
    #     exp(-i / EPS_TAU)) is not used

    # it used to print the current
    #     epsilon every 100 steps

    # greedy with probability 1 - explore_p
    if coin > explore_p:
        with torch.no_grad():
            state_t = torch.from_numpy(cur_obs).float().to(dev)
            q_vals = q_net(state_t)
            chosen = torch.argmax(q_vals, 1).cpu().numpy()
    else:
        chosen = sample_random()

    # step the envs and keep the transition
    nxt_obs, step_rew, step_done = vec_envs.advance(chosen)
    replay.push((cur_obs, chosen, step_rew, nxt_obs, step_done))
    cur_obs = nxt_obs

    return step_rew, cur_obs

def plot_reward_curve(reward_log, out_name, window=100):

    # moving sum over the last window entries
    window = 1000
    reward_log = np.cumsum(reward_log)
    reward_log[window:] = (reward_log[window:] - reward_log[:-window])
    reward_log = reward_log[window - 1:]

    x_steps = np.arange(len(reward_log))*100

    plt.clf()
    plt.plot(x_steps, reward_log)
    plt.xlabel("env step")
    plt.ylabel("reward (moving sum)")
    plt.savefig(out_name+"_rewards.png")