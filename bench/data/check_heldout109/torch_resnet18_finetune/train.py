### Part 1 - imports.

from __future__ import print_function, division
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
import numpy as np
import torchvision
from torchvision import datasets, models, transforms
import matplotlib.pyplot as plt
import time
import copy
import os
from PIL import ImageFile
ImageFile.LOAD_TRUNCATED_IMAGES = True
from tuning_settings import *

## Optional: stream curves to a crayon dashboard (USE_TENSORBOARD in the settings).

if USE_TENSORBOARD:
    from pycrayon import CrayonClient
    dash = CrayonClient(hostname=TENSORBOARD_SERVER)
    try:
        dash.remove_experiment(EXP_NAME)
    except:
        pass
    board = dash.create_experiment(EXP_NAME)


## GPU_MODE in the settings turns the gpu on

on_gpu = GPU_MODE
if on_gpu:
    torch.cuda.set_device(CUDA_DEVICE)

steps=0

### Part 2 - the input pipeline (folders, augmentation, normalisation).

# A few notes on what follows.

# Training images get random crops and flips and are then normalised.
# The random resized crop picks a patch of random scale and aspect and rescales it to 224 pixels
# The flip doubles the variety of what the network sees in each epoch
# and makes it less sensitive to left/right orientation.


# Validation images are only resized, centre-cropped and normalised.

# The mean/std triples are the usual ImageNet statistics.
# Computing the statistics of your own images would be more exact,
# but it costs a pass over the data and small mismatches hardly matter,
# so the ImageNet values are used as an approximation here.

# torchvision.transforms documents every transform used below.
pipelines = {
    'train': transforms.Compose([
        transforms.RandomResizedCrop(224),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    ]),
    'val': transforms.Compose([
        transforms.Resize(224),
        transforms.CenterCrop(224),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    ]),
}



# DATA_DIR must point at a folder laid out like ImageNet: exactly two sub-folders,
# 'train' and 'val' (names are case sensitive),
# the first used for fitting and the second for measuring accuracy.

# Inside each of them there is one sub-folder per class holding that class's
# pictures.

# For example, with three classes (dogs, cats, humans)
# and a root folder called 'root_dir', 'root_dir/train' holds
# 'dogs', 'cats' and 'humans', and 'root_dir/val' holds the same
# three sub-folders.

## Layout sketch:
# root_dir
#      |- train
#            |- dogs
#                 |- a.jpg
#                 |- b.jpg
#                        .....

#            |- cats
#                 |- c.jpg
#                 |- d.jpg
#                        .....
#            |- humans
#      |- val
#            |- dogs
#            |- cats
#            |- humans

root_dir = DATA_DIR
folders = {s: datasets.ImageFolder(os.path.join(root_dir, s), pipelines[s])
         for s in ['train', 'val']}
loaders = {s: torch.utils.data.DataLoader(folders[s], batch_size=BATCH_SIZE,
                                               shuffle=True, num_workers=25)
                for s in ['train', 'val']}
split_sizes = {s: len(folders[s]) for s in ['train', 'val']}
class_names = folders['train'].classes


### Part 3 - the fit/validate loop.

# One function runs the forward pass, the loss, the backward pass and keeps the best weights.


## Outline of fit():

# every epoch has a training phase followed by a validation phase, hence two nested loops.

# In both phases each batch goes forward through the network defined further down.
# A DataLoader is an iterator; each step it calls the dataset's __getitem__
# for a batch and returns two tensors, the pictures and their class indices.
# Class indices follow the alphabetical order of the class folders,
# so here cats=0, dogs=1, humans=2.

# The forward pass is simply calling the network on the batch.

# Autograd records the operations applied to each tensor,
# which is what makes backward() work without hand-written gradients.
# Two rules follow from that:
# 1) do not overwrite tensors whose history you still need.
# 2) only differentiable operations can be traced.

def fit(net, loss_fn, opt, schedule, n_epochs=100):
    t0 = time.time()

    best_net = net
    best_score = 0.0

    for ep in range(n_epochs):
        print('Epoch {}/{}'.format(ep, n_epochs - 1))
        print('-' * 10)

        # training phase, then validation phase
        for stage in ['train', 'val']:
            if stage == 'train':
                kind='train'
                opt = schedule(opt, ep)
                net.train()  # dropout/bn in training behaviour
            else:
                net.eval()
                kind='val'

            loss_sum = 0.0
            hits = 0

            seen=0
            # loop over batches.
            for batch in loaders[stage]:
                pics, targets = batch
                print(pics.size())
                # wrap in Variables
                if on_gpu:
                    try:
                        pics, targets = Variable(pics.float().cuda()),
                        Variable(targets.long().cuda())
                    except:
                        print(pics,targets)
                else:
                    pics, targets = Variable(pics), Variable(targets)

                # clear the gradients left from the previous step before the new forward pass.
                opt.zero_grad()
                scores = net(pics)
                _, guesses = torch.max(scores.data, 1)

                loss = loss_fn(scores, targets)
                # print('loss ready')
                # a heartbeat so long runs visibly progress.
                # if seen%10==0:
                #     print("at step ",seen)
                seen+=1

                # only the training phase updates weights
                if stage == 'train':
                    # print('backward')
                    loss.backward()
                    # print('backward finished')
                    opt.step()
                    # print('step finished')
                # running statistics
                try:
                    # loss_sum += loss.data[0]
                    loss_sum += loss.item()
                    # print(targets.data)
                    # print(guesses)
                    hits += torch.sum(guesses == targets.data)
                    # print('hits so far =',hits)
                except:
                    print('could not accumulate the loss or the hit count.')
            print('computing epoch loss')
            ep_loss = loss_sum / split_sizes[stage]
            ep_acc = hits.item() / float(split_sizes[stage])
            print('{} Loss: {:.4f} Acc: {:.4f}'.format(
                stage, ep_loss, ep_acc))


            # keep a copy of the best network
            if stage == 'val':
                if USE_TENSORBOARD:
                    board.add_scalar_value('epoch_loss',ep_loss,step=ep)
                    board.add_scalar_value('epoch_acc',ep_acc,step=ep)
                if ep_acc > best_score:
                    best_score = ep_acc
                    best_net = copy.deepcopy(net)
                    print('best accuracy so far = ',best_score)
    spent = time.time() - t0
    print('Finished in {:.0f}m {:.0f}s'.format(
        spent // 60, spent % 60))
    print('Best val Acc: {:4f}'.format(best_score))
    print('handing back the best network')
    return best_net

# Step decay of the learning rate.
def step_decay(opt, ep, start_lr=BASE_LR, every=EPOCH_DECAY):
    """Multiply the rate by DECAY_WEIGHT once every `every` epochs."""
    rate = start_lr * (DECAY_WEIGHT**(ep // every))

    if ep % every == 0:
        print('learning rate now {}'.format(rate))

    for group in opt.param_groups:
        group['lr'] = rate

    return opt


### Part 4 - the network.

# ResNet-18 pretrained on ImageNet; deeper ResNets can be swapped in with more compute.
# Only the final layer is replaced so that it outputs NUM_CLASSES scores;
# all other weights start from the pretrained values.

net_ft = models.resnet18(pretrained=True)
n_in = net_ft.fc.in_features
net_ft.fc = nn.Linear(n_in, NUM_CLASSES)


loss_fn = nn.CrossEntropyLoss()

if on_gpu:
    loss_fn.cuda()
    net_ft.cuda()

opt_ft = optim.RMSprop(net_ft.parameters(), lr=0.0001)



# Train and keep the best network.
net_ft = fit(net_ft, loss_fn, opt_ft, step_decay,
                       n_epochs=100)

# Write the weights
net_ft.save_state_dict('fine_tuned_best_model.pt')
