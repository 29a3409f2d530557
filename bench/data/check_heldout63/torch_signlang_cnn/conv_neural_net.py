import torch.nn as nn
import torch.nn.functional as F


class ConvolutionalNeuralNetwork(nn.Module):
    def __init__(self, num_classes=36):
        super(ConvolutionalNeuralNetwork, self).__init__()

        self.c1 = nn.Conv2d(in_channels=1, out_channels=32, kernel_size=3, stride=1, padding=1)
        self.c2 = nn.Conv2d(in_channels=32, out_channels=64, kernel_size=3, stride=1, padding=1)
        self.c3 = nn.Conv2d(in_channels=64, out_channels=128, kernel_size=3, stride=1, padding=1)

        self.down = nn.MaxPool2d(kernel_size=2, stride=2, padding=0)

        self.l1 = nn.Linear(128 * 16 * 16, 256)
        self.l2 = nn.Linear(256, 128)
        self.l3 = nn.Linear(128, num_classes)

    def forward(self, t):
        t = self.down(F.relu(self.c1(t)))
        t = self.down(F.relu(self.c2(t)))
        t = self.down(F.relu(self.c3(t)))

        t = t.view(-1, 128 * 16 * 16)

        t = F.relu(self.l1(t))
        t = F.relu(self.l2(t))
        t = self.l3(t)

        return t
