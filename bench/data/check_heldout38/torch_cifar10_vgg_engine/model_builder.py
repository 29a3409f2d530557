
import torch
from torch import nn

class CifarVggNet(nn.Module):
  def __init__(self):
    super().__init__()
    self.conv_stack = self._build_stack([64, 'M', 128, 'M', 256, 256, 'M', 512, 512, 'M', 512, 512, 'M'])
    self.head = nn.Linear(512, 10)

  def forward(self, x):
    feat = self.conv_stack(x)
    feat = feat.view(feat.size(0), -1)
    feat = self.head(feat)
    return feat

  def _build_stack(self, plan):
    stack = []
    channels_in = 3
    for item in plan:
      if item == 'M':
        stack += [nn.MaxPool2d(kernel_size=2, stride=2)]
      else:
        stack += [nn.Conv2d(channels_in, item, kernel_size=3, padding=1),
                   nn.BatchNorm2d(item),
                   nn.ReLU(inplace=True)]
        channels_in = item
    stack += [nn.AvgPool2d(kernel_size=1, stride=1)]
    return nn.Sequential(*stack)
