import argparse, os
import torch
import math, random
import torch.backends.cudnn as cudnn
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import DataLoader
from srresnet import _NetG
from dataset import H5PatchPairs
from torchvision import models
import torch.utils.model_zoo as model_zoo


argp = argparse.ArgumentParser(description="super-resolution residual net trainer")
argp.add_argument("--batchSize", type=int, default=16, help='batchSize setting')
argp.add_argument("--nEpochs", type=int, default=500, help='nEpochs setting')
argp.add_argument("--lr", type=float, default=1e-4, help='lr setting')
argp.add_argument("--step", type=int, default=200, help='step setting')
argp.add_argument("--cuda", action="store_true", help='cuda setting')
argp.add_argument("--resume", default="", type=str, help='resume setting')
argp.add_argument("--start-epoch", default=1, type=int, help='start epoch setting')
argp.add_argument("--threads", type=int, default=0, help='threads setting')
argp.add_argument("--pretrained", default="", type=str, help='pretrained setting')
argp.add_argument("--vgg_loss", action="store_true", help='vgg loss setting')
argp.add_argument("--gpus", default="0", type=str, help='gpus setting')

def run():

    global cfg, net, feat_net
    cfg = argp.parse_args()
    print(cfg)

    cuda = cfg.cuda
    if cuda:
        print("gpu selected: {}".format(cfg.gpus))
        os.environ["CUDA_VISIBLE_DEVICES"] = cfg.gpus
        if not torch.cuda.is_available():
                raise Exception("cuda requested but unavailable")

    cfg.seed = random.randint(1, 10000)
    print("seed =", cfg.seed)
    torch.manual_seed(cfg.seed)
    if cuda:
        torch.cuda.manual_seed(cfg.seed)

    cudnn.benchmark = True

    print("[data] opening h5")
    patch_set = H5PatchPairs("./h5/train_x4_rgb.h5")
    patch_loader = DataLoader(dataset=patch_set, num_workers=cfg.threads, \
        batch_size=cfg.batchSize, shuffle=True)

    if cfg.vgg_loss:
        print('[net] vgg19 for perceptual term')
        vgg_backbone = models.vgg19()
        vgg_backbone.load_state_dict(model_zoo.load_url('https://download.pytorch.org/models/vgg19-dcbb9e9d.pth'))
        class _VggFeatures(nn.Module):
            def __init__(self):
                super(_VggFeatures, self).__init__()
                self.feature = nn.Sequential(*list(vgg_backbone.features.children())[:-1])

            def forward(self, x):
                feats = self.feature(x)
                return feats

        feat_net = _VggFeatures()

    print("[net] generator")
    net = _NetG()
    mse = nn.MSELoss(size_average=False)

    print("[net] to cuda")
    if cuda:
        net = net.cuda()
        mse = mse.cuda()
        if cfg.vgg_loss:
            feat_net = feat_net.cuda()


    if cfg.resume:
        if os.path.isfile(cfg.resume):
            print("resume from {}".format(cfg.resume))
            ckpt = torch.load(cfg.resume)
            cfg.start_epoch = ckpt["epoch"] + 1
            net.load_state_dict(ckpt["model"].state_dict())
        else:
            print("missing resume file {}".format(cfg.resume))


    if cfg.pretrained:
        if os.path.isfile(cfg.pretrained):
            print("init weights from {}".format(cfg.pretrained))
            pre_state = torch.load(cfg.pretrained)
            net.load_state_dict(pre_state['model'].state_dict())
        else:
            print("missing weights file {}".format(cfg.pretrained))

    print("[opt] adam")
    adam = optim.Adam(net.parameters(), lr=cfg.lr)

    print("[run] start")
    for ep in range(cfg.start_epoch, cfg.nEpochs + 1):
        run_epoch(patch_loader, adam, net, mse, ep)
        dump_model(net, ep)

def decayed_lr(adam, ep):
    """Sets the learning rate to the initial LR decayed by 10"""
    lr = cfg.lr * (0.1 ** (ep // cfg.step))
    return lr

def run_epoch(patch_loader, adam, net, mse, ep):

    lr = decayed_lr(adam, ep-1)

    for param_group in adam.param_groups:
        param_group["lr"] = lr

    print("ep {} lr {}".format(ep, adam.param_groups[0]["lr"]))
    net.train()

    for step_i, pair in enumerate(patch_loader, 1):

        lr_img, hr_img = Variable(pair[0]), Variable(pair[1], requires_grad=False)

        if cfg.cuda:
            lr_img = lr_img.cuda()
            hr_img = hr_img.cuda()

        sr_img = net(lr_img)
        pix_loss = mse(sr_img, hr_img)

        if cfg.vgg_loss:
            sr_feats = feat_net(sr_img)
            hr_feats = feat_net(hr_img)
            hr_feats = hr_feats.detach()
            feat_loss = mse(sr_feats, hr_feats)

        adam.zero_grad()

        if cfg.vgg_loss:
            feat_net.zero_grad()
            feat_loss.backward(retain_graph=True)

        pix_loss.backward()

        adam.step()

        if step_i%100 == 0:
            if cfg.vgg_loss:
                print("ep {} it {}/{} mse {:.5} feat {:.5}".format(ep, step_i, len(patch_loader), pix_loss.data[0], feat_loss.data[0]))
            else:
                print("ep {} it {}/{} mse {:.5}".format(ep, step_i, len(patch_loader), pix_loss.data[0]))

def dump_model(net, ep):
    ckpt_file = "ckpts/" + "gen_ep{}.pth".format(ep)
    payload = {"epoch": ep ,"model": net}
    if not os.path.exists("ckpts/"):
        os.makedirs("ckpts/")

    torch.save(payload, ckpt_file)

    print("wrote {}".format(ckpt_file))

if __name__ == "__main__":
    run()
