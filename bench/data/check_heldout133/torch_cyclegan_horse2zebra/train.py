#!/usr/bin/python3

import argparse
import itertools

import torchvision.transforms as transforms
from torch.utils.data import DataLoader
from torch.autograd import Variable
from PIL import Image
import torch

from models import Generator
from models import Discriminator
from helpers import FakePool
from helpers import LinearDecay
from helpers import ProgressBoard
from helpers import init_gaussian
from unpaired import UnpairedImages

ap = argparse.ArgumentParser()
ap.add_argument('--epoch', type=int, default=0, help='epoch to resume from')
ap.add_argument('--n_epochs', type=int, default=200, help='total epochs')
ap.add_argument('--batchSize', type=int, default=1, help='images per step')
ap.add_argument('--dataroot', type=str, default='datasets/horse2zebra/', help='folder holding train/A and train/B')
ap.add_argument('--lr', type=float, default=0.0002, help='base learning rate')
ap.add_argument('--decay_epoch', type=int, default=100, help='epoch where the linear decay to zero begins')
ap.add_argument('--size', type=int, default=256, help='square crop side')
ap.add_argument('--input_nc', type=int, default=3, help='channels of domain A')
ap.add_argument('--output_nc', type=int, default=3, help='channels of domain B')
ap.add_argument('--cuda', action='store_true', help='train on the gpu')
ap.add_argument('--n_cpu', type=int, default=8, help='loader worker processes')
args = ap.parse_args()
print(args)

if torch.cuda.is_available() and not args.cuda:
    print("note: a gpu is present; pass --cuda to use it")

# ---- setup ----
# four networks
gen_ab = Generator(args.input_nc, args.output_nc)
gen_ba = Generator(args.output_nc, args.input_nc)
disc_a = Discriminator(args.input_nc)
disc_b = Discriminator(args.output_nc)

if args.cuda:
    gen_ab.cuda()
    gen_ba.cuda()
    disc_a.cuda()
    disc_b.cuda()

gen_ab.apply(init_gaussian)
gen_ba.apply(init_gaussian)
disc_a.apply(init_gaussian)
disc_b.apply(init_gaussian)

# objectives
adv_crit = torch.nn.MSELoss()
cyc_crit = torch.nn.L1Loss()
idt_crit = torch.nn.L1Loss()

# optimisers and schedules
opt_gen = torch.optim.Adam(itertools.chain(gen_ab.parameters(), gen_ba.parameters()),
                                lr=args.lr, betas=(0.5, 0.999))
opt_da = torch.optim.Adam(disc_a.parameters(), lr=args.lr, betas=(0.5, 0.999))
opt_db = torch.optim.Adam(disc_b.parameters(), lr=args.lr, betas=(0.5, 0.999))

sched_gen = torch.optim.lr_scheduler.LambdaLR(opt_gen, lr_lambda=LinearDecay(args.n_epochs, args.epoch, args.decay_epoch).step)
sched_da = torch.optim.lr_scheduler.LambdaLR(opt_da, lr_lambda=LinearDecay(args.n_epochs, args.epoch, args.decay_epoch).step)
sched_db = torch.optim.lr_scheduler.LambdaLR(opt_db, lr_lambda=LinearDecay(args.n_epochs, args.epoch, args.decay_epoch).step)

# fixed input buffers and targets
T = torch.cuda.FloatTensor if args.cuda else torch.Tensor
buf_a = T(args.batchSize, args.input_nc, args.size, args.size)
buf_b = T(args.batchSize, args.output_nc, args.size, args.size)
ones = Variable(T(args.batchSize).fill_(1.0), requires_grad=False)
zeros = Variable(T(args.batchSize).fill_(0.0), requires_grad=False)

pool_a = FakePool()
pool_b = FakePool()

# data
tfms = [ transforms.Resize(int(args.size*1.12), Image.BICUBIC), 
                transforms.RandomCrop(args.size), 
                transforms.RandomHorizontalFlip(),
                transforms.ToTensor(),
                transforms.Normalize((0.5,0.5,0.5), (0.5,0.5,0.5)) ]
loader = DataLoader(UnpairedImages(args.dataroot, tfms=tfms, unaligned=True), 
                        batch_size=args.batchSize, shuffle=True, num_workers=args.n_cpu)

# live plots
board = ProgressBoard(args.n_epochs, len(loader))
# ----------------

# ---- training ----
for ep in range(args.epoch, args.n_epochs):
    for k, sample in enumerate(loader):
        # copy the batch into the fixed buffers
        img_a = Variable(buf_a.copy_(sample['A']))
        img_b = Variable(buf_b.copy_(sample['B']))

        # -- both generators --
        opt_gen.zero_grad()

        # identity terms
        # A->B applied to B should give B back
        idt_b = gen_ab(img_b)
        l_idt_b = idt_crit(idt_b, img_b)*5.0
        # B->A applied to A should give A back
        idt_a = gen_ba(img_a)
        l_idt_a = idt_crit(idt_a, img_a)*5.0

        # adversarial terms
        made_b = gen_ab(img_a)
        score = disc_b(made_b)
        l_adv_ab = adv_crit(score, ones)

        made_a = gen_ba(img_b)
        score = disc_a(made_a)
        l_adv_ba = adv_crit(score, ones)

        # cycle terms
        back_a = gen_ba(made_b)
        l_cyc_a = cyc_crit(back_a, img_a)*10.0

        back_b = gen_ab(made_a)
        l_cyc_b = cyc_crit(back_b, img_b)*10.0

        # sum
        l_gen = l_idt_a + l_idt_b + l_adv_ab + l_adv_ba + l_cyc_a + l_cyc_b
        l_gen.backward()
        
        opt_gen.step()
        # ----------------

        # -- critic A --
        opt_da.zero_grad()

        # real images
        score_real = disc_a(img_a)
        l_real = adv_crit(score_real, ones)

        # pooled fakes
        made_a = pool_a.swap(made_a)
        score_fake = disc_a(made_a.detach())
        l_fake = adv_crit(score_fake, zeros)

        # sum
        l_da = (l_real + l_fake)*0.5
        l_da.backward()

        opt_da.step()
        # ----------------

        # -- critic B --
        opt_db.zero_grad()

        # real images
        score_real = disc_b(img_b)
        l_real = adv_crit(score_real, ones)
        
        # pooled fakes
        made_b = pool_b.swap(made_b)
        score_fake = disc_b(made_b.detach())
        l_fake = adv_crit(score_fake, zeros)

        # sum
        l_db = (l_real + l_fake)*0.5
        l_db.backward()

        opt_db.step()
        # ----------------

        # push numbers and pictures to the board
        board.log({'loss_G': l_gen, 'loss_G_identity': (l_idt_a + l_idt_b), 'loss_G_GAN': (l_adv_ab + l_adv_ba),
                    'loss_G_cycle': (l_cyc_a + l_cyc_b), 'loss_D': (l_da + l_db)}, 
                    images={'real_A': img_a, 'real_B': img_b, 'fake_A': made_a, 'fake_B': made_b})

    # step the schedules
    sched_gen.step()
    sched_da.step()
    sched_db.step()

    # write weights
    torch.save(gen_ab.state_dict(), 'output/netG_A2B.pth')
    torch.save(gen_ba.state_dict(), 'output/netG_B2A.pth')
    torch.save(disc_a.state_dict(), 'output/netD_A.pth')
    torch.save(disc_b.state_dict(), 'output/netD_B.pth')
# ----------------
