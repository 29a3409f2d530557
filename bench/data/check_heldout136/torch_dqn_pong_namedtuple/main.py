import copy
from collections import namedtuple
from itertools import count
import math
import random
import numpy as np
import time

import gym

from wrappers import *
from memory import ExperienceStore
from models import *

import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import torchvision.transforms as T

Step = namedtuple('StepT',
                        ('state', 'action', 'next_state', 'reward'))


def pick_action(cur):
    global global_steps
    draw = random.random()
    eps_now = EPS_LO + (EPS_HI - EPS_LO)* \
        math.exp(-1. * global_steps / EPS_SPAN)
    global_steps += 1
    if draw > eps_now:
        with torch.no_grad():
            return online_q(cur.to('cuda')).max(1)[1].view(1,1)
    else:
        return torch.tensor([[random.randrange(4)]], device=device, dtype=torch.long)


def update_policy():
    if len(store) < MINIBATCH:
        return
    picked = store.draw(MINIBATCH)
    """






"""
    cols = Step(*zip(*picked))

    act_list = tuple((map(lambda a: torch.tensor([[a]], device='cuda'), cols.action)))
    rew_list = tuple((map(lambda r: torch.tensor([r], device='cuda'), cols.reward)))

    alive_mask = torch.tensor(
        tuple(map(lambda s: s is not None, cols.next_state)),
        device=device, dtype=torch.uint8)

    alive_next = torch.cat([s for s in cols.next_state
                                       if s is not None]).to('cuda')


    s_batch = torch.cat(cols.state).to('cuda')
    a_batch = torch.cat(act_list)
    r_batch = torch.cat(rew_list)

    q_taken = online_q(s_batch).gather(1, a_batch)

    q_next = torch.zeros(MINIBATCH, device=device)
    q_next[alive_mask] = frozen_q(alive_next).max(1)[0].detach()
    q_goal = (q_next * DISCOUNT) + r_batch

    td_loss = F.smooth_l1_loss(q_taken, q_goal.unsqueeze(1))

    opt.zero_grad()
    td_loss.backward()
    for param in online_q.parameters():
        param.grad.data.clamp_(-1, 1)
    opt.step()

def obs_to_tensor(frame):
    cur = np.array(frame)
    cur = cur.transpose((2, 0, 1))
    cur = torch.from_numpy(cur)
    return cur.unsqueeze(0)

def play_and_learn(env, episodes, render=False):
    for ep in range(episodes):
        frame = env.reset()
        cur = obs_to_tensor(frame)
        ret = 0.0
        for t in count():
            action = pick_action(cur)

            if render:
                env.render()

            frame, reward, done, info = env.step(action)

            ret += reward

            if not done:
                nxt = obs_to_tensor(frame)
            else:
                nxt = None

            reward = torch.tensor([reward], device=device)

            store.add(cur, action.to('cpu'), nxt, reward.to('cpu'))
            cur = nxt

            if global_steps > WARMUP:
                update_policy()

                if global_steps % SYNC_EVERY == 0:
                    frozen_q.load_state_dict(online_q.state_dict())

            if done:
                break
        if ep % 20 == 0:
                print('steps {} | ep {} len {} | return {}'.format(global_steps, ep, t, ret))
    env.close()
    return

def play_eval(env, episodes, net, render=True):
    env = gym.wrappers.Monitor(env, './rec/' + 'pong_eval')
    for ep in range(episodes):
        frame = env.reset()
        cur = obs_to_tensor(frame)
        ret = 0.0
        for t in count():
            action = net(cur.to('cuda')).max(1)[1].view(1,1)

            if render:
                env.render()
                time.sleep(0.02)

            frame, reward, done, info = env.step(action)

            ret += reward

            if not done:
                nxt = obs_to_tensor(frame)
            else:
                nxt = None

            cur = nxt

            if done:
                print("eval ep {} return {}".format(ep, ret))
                break

    env.close()
    return

if __name__ == '__main__':

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


    MINIBATCH = 32
    DISCOUNT = 0.99
    EPS_HI = 1
    EPS_LO = 0.02
    EPS_SPAN = 1000000
    SYNC_EVERY = 1000
    SHOW = False
    lr = 1e-4
    WARMUP = 10000
    STORE_CAP = 10 * WARMUP


    online_q = DQN(n_actions=4).to(device)
    frozen_q = DQN(n_actions=4).to(device)
    frozen_q.load_state_dict(online_q.state_dict())


    opt = optim.Adam(online_q.parameters(), lr=lr)

    global_steps = 0


    env = gym.make("PongNoFrameskip-v4")
    env = make_env(env)


    store = ExperienceStore(STORE_CAP)


    play_and_learn(env, 400)
    torch.save(online_q, "pong_q.pt")
    online_q = torch.load("pong_q.pt")
    play_eval(env, 1, online_q, render=False)

