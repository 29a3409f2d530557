import torch
from torch import nn, Tensor
from torch.utils.data import DataLoader, Dataset
from typing import Tuple
import numpy as np
from abc import ABC, abstractmethod
from game import wrapped_flappy_bird as game
import model
from copy import deepcopy
import cv2
from collections import deque
import random
import os
import scipy
from bird_settings import BirdSettings


class BirdLearner(ABC):
    def __init__(self, cfg: BirdSettings) -> None:
        self.cfg = cfg
    
    
    @abstractmethod
    def train(self) -> None:
        pass
    
    
    def prep_screen(self, frame: np.ndarray) -> np.ndarray:
        hw = self.cfg.input_shape[1:]
        frame = cv2.cvtColor(cv2.resize(frame, hw), cv2.COLOR_BGR2GRAY)
        _, frame = cv2.threshold(frame, 1, 255, cv2.THRESH_BINARY)
        return frame
        
    
class DQN(BirdLearner):
    def __init__(self, cfg):
        super().__init__(cfg)
        
        # keep the settings
        self.cfg = cfg
        
        # networks, optimiser and loss
        self.pi_net = model.DQN_q(input_shape=self.cfg.input_shape, output_shape = self.cfg.actions, dueling=self.cfg.dqn_dueling)
        self.opt = torch.optim.AdamW(self.pi_net.parameters(), lr=self.cfg.lr_policy)
        self.loss_fn = nn.MSELoss()
        
        # optionally resume from a checkpoint
        if self.cfg.load_checkpoint is not None:
            try:
                ckpt = torch.load(self.cfg.load_checkpoint, weights_only=True)
                self.pi_net.load_state_dict(ckpt['model_state_dict'])
                self.opt.load_state_dict(ckpt['optimizer_state_dict'])
                print("resumed from checkpoint")
            except:
                print("could not resume from checkpoint")
    
        # frozen copy used for the targets
        self.frozen_net = deepcopy(self.pi_net)
        self.frozen_net.eval()
        
        # put everything on the device
        self.pi_net.to(self.cfg.device)
        self.frozen_net.to(self.cfg.device)
        
        for st in self.opt.state.values():
            for k, v in st.items():
                if isinstance(v, torch.Tensor):
                    st[k] = v.to(self.cfg.device)
        
        # the game
        self.bird_env = game.GameState()
        
        # exploration rate at the start
        self.eps = self.cfg.initial_epsilon
        
        
    def pick_move(self, st: torch.Tensor) -> int:
        # random move
        if np.random.rand() < self.eps:
            action = 1 if np.random.rand() < self.cfg.jump_prob else 0
            
        # greedy move
        else:
            with torch.no_grad():
                st = torch.tensor(st, dtype=torch.float32).unsqueeze(0).to(self.cfg.device)
                q_value = self.pi_net(st)
                action = torch.argmax(q_value).item()
        return action
    
    
    def train(self):
        # first screen
        move = 0
        scr, _, _ = self.bird_env.frame_step(move)
        scr = self.prep_screen(scr)
        hist = np.stack((scr, scr, scr, scr), axis=2).transpose((2, 0, 1))
        
        # experience memory
        store = deque(maxlen=self.cfg.replay_memory)
        written = deque()
        
        # counters
        t = 0
        game_no = 0
        score_sum = 0
        
        for t in range(self.cfg.max_t):
            move = self.pick_move(hist)
            if self.eps > self.cfg.final_epsilon and t > self.cfg.observe:
                self.eps -= (self.cfg.initial_epsilon - self.cfg.final_epsilon) / (self.cfg.explore)

            scr_next, rew, terminal = self.bird_env.frame_step(move)
            score_sum += rew
            scr_next = self.prep_screen(scr_next)
            hist_next = np.append(hist[1:], scr_next.reshape(1, scr_next.shape[0], scr_next.shape[1]), axis=0)
            
            store.append((hist, move, rew, hist_next, terminal))
            
            if t > self.cfg.observe and len(store) >= self.cfg.batch_size:
                picked = random.sample(store, self.cfg.batch_size)
                
                s_b = torch.tensor(np.array([d[0] for d in picked]), dtype=torch.float32).to(self.cfg.device)
                a_b = torch.tensor(np.array([d[1] for d in picked]), dtype=torch.int64).to(self.cfg.device)
                r_b = torch.tensor(np.array([d[2] for d in picked]), dtype=torch.float32).to(self.cfg.device)
                s2_b = torch.tensor(np.array([d[3] for d in picked]), dtype=torch.float32).to(self.cfg.device)
                d_b = torch.tensor(np.array([d[4] for d in picked]), dtype=torch.float32).to(self.cfg.device)
                
                q_sa = self.pi_net(s_b).gather(1, a_b.unsqueeze(1)).squeeze(1)
                q_next = self.frozen_net(s2_b).max(1)[0]
                q_target = r_b + self.cfg.gamma * q_next * (1 - d_b)
                
                loss = self.loss_fn(q_sa, q_target)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            
            hist = hist_next
            t += 1
            
            # refresh the frozen copy
            if t % self.cfg.synchronize_steps == 0:
                self.frozen_net.load_state_dict(self.pi_net.state_dict())
                self.frozen_net.eval()
            
            # report at the end of each game
            if terminal:
                st = "warmup" if t <= self.cfg.observe else "decay" if t <= self.cfg.observe + self.cfg.explore else "learn"
                print(f"step {t} | game {game_no} | phase {st} | eps {self.eps:.4f} | score {score_sum:.1f}")
                score_sum = 0
                game_no += 1
            
            # periodic checkpoint
            if t % self.cfg.save_interval == 0:
                torch.save(
                    {
                    'optimizer_state_dict': self.opt.state_dict(), 'model_state_dict': self.pi_net.state_dict()
                    }, 
                    f"ckpts/bird_dqn_{t}.pth"
                    )
                written.append(f"ckpts/bird_dqn_{t}.pth")
                if len(written) > self.cfg.max_save:
                    os.remove(written.popleft())
    
    
    def prep_screen(self, frame):
        return super().prep_screen(frame)
    
    
class VPG(BirdLearner):
    def __init__(self, cfg: BirdSettings) -> None:
        super().__init__(cfg)
        
        # keep the settings
        self.cfg = cfg
        
        # networks, optimiser and loss
        self.v_net = model.DQN_q(input_shape=self.cfg.input_shape, output_shape = 1)
        self.v_opt = torch.optim.AdamW(self.v_net.parameters(), lr=self.cfg.lr_value)
        
        self.pi_net = model.VPG_p(input_shape=self.cfg.input_shape, output_shape = self.cfg.actions)
        self.pi_opt = torch.optim.AdamW(self.pi_net.parameters(), lr=self.cfg.lr_policy)
        
        
        # optionally resume from a checkpoint
        if self.cfg.load_checkpoint is not None:
            # expects a pair (policy file, value file)
            assert len(self.cfg.load_checkpoint) == 2
            try:
                pi_ckpt = torch.load(self.cfg.load_checkpoint[0], weights_only=True)
                self.pi_net.load_state_dict(pi_ckpt['model_state_dict'])
                self.pi_opt.load_state_dict(pi_ckpt['optimizer_state_dict'])
                v_ckpt = torch.load(self.cfg.load_checkpoint[1], weights_only=True)
                self.v_net.load_state_dict(v_ckpt['model_state_dict'])
                self.v_opt.load_state_dict(v_ckpt['optimizer_state_dict'])
                print("resumed from checkpoint")
            except:
                print("could not resume from checkpoint")
            
        # put everything on the device
        for st in self.v_opt.state.values():
            for k, v in st.items():
                if isinstance(v, torch.Tensor):
                    st[k] = v.to(self.cfg.device)
        for st in self.pi_opt.state.values():
            for k, v in st.items():
                if isinstance(v, torch.Tensor):
                    st[k] = v.to(self.cfg.device)
    
        self.pi_net.to(self.cfg.device)
        self.v_net.to(self.cfg.device)
        
        # the game
        self.bird_env = game.GameState()
        
        # running statistics
        self.stats = {"pi_loss": 0., "v_loss": 0., "ent": 0., "kl_est": 0., 'n': 0}
        
    
    def pi_objective(self, ob_arr: Tensor, acts: Tensor, advs: Tensor, logp_old: Tensor) -> Tensor:
        # policy objective plus kl_est and ent diagnostics
        logits = self.pi_net(ob_arr)
        dist = torch.distributions.Categorical(probs=logits)
        logp = dist.log_prob(acts)
        r_t = torch.exp(logp - logp_old)
        
        with torch.no_grad():
            ent = dist.entropy().mean().item()
            kl_est = ((r_t - 1) - (logp - logp_old)).mean().item()
            self.stats["ent"] += ent
            self.stats["kl_est"] += kl_est
        
        return -(logp * advs).mean()
    
    
    def v_objective(self, ob_arr: Tensor, rets: Tensor) -> Tensor:
        # squared error of the value head
        return ((self.v_net(ob_arr) - rets)**2).mean()
    
    
    def train(self) -> None:
        # names of written checkpoints, oldest first
        written = deque()
        
        # outer loop
        for it in range(self.cfg.num_epochs):
            # play until the rollout buffer is full
            rollout, score_sum = self.roll_out()
            
            loader = DataLoader(rollout, batch_size=self.cfg.batch_size, shuffle=True)
            
            # several passes over the rollout
            for _ in range(self.cfg.num_updates):
                for mb in loader:
                    ob_arr, acts, rets, advs, logp = mb
                    ob_arr = ob_arr.to(self.cfg.device)
                    acts = acts.to(self.cfg.device)
                    rets = rets.to(self.cfg.device)
                    advs = advs.to(self.cfg.device)
                    logp = logp.to(self.cfg.device)
                    
                    self.pi_opt.zero_grad()
                    pi_loss = self.pi_objective(ob_arr, acts, advs, logp)
                    pi_loss.backward()
                    self.pi_opt.step()
                    self.stats["pi_loss"] += pi_loss.item()
                
                    self.v_opt.zero_grad()
                    v_loss = self.v_objective(ob_arr, rets)
                    v_loss.backward()
                    self.v_opt.step()
                    self.stats["v_loss"] += v_loss.item()
                    self.stats['n'] += 1

            # periodic checkpoint
            if it % self.cfg.save_interval == 0:
                torch.save(
                    {
                    'optimizer_state_dict': self.pi_opt.state_dict(), 'model_state_dict': self.pi_net.state_dict()
                    }, 
                    f"ckpts/bird_vpg_pi_{it}.pth"
                    )
                torch.save(
                    {
                    'optimizer_state_dict': self.v_opt.state_dict(), 'model_state_dict': self.v_net.state_dict()
                    }, 
                    f"ckpts/bird_vpg_v_{it}.pth"
                    )
                written.append((f"ckpts/bird_vpg_pi_{it}.pth", f"ckpts/bird_vpg_v_{it}.pth"))
                if len(written) > self.cfg.max_save:
                    a, b = written.popleft()
                    os.remove(a)
                    os.remove(b)
            
            # progress line
            print(
                f"it {it} | "
                f"score/step {score_sum / len(rollout):.4f} | "
                f"pi {self.stats['pi_loss'] / self.stats['n']:.4f} | "
                f"v {self.stats['v_loss'] / self.stats['n']:.4f} | "
                f"ent {self.stats['ent'] / self.stats['n']:.4f} | "
                f"kl_est {self.stats['kl_est'] / self.stats['n']:.4f}"
                )
            self.stats["pi_loss"] = 0.
            self.stats["v_loss"] = 0.
            self.stats["ent"] = 0.
            self.stats["kl_est"] = 0.
            self.stats['n'] = 0
    
    
    def prep_screen(self, frame):
        return super().prep_screen(frame)
    
    
    def roll_out(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
        # first screen, repeated four times
        action = 0
        ob_arr, _, _ = self.bird_env.frame_step(action)
        scr0 = self.prep_screen(ob_arr)
        ob_arr = np.stack((scr0, scr0, scr0, scr0), axis=2).transpose(2, 0, 1)
        
        # rollout storage
        store = RolloutStore(self.cfg.horizon, self.cfg.input_shape, self.cfg.gamma, self.cfg.lam)
        
        # keep playing until the storage is full
        # (the storage must hold at least one whole game)
        while True:
            # sample a move from the current policy
            obs_t = torch.tensor(ob_arr, dtype=torch.float32).unsqueeze(0).to(self.cfg.device)
            dist = self.pi_net(obs_t)
            value = self.v_net(obs_t).item()
            dist = torch.distributions.Categorical(dist)
            action = dist.sample()
            logp_t = dist.log_prob(action)
            action = action.item()
            
            # advance the game
            scr_new, reward, terminal = self.bird_env.frame_step(action)
            scr_new = self.prep_screen(scr_new)
            obs_new = np.append(ob_arr[1:], scr_new.reshape(1, scr_new.shape[0], scr_new.shape[1]), axis=0)
            
            # store while there is room
            if store.pos < store.capacity:
                store.add(ob_arr, action, reward, value, logp_t)
            # otherwise hand the rollout over
            else:
                return store.get()
            
            # at game over, finish rets and advs
            if terminal:
                ob_arr = np.stack((scr0, scr0, scr0, scr0), axis=2).transpose(2, 0, 1)
                store.close_game()
            else:
                ob_arr = obs_new
    
    
class PPO(BirdLearner):
    def __init__(self, cfg: BirdSettings) -> None:
        super(PPO, self).__init__(cfg)
        # keep the settings
        self.cfg = cfg
        
        # networks, optimiser and loss
        self.v_net = model.DQN_q(input_shape=self.cfg.input_shape, output_shape = 1)
        self.v_opt = torch.optim.AdamW(self.v_net.parameters(), lr=self.cfg.lr_value)
        
        self.pi_net = model.VPG_p(input_shape=self.cfg.input_shape, output_shape = self.cfg.actions)
        self.pi_opt = torch.optim.AdamW(self.pi_net.parameters(), lr=self.cfg.lr_policy)
        
        
        # optionally resume from a checkpoint
        if self.cfg.load_checkpoint is not None:
            # expects a pair (policy file, value file)
            assert len(self.cfg.load_checkpoint) == 2
            try:
                pi_ckpt = torch.load(self.cfg.load_checkpoint[0], weights_only=True)
                self.pi_net.load_state_dict(pi_ckpt['model_state_dict'])
                self.pi_opt.load_state_dict(pi_ckpt['optimizer_state_dict'])
                v_ckpt = torch.load(self.cfg.load_checkpoint[1], weights_only=True)
                self.v_net.load_state_dict(v_ckpt['model_state_dict'])
                self.v_opt.load_state_dict(v_ckpt['optimizer_state_dict'])
                print("resumed from checkpoint")
            except:
                print("could not resume from checkpoint")
            
        # put everything on the device
        for st in self.v_opt.state.values():
            for k, v in st.items():
                if isinstance(v, torch.Tensor):
                    st[k] = v.to(self.cfg.device)
        for st in self.pi_opt.state.values():
            for k, v in st.items():
                if isinstance(v, torch.Tensor):
                    st[k] = v.to(self.cfg.device)
    
        self.pi_net.to(self.cfg.device)
        self.v_net.to(self.cfg.device)
        
        # the game
        self.bird_env = game.GameState()
        
        # running statistics
        self.stats = {"pi_loss": 0., "v_loss": 0., "ent": 0., "kl_est": 0., 'n': 0}
        
    
    def pi_objective(self, ob_arr: Tensor, acts: Tensor, advs: Tensor, logp_old: Tensor) -> Tensor:
        # policy objective plus kl_est and ent diagnostics
        logits = self.pi_net(ob_arr)
        dist = torch.distributions.Categorical(probs=logits)
        logp = dist.log_prob(acts)
        r_t = torch.exp(logp - logp_old)
        clipped = torch.clamp(r_t, 1 - self.cfg.clip_ratio, 1 + self.cfg.clip_ratio) * advs
        
        with torch.no_grad():
            ent = dist.entropy().mean().item()
            kl_est = ((r_t - 1) - (logp - logp_old)).mean().item()
            self.stats["ent"] += ent
            self.stats["kl_est"] += kl_est
        
        return -(torch.min(r_t * advs, clipped)).mean()
    
    
    def v_objective(self, ob_arr: Tensor, rets: Tensor) -> Tensor:
        # squared error of the value head
        return ((self.v_net(ob_arr) - rets)**2).mean()
    
    
    def train(self) -> None:
        # names of written checkpoints, oldest first
        written = deque()
        
        # outer loop
        for it in range(self.cfg.num_epochs):
            # play until the rollout buffer is full
            rollout, score_sum = self.roll_out()
            
            loader = DataLoader(rollout, batch_size=self.cfg.batch_size, shuffle=True)
            
            # several passes over the rollout
            for _ in range(self.cfg.num_updates):
                for mb in loader:
                    ob_arr, acts, rets, advs, logp = mb
                    ob_arr = ob_arr.to(self.cfg.device)
                    acts = acts.to(self.cfg.device)
                    rets = rets.to(self.cfg.device)
                    advs = advs.to(self.cfg.device)
                    logp = logp.to(self.cfg.device)
                    
                    self.pi_opt.zero_grad()
                    pi_loss = self.pi_objective(ob_arr, acts, advs, logp)
                    pi_loss.backward()
                    self.pi_opt.step()
                    self.stats["pi_loss"] += pi_loss.item()
                
                    self.v_opt.zero_grad()
                    v_loss = self.v_objective(ob_arr, rets)
                    v_loss.backward()
                    self.v_opt.step()
                    self.stats["v_loss"] += v_loss.item()
                    self.stats['n'] += 1

            # periodic checkpoint
            if it % self.cfg.save_interval == 0:
                torch.save(
                    {
                    'optimizer_state_dict': self.pi_opt.state_dict(), 'model_state_dict': self.pi_net.state_dict()
                    }, 
                    f"ckpts/bird_ppo_pi_{it}.pth"
                    )
                torch.save(
                    {
                    'optimizer_state_dict': self.v_opt.state_dict(), 'model_state_dict': self.v_net.state_dict()
                    }, 
                    f"ckpts/bird_ppo_v_{it}.pth"
                    )
                written.append((f"ckpts/bird_ppo_pi_{it}.pth", f"ckpts/bird_ppo_v_{it}.pth"))
                if len(written) > self.cfg.max_save:
                    a, b = written.popleft()
                    os.remove(a)
                    os.remove(b)
            
            # progress line
            print(
                f"it {it} | "
                f"score/step {score_sum / len(rollout):.4f} | "
                f"pi {self.stats['pi_loss'] / self.stats['n']:.4f} | "
                f"v {self.stats['v_loss'] / self.stats['n']:.4f} | "
                f"ent {self.stats['ent'] / self.stats['n']:.4f} | "
                f"kl_est {self.stats['kl_est'] / self.stats['n']:.4f}"
                )
            self.stats["pi_loss"] = 0.
            self.stats["v_loss"] = 0.
            self.stats["ent"] = 0.
            self.stats["kl_est"] = 0.
            self.stats['n'] = 0

    
    def prep_screen(self, frame):
        return super().prep_screen(frame)
    
    
    def roll_out(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
        # first screen, repeated four times
        action = 0
        ob_arr, _, _ = self.bird_env.frame_step(action)
        scr0 = self.prep_screen(ob_arr)
        ob_arr = np.stack((scr0, scr0, scr0, scr0), axis=2).transpose(2, 0, 1)
        
        # rollout storage
        store = RolloutStore(self.cfg.horizon, self.cfg.input_shape, self.cfg.gamma, self.cfg.lam)
        
        # keep playing until the storage is full
        # (the storage must hold at least one whole game)
        while True:
            # sample a move from the current policy
            obs_t = torch.tensor(ob_arr, dtype=torch.float32).unsqueeze(0).to(self.cfg.device)
            dist = self.pi_net(obs_t)
            value = self.v_net(obs_t).item()
            dist = torch.distributions.Categorical(dist)
            action = dist.sample()
            logp_t = dist.log_prob(action)
            action = action.item()
            
            # advance the game
            scr_new, reward, terminal = self.bird_env.frame_step(action)
            scr_new = self.prep_screen(scr_new)
            obs_new = np.append(ob_arr[1:], scr_new.reshape(1, scr_new.shape[0], scr_new.shape[1]), axis=0)
            
            # store while there is room
            if store.pos < store.capacity:
                store.add(ob_arr, action, reward, value, logp_t)
            # otherwise hand the rollout over
            else:
                return store.get()
            
            # at game over, finish rets and advs
            if terminal:
                ob_arr = np.stack((scr0, scr0, scr0, scr0), axis=2).transpose(2, 0, 1)
                store.close_game()
            else:
                ob_arr = obs_new
    
    
class RolloutStore:
    """
    Rollout storage for the policy-gradient learners.
    (GAE-lambda advs) 
    """
    def __init__(self, size: int, obs_shape: tuple, gamma: float=0.99, lam: float=0.95):
        # preallocate everything
        self.ob_arr = np.zeros((size, *obs_shape))
        self.acts = np.zeros(size)
        self.advs = np.zeros(size)
        self.rewards = np.zeros(size)
        self.rets = np.zeros(size)
        self.values = np.zeros(size)
        self.lps = np.zeros(size)
        
        self.gamma, self.lam = gamma, lam
        self.capacity = size
        
        # write position and the start of the game being recorded
        self.pos, self.game_start = 0, 0
    
    
    def add(self, ob: np.ndarray, action: int, reward: float, value: float, logp: float):
        # write one step
        self.ob_arr[self.pos] = ob
        self.acts[self.pos] = action
        self.rewards[self.pos] = reward
        self.values[self.pos] = value
        self.lps[self.pos] = logp
        self.pos += 1
    
    
    @staticmethod
    def disc_cumsum(x: np.ndarray, discount: float) -> np.ndarray:
        # discounted cumulative sum via a linear filter
        return scipy.signal.lfilter([1], [1, float(-discount)], x[::-1], axis=0)[::-1]
        
    
    def close_game(self, bootstrap: float=0.) -> None:
        # close a game: advs and rets for its steps
        rewards = np.append(self.rewards[self.game_start:self.pos], bootstrap)
        values = np.append(self.values[self.game_start:self.pos], bootstrap)
        
        # GAE
        td = rewards[:-1] + self.gamma * values[1:] - values[:-1]
        self.advs[self.game_start:self.pos] = self.disc_cumsum(td, self.gamma * self.lam)
        
        # discounted rets as value targets
        self.rets[self.game_start:self.pos] = self.disc_cumsum(rewards, self.gamma)[:-1]
        
        # next game starts here
        self.game_start = self.pos
    
    
    def get(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
        # drop the unfinished last game
        idx = self.game_start
        self.advs = self.advs[:idx]
            
        # standardise the advs
        a_mu = np.mean(self.advs)
        a_sd = np.std(self.advs)
        self.advs = (self.advs - a_mu) / (a_sd + 1e-8)
        
        return RolloutSet(self.ob_arr[:idx], self.acts[:idx], self.rets[:idx], self.advs, self.lps[:idx]), self.rewards[:idx].sum()
    
    
class RolloutSet(Dataset):
    def __init__(self, ob_arr: np.ndarray, acts: np.ndarray, rets: np.ndarray, advs: np.ndarray, lps: np.ndarray):
        self.ob_arr = torch.from_numpy(ob_arr).float()
        self.acts = torch.from_numpy(acts).long()
        self.rets = torch.from_numpy(rets).float()
        self.advs = torch.from_numpy(advs).float()
        self.lps = torch.from_numpy(lps).float()

    def __len__(self):
        return len(self.ob_arr)

    def __getitem__(self, idx):
        return self.ob_arr[idx], self.acts[idx], self.rets[idx], self.advs[idx], self.lps[idx]