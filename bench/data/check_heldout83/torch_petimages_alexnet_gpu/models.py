import torch
import torch.nn as nn
import numpy as np

class AlexNet(nn.Module):
    def __init__(self, in_shape, n_out):
        super(AlexNet, self).__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(in_channels=3, out_channels=32, kernel_size=5, stride=2, padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(in_channels=32, out_channels=64, kernel_size=5, stride=2, padding=1),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Flatten(),
        )
        # width of the flattened features
        n_feat = self.flat_width(self.backbone, in_shape)
        self.head = nn.Sequential(
            nn.Linear(n_feat, 256),
            nn.ReLU(),
            nn.Dropout(p=0.4),
            nn.Linear(256, n_out),
            nn.Sigmoid(),
        )

    def forward(self, x):
        f = self.backbone(x)
        p = self.head(f)
        return p

    def flat_width(self, block, in_shape):
        return block(torch.rand(1, *(in_shape))).data.view(1, -1).size(1)
