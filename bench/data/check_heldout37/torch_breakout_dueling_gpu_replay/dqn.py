import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import torchvision.transforms as T
from torch.distributions import Categorical
import matplotlib
import gym
env = gym.make('BreakoutDeterministic-v4').unwrapped
in_notebook = 'inline' in matplotlib.get_backend()
if in_notebook:
    from IPython import display
print("running inside a notebook: {}".format(in_notebook))
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("torch device: {}".format(device))


N_ACTIONS = env.action_space.n

class DuelingQNet(nn.Module):
    def __init__(self, in_channels=4, num_actions=N_ACTIONS):
        super(DuelingQNet, self).__init__()
        self.conv1 = nn.Conv2d(in_channels, 32, kernel_size=8, stride=4)
        self.conv2 = nn.Conv2d(32, 64, kernel_size=4, stride=2)
        self.conv3 = nn.Conv2d(64, 64, kernel_size=3, stride=1)
        self.conv4 = nn.Conv2d(64, 1024, kernel_size=7, stride=1)
        self.adv_stream = nn.Linear(512, num_actions)
        self.val_stream = nn.Linear(512, 1)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.relu(self.conv3(x))
        x = F.relu(self.conv4(x))
        adv_stream, val_stream = torch.split(x, 512, dim=1)

        adv_stream = adv_stream.view(adv_stream.shape[0], -1)
        val_stream = val_stream.view(val_stream.shape[0], -1)

        adv_stream = self.adv_stream(adv_stream)
        val_stream = self.val_stream(val_stream)
        q_values = val_stream.expand(val_stream.shape[0], N_ACTIONS) + \
                  adv_stream - torch.mean(adv_stream, dim=1).unsqueeze(1).expand(adv_stream.shape[0], N_ACTIONS)

        return q_values
