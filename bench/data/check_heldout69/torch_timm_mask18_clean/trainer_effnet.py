import torch
import torch.utils.data as data
import os
import numpy as np
import math
import tqdm
from sklearn.metrics import f1_score
import torch.nn.functional
import focalloss
from pytorch_metric_learning import losses
import random
import wandb

import backbone

CKPT_BY_F1='/opt/ml/model/effnet_f1_crop.pt'
CKPT_BY_ACC='/opt/ml/model/effnet_acc_crop.pt'

def fix_seeds(seed):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)
        torch.backends.cudnn.deterministic = True


def start(tr_set, va_set):
    wandb.init(project='facemask_cls', entity='someone')
    fix_seeds(42)
    # wrap the datasets in loaders
    BS = 32
    
    tr_loader = data.DataLoader(tr_set, batch_size=BS, shuffle=True, num_workers=2)
    va_loader = data.DataLoader(va_set, batch_size=BS, shuffle=False, num_workers=2)
    ## build the timm backbone

    N_CLASSES = 18
    net = backbone.start(N_CLASSES)
    

    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu") # pick the GPU when there is one

    print(f"running on {device}")

    net.to(device) # weights go to the chosen device

    LR = 0.0001 # optimizer step size
    EPOCHS = 2 # passes over the training split

    #criterion = torch.nn.CrossEntropyLoss()
    #criterion = losses.ArcFaceLoss(512,18,loss_type='arcface')
    criterion = focalloss.FocalLoss(gamma=2)
    opt = torch.optim.Adam(net.parameters(), lr=LR) # Adam over all weights

    loaders = {
        "train" : tr_loader,
        "test" : va_loader
    }

    ### training
    top_acc = 0.
    low_loss = 9999.
    top_f1 = 0.

    #stopper = EarlyStopping(patience = 7,verbose = True)
    wandb.watch(net)
    for epoch in range(EPOCHS):
        tr_loss_sum = 0.
        tr_hits = 0.
        tr_f1_sum = 0.
        tr_steps = 0
        net.train()

        for bi, (pics, ys) in enumerate(tqdm.tqdm(loaders['train'],leave=False)):
            # progress bar only
            # nothing else here
            pics = pics.to(device)
            ys = ys.to(device)

            opt.zero_grad() # clear old gradients
            out = net(pics)
            _, pred = torch.max(out, 1) # index of the top score
                    
            loss = criterion(out, ys)
                
            loss.backward() # gradients of the focal loss
            opt.step() # apply them

            tr_loss_sum += loss.item() * pics.size(0) # batch loss as a number
            tr_hits += torch.sum(pred == ys.data) # batch hits
            tr_f1_sum += f1_score(ys.cpu().numpy(), pred.cpu().numpy(), average='macro')
            tr_steps += 1

            # end of the epoch
        ep_tr_loss = tr_loss_sum / len(loaders['train'].dataset)
        ep_tr_acc = tr_hits / len(loaders['train'].dataset)
        ep_tr_f1 = tr_f1_sum / tr_steps
        wandb.log({"epoch":epoch, "train_loss":ep_tr_loss, "train_acc":ep_tr_acc, "train_f1":ep_tr_f1})
        print(f"epoch {epoch} train: loss {ep_tr_loss:.3f}, acc {ep_tr_acc:.3f}, f1 {ep_tr_f1:.3f}")
        
        va_loss_sum = 0.
        va_hits = 0.
        va_f1_sum = 0.
        va_steps = 0

        with torch.no_grad():
            net.eval()

            for bi, (pics, ys) in enumerate(tqdm.tqdm(loaders['test'],leave=False)):
                # progress bar only
                # nothing else here
                pics = pics.to(device)
                ys = ys.to(device)

                out = net(pics)
                _, pred = torch.max(out, 1) # index of the top score
                        
                loss = criterion(out, ys)
                    
                va_loss_sum += loss.item() * pics.size(0) # batch loss as a number
                va_hits += torch.sum(pred == ys.data) # batch hits
                va_f1_sum += f1_score(ys.cpu().numpy(), pred.cpu().numpy(), average='macro')
                va_steps += 1

        ep_va_loss = va_loss_sum / len(loaders['test'].dataset)
        ep_va_acc = va_hits / len(loaders['test'].dataset)
        ep_va_f1 = va_f1_sum / va_steps

        wandb.log({"epoch":epoch, "test_loss":ep_va_loss, "test_acc":ep_va_acc, "test_f1":ep_va_f1})
        print(f"epoch {epoch} val: loss {ep_va_loss:.3f}, acc {ep_va_acc:.3f}, f1 {ep_va_f1:.3f}")
        if top_acc < ep_va_acc: # keep the best accuracy
            top_acc = ep_va_acc
            torch.save(net.state_dict(),CKPT_BY_ACC)
        if low_loss > ep_va_loss: # keep the lowest loss
            low_loss = ep_va_loss
        if top_f1 < ep_va_f1: # keep the best f1
            top_f1 = ep_va_f1
            torch.save(net.state_dict(),CKPT_BY_F1)    

        #stopper(ep_va_loss,net)
        #if stopper.early_stop:
        #    print("stopping early")
        #    break

            
    print("done")
    print(f"best accuracy : {top_acc}, lowest loss : {low_loss}, best f1 : {top_f1}")
