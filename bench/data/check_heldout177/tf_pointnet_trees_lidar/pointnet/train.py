print("\nTraining")

import argparse
import contextlib
import datetime
import glob
import itertools
import json
import math
import os
import shutil
import time
from pathlib import PurePath
from pprint import pprint

import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import Model
from tensorflow.keras import backend as K
from tensorflow.keras import callbacks, layers, optimizers

import evaluate
from src import ARGS, DATA_DIR, MODEL_SAVE_FMT, REPO_ROOT, LIDAR_CHANNELS
from src.losses import get_loss
from src.models import pointnet
from src.patch_generator import get_datasets
from src.tf_utils import MyModelCheckpoint, load_saved_model, output_model, TimeLimitCallback
from src.viz_utils import plot_one_example

from common.data_handling import Bounds, get_all_regions, get_default_dsname

"""
command-line arguments
"""

optimizer_options = {
    "adam": optimizers.Adam,
    "adadelta": optimizers.Adadelta,
    "nadam": optimizers.Nadam,
    "adamax": optimizers.Adamax,
}

valid_output_flows = ["seg", "dense", "count"]
valid_losses = ["mmd", "gridmse", "p2p"]

parser = argparse.ArgumentParser(add_help=False)
# required
requiredgrp = parser.add_argument_group("required")
requiredgrp.add_argument("--name",required=True,help="run name used for saving/loading")
requiredgrp.add_argument("--output-flow",required=True,help="output head to use",
    choices=valid_output_flows)
requiredgrp.add_argument("--loss",required=True,help="loss to train with",
    choices=valid_losses)

# optional
optionalgrp = parser.add_argument_group("optional")
optionalgrp.add_argument("--eval-sets",nargs="+",default=None,help="sets to evaluate after training")
optionalgrp.add_argument("-h", "--help", action="help", help="show this message and exit")

# data
datagrp = parser.add_argument_group("dataset and augmentation")
datagrp.add_argument("--ragged",action="store_true")
datagrp.add_argument("--subdivide",type=int,default=3,help="each grid side is cut into N pieces, giving N*N sub-squares")
datagrp.add_argument("--regions",default="ALL",nargs="+",help="regions to use (default: all)")
datagrp.add_argument("--channels",default="ALL",nargs="*",help="spectral channels (default R, G, B, NIR, NDVI)")
datagrp.add_argument("--dsname",help="generated data set name (needed when several exist)")
datagrp.add_argument("--noise-sigma",type=float,default=None,help="gaussian jitter on input points")
datagrp.add_argument("--handle-small",choices=["drop","fill","repeat"],default="drop",
    help="what to do with patches under npoints: drop, pad with -1000, or repeat points")

# optimisation
hypergrp = parser.add_argument_group("training hyperparameters")
hypergrp.add_argument("--optimizer",choices=list(optimizer_options.keys()),default="adam")
hypergrp.add_argument("--epochs",type=int,default=500)
hypergrp.add_argument("--batchsize",type=int,default=16)
hypergrp.add_argument("--lr",type=float,default=1e-3,help="starting learning rate")
hypergrp.add_argument("--reducelr-factor",type=float,default=0.2,help="ReduceLROnPlateau factor")
hypergrp.add_argument("--reducelr-patience",type=int,default=3,help="epochs without val improvement before lowering lr")

# network
modelgrp = parser.add_argument_group("model parameters")
modelgrp.add_argument("--npoints",type=int,default=500,help="points per sub-patch fed to the net")
modelgrp.add_argument("--out-npoints",type=int,default=256,help="dense head: number of predicted points")
modelgrp.add_argument("--size-multiplier",type=float,default=1.0,help="scales every conv width")
modelgrp.add_argument("--dropout",dest="dropout_rate",type=float,default=0.0,help="dropout rate")
modelgrp.add_argument("--use-tnet1",action="store_true",help="input transform TNet")
modelgrp.add_argument("--use-tnet2",action="store_true",help="feature transform TNet")
modelgrp.add_argument("--conf-act",default="relu",help="activation of the confidence output")

modelgrp.add_argument("--pnet2",dest="use_pnet2",action="store_true",help="use pointnet++")
modelgrp.add_argument("--batchnorm",dest="use_batchnorm",action="store_true",help="pnet2: batch normalisation")

# loss
lossgrp = parser.add_argument_group("loss parameters")
lossgrp.add_argument("--gaussian-sigma", "--sigma",type=float,default=3,
        help="mmd/gridmse: gaussian smoothing std dev in metres")
lossgrp.add_argument("--gridmse-agg",choices=["max","sum"],default="sum",
        help="gridmse: how predictions are combined when rasterised")

lossgrp.add_argument("--p2p-conf-weight",type=float,
        help="p2p: confidence weight vs distance in matching")
lossgrp.add_argument("--p2p-unmatched-weight",type=float, 
        help="p2p: weight of unmatched predictions in the classification term")
lossgrp.add_argument("--p2p-loc-weight",type=float,
        help="p2p: weight of the location term vs the classification term")
lossgrp.add_argument("--p2p-minmax-reg",type=float,default=0.0,
        help="p2p: regulariser pushing max and min confidence apart")

lossgrp.add_argument("--ortho-weight",type=float,default=0.001,
        help="tnet2: weight of the orthogonality penalty")

# misc
miscgrp = parser.add_argument_group("misc")
miscgrp.add_argument("--time-limit",default=4*60,type=int,help="wall-clock limit in minutes (default 4 h)")
miscgrp.add_argument("--test",action="store_true",help="tiny run to check the code paths")
miscgrp.add_argument("--noplot",action="store_true",help="skip example batch plots")
miscgrp.add_argument("--nolosses",action="store_true",help="evaluation only: skip loss computation")
miscgrp.add_argument("--show-summary",action="store_true",help="print the model summary")


ARGS = parser.parse_args(namespace=ARGS)

assert ARGS.subdivide >= 1

# adjustments for test mode
if ARGS.test:
    ARGS.epochs = 6
    ARGS.batchsize = 3

pprint(vars(ARGS))

# output folder for this run
now = datetime.datetime.now()
modelname = ARGS.name + now.strftime("-%y%m%d-%H%M%S")
MODEL_DIR = REPO_ROOT.joinpath("pointnet/models/"+modelname)
os.makedirs(MODEL_DIR, exist_ok=False)

if ARGS.dsname is None:
    ARGS.dsname = get_default_dsname()

if ARGS.regions == "ALL":
    ARGS.regions = get_all_regions(ARGS.dsname)

if ARGS.channels == "ALL":
    ARGS.channels = LIDAR_CHANNELS[3:]

# record the arguments
with open(MODEL_DIR.joinpath("params.json"), "w") as f:
    json.dump(vars(ARGS), f, indent=2)


"""
build the network
"""
print("Building model")

# output features per loss
output_channels_map = {
    "gridmse": 3,   # x, y, confidence
    "mmd": 3,       # x, y, confidence
    "p2p": 3        # x, y, confidence
}

inpt_shape = (ARGS.npoints, 3 + len(ARGS.channels))

model = pointnet(
    inpt_shape=inpt_shape,
    size_multiplier=ARGS.size_multiplier,
    output_channels=output_channels_map[ARGS.loss],
)
output_model(model, MODEL_DIR, show=ARGS.show_summary)

loss, metrics = get_loss()

optim = optimizer_options[ARGS.optimizer]
model.compile(
    loss=loss, 
    metrics=metrics,
    optimizer=optim(ARGS.lr)
)


"""
data
"""

train_gen, val_gen = get_datasets(ARGS.dsname, ARGS.regions, ("train", "val"))
train_gen.summary()
val_gen.summary()
x_shape, y_shape = train_gen.get_batch_shape()
data_shape = x_shape[1:]
assert data_shape == inpt_shape, f"data generator shape is different than expected: {data_shape} {inpt_shape}"


if not ARGS.noplot:
    print("Generating example batch plots")
    train_viz_dir = MODEL_DIR.joinpath("training/example_batch_viz/")
    train_gen.__getitem__(0) # warm-up batch, so first-call errors surface here
    X,Y,ids = train_gen.__getitem__(1, return_ids=True, no_rotate=True)
    print("For example batch:")
    print("X max:", tf.reduce_max(X, axis=[0,1]))
    print("X min:", tf.reduce_min(X, axis=[0,1]))
    print("Y max:", tf.reduce_max(Y, axis=[0,1]))
    print("Y min:", tf.reduce_min(Y, axis=[0,1]))
    # a few example plots
    for i in range(min(len(X), 8)):
        naip = train_gen.get_naip(ids[i])
        x = X[i].numpy()
        y = Y[i].numpy()
        plot_one_example(
            train_viz_dir.joinpath("normalized"),
            ids[i],
            X=x, Y=y, naip=naip, 
            bounds=Bounds.zero_to_one())

        x = train_gen.denormalize_pts(x, ids[i])
        y[:,:2] = train_gen.denormalize_pts(y[:,:2], ids[i])
        plot_one_example(
            train_viz_dir.joinpath("original_scale"),
            ids[i],
            X=x, Y=y, naip=naip,
            bounds=train_gen.get_patch_bounds(ids[i]))
            
        if ARGS.test:
            break


"""
training
"""

callback_dict = {
    "history": callbacks.History(),
    "reducelr": callbacks.ReduceLROnPlateau(factor=ARGS.reducelr_factor, patience=ARGS.reducelr_patience,
        min_lr=1e-6, verbose=1),
    "earlystopping": callbacks.EarlyStopping(verbose=1, patience=ARGS.reducelr_patience+2),
    "modelcheckpoint": MyModelCheckpoint(MODEL_DIR, verbose=1, 
        epoch_per_save=1, save_best_only=True),
    "timeout": TimeLimitCallback(limit_mins=ARGS.time_limit),
}

try:
    H = model.fit(
        x=train_gen,
        validation_data=val_gen.load_all(),
        validation_batch_size=ARGS.batchsize,
        epochs=ARGS.epochs,
        callbacks=list(callback_dict.values()),
    )
except KeyboardInterrupt:
    # manual stop
    print("training ended manually...")
    H = callback_dict["history"]
except Exception as e:
    # write the traceback, then re-raise
    import traceback

    # marker file for failed runs
    with open(MODEL_DIR.joinpath("training_failed.txt"), "w") as f:
        traceback.print_exc(file=f)
    raise e

os.makedirs(MODEL_DIR.joinpath("training"), exist_ok=True)

# training statistics
with open(MODEL_DIR.joinpath("training/stats.json"), "w") as f:
    val_results = {
        "best_val_loss": callback_dict["modelcheckpoint"].best_val_loss()
    }
    json.dump(val_results, f, indent=2)
# metric curves
for k in H.history.keys():
    if not k.startswith("val_"):
        plt.plot(H.history[k])
        plt.plot(H.history["val_"+k])
        plt.legend(['train', 'val'])
        plt.title(k)
        plt.xlabel('epoch')
        plt.savefig(os.path.join(MODEL_DIR, "training", k+".png"))
        plt.close()


del train_gen
del val_gen


if ARGS.eval_sets is not None:
    """
    evaluation
    """

    # use the timestamped name so the right model is picked up
    ARGS.name = modelname
    ARGS.save_preds = False
    evaluate.main()
