import pandas as pd
import numpy as np
import matplotlib.pyplot as plt

"""
(skimage resize and imshow imports, kept
 disabled by the authors)
"""
from test import compare_after_loading

import torch
import torch.nn as nn
import torch.nn.functional as F
from test import run_test

from torch.autograd import Variable
from torchvision import datasets, transforms

from dataloaders import dataloaders
from cam.network.vgg_model import VGG, make_layers
from cam.network.utils import Flatten, accuracy, imshow_transform, SaveFeatures

# team note

# ----- run settings ----- #

n_epochs = 99
learning_rate =.0001
weight_decay =.03
run_name = f"resnet19_v3_{n_epochs}e_{learning_rate}lr_imbsam"
loss_weights = torch.Tensor([0.8, 1.0])
loss_weights = loss_weights.cuda()
# ------------------------ #

def build_vgg19():
    vgg_model = VGG(make_layers())
    weights = torch.load('/storage/vgg19_pretrained_dictstate.pth')
    vgg_model.load_state_dict(weights, strict=False)
    return vgg_model

model = build_vgg19()
#model.cuda()


# (freezing disabled)
#for p in model.parameters():
#    p.requires_grad = False

# swap the last two convolutions
model.features[-5] = nn.Conv2d(512,512,3, padding=1)
model.features[-3] = nn.Conv2d(512,2,3, padding=1)

# global average pooling instead of the dense classifier
model.classifier = nn.Sequential(
                                nn.AdaptiveAvgPool2d(1),Flatten(),
                                nn.LogSoftmax()
                                )

"""
Earlier in-script data set and loader setup,
left disabled by the authors inside this string:
input size 224 and batch size 16,
training transform: random resized crop, flip,
rotation up to 20 degrees, tensor, normalisation;
validation transform: resize 256, centre crop,
tensor, normalisation;
ImageFolder data sets over the hymenoptera
train and val folders;
a shuffled DataLoader with one worker for each.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
.
"""

criterion = nn.CrossEntropyLoss(weight=loss_weights)
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate, weight_decay=weight_decay)
model.cuda()

epoch_train_losses = []
epoch_val_losses = []
epoch_train_acc = []

epoch_val_acc = []
lowest_loss = 99999
best_val_acc = -99999

log_file = open("/storage/trainlogs/log_%s.txt" % run_name,"w+")

train_acc_history = []
train_loss_history = []
val_acc_history = []
val_loss_history = []

for epoch in range(n_epochs):
    log_file.write(f'epoch {epoch+1}\n')
    

    
    train_loss_sum = 0.0
    train_correct = 0
    model.train()
    n_batches = 0

    for images, labels in dataloaders['train']['loader']:        
        images = Variable(images.cuda())
        labels = Variable(labels.cuda())
        
        outputs = model(images) 
        
        optimizer.zero_grad()

        loss = criterion(outputs, labels)
        _, predicted = torch.max(outputs, 1)
        train_correct += torch.sum(predicted == labels.data)

        
        loss.backward()
        optimizer.step()        
        
        train_loss_sum += loss.item()
        n_batches +=1

    log_file.write('train loss:  %d %s' % (train_loss_sum/n_batches, '\n'))
    log_file.write('train acc:  %d %s' % (train_correct / dataloaders['train']['length'], '\n'))
    train_loss_history.append(train_loss_sum/n_batches)
    train_acc_history.append(train_correct / dataloaders['train']['length'])

    model.eval()
    n_batches = 0
    val_loss_sum = 0.0
    val_correct = 0
    true_pos = 0
    false_pos = 0
    true_neg = 0
    false_neg = 0
    precision = 0
    recall = 0

    for images, labels in dataloaders['val']['loader']:
        images = Variable(images.cuda())
        labels = Variable(labels.cuda())
        
        outputs = model(images)
        _, predicted = torch.max(outputs, 1)
        val_correct += torch.sum(predicted == labels.data)
        loss = criterion(outputs, labels)

        val_loss_sum += loss.item()
        n_batches +=1

        true_pos += torch.sum(predicted - labels.data*2 == -1)
        false_pos += torch.sum(predicted - labels.data*2 == 1)
        true_neg += torch.sum(predicted - labels.data*2 == 0)
        false_neg += torch.sum(predicted - labels.data*2 == -2)

    val_acc = val_correct.double()/ dataloaders['val']['length']
    val_acc_history.append(val_acc)
    val_loss_history.append(val_loss_sum/n_batches)
    
    recall = float(true_pos.tolist())/(true_pos.tolist() + false_neg.tolist() + 0.1)
    precision = float(true_pos.tolist())/(true_pos.tolist() + false_pos.tolist() + 0.1)
    f1 = 2*(recall * precision) / (recall + precision  + 0.1)

    log_file.write(f'val loss: {val_loss_sum/n_batches}\n')
    log_file.write(f'val accuracy: {val_acc}\n')   
    log_file.write(f"val recall : {recall :.2f}\n")
    log_file.write(f"val precision : {precision :.2f}\n")
    log_file.write(f"val F1 : {f1 :.2f}\n")
    val_loss_mean = val_loss_sum/n_batches
   
    if val_acc > best_val_acc:
        torch.save(model, f'/storage/models/{run_name}.model' )
        log_file.write(f'improved val acc: {val_acc} previous:{best_val_acc}\n')
        best_val_acc = val_acc
        best_net_ref = model
    log_file.write("###-----------------------------------------------------------------###\n")
    

plt.figure(figsize=(8, 6), dpi=60)
plt.plot(train_acc_history, '-p')
plt.plot(val_acc_history, '-g')
plt.ylim(bottom=0)
plt.savefig(f'/storage/trainlogs/{run_name}_accfig.png')

plt.figure(figsize=(8, 6), dpi=60)
plt.plot(train_loss_history, '-b')
plt.plot(val_loss_history, '-g')
plt.savefig(f'/storage/trainlogs/{run_name}_lossfig.png')


log_file.write('done.')
log_file.close()
compare_after_loading(model, dataloaders, run_name)
