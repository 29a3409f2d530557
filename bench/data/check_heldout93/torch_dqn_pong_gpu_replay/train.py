import torch
import torch.nn as nn
from torchvision.transforms.v2.functional import resize

import numpy as np
import gymnasium as gym

from dqn import RunConfig, render_rollout, train


def locate_frame_borders(state: np.ndarray) -> tuple[int, int]:
    """Doc.


    """
    edge_rgb = state[-1, -1]

    inside = False
    for i, color in enumerate(state[:, 0]):
        if (color == edge_rgb).all():
            inside = True
        elif inside:
            crop_top = i
            break
    else:
        raise AssertionError("top edge not detected")

    for i, color in enumerate(state[::-1, 0]):
        if (color != edge_rgb).any():
            crop_bottom = len(state) - 1 - i
            break
    else:
        raise AssertionError("bottom edge not detected")

    # note
    return crop_top, crop_bottom


class PixelQNet(nn.Module):
    """Doc."""

    def __init__(
        self,
        in_ch: int,
        n_actions: int,
        crop_top: int,
        crop_bottom: int,
    ) -> None:
        """Doc."""
        super().__init__()
        self.crop_top = crop_top
        self.crop_bottom = crop_bottom

        self.conv1 = nn.Sequential(
            nn.Conv2d(
                in_ch,
                32,
                kernel_size=3,
                stride=1,
                padding="same",
                bias=False,
            ),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.Conv2d(32, 32, kernel_size=3, stride=1, padding="same", bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.MaxPool2d(2, 2),
        )

        self.conv2 = nn.Sequential(
            nn.Conv2d(32, 64, kernel_size=3, stride=1, padding="same", bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, 128, kernel_size=3, stride=1, padding="same", bias=False),
            nn.BatchNorm2d(128),
            nn.ReLU(),
            nn.MaxPool2d(2, 2),
        )
        self.linear = nn.Sequential(
            nn.Flatten(),
            nn.LazyLinear(512),
            nn.ReLU(),
            nn.Linear(512, n_actions),
        )

    def preprocess(self, xb: torch.Tensor) -> torch.Tensor:
        """Doc."""
        z = xb[:, :, self.crop_top : self.crop_bottom + 1] / 255.0
        return resize(z, (32, 32))

    def forward(self, xb: torch.Tensor) -> torch.Tensor:
        """Doc."""
        z = self.conv1(xb)
        z = self.conv2(z)
        return self.linear(z)


if __name__ == "__main__":
    # note
    env = gym.make(
        "ALE/Pong-v5",
        mode=0,
        difficulty=0,
        obs_type="grayscale",
        render_mode="rgb_array",
    )
    obs, info = env.reset()

    # note
    n_actions = env.action_space.n
    crop_top, crop_bottom = locate_frame_borders(obs)

    cfg = RunConfig(
        train_episodes=500,
        batch_size=32,
        n_state_history=4,
        lr=3e-4,
        target_net_lr=5e-3,
        gamma=0.99,
        max_epsilon=1.0,
        min_epsilon=0.01,
        epsilon_decay=1.5e-5,
        replay_memory_maxlen=int(5e4),
        output_subdir="pong_dqn/run0",
        device="cuda",
        use_cli_args=True,
    )

    online_net = PixelQNet(cfg.n_state_history, n_actions, crop_top, crop_bottom)
    lagged_net = PixelQNet(cfg.n_state_history, n_actions, crop_top, crop_bottom)
    lagged_net.load_state_dict(online_net.state_dict())

    # note
    optimizer = torch.optim.AdamW(online_net.parameters(), lr=cfg.lr, amsgrad=True)
    crit = nn.HuberLoss()

    # note
    train(online_net, lagged_net, env, crit, optimizer, cfg)
    render_rollout(online_net, env, cfg)

    # note
    torch.save(
        {
            "online": online_net.state_dict(),
            "lagged": lagged_net.state_dict(),
            "opt": optimizer.state_dict(),
        },
        cfg.output_dir / "weights.tar",
    )
