#parts
#1) experience memory
#2) Q network
#3) frozen target copy
#4) minibatch draws from memory
#5) observation prep to 4x84x84
#6) learning loop
#7) evaluation -> score and mean max Q
#8) checkpointing


# game used : Breakout


#q-learning
# qagent.py
# qagent.py
# qagent.py
import random
from collections import deque
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import gymnasium as gym
from settings import HParams



device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

class ExperienceMemory:
    def __init__(self, capacity=HParams.ReplayBufferCapacity):
        self.items = deque(maxlen=capacity)
        
    def push(self, obs, act, rew, next_obs, term):
        # obs and next_obs arrive as CPU tensors; page-lock them for quick copies to the GPU.
        self.items.append((
            obs.clone().pin_memory(),
            torch.tensor(act, dtype=torch.long).pin_memory(),
            torch.tensor(rew, dtype=torch.float32).pin_memory(),
            next_obs.clone().pin_memory(),
            torch.tensor(term, dtype=torch.float32).pin_memory()
        ))
        
    def sample(self, n):
        chosen = random.sample(self.items, n)
        obs, acts, rews, next_obs, terms = zip(*chosen)
        
        # stacking page-locked tensors gives a page-locked batch
        return (
            torch.stack(obs),
            torch.stack(acts).unsqueeze(1),
            torch.stack(rews),
            torch.stack(next_obs),
            torch.stack(terms)
        )

    def __len__(self):
        return len(self.items)

class QNet(nn.Module):
    def __init__(self, in_shape, n_actions):
        super(QNet, self).__init__()
        self.features = nn.Sequential(
            nn.Conv2d(in_shape[0], 32, 8, stride=4),
            nn.BatchNorm2d(32),  # extra
            nn.ReLU(),
            nn.Conv2d(32, 64, 4, stride=2),
            nn.BatchNorm2d(64),  # extra
            nn.ReLU(),
            nn.Conv2d(64, 64, 3, stride=1),
            nn.BatchNorm2d(64),  # extra
            nn.ReLU()
        )
        for mod in self.features:
            if isinstance(mod, nn.Conv2d):
                nn.init.kaiming_normal_(mod.weight, nonlinearity='relu')
        
        self.head = nn.Sequential(
            nn.Linear(self._flat_size(in_shape), 512),
            nn.ReLU(),
            nn.Linear(512, n_actions)
        )
        nn.init.kaiming_normal_(self.head[0].weight, nonlinearity='relu')
        nn.init.xavier_uniform_(self.head[2].weight)
        
    def _flat_size(self, shape):
        return self.features(torch.zeros(1, *shape)).view(1, -1).size(1)
        
    def forward(self, x):
        x = x.float()  # inputs are already scaled
        return self.head(self.features(x).view(x.size(0), -1))

class Learner:
    def __init__(self, in_shape, n_actions):
        self.online = QNet(in_shape, n_actions).to(device)
        self.frozen = QNet(in_shape, n_actions).to(device)
        self.frozen.load_state_dict(self.online.state_dict())
        self.opt = optim.RMSprop(self.online.parameters(), 
                                     lr=HParams.lr, alpha=0.95, eps=1e-6)
        self.memory = ExperienceMemory()
        self.batch_size = HParams.batch_size
        self.gamma = HParams.gamma
        
    def act(self, obs, eps):
        if random.random() > eps:
            with torch.no_grad():
                return self.online(obs).max(1)[1].view(1, 1)
        return torch.tensor([[random.randint(0, self.online.head[-1].out_features-1)]], 
                           device=device, dtype=torch.long)
    
    def learn(self):
        if len(self.memory) < self.batch_size:
            return
        
        obs, acts, rews, next_obs, terms = self.memory.sample(self.batch_size)
        
        # non-blocking copies since the batch is page-locked
        obs = obs.to(device, non_blocking=True)
        acts = acts.to(device, non_blocking=True)
        rews = rews.to(device, non_blocking=True)
        next_obs = next_obs.to(device, non_blocking=True)
        terms = terms.to(device, non_blocking=True)
        
        q_sa = self.online(obs).gather(1, acts)
        
        with torch.no_grad():
            q_next = self.frozen(next_obs).max(1)[0]
            y = rews + (1 - terms) * self.gamma * q_next
            y = y.unsqueeze(1)
        
        loss = F.smooth_l1_loss(q_sa, y)
        
        self.opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.online.parameters(), max_norm=1.0)  # tight clip
        self.opt.step()
        return loss.item()
        
    def sync_frozen(self):
        self.frozen.load_state_dict(self.online.state_dict())



class PressFireOnReset(gym.Wrapper):
    def __init__(self, env):
        super().__init__(env)
        
    def reset(self, seed=None, options=None):
        obs, info = self.env.reset(seed=seed, options=options)
        obs, reward, terminated, truncated, info = self.env.step(1)  # FIRE starts the ball
        if terminated or truncated:
            obs, info = self.env.reset(seed=seed, options=options)
        return obs, info
    


class RunStats:
    """
    Keeps per-episode numbers
    """
    def __init__(self):
        self.rewards = []
        self.q_values = []
        self.losses = []
        self.epsilons = []
    
    def log_episode(self, rew, q, loss, eps):
        self.rewards.append(float(rew))
        self.q_values.append(float(q))
        self.losses.append(float(loss))
        self.epsilons.append(float(eps))
    
    def get_metrics(self):
        if len(self.rewards) > 0:
            return {
                'score_mean_100': torch.tensor(self.rewards[-100:]).mean().item(),
                'q_mean_100': torch.tensor(self.q_values[-100:]).mean().item(),
                'loss_mean_100': torch.tensor(self.losses[-100:]).mean().item(),
                'eps_now': self.epsilons[-1]
            }
        else:
            return {
                'score_mean_100': 0.0,
                'q_mean_100': 0.0,
                'loss_mean_100': 0.0,
                'eps_now': None
            }
    
    def save_data(self, folder='stats'):
        """
        Write the logged numbers as tensors
        """
        import os
        os.makedirs(folder, exist_ok=True)
        
        torch.save(torch.tensor(self.rewards), f"{folder}/rewards.pt")
        torch.save(torch.tensor(self.q_values), f"{folder}/q_values.pt")
        torch.save(torch.tensor(self.losses), f"{folder}/losses.pt")
        torch.save(torch.tensor(self.epsilons), f"{folder}/epsilons.pt")
    
    @classmethod
    def load_data(cls, folder='stats'):
        """
        Read the logged numbers back
        """
        st = cls()
        try:
            st.rewards = torch.load(f"{folder}/rewards.pt").tolist()
            st.q_values = torch.load(f"{folder}/q_values.pt").tolist()
            st.losses = torch.load(f"{folder}/losses.pt").tolist()
            st.epsilons = torch.load(f"{folder}/epsilons.pt").tolist()
        except FileNotFoundError:
            print("Note: some stat files are missing.")
        return st
