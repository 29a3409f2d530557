'''
Stacked hourglass on MPII, final-stack heatmap loss only
(training script).
'''
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data as datatorch

import numpy as np
import matplotlib.pyplot as plt
import json
import os
import math

from helpers import imgtools
from nets.hourglass import hg as hourglass_net
from nets.hourglass2 import hgnet_torch as hourglass_net_v2
from losses.weighted_mse import WeightedJointMSE
from data.mpii_crops import MpiiCrops

import os

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'

# ---------------------------------- data ----------------------------------
bs = 4

crops = MpiiCrops(rand_scale=True, rand_flip=True, rand_color=True)
loader = datatorch.DataLoader(crops, batch_size=bs, shuffle=True)

# ---------------------------------- model ----------------------------------
dev = torch.device('cuda:0')
# dev = torch.device('cpu')
lr = 1e-3

net = hourglass_net(num_stacks=2, num_blocks=1, num_classes=16).to(dev)
# net = hourglass_net_v2(num_stacks=2, num_blocks=1, num_classes=16, num_features=64).to(dev)

opt = torch.optim.RMSprop(net.parameters(), lr=lr)
crit = WeightedJointMSE(use_target_weight=True).to(dev)

# ---------------------------------- loop ----------------------------------
n_epochs = 50
n_samples = crops.__len__()
print('samples', n_samples)
joint_w = np.array([[1.2, 1.1, 1, 1, 1.1, 1.2, 1, 1, 1, 1, 1.2, 1.1, 1, 1, 1.1, 1.2]])
joint_w = torch.from_numpy(joint_w).to(dev).float()

plt.ion()
for ep in range(n_epochs):
    for it, (x, target, joints) in enumerate(loader):
        # to the GPU
        x, target = x.to(dev), target.cuda()

        # float32 everywhere
        x, target = x.float(), target.float()

        print('')
        print('epochs', str(n_epochs), '/', ep + 1, ' ||  steps', math.ceil(n_samples / bs), '/', it + 1)

        stack_outputs = net(x)

        # # supervise every stack
        # loss = torch.zeros([]).to(dev)
        # for one_out in stack_outputs:
        #     part = crit(one_out, target, joint_w)
        #     loss = loss + part
        # loss = loss / len(stack_outputs)
        # final_maps = stack_outputs[-1]

        # last stack only
        final_maps = stack_outputs[-1]
        loss = crit(final_maps, target, joint_w)

        print('loss:', loss)
        opt.zero_grad()
        loss.backward()
        opt.step()

        # pick the second sample of the batch for display
        pred_one = final_maps[1]
        true_one = target[1]
        x_one = x[1]

        # move the display copies to numpy
        pred_np = pred_one.detach().cpu().numpy()
        pred_np = np.transpose(pred_np, (1, 2, 0))
        true_np = true_one.detach().cpu().numpy()
        true_np = np.transpose(true_np, (1, 2, 0))
        x_np = x_one.detach().cpu().numpy()
        x_np = np.transpose(x_np, (1, 2, 0))

        # only draw every fifth step
        if it % 5 == 0:
            imgtools.show_heatmaps(x_np, pred_np, num_fig=1)
            imgtools.show_heatmaps(x_np, true_np, num_fig=2)
            plt.pause(0.5)
        print('---------------------------------------------------')

        if (it % 300 == 0) and (it > 0):
            tag_ep = ep
            tag_it = it
            ckpt_file = 'nets/ckpt_hourglass_ep' + str(tag_ep) + '_it' + str(
                tag_it) + '.tar'
            torch.save({
                'epoch': ep,
                'step': it,
                'model_state_dict': net.state_dict(),
                'optimizer_state_dict': opt.state_dict(),
                'loss': loss
            }, ckpt_file)
            print('--------------- checkpoint written ---------------')
        del x, target, joints, pred_one, true_one, x_one, pred_np, true_np, x_np

    # ---------------------------------- per-epoch checkpoint ----------------------------------
    tag_ep = ep
    tag_it = it
    ckpt_file = 'nets/ckpt_hourglass_epoch' + str(tag_ep) + '.tar'
    torch.save({
        'epoch': ep,
        'step': it,
        'model_state_dict': net.state_dict(),
        'optimizer_state_dict': opt.state_dict(),
        'loss': loss
    }, ckpt_file)
    print('--------------- checkpoint written ---------------')
plt.ioff()

print('training finished')
