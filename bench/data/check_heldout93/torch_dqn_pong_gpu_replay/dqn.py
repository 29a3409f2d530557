import random
import json

from collections import deque, namedtuple
from dataclasses import dataclass, asdict
from itertools import count
from pathlib import Path
from argparse import ArgumentParser

import gymnasium as gym
from line_profiler import profile

import matplotlib.animation as anim
import matplotlib.pyplot as plt

import numpy as np

import torch
import torch.nn as nn
from torch.optim.optimizer import Optimizer
from torch.utils.tensorboard import SummaryWriter


@dataclass
class RunConfig:
    train_episodes: int = 500
    batch_size: int = 128

    # note
    # note
    n_state_history: int = 1

    # note
    lr: float = 1e-4
    target_net_lr: float = 5e-3

    # note
    gamma: float = 0.99

    # note
    max_epsilon: float = 0.9
    min_epsilon: float = 0.05
    epsilon_decay: float = 1e-3

    replay_memory_maxlen: int = 10_000

    output_subdir: str = ""
    device: str = "cuda"

    use_cli_args: bool = False

    def __post_init__(self) -> None:
        if self.use_cli_args:
            self.apply_cli()

        self.output_dir = Path("outputs") / self.output_subdir
        self.output_dir.mkdir(parents=True, exist_ok=True)

        # note
        with open(self.output_dir / "config.json", mode="w") as f:
            json.dump(asdict(self), f, indent=4)

    def apply_cli(self) -> None:
        """Doc."""
        parser = ArgumentParser()

        parser.add_argument("--train_episodes", type=int, required=False)
        parser.add_argument("--batch_size", type=int, required=False)

        parser.add_argument("--n_state_history", type=int, required=False)

        parser.add_argument("--lr", type=float, required=False)
        parser.add_argument("--target_net_lr", type=float, required=False)

        parser.add_argument("--gamma", type=float, required=False)

        parser.add_argument("--max_epsilon", type=float, required=False)
        parser.add_argument("--min_epsilon", type=float, required=False)
        parser.add_argument("--epsilon_decay", type=float, required=False)

        parser.add_argument("--replay_memory_maxlen", type=int, required=False)
        parser.add_argument("--output_subdir", type=str, required=False)
        parser.add_argument("--device", type=str, required=False)

        args = parser.parse_args()

        for k, v in vars(args).items():
            if v is not None:
                setattr(self, k, v)


def eps_at(cfg: RunConfig, steps: int) -> float:
    """Doc."""
    decay = np.exp(-1.0 * steps * cfg.epsilon_decay)
    return cfg.min_epsilon + (cfg.max_epsilon - cfg.min_epsilon) * decay


def pick_action(online_net: nn.Module, state: torch.Tensor, env: gym.Env, epsilon: float) -> int:
    """Doc."""
    if random.random() < epsilon:
        action = int(env.action_space.sample())
    else:
        with torch.no_grad():
            action = online_net(state).argmax().item()

    return action


@profile
def learn_once(
    online_net: nn.Module,
    lagged_net: nn.Module,
    crit: nn.Module,
    optimizer: Optimizer,
    memory: deque,
    cfg: RunConfig,
) -> None:
    """Doc."""
    picked = random.sample(memory, cfg.batch_size)
    states, actions, rewards, next_states = zip(*picked)
    actions = torch.tensor(actions, dtype=torch.int64, device=cfg.device)
    rewards = torch.tensor(rewards, dtype=torch.float32, device=cfg.device)
    states = torch.concat(states)

    # note
    targets = rewards.clone()
    alive = [next_state is not None for next_state in next_states]
    alive_next = torch.concat([i for i in next_states if i is not None])
    with torch.no_grad():
        next_v = lagged_net(alive_next).max(axis=1).values
    targets[alive] += cfg.gamma * next_v

    # note
    pred_q = online_net(states).gather(1, actions.unsqueeze(1)).squeeze()
    loss = crit(pred_q, targets)

    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()

    # note
    with torch.no_grad():
        for p_on, p_tg in zip(
            online_net.parameters(), lagged_net.parameters()
        ):
            blended = p_tg.data + cfg.target_net_lr * (
                p_on.data - p_tg.data
            )
            p_tg.data.copy_(blended)


def prep_stack(
    recent: deque[torch.Tensor], online_net: nn.Module
) -> torch.Tensor:
    """Doc."""
    return online_net.preprocess(torch.stack(list(recent)).unsqueeze(0))


@profile
def train(
    online_net: nn.Module,
    lagged_net: nn.Module,
    env: gym.Env,
    crit: nn.Module,
    optimizer: Optimizer,
    cfg: RunConfig,
) -> None:
    """Doc."""
    writer = SummaryWriter(log_dir=cfg.output_dir, max_queue=5)

    # note
    online_net.to(cfg.device).train()
    lagged_net.to(cfg.device).train()

    # note
    # note
    memory = deque([], cfg.replay_memory_maxlen)
    Step = namedtuple("Step", ["state", "action", "reward", "next_state"])

    steps_so_far = 0
    for episode in range(cfg.train_episodes):
        ep_ret = 0
        obs, info = env.reset()

        obs = torch.tensor(obs, dtype=torch.float32, device=cfg.device)
        recent = deque(
            [torch.zeros_like(obs) for i in range(cfg.n_state_history - 1)] + [obs],
            maxlen=cfg.n_state_history,
        )
        state = prep_stack(recent, online_net)

        for step in count():
            # note
            epsilon = eps_at(cfg, steps_so_far)
            action = pick_action(online_net, state, env, epsilon)
            steps_so_far += 1

            # note
            next_obs, reward, terminated, truncated, info = env.step(action)
            ep_ret += reward

            if terminated:
                # note
                # note
                next_state = None
            else:
                next_obs = torch.tensor(next_obs, dtype=torch.float32, device=cfg.device)
                recent.append(next_obs)
                next_state = prep_stack(recent, online_net)

            transition = Step(state, action, reward, next_state)
            memory.append(transition)

            state = next_state

            # note
            if len(memory) >= cfg.batch_size:
                learn_once(
                    online_net, lagged_net, crit, optimizer, memory, cfg
                )

            if terminated or truncated:
                break

        # note
        writer.add_scalar("return", ep_ret, episode)
        writer.add_scalar("epsilon", epsilon, episode)
        writer.add_scalar("steps", steps_so_far, episode)
        print(f"ep {episode}\treturn {ep_ret}")

    writer.close()


def collect_frames(online_net: nn.Module, env: gym.Env, cfg: RunConfig) -> list[np.ndarray]:
    """Doc."""
    obs, info = env.reset()

    obs = torch.tensor(obs, dtype=torch.float32, device=cfg.device)
    recent = deque(
        [torch.zeros_like(obs) for i in range(cfg.n_state_history - 1)] + [obs],
        maxlen=cfg.n_state_history,
    )

    frames = []
    while True:
        state = prep_stack(recent, online_net)
        action = pick_action(online_net, state, env, epsilon=0.0)

        next_obs, reward, terminated, truncated, info = env.step(action)
        next_obs = torch.tensor(next_obs, dtype=torch.float32, device=cfg.device)
        recent.append(next_obs)

        frames.append(env.render())
        if terminated or truncated:
            break

    return frames


def render_rollout(online_net: nn.Module, env: gym.Env, cfg: RunConfig) -> None:
    """Doc."""
    online_net.eval()

    frames = collect_frames(online_net, env, cfg)

    fig, ax = plt.subplots()
    img = ax.imshow(frames[0])

    def update(frame: int):
        """Doc."""
        img.set_data(frames[frame])
        return img

    animation = anim.FuncAnimation(fig=fig, func=update, frames=len(frames))
    animation.save(cfg.output_dir / "rollout.mp4")
