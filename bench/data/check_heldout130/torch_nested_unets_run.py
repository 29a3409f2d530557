from __future__ import print_function, division
import os
import numpy as np
from PIL import Image
import glob

from torch import optim
import torch.utils.data
import torch
import torch.nn.functional as F

import torch.nn
import torchvision
import matplotlib.pyplot as plt
import natsort
from torch.utils.data.sampler import SubsetRandomSampler
from Data_Loader import Images_Dataset, Images_Dataset_folder
import torchsummary



import shutil
import random
from Models import Unet_dict, NestedUNet, U_Net, R2U_Net, AttU_Net, R2AttU_Net
from losses import calc_loss, dice_loss, threshold_predictions_v,threshold_predictions_p
from ploting import plot_kernels, LayerActivations, input_images, plot_grad_flow
from Metrics import dice_coeff, accuracy_score
import time




#######################################################

#######################################################

use_cuda = torch.cuda.is_available()

if not use_cuda:
    print('no CUDA device, running on the CPU')
else:
    print('CUDA device found, running on the GPU')

device = torch.device("cuda:0" if use_cuda else "cpu")

#######################################################

#######################################################

bs = 4
print('batch size: ' + str(bs))

holdout_frac = 0.15

n_epochs = 15
print('epochs: ' + str(n_epochs))

rng_seed = random.randint(1, 100)
print('seed: ' + str(rng_seed))

do_shuffle = True
best_val = np.Inf
n_loader_procs = 4
loss_tr = []
loss_va = []
loss_va.append(np.inf)
loss_tr.append(np.inf)
last_save_epoch = n_epochs-2
counter = 1
same_count = 0

pin = False
if use_cuda:
    pin = True



#######################################################

#######################################################

arch_choices = [U_Net, R2U_Net, AttU_Net, R2AttU_Net, NestedUNet]


def make_net(arch, in_channel=3, out_channel=1):
    net = arch(in_channel, out_channel)
    return net




net = make_net(arch_choices[0], 3, 1)

net.to(device)

#######################################################

#######################################################

torchsummary.summary(net, input_size=(3, 128, 128))

#######################################################

#######################################################

img_root = '/data/seg/train_img/'
lbl_root = '/data/seg/train_lbl/'
probe_img = '/data/seg/test_img/0131_0009.png'
probe_lbl = '/data/seg/test_lbl/0131_0009.png'
test_img_glob = '/data/seg/test_img/*'
test_lbl_glob = '/data/seg/test_lbl/*'

full_ds = Images_Dataset_folder(img_root,
                                      lbl_root)

#######################################################

#######################################################

to_tensor_norm = torchvision.transforms.Compose([


            torchvision.transforms.ToTensor(),
            torchvision.transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])
        ])

#######################################################

#######################################################

n_items = len(full_ds)
order = list(range(n_items))
n_hold = int(np.floor(holdout_frac * n_items))

if do_shuffle:
    np.random.seed(rng_seed)
    np.random.shuffle(order)

fit_ids, hold_ids = order[n_hold:], order[:n_hold]
fit_sampler = SubsetRandomSampler(fit_ids)
hold_sampler = SubsetRandomSampler(hold_ids)

fit_loader = torch.utils.data.DataLoader(full_ds, batch_size=bs, sampler=fit_sampler,
                                           n_loader_procs=n_loader_procs, pin=pin,)

hold_loader = torch.utils.data.DataLoader(full_ds, batch_size=bs, sampler=hold_sampler,
                                           n_loader_procs=n_loader_procs, pin=pin,)

#######################################################

#######################################################

base_lr = 0.001
optimizer = torch.optim.Adam(net.parameters(), lr=base_lr)


T_MAX = int(1e10)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_MAX, eta_min=1e-5)


#######################################################

#######################################################







#######################################################

#######################################################

out_root = './model'

if os.path.exists(out_root) and os.path.isdir(out_root):
    shutil.rmtree(out_root)

try:
    os.mkdir(out_root)
except OSError:
    print("could not make %s" % out_root)
else:
    print("made %s" % out_root)

#######################################################

#######################################################

pred_dir = './model/pred'

#######################################################

#######################################################

if os.path.exists(pred_dir) and os.path.isdir(pred_dir):
    shutil.rmtree(pred_dir)

try:
    os.mkdir(pred_dir)
except OSError:
    print("could not make prediction dir %s" % pred_dir)
else:
    print("made prediction dir %s" % pred_dir)

#######################################################

#######################################################

ckpt_dir = './model/net_' + str(n_epochs) + '_' + str(bs)

if os.path.exists(ckpt_dir) and os.path.isdir(ckpt_dir):
    shutil.rmtree(ckpt_dir)
    print('old checkpoint folder removed')

try:
    os.mkdir(ckpt_dir)
except OSError:
    print("could not make checkpoint dir %s" % ckpt_dir)
else:
    print("made checkpoint dir %s" % ckpt_dir)

#######################################################

#######################################################

for i in range(n_epochs):

    ep_fit_loss = 0.0
    ep_val_loss = 0.0
    t0 = time.time()
    sched.step(i)
    cur_lr = sched.get_lr()

#######################################################

#######################################################

    net.train()
    k = 1

    for x, gt_img in fit_loader:
        x, gt_img = x.to(device), gt_img.to(device)


        input_images(x, gt_img, i, counter, k)






        optimizer.zero_grad()

        out_t = net(x)
        loss_tr = calc_loss(out_t, gt_img)

        ep_fit_loss += loss_tr.item() * x.size(0)
        loss_tr.backward()

        optimizer.step()
        seen_t = loss_tr.item() * x.size(0)
        k = 2







#######################################################

#######################################################
    # evaluation pass over the held-out part
    net.eval()
    torch.no_grad()

    for xv, yv in hold_loader:
        xv, yv = xv.to(device), yv.to(device)

        out_v = net(xv)
        loss_va = calc_loss(out_v, yv)

        ep_val_loss += loss_va.item() * xv.size(0)
        seen_v = loss_va.item() * xv.size(0)

#######################################################

#######################################################

    probe = Image.open(probe_img)
    probe_gt = Image.open(probe_lbl)
    probe_t = to_tensor_norm(probe)
    probe_gt_t = to_tensor_norm(probe_gt)
    probe_gt_t = probe_gt_t.detach().numpy()

    probe_out = net(probe_t.unsqueeze(0).to(device)).cpu()
    probe_out = F.sigmoid(probe_out)
    probe_out = probe_out.detach().numpy()



    xv = plt.imsave(
        './model/pred/probe_step_' + str(counter) + '_ep_'
        + str(i) + '.png', probe_out[0][0])



#######################################################

#######################################################

    ep_fit_loss = ep_fit_loss / len(fit_ids)
    ep_val_loss = ep_val_loss / len(hold_ids)

    if (i+1) % 1 == 0:
        print('ep {}/{} fit {:.6f} val {:.6f}'.format(i + 1, n_epochs, ep_fit_loss,
                                                                                      ep_val_loss))





#######################################################

#######################################################

    if ep_val_loss <= best_val and last_save_epoch >= i:

        print('val improved {:.6f} -> {:.6f}, checkpointing'.format(best_val, ep_val_loss))
        torch.save(net.state_dict(),'./model/net_' +
                                              str(n_epochs) + '_' + str(bs) + '/net_ep_' + str(n_epochs)
                                              + '_bs_' + str(bs) + '.pth')

        if round(ep_val_loss, 4) == round(best_val, 4):
            print(same_count)
            same_count = same_count+1
        best_val = ep_val_loss



#######################################################

#######################################################

#######################################################

#######################################################
    xv = torch.nn.ModuleList(net.children())






#######################################################

#######################################################
    n_children = len(xv)
    hook = LayerActivations(xv[n_children-1])

    img = Image.open(probe_img)
    probe_t = to_tensor_norm(img)

    probe_out = net(probe_t.unsqueeze(0).to(device)).cpu()
    probe_out = F.sigmoid(probe_out)
    probe_out = probe_out.detach().numpy()

    plot_kernels(hook.features, counter, 7, cmap="rainbow")

    dt = time.time() - t0
    print('{:.0f}m {:.0f}s'.format(dt // 60, dt % 60))
    counter += 1

#######################################################

#######################################################



#######################################################

#######################################################



#######################################################

#######################################################

restored =net.load_state_dict(torch.load('./model/net_' +
                   str(n_epochs) + '_' + str(bs)+ '/net_ep_' + str(n_epochs)
                   + '_bs_' + str(bs) + '.pth'))


#######################################################

#######################################################

if torch.cuda.is_available():
    torch.cuda.empty_cache()

#######################################################

#######################################################

net.load_state_dict(torch.load('./model/net_' +
                   str(n_epochs) + '_' + str(bs)+ '/net_ep_' + str(n_epochs)
                   + '_bs_' + str(bs) + '.pth'))

net.eval()

#######################################################

#######################################################

test_files = glob.glob(test_img_glob)
test_sorted = natsort.natsorted(test_files)


gen_dir = './model/gen_images'


if os.path.exists(gen_dir) and os.path.isdir(gen_dir):
    shutil.rmtree(gen_dir)

try:
    os.mkdir(gen_dir)
except OSError:
    print("could not make output dir %s" % gen_dir)
else:
    print("made output dir %s" % gen_dir)




thr_pred_dir = './model/pred_threshold'


if os.path.exists(thr_pred_dir) and os.path.isdir(thr_pred_dir):
    shutil.rmtree(thr_pred_dir)

try:
    os.mkdir(thr_pred_dir)
except OSError:
    print("could not make output dir %s" % thr_pred_dir)
else:
    print("made output dir %s" % thr_pred_dir)



thr_lbl_dir = './model/label_threshold'


if os.path.exists(thr_lbl_dir) and os.path.isdir(thr_lbl_dir):
    shutil.rmtree(thr_lbl_dir)

try:
    os.mkdir(thr_lbl_dir)
except OSError:
    print("could not make output dir %s" % thr_lbl_dir)
else:
    print("made output dir %s" % thr_lbl_dir)




#######################################################

#######################################################

group_no = 0

for i in range(len(test_files)):
    pil_img = Image.open(test_sorted[i])

    pil_copy = pil_img
    arr = np.array(pil_copy)
    arr_flat = arr.reshape(-1, 1)

    for j in range(arr_flat.shape[0]):
        if arr_flat[j] != 0:
            arr_flat[j] = 255

    gray = to_tensor_norm(pil_img)
    out_img = net(gray.unsqueeze(0).cuda()).cpu()
    out_img = F.sigmoid(out_img)
    out_img = out_img.detach().numpy()



    if i % 24 == 0:
        group_no = group_no + 1

    xv = plt.imsave('./model/gen_images/ep_' + str(n_epochs) + '_n' + str(i)
                    + '_grp_' + str(group_no) + '.png', out_img[0][0])


#######################################################

#######################################################

to_tensor_norm = torchvision.transforms.Compose([


             torchvision.transforms.Grayscale(),

        ])



gen_files = glob.glob('./model/gen_images/*')
gen_sorted = natsort.natsorted(gen_files)


lbl_files = glob.glob(test_lbl_glob)
lbl_sorted = natsort.natsorted(lbl_files)


dice_sum = 0.0
n_low = 0
dice_high = 0

for i in range(len(gen_files)):

    x = Image.open(gen_sorted[i])
    gray = to_tensor_norm(x)
    gray = np.array(gray)
    gray = threshold_predictions_v(gray)


    xv = plt.imsave('./model/pred_threshold/ep_' + str(n_epochs) + '_n' + str(i)
                    + '_grp_' + str(group_no) + '.png', gray)

    gt_img = Image.open(lbl_sorted[i])
    gt_gray = to_tensor_norm(gt_img)
    gt_arr = np.array(gt_gray)



    yv = plt.imsave('./model/label_threshold/ep_' + str(n_epochs) + '_n' + str(i)
                    + '_grp_' + str(group_no) + '.png', gt_arr)

    score = dice_coeff(gray, gt_arr)
    print(score)

    if score <= 0.3:
        n_low += 1
    if score > 0.3:
        dice_high = dice_high + score
    dice_sum = dice_sum + score


print('mean dice: ' + str(dice_sum/len(gen_files)))




