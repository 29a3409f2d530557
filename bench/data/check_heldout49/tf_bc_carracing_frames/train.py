#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Behaviour cloning for CarRacing from recorded play

(frames saved as png, actions in a csv per run)
"""

import numpy as np
import keras
import pandas as pd
from scipy import misc
import car_config
import matplotlib.pyplot as plt

import os


# shared settings

MODEL_DIR = car_config.MODEL_DIR
DATA_ROOT = car_config.DATA_ROOT
COLOR = car_config.USE_RGB
TO_GRAY = car_config.TO_GRAY
STACK_N = car_config.STACK_N




# this script

N_RUNS = 8             # run folders to read

# training knobs
LOSS_FLOOR = 1.4
BATCH = 100
EPOCHS = 10
p_drop = 0.2
p_drop_gas = 0.6
opt_name = 'rmsprop'
HEAD_WEIGHTS = [0.9, 0.004]



# helpers

class BatchLossWatch(keras.callbacks.Callback):
    ''' stop early once the batch loss stays under LOSS_FLOOR '''
    global LOSS_FLOOR

    def __init__(self):
        self.prev = 0
        self.patience_n = 5
        self.count = 0

    def on_train_begin(self, logs={}):
        self.losses = []

    def on_batch_end(self, batch, logs={}):
        self.losses.append(logs.get('loss'))
        self.steer_l = logs.get('angle_out_loss')
        self.gas_l = logs.get('throttle_out_loss')

        if (logs.get('loss') < LOSS_FLOOR) and (logs.get('loss')<self.prev):
            self.count += 1
        else:
            self.count = max(0, self.count-1)
        if self.count > self.patience_n:
            print('\n stopping: batch loss below ', LOSS_FLOOR, '\n')
            self.net.stop_training = True
        self.prev = logs.get('loss')



def plot_curve(curve):
    ''' draw the batch-loss curve '''
    plt.plot(curve)
    ax = plt.gca()

    ax.set_ylim([-1,100])
    plt.xlabel('batch')
    plt.ylabel('loss')
    plt.title('batch loss')
    plt.grid(True)
    plt.savefig("batch_loss.png")
    plt.show()



def single_frame_net(in_shape=(96, 96, 1)):
    ''' conv net on one frame '''
    from keras.layers import Input, Dense
    from keras.models import Model
    from keras.layers import Convolution2D, MaxPooling2D
    from keras.layers import Dropout, Flatten

    frame_in = Input(shape=(in_shape), name='img_in')
    z = frame_in
    z = Convolution2D(64, (8,8), strides=(2,2), activation='relu')(z)
    z = Convolution2D(64, (4,4), strides=(2,2), activation='relu')(z)
    z = Convolution2D(32, (3,3), strides=(2,2), activation='relu')(z)



    z = Flatten(name='flattened')(z)
    z = Dense(256, activation='relu')(z)
    z = Dropout(p_drop, seed=2)(z)
    z = Dense(50, activation='relu')(z)
    z = Dropout(p_drop, seed=2)(z)
    z = Dense(50, activation='relu')(z)

    steer = Dense(1, activation='linear', name='angle_out')(z)
    gas = Dense(1, activation='relu', name='throttle_out')(z)


    net = Model(inputs=[frame_in], outputs=[steer, gas])

    net.compile(optimizer=opt_name,
                  curve={'angle_out': 'mean_squared_error',
                        'throttle_out': 'mean_squared_error'},
                  loss_weights={'angle_out': HEAD_WEIGHTS[0], 'throttle_out': HEAD_WEIGHTS[1]})

    return net




def four_frame_net(in_shape=(96, 96, 1)):
    ''' one conv tower per stacked frame
    (four towers)'''
    from keras.layers import Input, Dense
    from keras.models import Model
    from keras.layers import Convolution2D, MaxPooling2D
    from keras.layers import Dropout, Flatten
    from keras.utils import plot_model

    f1 = Input(shape=(in_shape), name='img_in1')
    z1 = f1
    z1 = Convolution2D(64, (8,8), strides=(2,2), activation='relu')(z1)
    z1 = Convolution2D(64, (4,4), strides=(2,2), activation='relu')(z1)
    z1 = Convolution2D(32, (3,3), strides=(2,2), activation='relu')(z1)


    z1 = Flatten(name='flattened1')(z1)
    z1 = Dense(256, activation='relu')(z1)
    z1 = Dropout(p_drop, seed=2)(z1)
    z1 = Dense(50, activation='relu')(z1)



    f2 = Input(shape=(in_shape), name='img_in2')
    z2 = f2
    z2 = Convolution2D(64, (8,8), strides=(2,2), activation='relu')(z2)
    z2 = Convolution2D(64, (4,4), strides=(2,2), activation='relu')(z2)
    z2 = Convolution2D(32, (3,3), strides=(2,2), activation='relu')(z2)


    z2 = Flatten(name='flattened2')(z2)
    z2 = Dense(256, activation='relu')(z2)
    z2 = Dropout(p_drop, seed=2)(z2)
    z2 = Dense(50, activation='relu')(z2)



    f3 = Input(shape=(in_shape), name='img_in3')
    z3 = f3
    z3 = Convolution2D(64, (8,8), strides=(2,2), activation='relu')(z3)
    z3 = Convolution2D(64, (4,4), strides=(2,2), activation='relu')(z3)
    z3 = Convolution2D(32, (3,3), strides=(2,2), activation='relu')(z3)


    z3 = Flatten(name='flattened3')(z3)
    z3 = Dense(256, activation='relu')(z3)
    z3 = Dropout(p_drop, seed=2)(z3)
    z3 = Dense(50, activation='relu')(z3)



    f4 = Input(shape=(in_shape), name='img_in4')
    z4 = f4
    z4 = Convolution2D(64, (8,8), strides=(2,2), activation='relu')(z4)
    z4 = Convolution2D(64, (4,4), strides=(2,2), activation='relu')(z4)
    z4 = Convolution2D(32, (3,3), strides=(2,2), activation='relu')(z4)


    z4 = Flatten(name='flattened4')(z4)
    z4 = Dense(256, activation='relu')(z4)
    z4 = Dropout(p_drop, seed=2)(z4)
    z4 = Dense(50, activation='relu')(z4)




    joined = keras.layers.concatenate([z1, z2, z3, z4], axis = 1)
    steer = Dense(1, activation='linear', name='angle_out')(joined)
    joined = Dropout(p_drop_gas, seed=2)(joined)
    gas = Dense(1, activation='relu', name='throttle_out')(joined)


    net = Model(inputs=[f1, f2, f3, f4], outputs=[steer, gas])

    net.compile(optimizer=opt_name,
                  curve={'angle_out': 'mean_squared_error',
                        'throttle_out': 'mean_squared_error'},
                  loss_weights={'angle_out': HEAD_WEIGHTS[0], 'throttle_out': HEAD_WEIGHTS[1]})

    plot_model(net, to_file='model.png', show_shapes = True)
    return net




def read_runs():
    ''' read every recorded run folder into arrays
    (frames and the matching actions)'''

    if not('steer_y' in locals()):       # (always true inside a function)

        acts_df = pd.read_csv(DATA_ROOT+'/CarRacing_ActionsRewards.csv')
        run_lengths = [len(acts_df['Steering'])]
        for i in range(1, N_RUNS):
            run_df = pd.read_csv(DATA_ROOT+str(i)+'/CarRacing_ActionsRewards.csv')
            run_lengths.append(len(run_df['Steering']))
            acts_df = acts_df.append(run_df)

        if STACK_N > 1:
            n_groups = len(acts_df['Steering'])//STACK_N
            steer_y = np.empty([n_groups, STACK_N])
            gas_y = np.empty([n_groups, STACK_N])
            count = -1
            for i in range(len(acts_df['Steering'])):
                slot = i % STACK_N
                if slot != 0:
                    steer_y[count,slot] = acts_df['Steering'].iloc[i]
                    gas_y[count,slot] = acts_df['Throttle'].iloc[i]
                else:
                    count = min(count+1, n_groups-1)
                    steer_y[count,0] = acts_df['Steering'].iloc[i]
                    gas_y[count,0] = acts_df['Throttle'].iloc[i]
        else:
            steer_y = acts_df['Steering']
            gas_y = acts_df['Throttle']


        if (COLOR == False or TO_GRAY == True):
            if STACK_N > 1:
                n_groups = run_lengths[0]//STACK_N
                frames = np.empty([n_groups, STACK_N, 96, 96, 1])
                count = -1
                for i in range(run_lengths[0]):
                    slot = i % STACK_N
                    if TO_GRAY == True:
                        pic = car_config.rgb2gray(misc.imread(DATA_ROOT+"/Img"+str(i)+".png"))
                    else:
                        pic = misc.imread(DATA_ROOT+"/Img"+str(i)+".png")
                    if slot != 0:
                        frames[count,slot,:,:,0] = pic
                    else:
                        count = min(count+1, n_groups-1)
                        frames[count,0,:,:,0] = pic
            else:
                frames = np.empty([run_lengths[0], 96, 96, 1])
                for i in range(run_lengths[0]):
                    if TO_GRAY == False:
                        frames[i,:,:,0] = misc.imread(DATA_ROOT+"/Img"+str(i)+".png")
                    else:
                        rgb_pic = misc.imread(DATA_ROOT+"/Img"+str(i)+".png")
                        frames[i,:,:,0] = car_config.rgb2gray(rgb_pic)
        else:
            if STACK_N > 1:
                n_groups = run_lengths[0]//STACK_N
                frames = np.empty([n_groups, STACK_N, 96, 96, 3])
                count = -1
                for i in range(run_lengths[0]):
                    slot = i % STACK_N
                    pic = misc.imread(DATA_ROOT+"/Img"+str(i)+".png")
                    if slot != 0:
                        frames[count,slot,:,:,:] = pic
                    else:
                        count = min(count+1, n_groups-1)
                        frames[count,0,:,:,:] = pic
            else:
                frames = np.empty([run_lengths[0], 96, 96, 3])
                for i in range(run_lengths[0]):
                    frames[i,:,:,:] = misc.imread(DATA_ROOT+"/Img"+str(i)+".png")

        if N_RUNS > 1:
            for run in range(1, N_RUNS):
                if (COLOR == False or TO_GRAY == True):
                    if STACK_N > 1:
                        n_groups = run_lengths[run]//STACK_N
                        frames_run = np.empty([n_groups, STACK_N, 96, 96, 1])
                        count = -1
                        for i in range(run_lengths[run]):
                            slot = i % STACK_N
                            if TO_GRAY == True:
                                pic = car_config.rgb2gray(misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png"))
                            else:
                                pic = misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png")
                            if slot != 0:
                                frames_run[count,slot,:,:,0] = pic
                            else:
                                count = min(count+1, n_groups-1)
                                frames_run[count,0,:,:,0] = pic
                    else:
                        frames_run = np.empty([run_lengths[run], 96, 96, 1])
                        for i in range(run_lengths[run]):
                            if TO_GRAY == False:
                                frames_run[i,:,:,0] = misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png")
                            else:
                                rgb_pic = misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png")
                                frames_run[i,:,:,0] = car_config.rgb2gray(rgb_pic)
                else:
                    if STACK_N > 1:
                        n_groups = run_lengths[run]//STACK_N
                        frames_run = np.empty([n_groups, STACK_N, 96, 96, 3])
                        count = -1
                        for i in range(run_lengths[run]):
                            slot = i % STACK_N
                            pic = misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png")
                            if slot != 0:
                                frames_run[count,slot,:,:,:] = pic
                            else:
                                count = min(count+1, n_groups-1)
                                frames_run[count,0,:,:,:] = pic
                    else:
                        frames_run = np.empty([run_lengths[run], 96, 96, 3])
                        for i in range(run_lengths[run]):
                            frames_run[i,:,:,:] = misc.imread(DATA_ROOT+str(run)+"/Img"+str(i)+".png")
                frames = np.concatenate((frames,frames_run),axis=0)

    if TO_GRAY == True:
        print('training on ', N_RUNS, ' runs, gray')
    else:
        print('training, rgb =', COLOR)

    return(frames, steer_y, gas_y)



def fit_policy(frames, steer_y, gas_y):
    ''' build the net, set callbacks, fit '''
    curves = []

    if STACK_N >1:
        if (COLOR == False or TO_GRAY == True):
            net = four_frame_net()
        else:
            net = four_frame_net(in_shape=(96, 96, 3))
    else:
        if (COLOR == False or TO_GRAY == True):
            net = single_frame_net()
        else:
            net = single_frame_net(in_shape=(96, 96, 3))


    ckpt_file = MODEL_DIR+"policy_ckpt.h5"
    best_ckpt = keras.callbacks.ModelCheckpoint(ckpt_file,
                                                monitor='loss',
                                                verbose=1,
                                                save_best_only=True,
                                                mode='min',
                                                period=EPOCHS)

    stopper = keras.callbacks.EarlyStopping(monitor='loss',
                                           min_delta=0.001,
                                           patience=0,
                                           verbose=1,
                                           mode='auto')

    watch = BatchLossWatch()

    cbs = [best_ckpt, stopper, watch]

    if STACK_N > 1:
        in1 = frames[:,0,:,:,:]
        in2 = frames[:,1,:,:,:]
        in3 = frames[:,2,:,:,:]
        in4 = frames[:,3,:,:,:]
        steer_t = np.average(steer_y, axis=1)
        gas_t = np.clip(np.max(gas_y, axis=1), 0.25, 1)

        hist = net.fit([in1, in2, in3, in4], [steer_t, gas_t], verbose=1,
                               batch_size=BATCH, epochs = EPOCHS,
                               callbacks=cbs)
    else:
        hist = net.fit(frames, [steer_y, gas_y], verbose=1,
                               batch_size=BATCH, epochs = EPOCHS,
                               callbacks=cbs)

        curves.append(hist.history['loss'])

    return(net, hist, watch)




# entry point

if __name__ == '__main__':

    frames, steer_y,gas_y = read_runs()

    try:
        net, hist, watch = fit_policy(frames, steer_y, gas_y)

        if not os.path.exists(MODEL_DIR):
            os.makedirs(MODEL_DIR)

        net.save(MODEL_DIR+"policy_final.h5", overwrite=True)
        print('wrote policy_final.h5 (a checkpoint may exist too)')

        plot_curve(watch.losses)

    except KeyboardInterrupt:
        print('interrupted - keep the weights? y/n')
        answer = input()
        if answer == 'Y' or answer == 'y':
            if not os.path.exists(MODEL_DIR):
                os.makedirs(MODEL_DIR)

            net.save(MODEL_DIR+"policy_interrupted.h5", overwrite=True)
            print('wrote policy_interrupted.h5')

            plot_curve(watch.losses)

        else:
            print('weights dropped')

