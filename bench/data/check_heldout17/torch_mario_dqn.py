"""Deep Q-learning agent for Super Mario Bros (NES emulator via gym): four
stacked, binarised 80x80 frames in, one Q-value per joypad combination out.
Settings, the replay memory, the Q-network and the interaction loop of the
original project are collected in this one file."""
import gc
import os
import random
import time
from collections import namedtuple, deque

import cv2
import gym_super_mario_bros
import numpy as np
import torch
import torch as t
import torch.nn.functional as F
from gym_super_mario_bros.actions import COMPLEX_MOVEMENT
from nes_py.wrappers import JoypadSpace
from torch import nn

# --------------------------------- settings ---------------------------------
learn_rate = 1e-5
dev = t.device("cuda:0" if t.cuda.is_available() else "cpu")
batch_len = 256
replay_capacity = 60000
WARMUP_STEPS = 10000
N_ACTIONS = len(COMPLEX_MOVEMENT)
explore_eps = 0.1

# ------------------------------- replay memory -------------------------------
ReplayItem = namedtuple('ReplayItem', ('obs', 'next_obs', 'act_vec', 'rew', 'alive_mask'))


class ReplayBuffer(object):
    def __init__(self, max_len):
        self.store = deque(maxlen=max_len)
        self.cap = max_len

    def add(self, obs, next_obs, act_vec, rew, not_done):
        self.store.append(ReplayItem(obs, next_obs, act_vec, rew, not_done))

    def drop_oldest(self):
        self.store.popleft()

    def draw(self, batch_len):
        chosen = random.sample(self.store, batch_len)
        return ReplayItem(*zip(*chosen))

    def __len__(self):
        return len(self.store)


# --------------------------------- Q-network ---------------------------------
class QNet(nn.Module):
    def __init__(self):
        super(QNet, self).__init__()
        self.enc1 = nn.Conv2d(4, 32, kernel_size=8, stride=4, padding=2)
        self.pool_a = nn.MaxPool2d(2, stride=2)
        self.enc2 = nn.Conv2d(32, 64, kernel_size=4, stride=2, padding=1)
        self.enc3 = nn.Conv2d(64, 64, kernel_size=3, stride=1, padding=1)
        self.fc_a = nn.Linear(1600, 2048)
        self.fc_b = nn.Linear(2048, 1024)
        self.fc_c = nn.Linear(1024, 256)
        self.q_out = nn.Linear(256, N_ACTIONS)

    def forward(self, x):
        x = self.pool_a(F.relu(self.enc1(x)))
        x = F.relu(self.enc2(x))
        x = F.relu(self.enc3(x))
        x = x.view(x.size(0), -1)
        x = F.relu(self.fc_a(x))
        x = F.relu(self.fc_b(x))
        x = F.relu(self.fc_c(x))
        return self.q_out(x)

    @classmethod
    def train_step_batch(cls, q_net, optimizer, replay_batch):
        s_now = t.tensor(np.array(replay_batch.obs), dtype=torch.float32).to(dev)
        s_after = t.tensor(np.array(replay_batch.next_obs), dtype=torch.float32).to(dev)
        act_mask = t.Tensor(np.array(replay_batch.act_vec)).to(dev)
        rew_t = t.Tensor(np.array(replay_batch.rew)).to(dev)
        alive_t = t.Tensor(np.array(replay_batch.alive_mask)).to(dev)
        q_all = q_net(s_now).squeeze(1)
        q_all_next = q_net(s_after).squeeze(1)
        q_chosen = torch.sum(q_all.mul(act_mask), dim=1)
        td_target = rew_t + alive_t * 0.99 * q_all_next.max(1)[0]
        loss = F.mse_loss(q_chosen, td_target.detach())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    def greedy_action(self, obs_in):
        return self.forward(obs_in).max(1)[1].view(1, 1)[0, 0]


# ------------------------------ interaction loop ------------------------------
game_env = gym_super_mario_bros.make('SuperMarioBros-1-1-v0')
game_env = JoypadSpace(game_env, COMPLEX_MOVEMENT)
is_done = True

replay = ReplayBuffer(replay_capacity)
q_net = QNet().to(dev)
optimizer = t.optim.Adam(q_net.parameters(), lr=learn_rate)
obs = game_env.reset()

if os.path.isfile("saved_network/checkpointdict.npy"):
    ckpt_meta = np.load("saved_network/checkpointdict.npy", allow_pickle=True).item()
    ckpt_blob = t.load(ckpt_meta["checkpoint_path"])
    q_net.load_state_dict(ckpt_blob['state_dict'])
    print("restored weights from", "saved_network/checkpoint.pth.tar")
    del ckpt_blob
    gc.collect()
else:
    print("no saved weights, starting fresh")

# initial observation: one grey, thresholded frame repeated four times
act_vec = game_env.action_space.sample()
frame_gray, rew, is_done, step_info = game_env.step(act_vec)
frame_gray = cv2.cvtColor(cv2.resize(frame_gray, (80, 80)), cv2.COLOR_BGR2GRAY)
_, frame_gray = cv2.threshold(frame_gray, 1, 255, cv2.THRESH_BINARY)
stack_t = np.stack((frame_gray, frame_gray, frame_gray, frame_gray), axis=0)
stack_t = np.ascontiguousarray(stack_t, dtype=np.float32)
time.sleep(0.01)
step_no = 0
while True:
    game_env.render()
    if is_done:
        obs = game_env.reset()
    time.sleep(0.01)
    stack_tensor = t.Tensor(stack_t).unsqueeze(0).to(dev)
    if random.random() < explore_eps:
        act_id = game_env.action_space.sample()
    else:
        act_id = q_net.greedy_action(stack_tensor)
        act_id = act_id.item()
    frame_new, rew, is_done, step_info = game_env.step(act_id)
    frame_new = cv2.cvtColor(cv2.resize(frame_new, (80, 80)), cv2.COLOR_BGR2GRAY)
    _, frame_new = cv2.threshold(frame_new, 1, 255, cv2.THRESH_BINARY)
    frame_new = np.reshape(frame_new, (1, 80, 80))
    stack_next = np.append(frame_new, stack_t[:3, :, :], axis=0)
    stack_next = np.ascontiguousarray(stack_next, dtype=np.float32)
    act_vec_1h = np.zeros(N_ACTIONS)
    act_vec_1h[act_id] = 1
    replay.add(stack_t, stack_next, act_vec_1h, rew, not is_done)
    if len(replay) > replay_capacity:
        replay.drop_oldest()
    if step_no > WARMUP_STEPS:
        mini_batch = replay.draw(batch_len)
        loss = QNet.train_step_batch(q_net, optimizer, mini_batch)
    step_no = step_no + 1
    if step_no % 1000 == 0:
        print(step_no)
    if step_no % 20000 == 0:
        now_gm = time.gmtime()
        ckpt_path = 'saved_network/' + 'mario-dqn' + \
            f'{now_gm.tm_year}-{now_gm.tm_mon}-{now_gm.tm_mday}-{now_gm.tm_hour}-{now_gm.tm_min}' + ".pth.tar"
        np.save("saved_network/checkpointdict.npy", {'checkpoint_path': ckpt_path})
        t.save({'turn': step_no, 'state_dict': q_net.state_dict(), 'optimizer': optimizer.state_dict()},
               ckpt_path)

game_env.close()
