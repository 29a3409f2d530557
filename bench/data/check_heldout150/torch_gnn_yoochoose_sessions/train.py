import numpy as np
import torch
from sklearn.metrics import roc_auc_score
from torch import nn
from torch.utils.tensorboard import SummaryWriter
from torch_geometric.data import DataLoader

from config import device, grad_clip, print_freq, batch_size
from data_gen import SessionGraphs
from models import Net
from utils import parse_args, save_checkpoint, AverageMeter, clip_gradient, get_logger


def fit(args):
    torch.manual_seed(7)
    np.random.seed(7)
    ckpt = args.checkpoint
    first_epoch = 0
    best_auc = 0
    tb = SummaryWriter()
    stale_epochs = 0

    # fresh model or resume
    if ckpt is None:
        # net = OtherNet()
        net = Net()
        net = nn.DataParallel(net)

        opt = torch.optim.Adam(net.parameters(), lr=args.lr)

    else:
        ckpt = torch.load(ckpt)
        first_epoch = ckpt['epoch'] + 1
        stale_epochs = ckpt['epochs_since_improvement']
        net = ckpt['model']
        opt = ckpt['optimizer']

    log = get_logger()

    # to the accelerator when present
    net = net.to(device)

    # objective
    bce = nn.BCELoss()

    log.info('building graphs...')
    # loaders
    graphs = SessionGraphs(root='data/')
    graphs = graphs.shuffle()
    fit_set = graphs[:800000]
    val_set = graphs[800000:900000]
    test_set = graphs[900000:]
    len(fit_set), len(val_set), len(test_set)
    fit_loader = DataLoader(fit_set, batch_size=batch_size)
    val_loader = DataLoader(val_set, batch_size=batch_size)
    test_loader = DataLoader(test_set, batch_size=batch_size)

    # epochs
    for ep in range(first_epoch, args.end_epoch):
        # training pass
        fit_loss = run_epoch(loader=fit_loader,
                           net=net,
                           bce=bce,
                           opt=opt,
                           ep=ep,
                           log=log)

        tb.add_scalar('model/train_loss', fit_loss, ep)

        # scoring passes
        fit_auc = score(fit_loader, net)
        val_auc = score(val_loader, net)
        test_auc = score(test_loader, net)
        print('Epoch {:03d} | loss {:.5f} | fit AUC {:.5f} | val AUC {:.5f} | test AUC {:.5f}'.
              format(ep, fit_loss, fit_auc, val_auc, test_auc))

        tb.add_scalar('model/train_acc', fit_auc, ep)
        tb.add_scalar('model/val_acc', val_auc, ep)
        tb.add_scalar('model/test_acc', test_auc, ep)

        # track the best epoch
        improved = val_auc > best_auc
        best_auc = max(val_auc, best_auc)
        if not improved:
            stale_epochs += 1
            print("\nNo gain for %d epochs\n" % (stale_epochs,))
        else:
            stale_epochs = 0

        # checkpoint
        save_checkpoint(ep, stale_epochs, net, opt, best_auc, improved)


def run_epoch(loader, net, bce, opt, ep, log):
    net.train()  # training behaviour for dropout/bn

    meter = AverageMeter()

    # batches
    for b, batch in enumerate(loader):
        # to device
        batch = batch.to(device)
        tgt = batch.y.to(device)

        # forward
        prob = net(batch)

        # loss
        loss = bce(prob, tgt)

        # backward
        opt.zero_grad()
        loss.backward()

        # clamp gradients
        clip_gradient(opt, grad_clip)

        # update
        opt.step()

        # bookkeeping
        meter.update(loss.item())

        # progress
        if b % print_freq == 0:
            msg = 'Epoch [{0}][{1}/{2}]\t' \
                     'loss {loss.val:.5f} ({loss.avg:.5f})\t'.format(ep, b,
                                                                     len(loader),
                                                                     loss=meter,
                                                                     )
            log.info(msg)

    return meter.avg


def score(loader, net):
    net.eval()  # inference behaviour for dropout/bn

    probs = []
    truths = []

    # batches
    with torch.no_grad():
        for batch in loader:
            batch = batch.to(device)
            p = net(batch).detach().cpu().numpy()

            t = batch.y.detach().cpu().numpy()
            probs.append(p)
            truths.append(t)

    probs = np.hstack(probs)
    truths = np.hstack(truths)

    return roc_auc_score(truths, probs)


def main():
    global args
    args = parse_args()
    fit(args)


if __name__ == '__main__':
    main()
