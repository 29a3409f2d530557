import torch
import torch.nn as nn
from torchsummary import summary

class SpectralSpatialNet(nn.Module):
    def __init__(self, patch_size) -> None:
        super(SpectralSpatialNet, self).__init__()
        self.conv3d_a = nn.Sequential(nn.Conv3d(1, 8, (7, 3, 3)), nn.ReLU(inplace=True))
        self.conv3d_b = nn.Sequential(nn.Conv3d(8, 16, (5, 3, 3)), nn.ReLU(inplace=True))
        self.conv3d_c = nn.Sequential(nn.Conv3d(16, 32, (3, 3, 3)), nn.ReLU(inplace=True))
        # 3-D output is folded into 2-D channels: 32 x 18 bands = 576
        self.conv2d_d = nn.Sequential(nn.Conv2d(576, 64, (3, 3)), nn.ReLU(inplace=True))
        self.flatten = nn.Flatten()
        self.fc_a = nn.Sequential(nn.Linear(64*(patch_size-8)**2, 256), nn.ReLU(inplace=True), nn.Dropout(0.4))
        self.fc_b = nn.Sequential(nn.Linear(256, 128), nn.ReLU(inplace=True), nn.Dropout(0.4))
        self.fc_out = nn.Sequential(nn.Linear(128, 16))
        
    def forward(self, cube):
        h = self.conv3d_a(cube)
        h = self.conv3d_b(h)
        h = self.conv3d_c(h)
        h = torch.reshape(h, (-1, h.shape[1]*h.shape[2], h.shape[3], h.shape[4]))
        h = self.conv2d_d(h)

        h = self.flatten(h)
        
        h = self.fc_a(h)
        h = self.fc_b(h)
        h = self.fc_out(h)
        return h
    
if __name__ == "__main__":
    # a random cube could be pushed through here as a smoke test
    model = SpectralSpatialNet(15)
    # and its output shape printed
    # as well
    summary(model, (1, 30, 15, 15))
