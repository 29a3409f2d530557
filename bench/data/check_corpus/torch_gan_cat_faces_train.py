# source: https://github.com/Carlosss314/GAN-cat-faces/blob/cf0bdc7bee46d6e47a3f2268ba3879e6bede5aba/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import torch
from model3 import discriminator, generator
from tqdm import tqdm
import matplotlib.pyplot as plt


N_EPOCHS = 500
LR = 0.001
BATCH = 32
bce_loss = torch.nn.BCELoss()


netG = generator()
netD = discriminator()

opt_g = torch.optim.Adam(netG.parameters(), betas=(0.5, 0.999), lr=LR)
opt_d = torch.optim.Adam(netD.parameters(), betas=(0.5, 0.999), lr=LR)


cat_images = torch.load("cat_faces.pt")
chunks = torch.split(cat_images, BATCH)


d_history = []
g_history = []

for ep in tqdm(range(N_EPOCHS)):
    for step in tqdm(range(int(cat_images.shape[0] / BATCH))):

        # discriminator update: real batch vs generated batch
        real = chunks[step]
        score_real = netD(real)
        ones = torch.ones(real.shape[0], 1)

        z = (torch.rand(real.shape[0], 128) - 0.5) / 0.5
        fake = netG(z)
        score_fake = netD(fake)
        zeros = torch.zeros(fake.shape[0], 1)

        scores = torch.cat((score_real, score_fake), 0)
        wanted = torch.cat((ones, zeros), 0)

        loss_d = bce_loss(scores, wanted)
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()

        # generator update: try to get fakes scored as real
        z = (torch.rand(real.shape[0], 128) - 0.5) / 0.5
        fake = netG(z)
        score_fake = netD(fake)
        fooled = torch.ones([fake.shape[0], 1])

        loss_g = bce_loss(score_fake, fooled)
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()

        if (step + 1) % 50 == 0:
            n_steps = int(cat_images.shape[0] / BATCH)
            print(f'[{ep + 1}] step {step + 1} of {n_steps}  D={loss_d.item():.3f}  G={loss_g.item():.3f}')

            d_history.append(loss_d.item())
            g_history.append(loss_g.item())

            plt.figure(figsize=(14, 6))
            plt.subplot(1, 2, 1)
            plt.plot(d_history, linewidth=1, c="blue")
            plt.plot(g_history, linewidth=1, c="red")
            plt.subplot(1, 2, 2)
            plt.imshow(fake[0].detach().reshape(64, 64), cmap="Greys")
            plt.pause(0.001)

        step += 1

    if (ep + 1) % 5 == 0:
        torch.save(netG, f'gen_snapshots/netG_{ep + 1}.pt')
