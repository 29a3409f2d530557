"""
ResNet-18 backbone
adapted to grey X-ray input
"""

import torch.nn as nn
import torchvision.models as models
from torchvision.models import ResNet18_Weights

def build_xray_model():
    net_model = models.resnet18(weights=ResNet18_Weights.DEFAULT)

    # stem conv swapped for a single-channel one
    net_model.conv1 = nn.Conv2d(
        1, 64, kernel_size=7, stride=2, padding=3, bias=False
    )

    # two-way head
    net_model.fc = nn.Linear(net_model.fc.in_features, 2)

    return net_model
