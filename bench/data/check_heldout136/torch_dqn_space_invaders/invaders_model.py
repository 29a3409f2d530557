import torch as T
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import numpy as np

class InvadersQNet(nn.Module):
    def __init__(self, LR):
        super(InvadersQNet, self).__init__()

        self.conv1 = nn.Conv2d(1, 32, 8, stride=4, padding=1)
        self.conv2 = nn.Conv2d(32, 64, 4, stride=2)
        self.conv3 = nn.Conv2d(64, 128, 3)

        self.fc1 = nn.Linear(128*19*8, 512)
        self.fc2 = nn.Linear(512, 6)

        self.optimizer = optim.RMSprop(self.parameters(), lr=LR)
        self.loss = nn.MSELoss()
        self.device = T.device('cuda:0' if T.cuda.is_available() else 'cpu')
        self.to(self.device)

    def forward(self, x):
        x = T.Tensor(x).to(self.device)

        x = x.view(-1, 1, 185, 95)
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.relu(self.conv3(x))

        x = x.view(-1, 128*19*8)
        x = F.relu(self.fc1(x))
        qvals = self.fc2(x)
        return qvals

class InvadersAgent(object):
    def __init__(self, discount, eps, lr_,
                 capacity, eps_final=0.05,
                 sync_every=10000, valid_actions=[0,1,2,3,4,5]):
        self.DISC = discount
        self.EPS = eps
        self.EPS_FINAL = eps_final
        self.LR = lr_
        self.valid_actions = valid_actions
        self.cap = capacity
        self.n_act = 0
        self.n_learn = 0
        self.transitions = []
        self.n_stored = 0
        self.sync_cnt = sync_every
        self.q_online = InvadersQNet(lr_)
        self.q_target = InvadersQNet(lr_)

    def remember(self, s, a, r, s2):
        if self.n_stored < self.cap:
            self.transitions.append([s, a, r, s2])
        else:
            self.transitions[self.n_stored%self.cap] = [s, a, r, s2]
        self.n_stored += 1

    def decide(self, x):
        u = np.random.random()
        qvals = self.q_online.forward(x)
        if u < 1 - self.EPS:
            a = T.argmax(qvals[1]).item()
        else:
            a = np.random.choice(self.valid_actions)
        self.n_act += 1
        return a

    def update(self, bs):
        self.q_online.optimizer.zero_grad()
        if self.sync_cnt is not None and \
           self.n_learn % self.sync_cnt == 0:
            self.q_target.load_state_dict(self.q_online.state_dict())

        if self.n_stored+bs < self.cap:
            start = int(np.random.choice(range(self.n_stored)))
        else:
            start = int(np.random.choice(range(self.cap-bs-1)))
        chunk=self.transitions[start:start+bs]
        transitions = np.array(chunk)


        q_pred = self.q_online.forward(list(transitions[:,0][:])).to(self.q_online.device)
        q_nxt = self.q_target.forward(list(transitions[:,3][:])).to(self.q_online.device)

        best_a = T.argmax(q_nxt, dim=1).to(self.q_online.device)
        rw = T.Tensor(list(transitions[:,2])).to(self.q_online.device)
        q_goal = q_pred.clone()
        rows = np.arange(bs)
        q_goal[rows,best_a] = rw + self.DISC*T.max(q_nxt[1])

        if self.n_act > 500:
            if self.EPS - 1e-4 > self.EPS_FINAL:
                self.EPS -= 1e-4
            else:
                self.EPS = self.EPS_FINAL


        err = self.q_online.loss(q_goal, q_pred).to(self.q_online.device)
        err.backward()
        self.q_online.optimizer.step()
        self.n_learn += 1
