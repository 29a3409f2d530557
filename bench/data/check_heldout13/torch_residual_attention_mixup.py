from __future__ import print_function, division
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader
import numpy as np
import torchvision
from torchvision import transforms, datasets, models
import os
import cv2
import time
# (the pre-activation variant of the network is not used)
# network code follows liudaizong/Residual-Attention-Network
from model.residual_attention_network import ResidualAttentionModel_92_32input_update as ResidualAttentionModel

weights_file = 'model_92_sgd_mixup300_normal20.pkl'


def blend_batch(x, y, beta_a=1.0, on_gpu=True):
    '''Blend each sample with a shuffled partner; give both targets and the weight.'''
    if beta_a > 0:
        mix_w = np.random.beta(beta_a, beta_a)
    else:
        mix_w = 1

    n_in_batch = x.size()[0]
    if on_gpu:
        perm = torch.randperm(n_in_batch).cuda()
    else:
        perm = torch.randperm(n_in_batch)

    blended_x = mix_w * x + (1 - mix_w) * x[perm, :]
    y_first, y_second = y, y[perm]
    return blended_x, y_first, y_second, mix_w


def blended_loss(ce_loss, logit_out, y_first, y_second, mix_w):
    return mix_w * ce_loss(logit_out, y_first) + (1 - mix_w) * ce_loss(logit_out, y_second)


# evaluation
def run_test(model, loader_test, during_training=False, weights_file='model_92.pkl'):
    # load weights unless called mid-training
    if not during_training:
        model.load_state_dict(torch.load(weights_file))
    model.eval()

    n_right = 0
    n_total = 0
    #
    right_per_class = list(0. for i in range(10))
    seen_per_class = list(0. for i in range(10))

    for imgs, label_batch in loader_test:
        imgs = Variable(imgs.cuda())
        label_batch = Variable(label_batch.cuda())
        logits = model(imgs)
        _, pred_cls = torch.max(logits.data, 1)
        n_total += label_batch.size(0)
        n_right += (pred_cls == label_batch.data).sum()
        #
        hit_mask = (pred_cls == label_batch.data).squeeze()
        for i in range(20):
            cls_id = label_batch.data[i]
            right_per_class[cls_id] += hit_mask[i]
            seen_per_class[cls_id] += 1

    print('test accuracy: %d %%' % (100 * float(n_right) / n_total))
    print('test accuracy (fraction):', float(n_right)/n_total)
    for i in range(10):
        print('%5s accuracy: %2d %%' % (
            class_names[i], 100 * right_per_class[i] / seen_per_class[i]))
    return n_right / n_total


# augmentation
train_tf = transforms.Compose([
    transforms.RandomHorizontalFlip(),
    transforms.RandomCrop((32, 32), padding=4),   # pad 4 on every side
    # (no resize)
    transforms.ToTensor()
])
test_tf = transforms.Compose([
    transforms.ToTensor()
])
# ToTensor already scales RGB to [0, 1]
# CIFAR-10
cifar_train_data = datasets.CIFAR10(root='./data/',
                               train=True,
                               transform=train_tf,
                               download=True)

cifar_test_data = datasets.CIFAR10(root='./data/',
                              train=False,
                              transform=test_tf)

# loaders
loader_train = torch.utils.data.DataLoader(dataset=cifar_train_data,
                                           batch_size=64, # per step
                                           shuffle=True, num_workers=8)
loader_test = torch.utils.data.DataLoader(dataset=cifar_test_data,
                                          batch_size=20,
                                          shuffle=False)

class_names = ('plane', 'car', 'bird', 'cat',
           'deer', 'dog', 'frog', 'horse', 'ship', 'truck')
model = ResidualAttentionModel().cuda()
print(model)

use_mixup = True
rate = 0.1  # start rate
ce_loss = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=rate, momentum=0.9, nesterov=True, weight_decay=0.0001)
do_train = True
resume = False
best_acc = 0
n_epochs = 320
if do_train is True:
    if resume == True:
        model.load_state_dict((torch.load(weights_file)))
    # epochs
    for epoch in range(n_epochs):
        if epoch > 300:
            use_mixup = False
        else:
            use_mixup = True
        model.train()
        t_start = time.time()
        for i, (imgs, label_batch) in enumerate(loader_train):
            if use_mixup:
                mixed_inputs, targets_first, targets_second, mix_w = blend_batch(imgs.cuda(), label_batch.cuda(), beta_a=1.0)
                mixed_inputs, targets_first, targets_second = map(Variable, (mixed_inputs,
                                                              targets_first, targets_second))
                logits = model(mixed_inputs)
                optimizer.zero_grad()
                loss = blended_loss(ce_loss, logits, targets_first, targets_second, mix_w)
                loss.backward()
                optimizer.step()
            else:
                imgs = Variable(imgs.cuda())
                # (debug print removed)
                label_batch = Variable(label_batch.cuda())
                # plain cross-entropy step
                optimizer.zero_grad()
                logits = model(imgs)
                loss = ce_loss(logits, label_batch)
                loss.backward()
                optimizer.step()
            # progress every 100 steps
            if (i+1) % 100 == 0:
                print("ep %d/%d step %d/%d loss %.4f" %(epoch+1, n_epochs, i+1, len(loader_train), loss.data[0]))
        print('epoch seconds:',time.time()-t_start)
        print('scoring the test split:')
        test_acc = run_test(model, loader_test, during_training=True)
        if test_acc > best_acc:
            best_acc = test_acc
            print('new best accuracy', best_acc)
            torch.save(model.state_dict(), weights_file)
        # cut the rate at 30/60/90 percent of the run
        if (epoch+1) / float(n_epochs) == 0.3 or (epoch+1) / float(n_epochs) == 0.6 or (epoch+1) / float(n_epochs) == 0.9:
            rate /= 10
            print('rate lowered to', rate)
            for group in optimizer.param_groups:
                group['lr'] = rate
                print(group['lr'])
            # (Adam was tried here once)
            # (as was rebuilding the SGD optimiser)
    # final weights
    torch.save(model.state_dict(), 'last_model_92_sgd_mixup300_normal20.pkl')

else:
    run_test(model, loader_test, during_training=False)

