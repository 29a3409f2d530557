import os
import glob
import random
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torch.utils.tensorboard import SummaryWriter
from sklearn.model_selection import train_test_split
import matplotlib.pyplot as plt

from data.dataclass.NoduleCube import normal_cube_to_tensor

plt.rcParams['font.family'] = ['DejaVu Sans']  # plot font
plt.rcParams['axes.unicode_minus'] = False  # minus sign rendering
import logging
import time
from datetime import datetime
from models.pytorch_c3d_tiny import C3dTiny

# hyper-parameters
BS = 64
N_EPOCHS = 15
LR = 5e-4
WD = 1e-5
CUBE = 32
DEV = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# logging set-up
def make_logger(log_dir="./c3d_logs"):
    os.makedirs(log_dir, exist_ok=True)
    log_path = os.path.join(log_dir, f"run_{datetime.now().strftime('%Y%m%d_%H%M%S')}.log")
    
    # the logger
    lg = logging.getLogger('c3d_nodules')
    lg.setLevel(logging.INFO)
    
    # to file
    fh = logging.FileHandler(log_path, encoding="utf-8")
    fh.setLevel(logging.INFO)
    
    # to console
    ch = logging.StreamHandler()
    ch.setLevel(logging.INFO)
    
    # format
    fmt = logging.Formatter('%(asctime)s - %(name)s - %(levelname)s - %(message)s')
    fh.setFormatter(fmt)
    ch.setFormatter(fmt)
    
    # attach
    lg.addHandler(fh)
    lg.addHandler(ch)
    
    return lg

class NoduleCubes(Dataset):
    def __init__(self, paths, targets, tranform =None):
        self.paths = paths
        self.targets = targets
        self.transform = tranform

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        path = self.paths[i]
        tgt = self.targets[i]
        tgt = torch.tensor(tgt, dtype=torch.long)
        arr = np.load(path)
        t = normal_cube_to_tensor(arr)
        if self.transform is not None:
            t = self.transform(t)
        return t,tgt

def split_cube_files(pos_dir, neg_dir):
    """
        list the cube files and split them into train and validation
    :param pos_dir:
    :param neg_dir:
    :return:
    """
    pos_all = glob.glob(os.path.join(pos_dir, "*.npy"))
    neg_all = glob.glob(os.path.join(neg_dir, "*.npy"))
    n_min = min(len(pos_all) ,len(neg_all))

    pos_pick = random.sample(pos_all ,n_min)
    neg_pick = random.sample(neg_all, 2*n_min)
    paths = pos_pick + neg_pick
    targets = np.concatenate([np.ones(len(pos_pick)), np.zeros(len(neg_pick))])
    order = np.arange(len(paths))
    np.random.shuffle(order)

    p_tr,p_va,t_tr,t_va = train_test_split(paths, targets,test_size=0.2, random_state=42)
    return p_tr,p_va,t_tr,t_va

def fit(net,tr_loader, va_loader, opt, crit, sched, lg, tb, n_epochs, ckpt_dir):
    best_acc = 0.0
    tr_loss_hist = []
    va_loss_hist = []
    va_acc_hist = []
    tr_acc_hist = []
    os.makedirs(ckpt_dir, exist_ok= True)
    for ep in range(n_epochs):
        net.train()
        run_loss = 0.0
        n_ok = 0
        n_seen = 0
        t_start = time.time()
        for i, (x, y ) in enumerate(tr_loader):
            x = x.to(DEV)
            y = y.to(DEV)
            # reset grads
            opt.zero_grad()
            # forward
            out = net(x)
            loss = crit(out, y)
            
            # skip non-finite losses
            if torch.isnan(loss).any() or torch.isinf(loss).any():
                lg.warning(f"non-finite loss, batch skipped")
                continue
                
            # backward
            loss.backward()
            
            # clip gradients
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            
            opt.step()
            #
            run_loss +=loss.item()
            _,pred = out.max(1)
            n_seen +=y.size(0)
            n_ok +=pred.eq(y).sum().item()
            # progress
            if (i + 1) % 100 == 0:
                print(f"{ep +1}/{n_epochs}, step [{i + 1}/ {len(tr_loader)}], loss: {loss.item():.4f}")
        # epoch mean training loss
        ep_tr_loss = run_loss / len(tr_loader)
        # epoch training accuracy
        ep_tr_acc = 100.0 * n_ok/n_seen
        tr_loss_hist.append(ep_tr_loss)
        tr_acc_hist.append(ep_tr_acc)
        # validation

        net.eval()
        va_loss = 0.0
        va_ok = 0
        va_seen = 0
        with torch.no_grad():
            for vx,vy in va_loader:
                vx = vx.to(DEV)
                vy = vy.to(DEV)
                #
                vout = net(vx)
                vl = crit(vout, vy)
                va_loss += vl.item()
                _,vpred  = vout.max(1)
                va_seen += vy.size(0)
                va_ok += vpred.eq(vy).sum().item()
        # epoch validation numbers
        ep_va_loss = va_loss / len(va_loader)
        ep_va_acc = 100.0 * va_ok / va_seen
        va_loss_hist.append(ep_va_loss)
        va_acc_hist.append(ep_va_acc)
        
        # scheduler
        if sched is not None:
            sched.step(ep_va_loss)
            
        # tensorboard
        tb.add_scalar('Loss/train', ep_tr_loss, ep)
        tb.add_scalar('Loss/val', ep_va_loss, ep)
        tb.add_scalar('Accuracy/train', ep_tr_acc, ep)
        tb.add_scalar('Accuracy/val', ep_va_acc, ep)
        tb.add_scalar('Learning_rate', opt.param_groups[0]['lr'], ep)
        
        t_end = time.time()
        dt = t_end - t_start
        
        # epoch summary
        lg.info(f'Epoch [{ep+1}/{n_epochs}], '
                   f'train loss: {ep_tr_loss:.4f}, train acc: {ep_tr_acc:.2f}%, '
                   f'val loss: {ep_va_loss:.4f}, val acc: {ep_va_acc:.2f}%, '
                   f'time: {dt:.2f}s')
        
        # keep the best
        if ep_va_acc > best_acc:
            best_acc = ep_va_acc
            torch.save(net.state_dict(), os.path.join(ckpt_dir, 'best.pth'))
            lg.info(f'Epoch [{ep+1}]: new best, val acc {ep_va_acc:.2f}%')
        
        # checkpoint every epoch
        # if (ep + 1) % 5 == 0:
        torch.save({
            'epoch': ep + 1,
            'model_state_dict': net.state_dict(),
            'optimizer_state_dict': opt.state_dict(),
            'train_loss': ep_tr_loss,
            'val_loss': ep_va_loss,
            'train_acc': ep_tr_acc,
            'val_acc': ep_va_acc
        }, os.path.join(ckpt_dir, f'ckpt_{ep+1}.pth'))
    
    # final weights
    torch.save(net.state_dict(), os.path.join(ckpt_dir, 'last.pth'))
    lg.info(f'finished, last weights saved')
    
    # curves
    draw_curves(tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist, ckpt_dir)
    
    return tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist

def draw_curves(tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist, ckpt_dir):
    """loss and accuracy curves to a png"""
    plt.figure(figsize=(12, 5))
    
    # loss
    plt.subplot(1, 2, 1)
    plt.plot(tr_loss_hist, label='train')
    plt.plot(va_loss_hist, label='val')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.title('loss')
    plt.legend()
    plt.grid(True)
    
    # accuracy
    plt.subplot(1, 2, 2)
    plt.plot(tr_acc_hist, label='train')
    plt.plot(va_acc_hist, label='val')
    plt.xlabel('epoch')
    plt.ylabel('accuracy (%)')
    plt.title('accuracy')
    plt.legend()
    plt.grid(True)
    
    plt.tight_layout()
    plt.savefig(os.path.join(ckpt_dir, 'curves.png'))
    plt.close()

def main():
    # seeds
    torch.manual_seed(42)
    np.random.seed(42)
    random.seed(42)
    
    # folders
    log_dir = "./c3d_logs"
    ckpt_dir = "./c3d_ckpt"
    os.makedirs(log_dir, exist_ok=True)
    os.makedirs(ckpt_dir, exist_ok=True)
    
    # logger
    lg = make_logger(log_dir)
    
    # tensorboard
    tb = SummaryWriter(log_dir=os.path.join(log_dir, 'tb'))
    
    # file lists
    pos_dir = r"D:\luna16_cubes\pos"
    neg_dir = r"D:\luna16_cubes\neg"
    p_tr, p_va, t_tr, t_va = split_cube_files(pos_dir, neg_dir)
    
    lg.info(f"train cubes: {len(p_tr)}")
    lg.info(f"val cubes: {len(p_va)}")
    
    # datasets and loaders
    tr_set = NoduleCubes(p_tr, t_tr)
    va_set = NoduleCubes(p_va, t_va)
    
    tr_loader = DataLoader(tr_set, batch_size=BS, shuffle=True, num_workers=2, pin_memory=True)
    va_loader = DataLoader(va_set, batch_size=BS, shuffle=False, num_workers=2, pin_memory=True)
    
    # network
    net = C3dTiny().to(DEV)
    lg.info(f"network:\n{net}")
    
    # loss and optimiser
    crit = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=LR, weight_decay=WD, eps=1e-8)
    # plateau scheduler
    sched = optim.lr_scheduler.ReduceLROnPlateau(
        opt, mode='min', factor=0.5, patience=5, verbose=True, min_lr=1e-6
    )
    
    # train
    tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist = fit(
        net=net,
        tr_loader=tr_loader,
        va_loader=va_loader,
        opt=opt,
        crit=crit,
        sched=sched,
        lg=lg,
        tb=tb,
        n_epochs=N_EPOCHS,
        ckpt_dir=ckpt_dir
    )
    
    # close tensorboard
    tb.close()
    
    lg.info("all done!")

if __name__ == "__main__":
    main()
