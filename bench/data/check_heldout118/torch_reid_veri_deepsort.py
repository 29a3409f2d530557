import argparse
import os
import time

import numpy as np
import matplotlib.pyplot as plt
import torch
import torch.backends.cudnn as cudnn
import torchvision

from model import Net

cli = argparse.ArgumentParser(description="vehicle re-id appearance net")
cli.add_argument("--data-dir",default='data',type=str)
cli.add_argument("--no-cuda",action="store_true")
cli.add_argument("--gpu-id",default=0,type=int)
cli.add_argument("--lr",default=0.1, type=float)
cli.add_argument("--interval",'-i',default=20,type=int)
cli.add_argument('--resume', '-r',action='store_true')
opts = cli.parse_args()

# pick the device
dev = "cuda:{}".format(opts.gpu_id) if torch.cuda.is_available() and not opts.no_cuda else "cpu"
if torch.cuda.is_available() and not opts.no_cuda:
    cudnn.benchmark = True

# folders of crops, one subfolder per vehicle id
base = opts.data_dir
fit_folder = os.path.join(base,"train")
val_folder = os.path.join(base,"val")
aug_fit = torchvision.transforms.Compose([
    torchvision.transforms.Resize((128,64)),
    torchvision.transforms.RandomHorizontalFlip(),
    torchvision.transforms.ToTensor(),
    torchvision.transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
])
aug_val = torchvision.transforms.Compose([
    torchvision.transforms.Resize((128,64)),

    torchvision.transforms.ToTensor(),
    torchvision.transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
])
fit_batches = torch.utils.data.DataLoader(
    torchvision.datasets.ImageFolder(fit_folder, transform=aug_fit),
    batch_size=64,shuffle=True
)
val_batches = torch.utils.data.DataLoader(
    torchvision.datasets.ImageFolder(val_folder, transform=aug_val),
    batch_size=64,shuffle=True
)
n_ids = max(len(fit_batches.dataset.classes), len(val_batches.dataset.classes))

# build the network
first_epoch = 0
reid_net = Net(num_classes=n_ids)
if opts.resume:
    assert os.path.isfile("./checkpoint/ckpt.t7"), "no saved state to resume from"
    print('Restoring checkpoint/ckpt.t7')
    saved = torch.load("./checkpoint/ckpt.t7")
    # restore weights
    weights = saved['net_dict']
    reid_net.load_state_dict(weights)
    top_acc = saved['acc']
    first_epoch = saved['epoch']
reid_net.to(dev)

# objective and optimiser
ce = torch.nn.CrossEntropyLoss()
sgd = torch.optim.SGD(reid_net.parameters(), opts.lr, momentum=0.9, weight_decay=5e-4)
top_acc = 0.

# one pass over the training ids
def run_epoch(ep):
    print("\n== epoch %d"%(ep+1))
    reid_net.train()
    window_loss = 0.
    epoch_loss = 0.
    hits = 0
    seen = 0
    every = opts.interval
    t0 = time.time()
    for step, (imgs, ids) in enumerate(fit_batches):
        # forward
        imgs,ids = imgs.to(dev),ids.to(dev)
        logits = reid_net(imgs)
        loss = ce(logits, ids)

        # backward
        sgd.zero_grad()
        loss.backward()
        sgd.step()

        # running totals
        window_loss += loss.item()
        epoch_loss += loss.item()
        hits += logits.max(dim=1)[1].eq(ids).sum().item()
        seen += ids.size(0)

        # report
        if (step+1)%every == 0:
            t1 = time.time()
            print("[{:.1f}% done] {:.2f}s loss {:.5f} right {}/{} acc {:.3f}%".format(
                100.*(step+1)/len(fit_batches), t1-t0, window_loss/every, hits, seen, 100.*hits/seen
            ))
            window_loss = 0.
            t0 = time.time()
    
    return epoch_loss/len(fit_batches), 1.- hits/seen

def run_val(ep):
    global top_acc
    reid_net.eval()
    val_loss = 0.
    hits = 0
    seen = 0
    t0 = time.time()
    with torch.no_grad():
        for step, (imgs, ids) in enumerate(val_batches):
            imgs, ids = imgs.to(dev), ids.to(dev)
            logits = reid_net(imgs)
            loss = ce(logits, ids)

            val_loss += loss.item()
            hits += logits.max(dim=1)[1].eq(ids).sum().item()
            seen += ids.size(0)
        
        print("validating")
        t1 = time.time()
        print("[{:.1f}% done] {:.2f}s loss {:.5f} right {}/{} acc {:.3f}%".format(
                100.*(step+1)/len(val_batches), t1-t0, val_loss/len(val_batches), hits, seen, 100.*hits/seen
            ))

    # keep the best weights
    acc = 100.*hits/seen
    if acc > top_acc:
        top_acc = acc
        print("writing checkpoint/ckpt.t7")
        state = {
            'net_dict':reid_net.state_dict(),
            'acc':acc,
            'epoch':ep,
        }
        if not os.path.isdir('checkpoint'):
            os.mkdir('checkpoint')
        torch.save(state, './checkpoint/ckpt.t7')

    return val_loss/len(val_batches), 1.- hits/seen

# curves
epochs_seen = []
hist = {'train_loss':[], 'train_err':[], 'test_loss':[], 'test_err':[]}
figure = plt.figure()
ax_l = figure.add_subplot(121, title="loss")
ax_e = figure.add_subplot(122, title="top1err")
def plot_curves(ep, tr_loss, tr_err, va_loss, va_err):
    global hist
    hist['train_loss'].append(tr_loss)
    hist['train_err'].append(tr_err)
    hist['test_loss'].append(va_loss)
    hist['test_err'].append(va_err)

    epochs_seen.append(ep)
    ax_l.plot(epochs_seen, hist['train_loss'], 'bo-', label='train')
    ax_l.plot(epochs_seen, hist['test_loss'], 'ro-', label='val')
    ax_e.plot(epochs_seen, hist['train_err'], 'bo-', label='train')
    ax_e.plot(epochs_seen, hist['test_err'], 'ro-', label='val')
    if ep == 0:
        ax_l.legend()
        ax_e.legend()
    figure.savefig("train.jpg")

# step the learning rate down
def shrink_lr():
    global sgd
    for grp in sgd.param_groups:
        grp['lr'] *= 0.1
        lr = grp['lr']
        print("lr is now {}".format(lr))

def entry():
    for ep in range(first_epoch, first_epoch+40):
        tr_loss, tr_err = run_epoch(ep)
        va_loss, va_err = run_val(ep)
        plot_curves(ep, tr_loss, tr_err, va_loss, va_err)
        if (ep+1)%20==0:
            shrink_lr()


if __name__ == '__main__':
    entry()
