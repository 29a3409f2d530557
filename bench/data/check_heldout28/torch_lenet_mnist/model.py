import torch
import torch.nn as nn

class LeNet5(nn.Module):
  def __init__(self):
    super(LeNet5, self).__init__()
    self.conv_a = nn.Conv2d(1,6, kernel_size=5, stride=1, padding=0)
    self.conv_b = nn.Conv2d(6,16, kernel_size=5, stride=1, padding=0)
    self.dense_a = nn.Linear(16 * 5 * 5, 120)
    self.dense_b = nn.Linear(120, 84)
    self.dense_out = nn.Linear(84,10)

  def forward(self, x):
    x = torch.tanh(self.conv_a(x)) 
    x = torch.max_pool2d(x, kernel_size=2, stride=2) 
    x = torch.tanh(self.conv_b(x)) 
    x = torch.max_pool2d(x, kernel_size=2, stride=2) 
    x = x.view(-1, 16 * 5 * 5) 
    x = torch.tanh(self.dense_a(x)) 
    x = torch.tanh(self.dense_b(x))
    x = self.dense_out(x)
    return x

model = LeNet5()

