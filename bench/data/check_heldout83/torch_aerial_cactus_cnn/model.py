import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms
import torch.nn.functional as F




class TileNet(nn.Module):
    
    def __init__(self, in_ch=3, n_out=2):
        super(TileNet, self).__init__()

        self.block1 = self.conv_block(in_ch, 10)

        self.block2 = self.conv_block(10, 20)

        self.drop = nn.Dropout()

        self.fc1 = nn.Linear(20*63*63, 1024)

        self.fc2 = nn.Linear(1024, n_out)


    def forward(self, x):

        # x: [N, 3, 255, 255]

        x = self.block1(x)

        # x: [N, 10, 127, 127]

        x = self.drop(self.block2(x))

        # x: [N, 20, 63, 63]

        x = x.view(x.shape[0], -1)

        # x: [N, 20*63*63]

        x = F.relu(self.fc1(x))

        # x: [N, 1024]

        x = F.dropout(x)

        x = self.fc2(x)

        # x: [N, 2]

        return x


    
    def conv_block(self, c_in, c_out):
        
        block = nn.Sequential(
            nn.Conv2d(c_in, c_out, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(c_out),
            nn.LeakyReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2))

        return block
