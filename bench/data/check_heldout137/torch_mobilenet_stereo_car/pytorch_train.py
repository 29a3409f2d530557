#%%
import sys
import os
import pdb

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.optim.lr_scheduler import StepLR

from networks.pytorch_networks import MobilenetV2Pilot
from pytorch_dataset import AutonomousCarDataset
from pytorch_transforms import transform_sample

RNG_SEED = 101
run_dirs = ["./prepared_data/track_a",
                "./prepared_data/track_b",
                "./prepared_data/track_c"]
FIT_RATIO = 0.8
N_EPOCHS = 50

if __name__ == "__main__":
 
    if(not os.path.exists("saved_models")):
        os.makedirs("saved_models")

    # fix every seed
    np.random.seed(RNG_SEED)
    torch.backends.cudnn.deterministic = True
    torch.manual_seed(RNG_SEED)
    torch.cuda.manual_seed_all(RNG_SEED)

    # Collect the sample files
    sample_files = []
    # every pickled sample in each run folder
    for folder in run_dirs:
        for name in os.listdir(folder):
            if ".pkl" in name:
                sample_files.append(os.path.join(folder, name))
    
    sample_files.sort()
    n_fit = int(len(sample_files)*FIT_RATIO)
    fit_files = sample_files[0:n_fit]
    hold_files = sample_files[n_fit:]

    fit_set = AutonomousCarDataset(all_files=fit_files,
                        transform_sample=transform_sample)
    hold_set = AutonomousCarDataset(all_files=hold_files,
                        transform_sample=transform_sample)
    fit_loader = DataLoader(fit_set, batch_size=20,
                        shuffle=True, num_workers=4)
    hold_loader = DataLoader(hold_set, batch_size=20,
                        shuffle=True, num_workers=4)

    # the network
    net =  MobilenetV2Pilot(pretrained_weights=True)

    if torch.cuda.is_available():
        net.to('cuda')

    opt = torch.optim.Adam(net.parameters(), lr=1e-5)
    sched = StepLR(opt, step_size=5, gamma=0.5)
    l1 = nn.L1Loss()

    fit_curve = []
    hold_curve = []

    # training
    for ep in range(N_EPOCHS):
        net.train()
        fit_total = 0.0
        # one pass over the fitting files
        for i, sample in enumerate(fit_loader):
            opt.zero_grad()
            cam_l = sample["image_left"]
            cam_r = sample["image_right"]

            thr = sample["throttle"].reshape(-1,1)
            st = sample["steer"].reshape(-1,1)
            target = torch.cat((thr, st), 1).float()

            if torch.cuda.is_available():
                cam_l = cam_l.to('cuda')
                cam_r = cam_r.to('cuda')
                target = target.to('cuda')

            out = net(cam_l, cam_r)
            loss = l1(out, target)
            loss.backward()
            opt.step()
            fit_total += loss
        fit_total /= len(fit_loader)
        fit_curve.append(fit_total)
        print("epoch %d fit loss: %.6f"%(ep, fit_total))
        
        torch.cuda.empty_cache()
        sched.step()

        # held-out pass
        net.eval()
        with torch.no_grad():
            hold_total = 0.0
            for i, sample in enumerate(hold_loader):
                cam_l = sample["image_left"]
                cam_r = sample["image_right"]
                thr = sample["throttle"].reshape(-1,1)
                st = sample["steer"].reshape(-1,1)
                target = torch.cat((thr, st), 1).float()

                if torch.cuda.is_available():
                    cam_l = cam_l.to('cuda')
                    cam_r = cam_r.to('cuda')
                    target = target.to('cuda')

                out = net(cam_l, cam_r)

                loss = l1(out, target)
                hold_total += loss

            hold_total /= len(hold_loader)
            hold_curve.append(hold_total)
            print("epoch %d held-out loss: %.6f"%(ep, hold_total))
            torch.cuda.empty_cache()

            ckpt = os.path.join("saved_models", "EP_{}_HOLDLOSS_{}.statedict".format(ep, hold_total))

            torch.save(net.state_dict(), ckpt)

#%%

import matplotlib.pyplot as plt

ep_axis = [i + 1 for i in range(N_EPOCHS)]
plt.plot(ep_axis, fit_curve, label = "fit_loss")
plt.plot(ep_axis, hold_curve, label = "held_out_loss")
plt.ylabel = "loss"
plt.xlabel = "epoch"
plt.show()

#%%
