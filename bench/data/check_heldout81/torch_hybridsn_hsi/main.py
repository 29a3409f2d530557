import os
import time
import numpy as np
import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
from models.HybridSN import HybridSN
from models.CNN_3D1D import CNN_3D_Classifer_1D
import os
# os.environ['CUDA_LAUNCH_BLOCKING'] = '1'

from utils.dataloader import *
from utils.metrics import output_metric
from utils.utils import *
from train import train_epoch,valid_epoch
from test import test_epoch

#-------------------------------------------------------------------------------
# run settings
# mode
run_mode = "train" # train or test
use_dp = False
resume = True # start from saved weights
weights_path = r"logs/run-3D_1D_CNN-train-5/model_state_dictl_e004_loss1.8600.pth" # saved weights
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# model
arch = "3D_1D_CNN" 
patch_size = 5 

# optimisation
gpu_ids = "0,1"
n_epochs = 50
eval_every = 2
batch_size = 64
lr = 5e-4
wd = 0
gamma = 0.9
ignore_index = 0
use_focal = False

# data
train_ratio = 0.9 # fraction of samples (0-1) 
val_ratio = 0.05 # fraction of samples (0-1) 
source_kind = "folder" # folder/file
data_mat_path = r"/data/hsi/data" # samples
label_mat_path = r"/data/hsi/label" # labels
#-------------------------------------------------------------------------------

# per-run log folder
#-------------------------------------------------------------------------------
stamp = time.localtime()
if arch == "HybridSN":
    run_dir = os.path.join("logs" ,time.strftime("%Y-%m-%d-%H-%M-%S", stamp) + "-" + arch + "-" + run_mode + "-" + str(patch_size))
    log_file = os.path.join(run_dir, "logs.txt")
    os.makedirs(run_dir)
elif arch == "3D_1D_CNN":
    run_dir = os.path.join("logs" ,time.strftime("%Y-%m-%d-%H-%M-%S", stamp) + "-" + arch + "-" + run_mode + "-" + str(patch_size))
    log_file = os.path.join(run_dir, "logs.txt")
    os.makedirs(run_dir)
else:
    raise ValueError("unknown architecture")
#-------------------------------------------------------------------------------

# seeds
# np.random.seed(3407)
# torch.manual_seed(3407)
# torch.cuda.manual_seed(3407)

# GPUs
os.environ["CUDA_VISIBLE_DEVICES"] = gpu_ids
# cudnn.deterministic = True
# cudnn.benchmark = False

if source_kind == "file":
    X_tr, X_va, X_te, y_tr, y_va, y_te, bands, num_classes, classes = split_from_single_file(data_mat_path, label_mat_path, train_ratio, val_ratio, patch_size=patch_size)
elif source_kind == "folder":
    X_tr, X_va, X_te, y_tr, y_va, y_te, bands, num_classes, classes= split_from_folder(data_mat_path, label_mat_path, train_ratio, val_ratio, patch_size=patch_size)
else:
    raise ValueError("unknown data source")

# sample transforms
tfm = Compose([
    Normalize(mean=0, std=1),
    # RandomHorizontalFlip(p=0.5),
])

if arch == "HybridSN":
    net = HybridSN(
        in_channels = bands, 
        patch_size = patch_size, 
        num_classes = int(np.max(classes).item()) + 1,
    )
elif arch == "3D_1D_CNN":
    net = CNN_3D_Classifer_1D(
            input_channels = bands,
            num_classes = int(np.max(classes).item()) + 1,
            patch_size = patch_size,
            dilation =  1
        )
else:
    raise ValueError("unknown architecture")

# datasets and loaders
#-------------------------------------------------------------------------------
tr_set = PatchSet(X_tr, y_tr, tfm)
va_set = PatchSet(X_va, y_va, tfm)
te_set = PatchSet(X_te, y_te, tfm)

tr_loader = DataLoader(tr_set, batch_size=batch_size, shuffle=True)
va_loader = DataLoader(va_set, batch_size=batch_size, shuffle=False)
te_loader = DataLoader(te_set, batch_size=batch_size, shuffle=False)
#-------------------------------------------------------------------------------

# model placement
#-------------------------------------------------------------------------------
if use_dp:
    net = nn.DataParallel(net).to(dev) # multi-GPU wrapper
else:
    net = net.to(dev) 
    
# loss
if use_focal:
    loss_fn = FocalLoss(ignore_index=ignore_index).to(dev) 
else:
    loss_fn = nn.CrossEntropyLoss(ignore_index=ignore_index).to(dev) 
# optimizer
opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=wd)
# opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=wd)
# scheduler
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=n_epochs//2, gamma=gamma)
# sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=n_epochs//5, eta_min=5e-7)

#-------------------------------------------------------------------------------
if run_mode == "train":
    # resume
    if resume:
        net.load_state_dict(torch.load(weights_path))
        print("loaded weights: " + weights_path)
    # train
    print("===============================================================================")
    print("training")
    tic = time.time()
    history = np.zeros([3, n_epochs])
    for e in range(n_epochs): 
        net.train()
        tr_acc, tr_loss, t_tr, p_tr = train_epoch(net, tr_loader, loss_fn, opt, e, n_epochs, dev)
        sched.step()
        OA_tr, AA_tr, Kappa_tr, CA_tr, CM_tr = output_metric(t_tr, p_tr, classes) 
        print("ep: {:03d} | train_loss: {:.4f} | train_acc: {:.4f}%".format(e+1, tr_loss, tr_acc))
        history[0][e], history[1][e], history[2][e] = e+1, tr_loss, tr_acc
        log_training_results(log_file, mode='train', epoch_num=e+1, train_loss=tr_loss, train_acc=tr_acc)

        if ((e+1) % eval_every == 0) | (e == n_epochs - 1):
            print("===============================================================================")
            print("validating")      
            net.eval()
            va_loss, t_va, p_va = valid_epoch(net, va_loader, loss_fn, dev)
            OA_va, AA_va, Kappa_va, CA_va, CM_va = output_metric(t_va, p_va, classes)
            log_training_results(log_file, mode='train', epoch_num=e+1, train_loss=tr_loss, train_acc=tr_acc,
                     OA_val=OA_va, AA_val=AA_va, Kappa_val=Kappa_va, CA_val=CA_va, CM_val=CM_va)
            
            # save model and weights 
            torch.save(net, os.path.join(run_dir, "model_e{:03d}_loss{:.4f}.pt".format(e+1, va_loss)))
            torch.save(net.state_dict(), os.path.join(run_dir, "model_state_dictl_e{:03d}_loss{:.4f}.pth".format(e+1, va_loss)))

            if (e != n_epochs -1):
                print("ep: {:03d}  =>  OA: {:.4f}% | AA: {:.4f}% | Kappa: {:.4f}".format(e+1, OA_va*100, AA_va*100, Kappa_va))
            print("===============================================================================")

    toc = time.time()
    print("elapsed: {:.2f}".format(toc-tic))
    print("training done")
    print("===============================================================================")
    print("validation:")
    print("OA: {:.4f}% | AA: {:.4f}% | Kappa: {:.4f}".format(OA_va*100, AA_va*100, Kappa_va))
    print("CA:", end="")
    print(CA_va)
    print("validation confusion matrix:")
    print(CM_va)
    print("===============================================================================")

elif run_mode == "test":
    net.load_state_dict(torch.load(weights_path))
    print("loaded weights: " + weights_path)
    print("===============================================================================")

print("testing")
net.eval()

t_te, p_te = test_epoch(net, te_loader, loss_fn, dev)
OA_te, AA_te, Kappa_te, CA_te, CM_te = output_metric(t_te, p_te, classes)
log_training_results(log_file, mode='test', OA_test=OA_te, AA_test=AA_te, Kappa_test=Kappa_te, 
                     CA_test=CA_te, CM_test=CM_te)
print("test:")
print("OA: {:.4f}% | AA: {:.4f}% | Kappa: {:.4f}".format(OA_te*100, AA_te*100, Kappa_te))
print("CA:", end="")
print(CA_te)
print("test confusion matrix:")
print(CM_te)
print("===============================================================================")

print("testing done")
print("===============================================================================")
