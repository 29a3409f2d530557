from __future__ import print_function
import argparse
import os
from math import log10

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
import torch.backends.cudnn as cudnn

from networks import define_G, define_D, GANLoss, get_scheduler, update_learning_rate
from loaders import make_train_split, make_test_split

# command-line options
ap = argparse.ArgumentParser(description='paired image translation trainer')
ap.add_argument('--dataset', required=True, help='name of folder under dataset/')
ap.add_argument('--batch_size', type=int, default=1, help='images per training step')
ap.add_argument('--test_batch_size', type=int, default=1, help='images per test step')
ap.add_argument('--direction', type=str, default='b2a', help='a2b or b2a')
ap.add_argument('--input_nc', type=int, default=3, help='channels in')
ap.add_argument('--output_nc', type=int, default=3, help='channels out')
ap.add_argument('--ngf', type=int, default=64, help='width of the generator stem')
ap.add_argument('--ndf', type=int, default=64, help='width of the critic stem')
ap.add_argument('--epoch_count', type=int, default=1, help='first epoch number')
ap.add_argument('--niter', type=int, default=100, help='epochs at the base rate')
ap.add_argument('--niter_decay', type=int, default=100, help='epochs of linear decay to zero')
ap.add_argument('--lr', type=float, default=0.0002, help='base rate for adam')
ap.add_argument('--lr_policy', type=str, default='lambda', help='lambda|step|plateau|cosine')
ap.add_argument('--lr_decay_iters', type=int, default=50, help='step policy period')
ap.add_argument('--beta1', type=float, default=0.5, help='adam beta1')
ap.add_argument('--cuda', action='store_true', help='run on the gpu')
ap.add_argument('--threads', type=int, default=4, help='loader worker processes')
ap.add_argument('--seed', type=int, default=123, help='rng seed')
ap.add_argument('--lamb', type=int, default=10, help='weight of the L1 term')
args = ap.parse_args()

print(args)

if args.cuda and not torch.cuda.is_available():
    raise Exception("--cuda given but no gpu is visible")

cudnn.benchmark = True

torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed(args.seed)

print('-- reading image pairs')
base_dir = "dataset/"
pairs_train = make_train_split(base_dir + args.dataset, args.direction)
pairs_test = make_test_split(base_dir + args.dataset, args.direction)
train_loader = DataLoader(dataset=pairs_train, num_workers=args.threads, batch_size=args.batch_size, shuffle=True)
test_loader = DataLoader(dataset=pairs_test, num_workers=args.threads, batch_size=args.test_batch_size, shuffle=False)

dev = torch.device("cuda:0" if args.cuda else "cpu")

print('-- creating networks')
gen = define_G(args.input_nc, args.output_nc, args.ngf, 'batch', False, 'normal', 0.02, gpu_id=dev)
disc = define_D(args.input_nc + args.output_nc, args.ndf, 'basic', gpu_id=dev)

adv_loss = GANLoss().to(dev)
l1_loss = nn.L1Loss().to(dev)
mse_loss = nn.MSELoss().to(dev)

# optimisers and schedules
opt_gen = optim.Adam(gen.parameters(), lr=args.lr, betas=(args.beta1, 0.999))
opt_disc = optim.Adam(disc.parameters(), lr=args.lr, betas=(args.beta1, 0.999))
gen_sched = get_scheduler(opt_gen, args)
disc_sched = get_scheduler(opt_disc, args)

for ep in range(args.epoch_count, args.niter + args.niter_decay + 1):
    # training pass
    for it, pair in enumerate(train_loader, 1):
        # generate
        src, tgt = pair[0].to(dev), pair[1].to(dev)
        generated = gen(src)

        # ------------------
        # critic update
        # ------------------

        opt_disc.zero_grad()
        
        # fake pairs
        joined_fake = torch.cat((src, generated), 1)
        score_fake = disc.forward(joined_fake.detach())
        d_loss_fake = adv_loss(score_fake, False)

        # real pairs
        joined_real = torch.cat((src, tgt), 1)
        score_real = disc.forward(joined_real)
        d_loss_real = adv_loss(score_real, True)
        
        # average of both
        d_loss = (d_loss_fake + d_loss_real) * 0.5

        d_loss.backward()
       
        opt_disc.step()

        # ------------------
        # generator update
        # ------------------

        opt_gen.zero_grad()

        # fool the critic
        joined_fake = torch.cat((src, generated), 1)
        score_fake = disc.forward(joined_fake)
        g_loss_adv = adv_loss(score_fake, True)

        # stay close to the target
        g_loss_l1 = l1_loss(generated, tgt) * args.lamb
        
        g_loss = g_loss_adv + g_loss_l1
        
        g_loss.backward()

        opt_gen.step()

        print("-- epoch {} step {}/{}: critic {:.4f} generator {:.4f}".format(
            ep, it, len(train_loader), d_loss.item(), g_loss.item()))

    update_learning_rate(gen_sched, opt_gen)
    update_learning_rate(disc_sched, opt_disc)

    # test pass
    psnr_sum = 0
    for pair in test_loader:
        inp, ref = pair[0].to(dev), pair[1].to(dev)

        out = gen(inp)
        err = mse_loss(out, ref)
        db = 10 * log10(1 / err.item())
        psnr_sum += db
    print("-- mean PSNR {:.4f} dB".format(psnr_sum / len(test_loader)))

    # save weights
    if ep % 50 == 0:
        if not os.path.exists("checkpoint"):
            os.mkdir("checkpoint")
        if not os.path.exists(os.path.join("checkpoint", args.dataset)):
            os.mkdir(os.path.join("checkpoint", args.dataset))
        gen_file = "checkpoint/{}/netG_model_epoch_{}.pth".format(args.dataset, ep)
        disc_file = "checkpoint/{}/netD_model_epoch_{}.pth".format(args.dataset, ep)
        torch.save(gen, gen_file)
        torch.save(disc, disc_file)
        print("weights written under {}".format("checkpoint" + args.dataset))
