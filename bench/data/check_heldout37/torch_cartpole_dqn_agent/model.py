#!/usr/bin/env python3
# encoding: utf-8
import torch
import torch.nn as nn
import math
import numpy as np


def init_weights(modules):
    """
        He-style init for convs, unit BN, small normal for linears
    """
    for layer in modules:
        if isinstance(layer, nn.Conv2d):
            # fan-out of the kernel
            fan_out = layer.kernel_size[0] * layer.kernel_size[1] * layer.out_channels
            for i in range(layer.out_channels):
                # normal(mean, std)
                layer.weight.data[i].normal_(0, math.sqrt(2. / fan_out))
            if layer.bias is not None:
                layer.bias.data.zero_()
        elif isinstance(layer, nn.BatchNorm2d):
            layer.weight.data.fill_(1)
            layer.bias.data.zero_()
        elif isinstance(layer, nn.Linear):
            layer.weight.data.normal_(0, 0.01)
            layer.bias.data.zero_()


class MlpQNet(nn.Module):
    def __init__(self, in_dim, out_dim):
        super(MlpQNet, self).__init__()

        self.nn = nn.Sequential(
            nn.Linear(in_dim, 128),
            nn.ReLU(),
            nn.Linear(128, 128),
            nn.ReLU(),
            nn.Linear(128, out_dim)
        )
        init_weights(self.modules())

    def forward(self, x):
        return self.nn(x)


class ConvQNet(nn.Module):
    def __init__(self, in_shape, out_dim):
        super(ConvQNet, self).__init__()
        # conv trunk
        self.conv = nn.Sequential(
            nn.Conv2d(in_shape[-1], 168, kernel_size=8, stride=4),
            nn.ReLU(),
            nn.Conv2d(168, 324, kernel_size=4, stride=2),
            nn.ReLU()
        )
        conv_feat_n = self._conv_feat_count(in_shape)
        # dense head
        self.fc = nn.Sequential(
            nn.Linear(conv_feat_n, 256),
            nn.ReLU(),
            nn.Linear(256, out_dim)
        )
        # weight init
        init_weights(self.modules())

    def forward(self, x):
        # flatten everything but the batch axis
        conv_feat = self.conv(x).view(x.size()[0], -1)
        return self.fc(conv_feat)

    def _conv_feat_count(self, in_shape):
        out = self.conv(torch.zeros(1, in_shape[-1], *in_shape[:-1]))
        return int(np.prod(out.size()))
