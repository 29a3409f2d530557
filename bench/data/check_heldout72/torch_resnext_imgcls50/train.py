import numpy as np
import argparse
from Dataset import FolderClsSet
from torch.utils.data import DataLoader
import torchvision.models as models
import torch.nn as nn
from utils import FocalLoss
from model import resnext101_32x8d
from tensorboardX import SummaryWriter
from torch.optim.lr_scheduler import LambdaLR, StepLR
import torch
import tqdm
import os

def fit(cfg, net, train_dl, val_dl):
    tb = SummaryWriter('runs/%s' % cfg.model)
    use_gpu = True if torch.cuda.is_available() else False
    if cfg.loss == 'focal':
        crit = FocalLoss(gamma=2)
    else:
        crit = torch.nn.CrossEntropyLoss()
    if cfg.optimizer == 'adam':
        opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay = 5e-4)
    if cfg.optimizer == 'sgd':
        opt = torch.optim.SGD(net.parameters(), lr=cfg.lr, weight_decay = 5e-4, momentum=0.9)
    if use_gpu:
        crit = crit.cuda()
        net = net.cuda()
    """learning-rate schedule"""
    def linear_decay(epoch):
        factor = 1.0 - max(0, epoch + 1 - cfg.lr_decay_epoch) / float(cfg.lr_decay_epoch + 1)
        return factor
    if cfg.scheduler == 'linear':
        sched = LambdaLR(opt, lr_lambda=linear_decay)
    elif cfg.scheduler == 'step':
        sched = StepLR(opt, step_size=cfg.lr_decay_epoch, gamma=0.412)

    """optimisation"""
    print('training starts')
    cur_lr = opt.param_groups[0]['lr']
    print('lr = %.7f' % cur_lr)
    best_acc = 0.
    global_step = 0
    for epoch in range(cfg.initial_epoch, cfg.n_epochs):
        net.train()
        bar = tqdm.tqdm(total=len(train_dl), ncols=0, desc="Fit[%d/%d]"%(epoch, cfg.n_epochs), unit=" step")
        epoch_loss = 0
        acc = 0.
        n_right = 0
        n_seen = 0
        for image, label, _ in train_dl:
            if use_gpu:
                image = image.cuda()
                label = label.cuda()
            opt.zero_grad()
            logits = net(image)
            loss = crit(logits, label)
            logits = logits.cpu().detach().numpy()
            guess = np.argmax(logits, axis=1)
            right = np.sum(np.equal(label.cpu().numpy(), guess))
            n_seen += len(guess)
            n_right += right
            acc = (n_right / n_seen) * 100
            epoch_loss += loss
            loss.backward()
            opt.step()

            bar.update()
            bar.set_postfix(
            loss=f"{epoch_loss:.4f}",
            Accuracy=f"{acc:.2f}%"
            )
            tb.add_scalar('train loss', loss, global_step)
            tb.add_scalar('train accuracy', acc, global_step)
            global_step += 1
        bar.close()
        val_acc = evaluate(cfg, net, val_dl, tb, epoch)
        if best_acc <= val_acc:
            print('new best, saving')
            best_acc = val_acc
            torch.save(net.state_dict(), '../../saved_models/p1/%s/model_epoch%d_acc%.2f.pth' % (cfg.model, epoch, best_acc))
        sched.step()
        cur_lr = opt.param_groups[0]['lr']
        print('lr = %.7f' % cur_lr)
    print('best accuracy:%.2f' % (best_acc))

def evaluate(cfg, net, val_dl, tb, epoch):
    net.eval()
    use_gpu = True if torch.cuda.is_available() else False
    if cfg.loss == 'focal':
        crit = FocalLoss(gamma=2)
    else:
        crit = torch.nn.CrossEntropyLoss()
    if use_gpu:
        crit = crit.cuda()
    n_seen = 0
    n_right = 0
    epoch_loss = 0.
    bar = tqdm.tqdm(total=len(val_dl), ncols=0, desc="eval", unit=" step")
    for image, label, _ in val_dl:
        with torch.no_grad():
            if use_gpu:
                image = image.cuda()
                label = label.cuda()
            logits = net(image)
            loss = crit(logits, label)
            logits = logits.cpu().detach().numpy()
            guess = np.argmax(logits, axis=1)
            right = np.sum(np.equal(label.cpu().numpy(), guess))
            n_seen += len(guess)
            n_right += right
            acc = (n_right / n_seen) * 100
            epoch_loss += loss
            bar.update()
            bar.set_postfix(
            loss=f"{epoch_loss:.4f}",
            Accuracy=f"{acc:.2f}"
            )
    tb.add_scalar('val loss', epoch_loss, epoch)
    tb.add_scalar('val accuracy', acc, epoch)
    bar.close()
    return acc
if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument("--n_epochs", type=int, default=50, help="epochs to run")
    ap.add_argument("--initial_epoch", type=int, default=0, help="first epoch index")
    ap.add_argument("--lr_decay_epoch", type=int, default=30, help="epoch where decay begins")
    ap.add_argument('--train_data_path', default='../../data/p1/train_50', help='training image folder')
    ap.add_argument('--val_data_path', default='../../data/p1/val_50', help='validation image folder')
    ap.add_argument('--num_classes', type=int, default=50, help='class count')
    ap.add_argument('--loss', default='focal', help='crossentropy or focal')
    ap.add_argument('--optimizer', default='sgd', help='adam/sgd')
    ap.add_argument('--scheduler', default='step', help='linear/step')
    ap.add_argument('--model', default='resnext101_32x8d', help='resnext101_32x8d')
    ap.add_argument('--n_cpu', default=8, help='loader workers')
    ap.add_argument('--saved_model', default='', help='checkpoint to resume from')
    ap.add_argument("--lr", type=float, default=7e-4, help="learning rate")
    ap.add_argument("--batch_size", type=int, default=32, help="batch_size")

    cfg = ap.parse_args()
    os.makedirs('../../saved_models/p1/%s' % (cfg.model), exist_ok=True)
    train_set = FolderClsSet(cfg.train_data_path, 'train')
    train_dl = DataLoader(train_set, batch_size=cfg.batch_size,shuffle=True, num_workers=cfg.n_cpu)
    val_set = FolderClsSet(cfg.val_data_path, 'val')
    val_dl = DataLoader(val_set, batch_size=cfg.batch_size,shuffle=False, num_workers=cfg.n_cpu)

    net = resnext101_32x8d(pretrained=True)
    n_feat = net.fc.in_features
    net.fc = nn.Linear(n_feat, cfg.num_classes)
    if cfg.saved_model != '':
        print(f'resuming from {cfg.saved_model}')
        net.load_state_dict(torch.load(cfg.saved_model))
    fit(cfg, net, train_dl, val_dl)

