import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
import os
from PIL import Image
from pytorch_msssim import ssim

# U-Net generator
class UNetGen(nn.Module):
    def __init__(self, in_ch=3, out_ch=3):
        super(UNetGen, self).__init__()

        # contracting path
        self.d1 = self.down(in_ch, 64, norm=False)
        self.d2 = self.down(64, 128)
        self.d3 = self.down(128, 256)
        self.d4 = self.down(256, 512, drop=0.5)
        self.d5 = self.down(512, 512, drop=0.5)
        self.d6 = self.down(512, 512, drop=0.5)
        self.d7 = self.down(512, 512, drop=0.5)
        self.d8 = self.down(512, 512, norm=False, drop=0.5)

        # expanding path
        self.u1 = self.up(512, 512, drop=0.5)
        self.u2 = self.up(1024, 512, drop=0.5)
        self.u3 = self.up(1024, 512, drop=0.5)
        self.u4 = self.up(1024, 512, drop=0.5)
        self.u5 = self.up(1024, 256)
        self.u6 = self.up(512, 128)
        self.u7 = self.up(256, 64)
        self.head = nn.Sequential(
            nn.ConvTranspose2d(128, out_ch, 4, 2, 1),
            nn.Tanh()
        )

    def down(self, cin, cout, norm=True, drop=0.0):
        mods = [nn.Conv2d(cin, cout, 4, stride=2, padding=1)]
        if norm:
            mods.append(nn.BatchNorm2d(cout))
        mods.append(nn.LeakyReLU(0.2))
        if drop:
            mods.append(nn.Dropout(drop))
        return nn.Sequential(*mods)

    def up(self, cin, cout, drop=0.0):
        mods = [
            nn.ConvTranspose2d(cin, cout, 4, stride=2, padding=1),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True)
        ]
        if drop:
            mods.append(nn.Dropout(drop))
        return nn.Sequential(*mods)

    def forward(self, x):
        # going down
        a1 = self.d1(x)
        a2 = self.d2(a1)
        a3 = self.d3(a2)
        a4 = self.d4(a3)
        a5 = self.d5(a4)
        a6 = self.d6(a5)
        a7 = self.d7(a6)
        a8 = self.d8(a7)

        # coming back up with skips
        b1 = self.u1(a8)
        b2 = self.u2(torch.cat([b1, a7], 1))
        b3 = self.u3(torch.cat([b2, a6], 1))
        b4 = self.u4(torch.cat([b3, a5], 1))
        b5 = self.u5(torch.cat([b4, a4], 1))
        b6 = self.u6(torch.cat([b5, a3], 1))
        b7 = self.u7(torch.cat([b6, a2], 1))
        return self.head(torch.cat([b7, a1], 1))

# PatchGAN critic
class PatchCritic(nn.Module):
    def __init__(self, in_ch=3):
        super(PatchCritic, self).__init__()

        def block(cin, cout, norm=True):
            mods = [nn.Conv2d(cin, cout, 4, stride=2, padding=1)]
            if norm:
                mods.append(nn.BatchNorm2d(cout))
            mods.append(nn.LeakyReLU(0.2, inplace=True))
            return mods

        self.body = nn.Sequential(
            *block(in_ch * 2, 64, norm=False),
            *block(64, 128),
            *block(128, 256),
            *block(256, 512),
            nn.Conv2d(512, 1, 4, stride=1, padding=1)  
        )

    def forward(self, a, b):
        pair = torch.cat((a, b), 1)
        return self.body(pair)

# where to run
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# paired radar / optical folders
class PairedFolders(Dataset):
    def __init__(self, dir_a, dir_b, tf=None):
        self.dir_a = dir_a
        self.dir_b = dir_b
        self.tf = tf

        self.names_a = sorted(os.listdir(dir_a))
        self.names_b = sorted(os.listdir(dir_b))

    def __len__(self):
        return len(self.names_a)

    def __getitem__(self, i):
        pa = os.path.join(self.dir_a, self.names_a[i])
        pb = os.path.join(self.dir_b, self.names_b[i])

        ia = Image.open(pa).convert("RGB")
        ib = Image.open(pb).convert("RGB")

        if self.tf:
            ia = self.tf(ia)
            ib = self.tf(ib)

        return ia, ib

def main():
    # build both nets on the device
    gen = UNetGen(in_ch=3, out_ch=3).to(device)
    critic = PatchCritic(in_ch=3).to(device)

    # losses
    adv_crit = nn.MSELoss().to(device)
    l1_crit = nn.L1Loss().to(device)

    # optimisers
    opt_g = optim.Adam(gen.parameters(), lr=0.0002, betas=(0.5, 0.999))
    opt_c = optim.Adam(critic.parameters(), lr=0.0002, betas=(0.5, 0.999))

    # run settings
    n_epochs = 100
    w_l1 = 100
    w_ssim = 100

    # resize and scale to [-1, 1]
    tf = transforms.Compose([
        transforms.Resize((256, 256)),
        transforms.ToTensor(),
        transforms.Normalize([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])
    ])

    # radar in, optical out
    dir_a = os.path.join(os.path.abspath(os.curdir), "sar")
    dir_b = os.path.join(os.path.abspath(os.curdir), "optical")

    # dataset and loader
    pairs = PairedFolders(dir_a=dir_a, dir_b=dir_b, tf=tf)
    loader = DataLoader(pairs, batch_size=16, shuffle=True)

    # training
    for ep in range(n_epochs):
        for step, (src, dst) in enumerate(loader):
            src, dst = src.to(device), dst.to(device)

            # patch targets
            ones = torch.ones((src.size(0), 1, 15, 15), requires_grad=False).to(device)
            zeros = torch.zeros((src.size(0), 1, 15, 15), requires_grad=False).to(device)

            # generator step
            opt_g.zero_grad()
            out = gen(src)
            g_adv = adv_crit(critic(out, src), ones)
            g_l1 = l1_crit(out, dst)
            g_ssim = 1 - ssim(out, dst, data_range=2.0)
            g_total = g_adv + (w_l1 * g_l1) + (w_ssim * g_ssim)
            g_total.backward()
            opt_g.step()

            # critic step
            opt_c.zero_grad()
            c_real = adv_crit(critic(dst, src), ones)
            c_fake = adv_crit(critic(out.detach(), src), zeros)
            c_total = (c_real + c_fake) / 2
            c_total.backward()
            opt_c.step()

        print(f"[epoch {ep}/{n_epochs}] [critic {c_total.item()}] [gen {g_total.item()}]")

        # checkpoint every 10 epochs (sessions drop now and then)
        if ep % 10 == 0:
            torch.save(gen.state_dict(), f"gen_ep_{ep}.pth")
            torch.save(critic.state_dict(), f"critic_ep_{ep}.pth")

    # final weights
    torch.save(gen.state_dict(), "gen_final.pth")
    torch.save(critic.state_dict(), "critic_final.pth")

if __name__ == "__main__":
    main()
