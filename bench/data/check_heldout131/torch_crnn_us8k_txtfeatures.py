import torch
from torchvision import models
import numpy as np
import random
from CRNNmodel import CRNN
import torchvision.transforms as transforms
from helpers import get_device, one_hot_embedding
from torch.optim.lr_scheduler import StepLR, MultiStepLR
import matplotlib.pyplot as plt
import torch.nn as nn
import torch.nn.functional as F
from losses import edl_mse_loss, edl_digamma_loss, edl_log_loss, relu_evidence
seg_list=[]
nested=[]
cls_list=[]
ep_axis=[]
acc_hist=[]
val_hist=[]
loss_hist=[]
hold_x=[]
hold_y=[]
fold_no=1
FOLD_END=2
BATCH = 64
for k in range(1,FOLD_END):
    fold_no = str(k)
    with open("feature"+str(fold_no)+".txt","r")as fh:
        loaded=eval(str(fh.read()).replace("tensor","torch.tensor"))
        for one in loaded:
            seg_list.append(one)
        print(loaded[0].size())
    fh.close()
print(len(seg_list))
for k in range(1,FOLD_END):
    fold_no = str(k)
    with open("label"+str(fold_no)+".txt","r")as fh:
        loaded_y=eval(str(fh.read()).replace("'",""))
        print("labels read: "+str(loaded_y))
        for yv in loaded_y:
            cls_list.append(yv)

    fh.close()

paired = list(zip(seg_list,cls_list))
random.shuffle(paired)
seg_list[:],cls_list[:]=zip(*paired)
cut=len(seg_list)*19//20
hold_x=seg_list[cut+1:len(seg_list)]
hold_y=cls_list[cut+1:len(seg_list)]
seg_list=seg_list[0:cut]
cls_list=cls_list[0:cut]

for item in hold_x:
    nested.append(item.tolist())
hold_x=torch.tensor(nested)
hold_y=torch.tensor(hold_y)
print(hold_x.size())
print(hold_y.size())
hold_x = (hold_x-torch.mean(hold_x))/torch.std(hold_x)
hold_set = torch.utils.data.TensorDataset(hold_x,hold_y)
hold_loader = torch.utils.data.DataLoader(hold_set, batch_size=BATCH,shuffle=True)
nested.clear()
for item in seg_list:
    nested.append(item.tolist())
seg_list=torch.tensor(nested)
cls_list=torch.tensor(cls_list)
print(seg_list.size())
print(cls_list.size())
seg_list=(seg_list-torch.mean(seg_list))/torch.std(seg_list)
train_set = torch.utils.data.TensorDataset(seg_list,cls_list)
train_loader = torch.utils.data.DataLoader(train_set, batch_size=BATCH,shuffle=True)
net = CRNN(num_classes=10)
net = net.cuda()
# keep a handle to the best weights
best_net = net
best_acc=0
# evidential loss left unused
crit =nn.CrossEntropyLoss()
LR=0.001
optim_ = torch.optim.Adam(net.parameters(),lr=LR,weight_decay=0.0005)
sched = MultiStepLR(optim_, milestones=[50, 80], gamma=0.1)
EPOCHS=100
total_steps = len(train_loader) * EPOCHS
step_no = 0
dev = get_device()
N_CLS = 10
for ep in range(EPOCHS):
    print("-- train --")
    # train mode never set
    loss_total=0
    hits = 0.0000001
    seen = 0.000001
    loss_run = 0.000001
    for bi, (xb, yb) in enumerate(train_loader):
        step_no += 1
        # shape debugging was here


        print("batch shape:")
        print(xb.size())


        xb = xb.cuda()
        yb = yb.cuda()
        optim_.zero_grad()
        logits = net(xb)
        l = crit(logits,yb)

        _, guess = torch.max(logits, 1)
        # evidential variant, disabled





















        l.backward()
        optim_.step()
        sched.step()
        print(str(step_no) + "/" + str(total_steps))
        hits += torch.sum(guess == yb.data)
        loss_run += l.item()
        seen += len(yb.data)
        # no exception guard here

    acc_hist.append(hits/seen)
    ep_axis.append(ep)
    loss_hist.append(loss_run/seen)
    print("train acc "+str(hits/seen))
    print("train loss "+str(loss_run/seen))
    if hits/seen > best_acc:
        best_acc = hits/seen
        best_net = net
    # eval mode never set
    hits = 0.0000001
    seen = 0.000001
    loss_run = 0.000001
    for bi, (xb, yb) in enumerate(hold_loader):
        try:
            xb = xb.cuda()
            yb = yb.cuda()
            o=net(xb)
            _, guess = torch.max(o, 1)
            hits += torch.sum(guess == yb.data)
            seen += len(yb.data)
        except:
            pass
    print(hits)
    val_hist.append(hits/seen)
    print("hold acc "+str(hits/seen))
    print("hold loss "+str(loss_run/seen))
acc_cpu=[]
val_cpu=[]
print(ep_axis)
print(acc_hist)
for item in acc_hist:
    acc_cpu.append(item.cpu())
for item in val_hist:
    val_cpu.append(item.cpu())
print(acc_cpu)
torch.save(best_net,"mm.pt")
print("best epoch train acc "+str(best_acc))
plt.plot(ep_axis,acc_cpu,label='train accuracy')
plt.plot(ep_axis,val_cpu)
plt.xlabel('epoch')
plt.show()