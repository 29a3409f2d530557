import numpy as np
from grabscreen import grab_screen
import cv2
import time
import os
import pandas as pd
from tqdm import tqdm
from collections import deque
from models import inception_v3 as googlenet
from random import shuffle


LAST_FILE_IDX = 1860

FRAME_W = 480
FRAME_H = 270
BASE_LR = 1e-3
N_EPOCHS = 30

RUN_MODEL_NAME = ''
RESUME_FROM = ''

RESUME = True

n_w = 0
n_s = 0
n_a = 0
n_d = 0

n_wa = 0
n_wd = 0
n_sa = 0
n_sd = 0
n_none = 0

key_w = [1,0,0,0,0,0,0,0,0]
key_s = [0,1,0,0,0,0,0,0,0]
key_a = [0,0,1,0,0,0,0,0,0]
key_d = [0,0,0,1,0,0,0,0,0]
key_wa = [0,0,0,0,1,0,0,0,0]
key_wd = [0,0,0,0,0,1,0,0,0]
key_sa = [0,0,0,0,0,0,1,0,0]
key_sd = [0,0,0,0,0,0,0,1,0]
key_none = [0,0,0,0,0,0,0,0,1]

drive_model = googlenet(FRAME_W, FRAME_H, 3, BASE_LR, output=9, model_name=RUN_MODEL_NAME)

if RESUME:
    drive_model.load(RESUME_FROM)
    print('resumed from the saved weights')


# loop over the numbered .npy chunks of recorded frames


for ep in range(N_EPOCHS):
    #file_order = [i for i in range(1,LAST_FILE_IDX+1)]
    file_order = [i for i in range(1,LAST_FILE_IDX+1)]
    shuffle(file_order)
    for k,i in enumerate(file_order):

        try:
            npy_file = 'J:/phase10-random-padded/training_data-{}.npy'.format(i)
            # one chunk, all of it
            train_data_chunk = np.load(npy_file)
            print('training_data-{}.npy'.format(i),len(train_data_chunk))

            # -
            # the last 50 frames of each chunk are held out:
            #shuffle(train_data_chunk)
            train_part = train_data_chunk[:-50]
            test_part = train_data_chunk[-50:]

            X_frames = np.array([i[0] for i in train_part]).reshape(-1,FRAME_W,FRAME_H,3)
            Y_keys = [i[1] for i in train_part]

            test_x_frames = np.array([i[0] for i in test_part]).reshape(-1,FRAME_W,FRAME_H,3)
            test_y_keys = [i[1] for i in test_part]
            # a larger batch may help on cards with more memory
            drive_model.fit({'input': X_frames}, {'targets': Y_keys}, n_epoch=1, batch_size=16, validation_set=({'input': test_x_frames}, {'targets': test_y_keys}),
                snapshot_step=2500, show_metric=True, run_id=RUN_MODEL_NAME)


            if k%10 == 0:
                print('checkpointing')
                drive_model.save(RUN_MODEL_NAME)

        except Exception as err:
            print(str(err))

# view the logs with: tensorboard --logdir=foo:J:/phase10-code/log
