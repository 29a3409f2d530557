import argparse
import os
import time
import torch
import torch.nn as nn
import torch.optim as optim
from model.MSR import MSR
from data.data_loader import get_data_loader

def n_weights(net, only_learnable=False):
    if only_learnable:
        return sum(w.numel() for w in net.parameters() if w.requires_grad)
    else:
        return sum(w.numel() for w in net.parameters())

def one_epoch(net, loader, opt, loss_fn, dev):
    net.train()
    loss_sum = 0.0
    n_right = 0
    n_seen = 0

    for step, (xs, ys) in enumerate(loader):
        xs, ys = xs.to(dev), ys.to(dev)

        opt.zero_grad()
        logits = net(xs)
        
        batch_loss = loss_fn(logits, ys)

        batch_loss.backward()
        opt.step()

        loss_sum += batch_loss.item()
        _, guess = logits.max(1)
        n_seen += ys.size(0)
        n_right += guess.eq(ys).sum().item()

        if step % 100 == 0:
            print(f'step {step}/{len(loader)}  mean loss {loss_sum/(step+1):.3f}  acc {100.*n_right/n_seen:.2f}%')

    mean_loss = loss_sum / len(loader)
    acc = 100. * n_right / n_seen
    return mean_loss, acc

def check(net, loader, loss_fn, dev):
    net.eval()
    loss_sum = 0.0
    n_right = 0
    n_seen = 0

    with torch.no_grad():
        for xs, ys in loader:
            xs, ys = xs.to(dev), ys.to(dev)

            logits = net(xs)
            
            batch_loss = loss_fn(logits, ys)

            loss_sum += batch_loss.item()
            _, guess = logits.max(1)
            n_seen += ys.size(0)
            n_right += guess.eq(ys).sum().item()

    mean_loss = loss_sum / len(loader)
    acc = 100. * n_right / n_seen
    return mean_loss, acc

def run(opts):
    print("---- chest radiograph pneumonia run ----")
    print(f"  images from : {opts.data_dir}")
    print(f"  checkpoints : {opts.logpath}")
    print(f"  batch       : {opts.bsz}")
    print(f"  lr          : {opts.lr}")
    print(f"  epochs      : {opts.niter}")
    print(f"  depth       : {opts.layers}")
    print("----------------------------------------")

    # loaders over the image folders
    loader_train, loader_val = get_data_loader(opts.data_dir, opts.bsz)

    # the multi-scale network, two outputs
    net = MSR(layers=opts.layers, num_classes=2)  # normal vs pneumonia

    # parameter counts
    all_w = n_weights(net)
    learn_w = n_weights(net, only_learnable=True)
    print(f"\nall weights: {all_w}")
    print(f"learnable weights: {learn_w}\n")

    # to the accelerator when there is one
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    net.to(dev)

    # objective and optimiser, the head learns ten times faster
    loss_fn = torch.nn.CrossEntropyLoss()
    opt = torch.optim.Adam([
        {'params': net.get_backbone_params(), 'lr': opts.lr},
        {'params': net.get_fc_params(), 'lr': opts.lr * 10}
    ])

    top_acc = 0.0

    # epochs
    for ep in range(opts.niter):  # one pass over the training folder each
        print(f'epoch {ep+1} of {opts.niter}')
        t0 = time.time()
        
        tr_loss, tr_acc = one_epoch(net, loader_train, opt, loss_fn, dev)
        va_loss, va_acc = check(net, loader_val, loss_fn, dev)
        
        t1 = time.time()
        took = t1 - t0
        
        print(f'train loss {tr_loss:.4f}  train acc {tr_acc:.2f}%')
        print(f'val loss {va_loss:.4f}  val acc {va_acc:.2f}%')
        print(f'epoch {ep+1} took {took:.2f} s\n')
        
        # keep the best weights
        if va_acc > top_acc:
            top_acc = va_acc
            os.makedirs(opts.logpath, exist_ok=True)
            torch.save(net.state_dict(), os.path.join(opts.logpath, 'best_model.pth'))
            print('new best, val acc {:.2f}%'.format(top_acc))

if __name__ == "__main__":
    cli = argparse.ArgumentParser(description="Fit the multi-scale ResNet model to chest radiographs")
    cli.add_argument('--bsz', type=int, default=32, help='images per batch')
    cli.add_argument('--lr', type=float, default=1e-3, help='base learning rate')
    cli.add_argument('--niter', type=int, default=30, help='how many epochs')
    cli.add_argument('--layers', type=int, default=50, help='ResNet depth of the backbone (50 or 101)')
    cli.add_argument('--data_dir', type=str, default='.data/chest_xray', help='root of the image folders')
    cli.add_argument('--logpath', type=str, default='log', help='where the best checkpoint goes')
    
    opts = cli.parse_args()
    run(opts)
