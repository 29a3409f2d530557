#import torch
#from torch.utils.data import DataLoader
#from torch.utils.data import TensorDataset
#from torch.optim.lr_scheduler import ReduceLROnPlateau
import numpy as np
import matplotlib.pyplot as plt
import wandb
import sys
import os
import argparse
from tqdm import tqdm
from pprint import pprint
from time import time
import tensorflow as tf
## local modules ##
from hit_net import *
from sensor_geometry import * 
from helpers import *

t_start = time()
ap = argparse.ArgumentParser()
## hyper-parameters
ap.add_argument('--epochs', type=int, default=10)
ap.add_argument('--lr', type=float, default=1e-3)
ap.add_argument('--use_wandb', action="store_true")
ap.add_argument('--reduce_lr_wait', type=int, default=20)
ap.add_argument('--enc_dropout', type=float, default=0.2)
ap.add_argument('--dec_dropout', type=float, default=0.2)
ap.add_argument('--weight_decay', type=float, default=1e-2)
ap.add_argument('--batch_size', type=int, default=64)
ap.add_argument('--smaller_run', action="store_true")
ap.add_argument('--dim_reduce_factor', type=float, default=1.5)
ap.add_argument('--debug', action="store_true")
ap.add_argument('--save_ver', default=0)
ap.add_argument('--mean_only', action="store_true")
ap.add_argument('--save_best', action="store_true")
ap.add_argument('--seed', type=int, default=999)
ap.add_argument('--patience', type=int, default=15)
ap.add_argument('--xyz_label', action="store_true")
ap.add_argument('--xyz_energy', action="store_true")
gpu_list = tf.config.experimental.list_physical_devices('GPU')
if gpu_list:
    try:
        for g in gpu_list:
            tf.config.experimental.set_memory_growth(g, True)
    except RuntimeError as err:
        print(err)

opts = ap.parse_args()
tag = opts.save_ver
#open_log(tag)

## where the weights go
out_stem = f"./{tag}/hit_net_keras.weights"


## Load/Preprocess Data
## read the event file
sensor_xyz = read_sensor_xyz("/scratch/pointnet/pmt_xyz.dat")
#hits.to(torch.float32)
#targets.to(torch.float32)
archive = np.load('/scratch/pointnet/train_X_y_ver_all_xyz_energy.npz')
hits_tf = tf.convert_to_tensor(archive['X'], dtype=tf.float32)
targets_tf = tf.convert_to_tensor(archive['y'], dtype=tf.float32)
if opts.debug:
    n_small = 1000
    hits_tf, targets_tf = hits_tf[:n_small], targets_tf[:n_small]

## reorder (time, charge, x, y, z) -> (x, y, z, fired, time, charge)
## and add a "fired" channel: 1 when the sensor saw light
feats = reorder_and_flag(hits_tf)

## seeded permutation
np.random.seed(seed=opts.seed)
#set_seed(seed=opts.seed)
perm = np.random.permutation(feats.shape[0]) 
#feats = tf.gather(feats, perm)
#targets = tf.gather(targets_tf, perm)
## split into train / val / test
frac_train = 0.7
frac_val = 0.3
cut_train = int(feats.shape[0] * frac_train)
cut_val = int(cut_train + feats.shape[0] * frac_train)
ds_train = tf.data.Dataset.from_tensor_slices((feats[:cut_train], targets_tf[:cut_train]))
ds_val = tf.data.Dataset.from_tensor_slices((feats[cut_train:cut_val], targets_tf[cut_train:cut_val]))
ds_test = tf.data.Dataset.from_tensor_slices((feats[cut_val:], targets_tf[cut_val:]))
train_batches = ds_train.shuffle(buffer_size=len(feats)).batch(opts.batch_size)
val_batches = ds_val.batch(opts.batch_size)
test_batches = ds_val.batch(opts.batch_size)
print(f"events: {len(feats)} train: {len(ds_train)}, val: {len(ds_val)}, test: {len(ds_test)}")
print(sensor_xyz.shape, tf.shape(feats), targets_tf.shape)
## build the network
net = HitRegressor(
                n_hits=sensor_xyz.shape[0], 
                dim = tf.shape(feats)[2],
                dim_reduce_factor=opts.dim_reduce_factor,
                out_dim = targets_tf.shape[-1],
                enc_dropout = opts.enc_dropout,
                dec_dropout = opts.dec_dropout
                )
ep_range = range(opts.epochs)

# optimiser
opt = tf.keras.optimizers.Adam(learning_rate=opts.lr, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=False, weight_decay=opts.weight_decay)

#net.compile(optimizer=opt, loss=tf.keras.losses.MeanSquaredError())
net.compile(optimizer=opt)

## training loop

# progress bar
bar = tqdm(total=opts.epochs, mininterval=10)

# best losses so far
best_val, best_train = float("inf"), float("inf")
train_hist = []

# epochs
for ep in range(opts.epochs):
    ep_loss = 0
    
    # batches
    for k, batch in enumerate(train_batches):
        xb, yb = batch
        
        # forward
        with tf.GradientTape() as tape:
            pred = net(xb)
            e_scale = 160  # weight of the energy term
            # scale the energy column of prediction and target
            pred = tf.concat([pred[:, :-1], e_scale * tf.expand_dims(pred[:, -1], axis=-1)], axis=-1)
            yb = tf.concat([yb[:, :-1], e_scale * tf.expand_dims(yb[:, -1], axis=-1)], axis=-1)

            #pred[:, -1], yb[:, -1] = e_scale * pred[:, -1], e_scale * yb[:, -1]
            loss = tf.reduce_mean(tf.keras.losses.MSE(pred, yb))
        
        # gradients and update
        grads = tape.gradient(loss, net.trainable_variables)
        opt.apply_gradients(zip(grads, net.trainable_variables))
        
        # accumulate
        ep_loss += loss.numpy()
    
    # epoch mean
    ep_loss /= len(train_batches)
    train_hist.append(ep_loss)
    
    # (plateau scheduler, disabled)
    #prev_lr = opt.learning_rate.numpy()
    #plateau.on_epoch_end(ep, logs={'loss': ep_loss})
    #sched.step(ep_loss)
    
    # validate every 10 epochs and at the end
    if ep % 10 == 0 or ep == opts.epochs - 1:
        val_sum = 0
        
        # validation batches
        for batch in val_batches:
            xb, yb = batch
            pred = net(xb)
            vloss = tf.reduce_mean(tf.keras.losses.MSE(pred, yb))
            val_sum += vloss.numpy()
        
        # mean validation loss
        val_sum /= len(val_batches)
        
        # progress
        bar.update(10)
        
        # keep the best weights
        if val_sum < best_val:
            best_val = val_sum
            if opts.save_best:
                net.save(out_stem + ".keras")
    
    # otherwise just print the train loss
    else:
        print(ep_loss)
    
# done
bar.close()

## wall time
elapsed = time() - t_start

## minima
min_train = round(min(train_hist), 2)
minima = {
        "min_train": min_train,
        "min_val": best_val,
}

resid = {"x":[], "y":[], "z":[], "radius": [], "unif_r":[], "energy":[]}
vals = {"x":[], "y":[], "z":[], "x_pred":[], "y_pred":[], "z_pred":[], "energy":[], "energy_pred":[],
         "radius": [], "radius_pred": [], "unif_r": [], "unif_r_pred": []}
abs_resid = []
#if opts.train_mode:
#    net.train()
#else:
print('evaluating')
with tqdm(total=len(val_batches), mininterval=5) as bar:
    val_sum = 0

    for k, batch in enumerate(val_batches):
        xb, yb = batch
        pred = net(xb)
        abs_resid.append(tf.abs(yb - pred))
        vloss = tf.reduce_mean(tf.keras.losses.MSE(pred, yb))
        val_sum += vloss.numpy()

        d = yb - pred ## residuals for the histograms
        vals["x"].append(yb[:, 0])
        vals["y"].append(yb[:, 1])
        vals["z"].append(yb[:, 2])

        vals["x_pred"].append(pred[:, 0])
        vals["y_pred"].append(pred[:, 1])
        vals["z_pred"].append(pred[:, 2])
        
        resid["x"].append(d[:, 0])
        resid["y"].append(d[:, 1])
        resid["z"].append(d[:, 2])

        vals["energy"].append(yb[:, 3])
        vals["energy_pred"].append(pred[:, 3])
        resid["energy"].append(d[:, 3])

        bar.update()
    val_sum /= len(val_batches)

abs_resid = tf.concat(abs_resid, axis=0)

## plots
plot_regression(diff=resid, dist=vals, total_val_loss=val_sum, abs_diff=abs_resid, save_name=out_stem, args=opts)
