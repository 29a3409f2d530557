from torch import nn


class SuperResCNN(nn.Module):
    def __init__(self, n_chan=1):
        super(SuperResCNN, self).__init__()
        self.feat_conv = nn.Conv2d(n_chan, 64, kernel_size=9, padding=9 // 2)
        self.map_conv = nn.Conv2d(64, 32, kernel_size=5, padding=5 // 2)
        self.recon_conv = nn.Conv2d(32, n_chan, kernel_size=5, padding=5 // 2)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        x = self.act(self.feat_conv(x))
        x = self.act(self.map_conv(x))
        x = self.recon_conv(x)
        return x
