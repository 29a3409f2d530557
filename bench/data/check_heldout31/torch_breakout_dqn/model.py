import torch
import torch.nn as nn


class AtariQNetwork(nn.Module):
    def __init__(self, n_actions_out=4):
        super().__init__()
        self.conv_stack = nn.Sequential(
            nn.Conv2d(4, 32, 8, 4),  # no padding here (open question)
            nn.ReLU(inplace=True),
            nn.Conv2d(32, 64, 4, 2),  # no padding here (open question)
            nn.ReLU(inplace=True),
            nn.Conv2d(64, 64, 3),
            nn.ReLU(inplace=True),
            nn.Flatten(),
        )

        flat_shape = conv_output_shape((4, 84, 84), self.conv_stack)

        self.head = nn.Sequential(
            nn.Linear(*flat_shape[1:], 512),
            nn.ReLU(inplace=True),
            nn.Linear(512, n_actions_out),
        )

    def forward(self, probe):
        probe = self.conv_stack(probe)
        probe = self.head(probe)
        return probe


def conv_output_shape(in_dims, module):
    probe = torch.randn(1, *in_dims)
    return module(probe).shape
