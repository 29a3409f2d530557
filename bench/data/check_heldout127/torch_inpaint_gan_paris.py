
# Fits a GAN that fills a square hole cut into each picture.
# Start it with : python torch_inpaint_gan_paris.py
# The pictures go under the folder named by DATA_FOLDER.

# imports
import os
import numpy as np
import math
import torchvision.transforms as transforms
from torchvision.utils import save_image
from PIL import Image
import torchvision
from torch.utils.data import DataLoader
from torch.utils.data import Dataset
from torchvision import datasets
from torch.autograd import Variable
import torch.nn as nn
import torch.nn.functional as F
import torch
import glob
import random

EPOCHS = 200					#epochs of fitting
BATCH = 8						#batch size
DATA_FOLDER = "paris_street_view"	#folder with the pictures
PIC_SIZE = 128				#side of a resized picture
HOLE_SIZE = 64					#side of the hole
CHANNELS = 3					#colour channels
SNAPSHOT_EVERY = 1000				#steps between two snapshots

#folder for the snapshot pictures
if not os.path.exists('snapshots'):
    os.makedirs('snapshots')

#use the GPU when there is one
dev = torch.device('cpu')
if torch.cuda.is_available():
    dev = torch.device('cuda')
print(dev)

#weight init
def init_weights(m):
    kind = m.__class__.__name__
    if kind.find('Conv') != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif kind.find('BatchNorm') != -1:
        m.weight.data.normal_(1.0, 0.02)
        m.bias.data.fill_(0)

#losses
adv_loss = torch.nn.MSELoss()
pix_loss = torch.nn.L1Loss()
adv_loss.to(dev)
pix_loss.to(dev)

#encoder-decoder that paints the hole
class Generator(nn.Module):
    def __init__(self):
        super(Generator, self).__init__()

        self.layers = nn.Sequential(
            nn.Conv2d(CHANNELS, 64, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2),
            nn.Conv2d(64, 64, 4, stride=2, padding=1),
            nn.BatchNorm2d(64, 0.8),
            nn.LeakyReLU(0.2),
            nn.Conv2d(64, 128, 4, stride=2, padding=1),
            nn.BatchNorm2d(128, 0.8),
            nn.LeakyReLU(0.2),            
            nn.Conv2d(128, 256, 4, stride=2, padding=1),
            nn.BatchNorm2d(256, 0.8),
            nn.LeakyReLU(0.2),            
            nn.Conv2d(256, 512, 4, stride=2, padding=1),
            nn.BatchNorm2d(512, 0.8),
            nn.LeakyReLU(0.2),             
            nn.Conv2d(512, 4000, 1),
            nn.ConvTranspose2d(4000, 512, 4, stride=2, padding=1),
            nn.BatchNorm2d(512, 0.8),
            nn.ReLU(),
            nn.ConvTranspose2d(512, 256, 4, stride=2, padding=1),
            nn.BatchNorm2d(256, 0.8),
            nn.ReLU(),            
            nn.ConvTranspose2d(256, 128, 4, stride=2, padding=1),
            nn.BatchNorm2d(128, 0.8),
            nn.ReLU(),             
            nn.ConvTranspose2d(128, 64, 4, stride=2, padding=1),
            nn.BatchNorm2d(64, 0.8),
            nn.ReLU(), 
            nn.Conv2d(64, CHANNELS, 3, 1, 1),
            nn.Tanh()
        )

    def forward(self, x):
        return self.layers(x)

#patch critic
class Discriminator(nn.Module):
    def __init__(self):
        super(Discriminator, self).__init__()

        self.layers = nn.Sequential(
            nn.Conv2d(CHANNELS, 64, 3, 2, 1),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(64, 128, 3, 2, 1),
            nn.InstanceNorm2d(128),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(128, 256, 3, 2, 1),
            nn.InstanceNorm2d(256),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(256, 512, 3, 1, 1),
            nn.InstanceNorm2d(512),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(512, 1, 3, 1, 1)
        )

    def forward(self, x):
        return self.layers(x)

#generator
painter = Generator()
painter.to(dev)

#critic
critic = Discriminator()
critic.to(dev)

#initial weights for both
painter.apply(init_weights)
critic.apply(init_weights)

#reads a picture, resizes it and cuts the hole
class HoleDataset(Dataset):
    def __init__(self, folder, tfms=None,
	pic_size=128, hole_size=64, training=True):
        self.tfms = transforms.Compose(tfms)
        self.pic_size = pic_size
        self.hole_size = hole_size
        self.training = training
        self.paths = glob.glob(folder + "/*.JPG")
        self.paths = sorted(self.paths)
        if training == True:
            self.paths = self.paths[:-3000]
        else:
            self.paths = self.paths[-3000:]

    # hole at a random place
    def random_hole(self, pic):
        holed = pic.clone()
        y, x = np.random.randint(0, self.pic_size - self.hole_size, 2)
        x_end = int(x + self.hole_size)
        y_end = int(y + self.hole_size)
        patch = pic[:, y:y_end, x:x_end]
        holed[:, y:y_end, x:x_end] = 1

        return holed, patch

    # hole in the middle 	
    def middle_hole(self, pic):
        corner = (self.pic_size - self.hole_size) // 2
        holed = pic.clone()
        x = int(self.pic_size / 4)
        y = int(self.pic_size / 4)
        x_end = int(x + self.hole_size)
        y_end = int(y + self.hole_size)
        holed[:, x : x_end, y : y_end] = 1

        return holed, corner

    def __getitem__(self, i):

        pic = Image.open(self.paths[i % len(self.paths)])
        pic = self.tfms(pic)
        if self.training == True:
            # random holes while fitting
            holed, patch = self.random_hole(pic)
        else:
            # middle hole for the held-out pictures
            holed, patch = self.middle_hole(pic)

        return pic, holed, patch

    def __len__(self):
        return len(self.paths)

#loaders
tfms = [
    transforms.Resize((PIC_SIZE, PIC_SIZE), Image.BICUBIC),
    transforms.ToTensor(),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
]

loader = DataLoader(
    HoleDataset("input_dataset/%s" % DATA_FOLDER,
	tfms=tfms, training=True),
    batch_size=BATCH,
    shuffle=True,
    num_workers=4,
)
print('training batches : ',len(loader))

holdout_loader = DataLoader(
    HoleDataset("input_dataset/%s" % DATA_FOLDER,
	tfms=tfms, training=False),
    batch_size=12,
    shuffle=True,
    num_workers=1,
)
print('held-out batches : ',len(holdout_loader))

#optimizers
painter_opt = torch.optim.Adam(painter.parameters(),
						lr=0.0002, betas=(0.5, 0.999))
critic_opt = torch.optim.Adam(critic.parameters(),
						lr=0.0002, betas=(0.5, 0.999))

#writes a grid of held-out results
def write_snapshot(step_no):
    pic, holed, corner = next(iter(holdout_loader))
    pic = Variable(pic.type(torch.cuda.FloatTensor))
    holed = Variable(holed.type(torch.cuda.FloatTensor))
    corner = corner[0].item()  
    # painter output for the holes
    painted = painter(holed)
    filled = holed.clone()
    filled[:, :, corner : corner + HOLE_SIZE,
					corner : corner + HOLE_SIZE] = painted
    # to disk
    grid = torch.cat((holed.data, filled.data, pic.data), -2)
    save_image(grid, "snapshots/%d.png" % step_no, nrow=6, normalize=True)

#fitting
for ep in range(EPOCHS):
    for i, (pic, holed, patch) in enumerate(loader):

        # targets for the critic
        ones = Variable(
		torch.cuda.FloatTensor(
		pic.shape[0], 1,int(HOLE_SIZE / 2 ** 3), int(HOLE_SIZE / 2 ** 3)
		).fill_(1.0), requires_grad=False
		)
        zeros = Variable(
		torch.cuda.FloatTensor(
		pic.shape[0], 1,int(HOLE_SIZE / 2 ** 3), int(HOLE_SIZE / 2 ** 3)
		).fill_(0.0), requires_grad=False
		)

        # inputs to the GPU 
        pic = Variable(pic.type(torch.cuda.FloatTensor))
        holed = Variable(holed.type(torch.cuda.FloatTensor))
        patch = Variable(patch.type(torch.cuda.FloatTensor))

        # painter step
        painter_opt.zero_grad()

        # fill the holes 
        painted = painter(holed)

        # painter losses
        g_adv = adv_loss(critic(painted), ones)
        g_pix = pix_loss(painted, patch)
        g_total = 0.001 * g_adv + 0.999 * g_pix

        g_total.backward()
        painter_opt.step()

        # critic step
        critic_opt.zero_grad()

        # real patches against painted ones
        real_err = adv_loss(critic(patch), ones)
        fake_err = adv_loss(critic(painted.detach()), zeros)
        d_total = (real_err + fake_err)/2

        d_total.backward()
        critic_opt.step()

        print(
            "[ep %d/%d] [batch %d/%d] [D: %f] [G: %f]"
            % (ep, EPOCHS, i, len(loader), d_total.item(),
			g_total.item())
        )

        # snapshot and checkpoint now and then
        step_no = ep * len(loader) + i
        if step_no % SNAPSHOT_EVERY == 0:
            write_snapshot(step_no)
            #checkpoint
            ckpt = {
                'state_dict': painter.state_dict(),
                'optimizer': painter_opt.state_dict(),
            }
            torch.save(ckpt, "inpaint_model.pth")

print ('done')
