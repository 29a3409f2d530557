import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms
import torch.nn.functional as F




class SmallConvNet(nn.Module):
    
    def __init__(self, in_channels=3, num_classes=2):
        super(SmallConvNet, self).__init__()

        self.block1 = self.make_block(in_channels, 10)

        self.block2 = self.make_block(10, 20)

        self.drop = nn.Dropout()

        self.fc1 = nn.Linear(20*63*63, 1024)

        self.fc2 = nn.Linear(1024, num_classes)


    def forward(self, x):

        # input: [batch, 3, 255, 255]

        x = self.block1(x)

        # now [batch, 10, 127, 127]

        x = self.drop(self.block2(x))

        # now [batch, 20, 63, 63]

        x = x.view(x.shape[0], -1)

        # flattened: [batch, 20*63*63]

        x = F.relu(self.fc1(x))

        # hidden: [batch, 1024]

        x = F.dropout(x)

        x = self.fc2(x)

        # logits: [batch, 2]

        return x


    
    def make_block(self, in_channels, out_channels):
        
        block = nn.Sequential(
            nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(out_channels),
            nn.LeakyReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2))

        return block
