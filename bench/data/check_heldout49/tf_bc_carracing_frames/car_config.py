#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Settings shared by the recorder, the trainer and the player




"""
import shutil, os
import numpy as np
import pandas as pd
from scipy import misc

MODEL_DIR = "policies/"
DATA_ROOT = "data/play"
USE_RGB = True          # False: runs were recorded in gray
TO_GRAY = False # True: convert rgb runs to gray when reading

# frames per training sample
# 4 or 1 (the trainer only has nets for these)
STACK_N = 4



def rgb2gray(pix):
    return np.dot(pix[...,:3], [0.299, 0.587, 0.114])


def dump_run(folder, acts, rews, frames):
    ''' write one run: a csv of actions/rewards and one png per frame '''
    if not os.path.exists(folder):
        os.makedirs(folder)
    else:
        shutil.rmtree(folder)
        os.makedirs(folder)

    table = pd.DataFrame(acts, columns=["Steering", "Throttle", "Brake"])
    table["Reward"] = rews
    table.to_csv(folder+'/CarRacing_ActionsRewards.csv', index=False)


    for i in range(len(frames)):
        if USE_RGB == False:
            pic = rgb2gray(frames[i])
        else:
            pic = frames[i]

        misc.imsave(folder+"/Img"+str(i)+".png", pic)