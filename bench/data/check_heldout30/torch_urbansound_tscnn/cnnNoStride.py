import torch
from torch import nn
from torch.nn import functional as F
import numpy as np

class PlainStrideCNN(nn.Module):
    def __init__(self, in_height: int, in_width: int, n_in_channels: int):
        super(PlainStrideCNN, self).__init__()

        self.drop2d = nn.Dropout2d(p=0.5)

        self.c1 = nn.Conv2d(in_channels=n_in_channels, out_channels=32, kernel_size=(3, 3), padding=(1, 1), bias = False)
        self.init_weights(self.c1)
        self.c1_bn = nn.BatchNorm2d(32)

        self.c2 = nn.Conv2d(in_channels=32, out_channels=32, kernel_size=(3, 3), padding=(1, 1), bias = False)
        self.init_weights(self.c2)
        self.c2_bn = nn.BatchNorm2d(32)

        self.p1 = nn.MaxPool2d(kernel_size=(2, 2), stride=(2, 2), padding=(1,1))

        self.c3 = nn.Conv2d(in_channels=32, out_channels=64, kernel_size=(3, 3), padding=(1, 1), bias = False)
        self.init_weights(self.c3)
        self.c3_bn = nn.BatchNorm2d(64)

        self.c4 = nn.Conv2d(in_channels=64, out_channels=64, kernel_size=(3, 3), padding=(1, 1), bias = False)
        self.init_weights(self.c4)
        self.c4_bn = nn.BatchNorm2d(64)

        self.p2 = nn.MaxPool2d(kernel_size=(2, 2), stride=(2, 2), padding=(1,1))

        pooled_h = int(np.ceil(in_height / 4))
        pooled_w = int(np.ceil(in_width / 4))
       
        self.dense1 = nn.Linear(pooled_h * pooled_w * 64, 1024)
        self.init_weights(self.dense1)
    
        self.dense2 = nn.Linear(1024, 10)
        self.init_weights(self.dense2)

    def forward(self, batch_images: torch.Tensor) -> torch.Tensor:
        h = F.relu(self.c1_bn(self.c1(batch_images)))
        h = self.drop2d(h)
        h = F.relu(self.c2_bn(self.c2(h)))
        h = self.p1(h)
        h = F.relu(self.c3_bn(self.c3(h)))
        h = self.drop2d(h)
        h = F.relu(self.c4_bn(self.c4(h)))
        h = self.p2(h)
        h = torch.flatten(h, start_dim=1)
        h = self.drop2d(h)
        h = torch.sigmoid(self.dense1(h))
        h = self.dense2(h)
        return h

      
    @staticmethod
    def init_weights(layer):
        if hasattr(layer, "bias") and type(layer.bias) != type(None):   
            nn.init.zeros_(layer.bias)
        if hasattr(layer, "weight"):
            nn.init.kaiming_normal_(layer.weight, nonlinearity='relu')
