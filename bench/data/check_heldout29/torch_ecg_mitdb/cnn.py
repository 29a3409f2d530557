from __future__ import print_function
import torch
import numpy as np
import torch.nn as nn
import torch.nn.functional as F
from tqdm import tqdm
from sklearn.metrics import accuracy_score


# 1-D convolutional classifier for two-lead ECG windows
class ECGNet(nn.Module):
    def __init__(self):
        # layers
        super(ECGNet, self).__init__()
        self.enc_conv1 = nn.Conv1d(2, 128, 50, stride=3)
        self.enc_conv2 = nn.Conv1d(128, 32, 7, stride=1)
        self.enc_conv3 = nn.Conv1d(32, 32, 10, stride=1)
        self.enc_conv4 = nn.Conv1d(32, 128, 5, stride=2)
        self.enc_conv5 = nn.Conv1d(128, 256, 15, stride=1)
        self.enc_conv6 = nn.Conv1d(256, 512, 5, stride=1)
        self.enc_conv7 = nn.Conv1d(512, 128, 3, stride=1)
        self.fc_hidden = nn.Linear(1152, 512)
        self.fc_out = nn.Linear(512, 17)

        self.norm1 = nn.BatchNorm1d(128)
        self.norm2 = nn.BatchNorm1d(32)

        self.drop = nn.Dropout(0.1)
        self.flat = nn.Flatten()

    # pass the windows through the stack
    def forward(self, x):
        x = F.relu(self.enc_conv1(x))
        x = self.norm1(x)
        x = F.max_pool1d(x, 2, stride=3)

        x = F.relu(self.enc_conv2(x))
        x = self.norm2(x)
        x = F.max_pool1d(x, 2, stride=2)

        x = F.relu(self.enc_conv3(x))
        x = F.relu(self.enc_conv4(x))
        x = F.max_pool1d(x, 2, stride=2)

        x = F.relu(self.enc_conv5(x))
        x = F.max_pool1d(x, 2, stride=2)
        x = F.relu(self.enc_conv6(x))
        x = F.relu(self.enc_conv7(x))

        x = self.flat(x)
        x = self.drop(F.relu(self.fc_hidden(x)))
        logits = self.fc_out(x)

        return logits