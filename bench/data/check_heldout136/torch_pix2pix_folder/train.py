from __future__ import print_function
import argparse
import os
from math import log10

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
import torch.backends.cudnn as cudnn

from nets import define_G, define_D, GANLoss, get_scheduler, update_learning_rate
from data import train_pairs, test_pairs


ap = argparse.ArgumentParser(description='paired image translation trainer')
ap.add_argument('--dataset', required=True, help='dataset setting')
ap.add_argument('--batch_size', type=int, default=1, help='batch size setting')
ap.add_argument('--test_batch_size', type=int, default=1, help='test batch size setting')
ap.add_argument('--direction', type=str, default='b2a', help='direction setting')
ap.add_argument('--input_nc', type=int, default=3, help='input nc setting')
ap.add_argument('--output_nc', type=int, default=3, help='output nc setting')
ap.add_argument('--ngf', type=int, default=64, help='ngf setting')
ap.add_argument('--ndf', type=int, default=64, help='ndf setting')
ap.add_argument('--epoch_count', type=int, default=1, help='epoch count setting')
ap.add_argument('--niter', type=int, default=100, help='niter setting')
ap.add_argument('--niter_decay', type=int, default=100, help='niter decay setting')
ap.add_argument('--lr', type=float, default=0.0002, help='lr setting')
ap.add_argument('--lr_policy', type=str, default='lambda', help='lr policy setting')
ap.add_argument('--lr_decay_iters', type=int, default=50, help='lr decay iters setting')
ap.add_argument('--beta1', type=float, default=0.5, help='beta1 setting')
ap.add_argument('--cuda', action='store_true', help='cuda setting')
ap.add_argument('--threads', type=int, default=4, help='threads setting')
ap.add_argument('--seed', type=int, default=123, help='seed setting')
ap.add_argument('--lamb', type=int, default=10, help='lamb setting')
args = ap.parse_args()

print(args)

if args.cuda and not torch.cuda.is_available():
    raise Exception("cuda requested but unavailable")

cudnn.benchmark = True

torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed(args.seed)

print('[data] folders')
data_root = "dataset/"
tr_set = train_pairs(data_root + args.dataset, args.direction)
te_set = test_pairs(data_root + args.dataset, args.direction)
tr_loader = DataLoader(dataset=tr_set, num_workers=args.threads, batch_size=args.batch_size, shuffle=True)
te_loader = DataLoader(dataset=te_set, num_workers=args.threads, batch_size=args.test_batch_size, shuffle=False)

dev = torch.device("cuda:0" if args.cuda else "cpu")

print('[net] G and D')
gen = define_G(args.input_nc, args.output_nc, args.ngf, 'batch', False, 'normal', 0.02, gpu_id=dev)
disc = define_D(args.input_nc + args.output_nc, args.ndf, 'basic', gpu_id=dev)

adv_loss = GANLoss().to(dev)
l1_loss = nn.L1Loss().to(dev)
mse_loss = nn.MSELoss().to(dev)


opt_gen = optim.Adam(gen.parameters(), lr=args.lr, betas=(args.beta1, 0.999))
opt_disc = optim.Adam(disc.parameters(), lr=args.lr, betas=(args.beta1, 0.999))
sched_gen = get_scheduler(opt_gen, args)
sched_disc = get_scheduler(opt_disc, args)

for ep in range(args.epoch_count, args.niter + args.niter_decay + 1):

    for it, bt in enumerate(tr_loader, 1):

        src_img, dst_img = bt[0].to(dev), bt[1].to(dev)
        gen_img = gen(src_img)





        opt_disc.zero_grad()


        pair_fake = torch.cat((src_img, gen_img), 1)
        d_fake = disc.forward(pair_fake.detach())
        ld_fake = adv_loss(d_fake, False)


        pair_real = torch.cat((src_img, dst_img), 1)
        d_real = disc.forward(pair_real)
        ld_real = adv_loss(d_real, True)


        ld = (ld_fake + ld_real) * 0.5

        ld.backward()

        opt_disc.step()





        opt_gen.zero_grad()


        pair_fake = torch.cat((src_img, gen_img), 1)
        d_fake = disc.forward(pair_fake)
        lg_adv = adv_loss(d_fake, True)


        lg_l1 = l1_loss(gen_img, dst_img) * args.lamb

        lg = lg_adv + lg_l1

        lg.backward()

        opt_gen.step()

        print("ep {} it {}/{} d {:.4f} g {:.4f}".format(
            ep, it, len(tr_loader), ld.item(), lg.item()))

    update_learning_rate(sched_gen, opt_gen)
    update_learning_rate(sched_disc, opt_disc)


    psnr_sum = 0
    for bt in te_loader:
        x_in, y_ref = bt[0].to(dev), bt[1].to(dev)

        y_hat = gen(x_in)
        err = mse_loss(y_hat, y_ref)
        db = 10 * log10(1 / err.item())
        psnr_sum += db
    print("val psnr {:.4f}".format(psnr_sum / len(te_loader)))


    if ep % 50 == 0:
        if not os.path.exists("checkpoint"):
            os.mkdir("checkpoint")
        if not os.path.exists(os.path.join("checkpoint", args.dataset)):
            os.mkdir(os.path.join("checkpoint", args.dataset))
        gen_path = "checkpoint/{}/gen_{}.pth".format(args.dataset, ep)
        disc_path = "checkpoint/{}/disc_{}.pth".format(args.dataset, ep)
        torch.save(gen, gen_path)
        torch.save(disc, disc_path)
        print("saved under {}".format("checkpoint" + args.dataset))
