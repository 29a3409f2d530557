# conv net for face crops
# written spring 2020

import torch.nn as nn

class ExprNet(nn.Module):

    # layers
    def __init__(self):
        super(ExprNet, self).__init__()

        # block one: conv then pool
        self.block1 = nn.Sequential(
            # in:  N, 3, 299, 299
            # out: N, 32, 299, 299
            nn.Conv2d(in_channels=3, out_channels=32, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(num_features=32),
            nn.ReLU(inplace=True),
            # out: N, 32, 149, 149
            nn.MaxPool2d(kernel_size=2, stride=2),
        )

        # block two: conv then pool
        self.block2 = nn.Sequential(
            # in:  N, 32, 149, 149
            # out: N, 64, 149, 149
            nn.Conv2d(in_channels=32, out_channels=64, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(num_features=64),
            nn.ReLU(inplace=True),
            # out: N, 64, 74, 74
            nn.MaxPool2d(kernel_size=2, stride=2),
        )

        # block three: conv then pool
        self.block3 = nn.Sequential(
            # in:  N, 64, 74, 74
            # out: N, 128, 74, 74
            nn.Conv2d(in_channels=64, out_channels=128, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(num_features=128),
            nn.ReLU(inplace=True),
            # out: N, 128, 37, 37
            nn.MaxPool2d(kernel_size=2, stride=2),
        )

        # gaussian init of the conv weights
        self.block1.apply(self.gauss_init)
        self.block2.apply(self.gauss_init)
        self.block3.apply(self.gauss_init)

        # classifier head
        self.head = nn.Sequential(
            nn.Dropout(p=0.2),
            nn.Linear(in_features=128 * 37 * 37, out_features=4096),
            nn.ReLU(inplace=True),
            nn.Dropout(p=0.5),
            nn.Linear(in_features=4096, out_features=1024),
            nn.ReLU(inplace=True),
            nn.Linear(in_features=1024, out_features=256),
            nn.ReLU(inplace=True),
            nn.Linear(in_features=256, out_features=7),
        )

    # weight init hook
    def gauss_init(self, m):
        kind = m.__class__.__name__
        if kind.find('Conv') != -1:
            m.weight.data.normal_(0.0, 0.04)

    # forward pass
    def forward(self, x):
        x = self.block1(x)
        x = self.block2(x)
        x = self.block3(x)
        x = x.view(x.shape[0], -1)
        scores = self.head(x)

        return scores