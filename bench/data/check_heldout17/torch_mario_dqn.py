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
lr = 1e-5
device = t.device("cuda:0" if t.cuda.is_available() else "cpu")
batch_size = 256
buffer_capacity = 60000
OBSERVE = 10000
ACTIONS = len(COMPLEX_MOVEMENT)
epsilon = 0.1

# ------------------------------- replay memory -------------------------------
Transition = namedtuple('Transition', ('state', 'next_state', 'action', 'reward', 'mask'))


class Memory(object):
    def __init__(self, capacity):
        self.memory = deque(maxlen=capacity)
        self.capacity = capacity

    def push(self, state, next_state, action, reward, collision):
        self.memory.append(Transition(state, next_state, action, reward, collision))

    def pop(self):
        self.memory.popleft()

    def sample(self, batch_size):
        picked = random.sample(self.memory, batch_size)
        return Transition(*zip(*picked))

    def __len__(self):
        return len(self.memory)


# --------------------------------- Q-network ---------------------------------
class DQN(nn.Module):
    def __init__(self):
        super(DQN, self).__init__()
        self.conv1 = nn.Conv2d(4, 32, kernel_size=8, stride=4, padding=2)
        self.pool1 = nn.MaxPool2d(2, stride=2)
        self.conv2 = nn.Conv2d(32, 64, kernel_size=4, stride=2, padding=1)
        self.conv3 = nn.Conv2d(64, 64, kernel_size=3, stride=1, padding=1)
        self.fc1 = nn.Linear(1600, 2048)
        self.fc2 = nn.Linear(2048, 1024)
        self.fc3 = nn.Linear(1024, 256)
        self.head = nn.Linear(256, ACTIONS)

    def forward(self, x):
        x = self.pool1(F.relu(self.conv1(x)))
        x = F.relu(self.conv2(x))
        x = F.relu(self.conv3(x))
        x = x.view(x.size(0), -1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = F.relu(self.fc3(x))
        return self.head(x)

    @classmethod
    def train_model(cls, online_net, optimizer, batch):
        s = t.tensor(np.array(batch.state), dtype=torch.float32).to(device)
        s_next = t.tensor(np.array(batch.next_state), dtype=torch.float32).to(device)
        acts = t.Tensor(np.array(batch.action)).to(device)
        rews = t.Tensor(np.array(batch.reward)).to(device)
        alive = t.Tensor(np.array(batch.mask)).to(device)
        q = online_net(s).squeeze(1)
        q_next = online_net(s_next).squeeze(1)
        q_taken = torch.sum(q.mul(acts), dim=1)
        target = rews + alive * 0.99 * q_next.max(1)[0]
        loss = F.mse_loss(q_taken, target.detach())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    def get_action(self, input):
        return self.forward(input).max(1)[1].view(1, 1)[0, 0]


# ------------------------------ interaction loop ------------------------------
env = gym_super_mario_bros.make('SuperMarioBros-1-1-v0')
env = JoypadSpace(env, COMPLEX_MOVEMENT)
done = True

D = Memory(buffer_capacity)
online_net = DQN().to(device)
optimizer = t.optim.Adam(online_net.parameters(), lr=lr)
state = env.reset()

if os.path.isfile("saved_network/checkpointdict.npy"):
    ckpt_index = np.load("saved_network/checkpointdict.npy", allow_pickle=True).item()
    ckpt = t.load(ckpt_index["checkpoint_path"])
    online_net.load_state_dict(ckpt['state_dict'])
    print("Successfully loaded:", "saved_network/checkpoint.pth.tar")
    del ckpt
    gc.collect()
else:
    print("Could not find old network weights")

# initial observation: one grey, thresholded frame repeated four times
action = env.action_space.sample()
frame, reward, done, info = env.step(action)
frame = cv2.cvtColor(cv2.resize(frame, (80, 80)), cv2.COLOR_BGR2GRAY)
_, frame = cv2.threshold(frame, 1, 255, cv2.THRESH_BINARY)
s_t = np.stack((frame, frame, frame, frame), axis=0)
s_t = np.ascontiguousarray(s_t, dtype=np.float32)
time.sleep(0.01)
turn = 0
while True:
    env.render()
    if done:
        state = env.reset()
    time.sleep(0.01)
    obs_tensor = t.Tensor(s_t).unsqueeze(0).to(device)
    if random.random() < epsilon:
        a_t = env.action_space.sample()
    else:
        a_t = online_net.get_action(obs_tensor)
        a_t = a_t.item()
    frame_next, reward, done, info = env.step(a_t)
    frame_next = cv2.cvtColor(cv2.resize(frame_next, (80, 80)), cv2.COLOR_BGR2GRAY)
    _, frame_next = cv2.threshold(frame_next, 1, 255, cv2.THRESH_BINARY)
    frame_next = np.reshape(frame_next, (1, 80, 80))
    s_t1 = np.append(frame_next, s_t[:3, :, :], axis=0)
    s_t1 = np.ascontiguousarray(s_t1, dtype=np.float32)
    act_onehot = np.zeros(ACTIONS)
    act_onehot[a_t] = 1
    D.push(s_t, s_t1, act_onehot, reward, not done)
    if len(D) > buffer_capacity:
        D.pop()
    if turn > OBSERVE:
        minibatch = D.sample(batch_size)
        loss = DQN.train_model(online_net, optimizer, minibatch)
    turn = turn + 1
    if turn % 1000 == 0:
        print(turn)
    if turn % 20000 == 0:
        stamp = time.gmtime()
        save_path = 'saved_network/' + 'mario-dqn' + \
            f'{stamp.tm_year}-{stamp.tm_mon}-{stamp.tm_mday}-{stamp.tm_hour}-{stamp.tm_min}' + ".pth.tar"
        np.save("saved_network/checkpointdict.npy", {'checkpoint_path': save_path})
        t.save({'turn': turn, 'state_dict': online_net.state_dict(), 'optimizer': optimizer.state_dict()},
               save_path)

env.close()
