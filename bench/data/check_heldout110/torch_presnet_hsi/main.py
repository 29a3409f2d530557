import argparse
import auxil

from hyper_pytorch import *

import torch
import torch.nn.parallel
from torchvision.transforms import *

import models.resnet as RN
import models.presnet as PYRM



def build_loaders(opts):
    cube, gt, n_cls = auxil.loadData(opts.dataset, num_components=opts.components)
    cubes, gt = auxil.createImageCubes(cube, gt, windowSize=opts.spatialsize, removeZeroLabels = True)
    n_bands = cubes.shape[-1]; n_classes = len(np.unique(gt))
    if opts.tr_percent < 1: # fraction of each class
        xtr, xte, ytr, yte = auxil.split_data(cubes, gt, opts.tr_percent)
    else: # fixed count per class
        xtr, xte, ytr, yte = auxil.split_data_fix(cubes, gt, opts.tr_percent)
    if opts.use_val: xva, xte, yva, yte = auxil.split_data(xte, yte, opts.val_percent)
    del cubes, gt
    tr_set = HyperData((np.transpose(xtr, (0, 3, 1, 2)).astype("float32"),ytr))
    te_set  = HyperData((np.transpose(xte, (0, 3, 1, 2)).astype("float32"),yte))
    if opts.use_val: va_set = HyperData((np.transpose(xva, (0, 3, 1, 2)).astype("float32"),yva))
    else: va_set = None
    loader_kw = {'num_workers': 1, 'pin_memory': True}
    tr_loader = torch.utils.data.DataLoader(tr_set, batch_size=opts.tr_bsize, shuffle=True, **loader_kw)
    te_loader  = torch.utils.data.DataLoader(te_set, batch_size=opts.te_bsize, shuffle=False, **loader_kw)
    va_loader  = torch.utils.data.DataLoader(va_set, batch_size=opts.te_bsize, shuffle=False, **loader_kw)
    return tr_loader, te_loader, va_loader, n_classes, n_bands


def train(loader, net, crit, opt, ep, on_gpu):
    net.train()
    accs   = np.ones((len(loader))) * -1000.0
    losses = np.ones((len(loader))) * -1000.0
    for k, (xb, yb) in enumerate(loader):
        if on_gpu:
            xb, yb = xb.cuda(), yb.cuda()
        xb, yb = torch.autograd.Variable(xb), torch.autograd.Variable(yb)
        out = net(xb)
        loss = crit(out, yb)
        losses[k] = loss.item()
        accs[k] = auxil.accuracy(out.data, yb.data)[0].item()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return (np.average(losses), np.average(accs))


def test(loader, net, crit, ep, on_gpu):
    net.eval()
    accs   = np.ones((len(loader))) * -1000.0
    losses = np.ones((len(loader))) * -1000.0
    for k, (xb, yb) in enumerate(loader):
        if on_gpu:
            xb, yb = xb.cuda(), yb.cuda()
        xb, yb = torch.autograd.Variable(xb, volatile=True), torch.autograd.Variable(yb)
        out = net(xb)
        losses[k] = crit(out, yb).item()
        accs[k] = auxil.accuracy(out.data, yb.data, topk=(1,))[0].item()
    return (np.average(losses), np.average(accs))


def predict(loader, net, crit, on_gpu):
    net.eval()
    scores = []
    for k, (xb, yb) in enumerate(loader):
        if on_gpu: xb = xb.cuda()
        xb, yb = torch.autograd.Variable(xb, volatile=True), torch.autograd.Variable(yb)
        [scores.append(s) for s in net(xb).data.cpu().numpy()] 
    return np.array(scores)


def set_lr(opt, ep, opts):
    lr = opts.lr * (0.1 ** (ep // 150)) * (0.1 ** (ep // 225))
    for group in opt.param_groups: 
        group['lr'] = lr




def main():
    ap = argparse.ArgumentParser(description='pyramidal residual nets for hyperspectral pixels')
    ap.add_argument('--epochs', default=200, type=int, help='epochs')
    ap.add_argument('--lr', '--learning-rate', default=0.1, type=float, help='starting learning rate')
    ap.add_argument('--components', default=None, type=int, help='PCA components (none keeps all bands)')
    ap.add_argument('--dataset', default='IP', type=str, help='IP, UP, SV or KSC')
    ap.add_argument('--tr_percent', default=0.15, type=float, help='training fraction or count per class')
    ap.add_argument('--tr_bsize', default=100, type=int, help='train batch (100)')
    ap.add_argument('--te_bsize', default=1000, type=int, help='test batch (1000)')
    ap.add_argument('--depth', default=32, type=int, help='network depth (32)')
    ap.add_argument('--alpha', default=48, type=int, help='channel widening over depth')
    ap.add_argument('--inplanes', dest='inplanes', default=16, type=int, help='channels before the blocks')
    ap.add_argument('--no-bottleneck', dest='bottleneck', action='store_false', help='basic blocks instead of bottlenecks')
    ap.add_argument('--spatialsize', dest='spatialsize', default=11, type=int, help='side of the pixel neighbourhood')
    ap.add_argument('--momentum', default=0.9, type=float, help='SGD momentum')
    ap.add_argument('--weight-decay', '--wd', default=1e-4, type=float, help='weight decay (1e-4)')
    ap.add_argument('--use_val', action='store_true', help='hold out a validation split')
    ap.add_argument('--val_percent', default=0.1, type=float, help='validation fraction')

    ap.set_defaults(bottleneck=True)
    best_err = 100

    opts = ap.parse_args()
    snapshot = {k: v for k, v in opts._get_kwargs()}

    tr_loader, te_loader, va_loader, n_cls, n_bands = build_loaders(opts)

    # GPU or not
    on_gpu = torch.cuda.is_available()
    if on_gpu: torch.backends.cudnn.benchmark = True

    if opts.spatialsize < 9: pool = 1
    elif opts.spatialsize <= 11: pool = 2
    elif opts.spatialsize == 15: pool = 3
    elif opts.spatialsize == 19: pool = 4
    elif opts.spatialsize == 21: pool = 5
    elif opts.spatialsize == 27: pool = 6
    elif opts.spatialsize == 29: pool = 7
    else: print("untested neighbourhood size")

    net = PYRM.pResNet(opts.depth, opts.alpha, n_cls, n_bands, pool, opts.inplanes, bottleneck=opts.bottleneck)
    if on_gpu: net = net.cuda()

    crit = torch.nn.CrossEntropyLoss()
    #opt = torch.optim.Adam(net.parameters())
    opt = torch.optim.SGD(net.parameters(), opts.lr,
                                momentum=opts.momentum,
                                weight_decay=opts.weight_decay, nesterov=True)

    top = -1
    for ep in range(opts.epochs):
        set_lr(opt, ep, opts)

        tr_loss, tr_acc = train(tr_loader, net, crit, opt, ep, on_gpu)
        if opts.use_val: te_loss, te_acc = test(va_loader, net, crit, ep, on_gpu)
        else: te_loss, te_acc = test(te_loader, net, crit, ep, on_gpu)

        print("ep", ep, "train loss", tr_loss, "train acc", tr_acc, end=',')
        print("loss", te_loss, "acc", te_acc)
        # keep the best
        if te_acc > top:
            snapshot = {
                    'epoch': ep + 1,
                    'state_dict': net.state_dict(),
                    'acc': te_acc,
                    'best_acc': top,
                    'optimizer' : opt.state_dict(),
            }
            torch.save(snapshot, "best_model.pth.tar")
            top = te_acc

    ckpt = torch.load("best_model.pth.tar")
    top = ckpt['best_acc']
    first_ep = ckpt['epoch']
    net.load_state_dict(ckpt['state_dict'])
    opt.load_state_dict(ckpt['optimizer'])
    te_loss, te_acc = test(te_loader, net, crit, ep, on_gpu)
    print("final: loss", te_loss, "acc", te_acc)
    rep, conf, res = auxil.reports(np.argmax(predict(te_loader, net, crit, on_gpu), axis=1), np.array(te_loader.dataset.__labels__()), opts.dataset)
    print(opts.dataset, res)



if __name__ == '__main__':
	main()

