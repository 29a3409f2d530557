# coding=utf-8
import argparse
import os
import urllib.request
import numpy as np
import torch
from torch import nn, optim
from torch.backends import cudnn
from torch.autograd import Variable
from torch.utils.data import DataLoader
from torchvision.transforms import Compose, ToTensor, Resize, Normalize, CenterCrop, RandomCrop
from tensorboardX import SummaryWriter
from torchvision.utils import make_grid

from data import DatasetFromFolder, DatasetFromFolder_2
from model.net2 import net as Net
from utils import save_checkpoint

cli = argparse.ArgumentParser(description="haze removal trainer")
cli.add_argument("--name", type=str, help="folder for the run log")
cli.add_argument("--train", default="../ITS_data/train", type=str,
                    help="folder of the training pairs")
cli.add_argument("--test", default="../ITS_data/test", type=str,
                    help="folder of the test pairs")
cli.add_argument("--batchSize", type=int, default=10, help="batch size")
cli.add_argument("--nEpochs", type=int, default=300, help="number of epochs")
cli.add_argument("--lr", type=float, default=1e-4, help="step size, 1e-4 by default")
cli.add_argument("--step", type=int, default=1000, help="iterations between two checks")
cli.add_argument("--cuda",type=str, default="Ture", help="run on the GPU")
cli.add_argument("--gpus", type=int, default=1, help="how many GPUs")
cli.add_argument("--resume", default="", type=str, help="checkpoint to resume from")
cli.add_argument("--start-epoch", default=1, type=int, help="first epoch number (for restarts)")
cli.add_argument("--threads", type=int, default=8, help="loader worker count")
cli.add_argument("--momentum", default=0.9, type=float, help="momentum")
cli.add_argument("--pretrained", default="", type=str, help="weights to start from")
#cli.add_argument("--pretrained", default="", type=str, help="weights to start from")
cli.add_argument("--checkpoints", default="../new/", type=str, help="folder for saved networks")
cli.add_argument("--report", default=False, type=bool, help="send a report")


def main():
    global opts, writer, net, loss_fn
    opts = cli.parse_args()
    print(opts)

    writer = SummaryWriter(opts.name)

    use_gpu = opts.cuda
    if use_gpu and not torch.cuda.is_available():
        raise Exception("no GPU here, run without --cuda")

    seed = 1334
    torch.manual_seed(seed)
    if use_gpu:
        torch.cuda.manual_seed(seed)

    cudnn.benchmark = True

    print("---- reading data folders")

    tr_set = DatasetFromFolder(opts.train, transform=Compose([
        ToTensor()
    ]))

    indoor_set = DatasetFromFolder_2(opts.test, transform=Compose([
        ToTensor()
    ]))

    tr_loader = DataLoader(dataset=tr_set, num_workers=opts.threads, batch_size=opts.batchSize,
                                      pin_memory=True, shuffle=True)
    indoor_loader = DataLoader(dataset=indoor_set, num_workers=opts.threads, batch_size=1, pin_memory=True,
                                    shuffle=True)

    print("---- building the network")
    net = Net()
    loss_fn = nn.MSELoss(size_average=True)

    #print(net)

    # resume from a checkpoint if asked
    if opts.resume:
        if os.path.isfile(opts.resume):
            print("resuming from '{}'".format(opts.resume))
            ckpt = torch.load(opts.resume)
            opts.start_epoch = ckpt["epoch"] #opts.start_epoch = ckpt["epoch"] // 2 + 1
            net.load_state_dict(ckpt["state_dict"])
        else:
            print("no checkpoint at '{}'".format(opts.resume))

    # start from given weights if asked
    if opts.pretrained:
        if os.path.isfile(opts.pretrained):
            print("loading weights '{}'".format(opts.pretrained))
            w = torch.load(opts.pretrained)
            net.load_state_dict(w['state_dict'])
        else:
            print("no weights at '{}'".format(opts.pretrained))

    print("---- placing on the GPU")
    #if use_gpu:
    if opts.cuda:
        net = nn.DataParallel(net, device_ids=[i for i in range(opts.gpus)]).cuda()
        loss_fn = loss_fn.cuda()
    else:
        net = net.cpu()
        loss_fn = loss_fn.cpu()

    print("---- optimizer")
    opt = optim.Adam(filter(lambda p: p.requires_grad, net.parameters()), lr=opts.lr)

    print("---- fitting")
    for ep in range(opts.start_epoch, opts.nEpochs + 1):
        train(tr_loader, indoor_loader, opt, ep)


def train(tr_loader, indoor_loader, opt, ep):
    print("ep =", ep, "lr =", opt.param_groups[0]["lr"])

    for it, batch in enumerate(tr_loader, 1):
        net.train()
        net.zero_grad()
        opt.zero_grad()

        gstep = len(tr_loader) * (ep-1) + it

        hazy, gt, gt2, gt3, gt4, gt5 = \
            Variable(batch[0]), \
            Variable(batch[1], requires_grad=False), \
            Variable(batch[2], requires_grad=False), \
            Variable(batch[3], requires_grad=False), \
            Variable(batch[4], requires_grad=False), \
            Variable(batch[5], requires_grad=False)


        if opts.cuda:
            hazy = hazy.cuda()
            gt = gt.cuda()
            gt2 = gt2.cuda()
            gt3 = gt3.cuda()
            gt4 = gt4.cuda()
            gt5 = gt5.cuda()
        else:
            hazy = hazy.cpu()
            gt = gt.cpu()
            gt2 = gt2.cpu()
            gt3 = gt3.cpu()
            gt4 = gt4.cpu()
            gt5 = gt5.cpu()

        outs = net(hazy)
        l_full = loss_fn(outs[0], gt)
        # l_half = loss_fn(outs[1], gt2)
        # l_quarter = loss_fn(outs[2], gt3)
        # l_eighth = loss_fn(outs[3], gt4)
        # l_sixteenth = loss_fn(outs[4], gt5)
        #
        # total = l_full + l_half + l_quarter + l_eighth + l_sixteenth
        # total = l_full + 0.2*l_half + 0.1*l_quarter + 0.1*l_eighth + 0.1*l_sixteenth
        # total = l_full
        total = l_full
        total.backward()

        opt.step()

        if it % 10 == 0:
            # print("ep[{}]({}/{}): total {:.6f} | full {:.6f} | half {:.6f} | quarter {:.6f} | eighth {:.6f} | sixteenth {:.6f}".format(ep, it, len(tr_loader),
            #                                                    total.item(), l_full.item(), l_half.item(), l_quarter.item(), l_eighth.item(), l_sixteenth.item()))

            print("ep[{}]({}/{}): total {:.6f}".format( ep, it, len(tr_loader), total.item()))

            writer.add_scalar('loss', total.item(), gstep)
            # writer.add_scalar('l_full', l_full.item(), gstep)
            # writer.add_scalar('l_half', l_half.item(), gstep)
            # writer.add_scalar('l_quarter', l_quarter.item(), gstep)
            # writer.add_scalar('l_eighth', l_eighth.item(), gstep)
            # writer.add_scalar('l_sixteenth', l_sixteenth.item(), gstep)


        # if it % opts.step == 0:
        #     grid_in = make_grid(hazy.data)
            # grid_gt = make_grid(gt.data)
            # grid_out = make_grid(outs[0].data)

            # writer.add_image('grid_in', grid_in, gstep)
            # writer.add_image('grid_gt', grid_gt, gstep)
            # writer.add_image('grid_out', grid_out, gstep)

        if it % opts.step == 0:
            save_checkpoint(net, gstep // opts.step, opts.checkpoints)
            test(indoor_loader, gstep // opts.step)
            # if gstep // opts.step == 4:
            #     lr = opts.lr/10
            #     for group in opt.param_groups:
            #         group['lr'] = lr

def test(te_loader, ep):
    psnr_list = []
    mse_list = []
    for it, batch in enumerate(te_loader, 1):
        net.eval()
        hazy, gt = \
            Variable(batch[0], volatile=True), \
            Variable(batch[1])

        if opts.cuda:
            hazy = hazy.cuda()
            gt = gt.cuda()
        else:
            hazy = hazy.cpu()
            gt = gt.cpu()

        restored = torch.clamp(net(hazy)[0], 0., 1.)
        # print(restored)
        err = nn.MSELoss()(restored, gt)
        mse_list.append(err.item())
        score = 10 * np.log10(1.0 / err.item())
        psnr_list.append(score)
    psnr_avg = np.mean(psnr_list)
    mse_avg = np.mean(mse_list)

    print("indoor check %d psnr: %f" % (ep, psnr_avg))
    fh = open('its-c.txt', 'a+')
    fh.write(str([ep, ' psnr: ', psnr_avg]))
    fh.write('\n')
    fh.close()


    writer.add_scalar('psnr', psnr_avg, ep)
    writer.add_scalar('mse', mse_avg, ep)

    hazy = make_grid(hazy.data)
    gt = make_grid(gt.data)
    restored = make_grid(restored.data)

    writer.add_image('hazy', hazy, ep)
    writer.add_image('gt', gt, ep)
    writer.add_image('restored', restored, ep)

# def adjust_learning_rate(opt, ep):
#     """drop the step size by the listed factors at the listed epochs"""
#
#     opts.lr = opts.original_lr
#
#     for k in range(len(opts.steps)):
#
#         factor = opts.scales[k] if k < len(opts.scales) else 1
#
#         if ep >= opts.steps[k]:
#             opts.lr = opts.lr * factor
#             if ep == opts.steps[k]:
#                 break
#         else:
#             break
#     for group in opt.param_groups:
#         group['lr'] = opts.lr


if __name__ == "__main__":
    os.system('clear')
    main()
