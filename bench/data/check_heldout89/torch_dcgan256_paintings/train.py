"""
DCGAN on a folder of scraped paintings at 256x256; networks come from model.py
(adapted from a public DCGAN tutorial)



"""
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
import torchvision.datasets as datasets
import torchvision.transforms as transforms
from torch.utils.data import DataLoader


from model import Critic, Painter, dcgan_init



# settings
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
LR = 2e-4  # a single learning rate shared by both nets
BS = 32
RES = 256
N_CH = 3
Z_DIM = 100
EPOCHS = 15
D_WIDTH = 256
G_WIDTH = 256

transforms = transforms.Compose(
    [
        transforms.Resize((RES, RES)),
        transforms.ToTensor(),
        transforms.Normalize(
            [0.5 for _ in range(N_CH)], [0.5 for _ in range(N_CH)]
        ),
    ]
)

img_ds = datasets.ImageFolder(root="../painting_imgs", transform=transforms)
img_dl = DataLoader(img_ds, batch_size=BS, shuffle=True)
G = Painter(Z_DIM, N_CH, G_WIDTH).to(dev)
D = Critic(N_CH, D_WIDTH).to(dev)

dcgan_init(G)
dcgan_init(D)

optG = optim.Adam(G.parameters(), lr=LR, betas=(0.5, 0.999))

optD = optim.Adam(D.parameters(), lr=LR, betas=(0.5, 0.999))

bce = nn.BCELoss()

z_fixed = torch.randn(32, Z_DIM, 1, 1).to(dev)



tick = 0

G.train()
D.train()
hist_g = []
hist_d = []

for ep in range(EPOCHS):
    # labels are ignored
    for bi, (x_real, _) in enumerate(img_dl):
        x_real = x_real.to(dev)
        z = torch.randn(BS, Z_DIM, 1, 1).to(dev)
        x_fake = G(z)

        # critic update on real and generated batches
        d_on_real = D(x_real).reshape(-1)
        ld_real = bce(d_on_real, torch.ones_like(d_on_real))
        d_on_fake = D(x_fake.detach()).reshape(-1)
        ld_fake = bce(d_on_fake, torch.zeros_like(d_on_fake))
        ld = (ld_real + ld_fake) / 2
        D.zero_grad()
        ld.backward()
        optD.step()

        # generator update through the critic
        d_out = D(x_fake).reshape(-1)
        lg = bce(d_out, torch.ones_like(d_out))
        G.zero_grad()
        lg.backward()
        optG.step()

        # every 100 batches: log and dump images
        if bi % 100 == 0:
            print(
                f"Epoch [{epoch}/{NUM_EPOCHS}] Batch {batch_idx}/{len(dataloader)} \
                  Loss D: {loss_disc:.4f}, loss G: {loss_gen:.4f}"
            )




            j = 0
            for _row in x_real:

                torchvision.utils.save_image(x_real[j], f"dump_real/r_{tick}_{j}.jpg", normalize=True)
                torchvision.utils.save_image(x_fake[j], f"dump_fake/f_{tick}_{j}.jpg", normalize=True)
                j += 1




            with torch.no_grad():
                x_fake = G(z_fixed)
                # a grid of at most 32
                grid_r = torchvision.utils.make_grid(x_real[:32], normalize=True)
                grid_f = torchvision.utils.make_grid(x_fake[:32], normalize=True)




            hist_g.append(lg.item())
            hist_d.append(ld.item())
            tick += 1





    print("=== training pass over ===")

plt.figure(figsize=(10,5))
plt.title("G / D loss curves")
plt.plot(hist_g,label="gen")
plt.plot(hist_d,label="disc")
plt.xlabel("logged step")
plt.ylabel("value")
plt.legend()
plt.show()