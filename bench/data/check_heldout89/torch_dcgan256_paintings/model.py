"""
DCGAN critic and painter networks with a width multiplier



"""

import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self, img_ch, wd):
        super(Critic, self).__init__()
        self.disc = nn.Sequential(
            # in: N x img_ch x H x W
            nn.Conv2d(img_ch, wd, kernel_size=4, stride=2, padding=1),
            nn.LeakyReLU(0.2),

            self._stage(wd, wd * 2, 4, 2, 1),
            self._stage(wd * 2, wd * 4, 4, 2, 1),
            self._stage(wd * 4, wd * 8, 4, 2, 1),
            self._stage(wd * 8, wd * 16, 4, 2, 1),
            self._stage(wd * 16, wd * 32, 4, 2, 1),
            # final conv maps 4x4 to 1x1
            nn.Conv2d(wd * 32, 1, kernel_size=4, stride=1, padding=0),
            nn.Sigmoid(),
        )

    def _stage(self, cin, cout, kernel_size, stride, padding):
        return nn.Sequential(
            nn.Conv2d(
                cin,
                cout,
                kernel_size,
                stride,
                padding,
                bias=False,
            ),
            nn.BatchNorm2d(cout),
            nn.LeakyReLU(0.2),
        )

    def forward(self, inp):
        return self.disc(inp)


class Painter(nn.Module):
    def __init__(self, z_ch, img_ch, wg):
        super(Painter, self).__init__()
        self.net = nn.Sequential(
            # in: N x z_ch x 1 x 1
            self._stage(z_ch, wg * 32, 4, 1, 0),  # 4x4
            self._stage(wg * 32, wg * 16, 4, 2, 1),
            self._stage(wg * 16, wg * 8, 4, 2, 1),
            self._stage(wg * 8, wg * 4, 4, 2, 1),
            self._stage(wg * 4, wg * 2, 4, 2, 1),
            self._stage(wg * 2, wg, 4, 2, 1),
            nn.ConvTranspose2d(
                wg, img_ch, kernel_size=4, stride=2, padding=1
            ),

            nn.Tanh(),
        )

    def _stage(self, cin, cout, kernel_size, stride, padding):
        return nn.Sequential(
            nn.ConvTranspose2d(
                cin,
                cout,
                kernel_size,
                stride,
                padding,
                bias=False,
            ),
            nn.BatchNorm2d(cout),
            nn.ReLU(),
        )

    def forward(self, inp):
        return self.net(inp)


def dcgan_init(net):
    # N(0, 0.02) init as in the DCGAN paper
    for mod in net.modules():
        if isinstance(mod, (nn.Conv2d, nn.ConvTranspose2d, nn.BatchNorm2d)):
            nn.init.normal_(mod.weight.data, 0.0, 0.02)


def smoke_check():
    nb, cin, hh, ww = 8, 3, 128, 128
    zd = 100
    inp = torch.randn((nb, cin, hh, ww))
    dnet = Critic(cin, 8)
    print(dnet(inp).shape)
    assert dnet(inp).shape == (nb, 1, 1, 1), "critic shape mismatch"
    gnet = Painter(zd, cin, 8)
    zz = torch.randn((nb, zd, 1, 1))
    assert gnet(zz).shape == (nb, cin, hh, ww), "painter shape mismatch"
    print("shapes ok")


if __name__ == "__main__":
    smoke_check()