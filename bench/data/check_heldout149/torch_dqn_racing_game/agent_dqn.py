import math
import torch
import random
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
from collections import namedtuple, deque
from typing import Tuple, List, Optional

Step = namedtuple('Step',
        ('state', 'action', 'next_state', 'reward'))

class Buffer(object):
    """
    Bounded store of past steps.

    Attributes:
        memory (deque): ring of stored steps.
    """
    def __init__(self, capacity: int):
        self.memory = deque([], maxlen=capacity)

    def push(self, *args):
        """Store one step"""
        self.memory.append(Step(*args))

    def sample(self, batch_size: int) -> List[Step]:
        return random.sample(self.memory, batch_size)

    def __len__(self) -> int:
        return len(self.memory)

class QDriver():

    def __init__(self, device: torch.device, batch_size: int, n_observations: int, n_actions: int, 
                gamma: float, eps_end: float, eps_start: float, decay: float, lr: float, tau: float): 
        self.online = QNet(n_observations, n_actions).to(device)
        self.target = QNet(n_observations, n_actions).to(device)
        self.target.load_state_dict(self.online.state_dict())
        self.opt = optim.AdamW(self.online.parameters(), lr=lr, amsgrad=True)
        self.memory = Buffer(10000)
        self.device = device
        self.batch_size = batch_size
        self.gamma = gamma
        self.eps_end = eps_end
        self.eps_start = eps_start
        self.eps_decay = decay
        self.tau = tau
        self.n_steps = 0

    def push_memory(self, state: torch.Tensor, action: torch.Tensor, next_state: torch.Tensor, reward: torch.Tensor) -> None:
        self.memory.push(state, action, next_state, reward)

    def select_action(self, state: torch.Tensor, env, training: bool = False) -> torch.Tensor:
        draw = random.random()
        threshold = self.eps_end + (self.eps_start - self.eps_end) * \
            math.exp(-1. * self.n_steps / self.eps_decay)
        self.n_steps += 1
        if draw > threshold or not training:
            with torch.no_grad():
                return self.online(state).max(1).indices.view(1, 1)
        else:
            return torch.tensor([[env.sample()]], device=self.device, dtype=torch.long)

    def update_param(self):
        tgt_sd = self.target.state_dict()
        src_sd = self.online.state_dict()
        for name in src_sd:
            tgt_sd[name] = src_sd[name] * self.tau + tgt_sd[name] * (1 - self.tau)
        self.target.load_state_dict(tgt_sd)

    def optimize_model(self) -> None:
        if len(self.memory) < self.batch_size:
            return
        
        steps = self.memory.sample(self.batch_size)

        batch = Step(*zip(*steps))

        alive = torch.tensor(tuple(map(lambda s: s is not None,
                                            batch.next_state)), device=self.device, dtype=torch.bool)
        alive_next = torch.cat([s for s in batch.next_state
                                                    if s is not None])
        s_b = torch.cat(batch.state)
        a_b = torch.cat(batch.action)
        r_b = torch.cat(batch.reward)

        q_sa = self.online(s_b).gather(1, a_b)
        v_next = torch.zeros(self.batch_size, device=self.device)
        
        with torch.no_grad():
            v_next[alive] = self.target(alive_next).max(1).values
        # bootstrapped targets
        q_target = (v_next * self.gamma) + r_b
        
        crit = nn.MSELoss()
        loss = crit(q_sa, q_target.unsqueeze(1))

        self.opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_value_(self.online.parameters(), 10)
        self.opt.step()

    def save(self, name: str, game_map: str, start_pos: str):
        torch.save(self.online.state_dict(), "saved_models/dqn_" + game_map + "_" + start_pos + "_" + str(name) + ".pth")

    def load(self, file_name: str):
        # note: a params file should travel with the weights
        self.online.load_state_dict(torch.load(file_name))
        self.online.eval()

class QNet(nn.Module):

    def __init__(self, n_observations: int, n_actions: int):
        super(QNet, self).__init__()
        self.fc1 = nn.Linear(n_observations, 64)
        self.fc2 = nn.Linear(64, 64)
        self.fc3 = nn.Linear(64, n_actions)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)
