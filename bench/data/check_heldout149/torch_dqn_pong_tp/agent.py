from replay_buffer import FrameMemory
from model_dqn import build_dqn

import numpy as np
import torch
from torch.optim import Adam
from torch.nn import MSELoss


class Learner(object):
    def __init__(self, alpha, gamma, n_actions, epsilon, batch_size, replace, input_dims,
                 epsilon_dec=1e-3, epsilon_min=0.01, mem_size=1000000,
                 eval_fname='dqn_eval.pth', target_fname='dqn_target.pth'):
        self.moves = [k for k in range(n_actions)]
        self.alpha = alpha
        self.gamma = gamma
        self.epsilon = epsilon
        self.eps_dec = epsilon_dec
        self.eps_min = epsilon_min
        self.batch_size = batch_size
        self.replace = replace
        self.online_path = eval_fname
        self.target_path = target_fname
        self.updates = 0
        self.memory = FrameMemory(mem_size, input_dims)

        # GPU when there is one
        self.device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

        # online and target nets on the device
        self.q_online = build_dqn(n_actions, input_dims, 512).to(self.device)
        self.q_online.optimizer = Adam(self.q_online.parameters(), lr=alpha)
        self.q_online.loss = MSELoss()

        self.q_target = build_dqn(n_actions, input_dims, 512).to(self.device)
        self.q_target.optimizer = Adam(self.q_target.parameters(), lr=alpha)
        self.q_target.loss = MSELoss()

    def sync_target(self):
        if self.replace != 0 and self.updates % self.replace == 0:
            self.q_target.load_state_dict(self.q_online.state_dict())

    def store_transition(self, state, action, reward, new_state, done):
        self.memory.store_transition(state, action, reward, new_state, done)

    def choose_action(self, obs):
        if np.random.random() > self.epsilon:
            x = torch.tensor(np.array([obs]), dtype=torch.float).to(self.device)
            qs = self.q_online.forward(x)
            act = torch.argmax(qs).item()
        else:
            act = np.random.choice(self.moves)
        return act

    def learn(self):
        if self.memory.mem_cntr < self.batch_size:
            return

        s, a, r, s2, d = self.memory.sample_buffer(self.batch_size)
        self.sync_target()

        # batch to tensors on the device
        s = torch.tensor(s).to(self.device)
        s2 = torch.tensor(s2).to(self.device)
        a = torch.tensor(a).to(self.device)
        r = torch.tensor(r).to(self.device)
        d = torch.tensor(d, dtype=torch.bool).to(self.device)

        # Q values now and next
        q_now = self.q_online.forward(s)
        q_nxt = self.q_target.forward(s2)
        q_nxt[d] = 0.0

        rows = np.arange(self.batch_size)
        q_goal = q_now.clone()
        q_goal[rows, a] = r + self.gamma * torch.max(q_nxt, dim=1)[0]

        self.q_online.optimizer.zero_grad()
        loss = self.q_online.loss(q_goal, q_now).to(self.device)
        loss.backward()
        self.q_online.optimizer.step()

        self.updates += 1
        self.epsilon = max(self.epsilon - self.eps_dec, self.eps_min)

    def save_models(self):
        print("writing weights...")
        torch.save(self.q_online.state_dict(), self.online_path)
        torch.save(self.q_target.state_dict(), self.target_path)
        print("weights written.")

    def load_models(self):
        print("reading weights...")
        self.q_online.load_state_dict(torch.load(self.online_path, map_location=self.device, weights_only=True))
        self.q_target.load_state_dict(torch.load(self.target_path, map_location=self.device, weights_only=True))
        print("weights read.")
