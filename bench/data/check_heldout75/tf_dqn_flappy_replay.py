#!/usr/bin/env python
from __future__ import print_function

import argparse
import skimage as skimage
from skimage import transform, color, exposure
from skimage.transform import rotate
from skimage.viewer import ImageViewer
import sys
sys.path.append("game/")
import wrapped_flappy_bird as game
import random
import numpy as np
from collections import deque

import json
from keras.initializers import normal, identity
from keras.models import model_from_json
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution2D, MaxPooling2D
from keras.optimizers import SGD , Adam
import tensorflow as tf

RUN_TAG = 'bird' # prefix used in log files
VARIANT = 'nothreshold'
N_ACTIONS = 2 # flap or not
DISCOUNT = 0.99 # reward discount per step
WARMUP_STEPS = 3200. # steps of pure observation before learning
ANNEAL_STEPS = 3000000. # steps over which epsilon shrinks
EPS_END = 0.0001 # last epsilon
EPS_START = 0.1 # first epsilon
MEMORY_SIZE = 50000 # transitions kept for replay
MINIBATCH = 32 # samples per update
FRAMES_PER_ACT = 1
LR = 1e-4

rows , cols = 80, 80
# frames are turned to grey
depth = 4 # four stacked frames

def make_qnet():
    print("building the Q network")
    qnet = Sequential()
    qnet.add(Convolution2D(32, 8, 8, subsample=(4, 4), border_mode='same',input_shape=(rows,cols,depth)))  #80*80*4
    qnet.add(Activation('relu'))
    qnet.add(Convolution2D(64, 4, 4, subsample=(2, 2), border_mode='same'))
    qnet.add(Activation('relu'))
    qnet.add(Convolution2D(64, 3, 3, subsample=(1, 1), border_mode='same'))
    qnet.add(Activation('relu'))
    qnet.add(Flatten())
    qnet.add(Dense(512))
    qnet.add(Activation('relu'))
    qnet.add(Dense(2))

    opt = Adam(lr=LR)
    qnet.compile(loss='mse',optimizer=opt)
    print("Q network ready")
    return qnet

def learn(qnet,opts):
    # start the emulator
    env = game.GameState()

    # replay buffer of past transitions
    replay = deque()

    # first observation: take the idle action, preprocess to 80x80x4
    idle = np.zeros(N_ACTIONS)
    idle[0] = 1
    frame, r0, done = env.frame_step(idle)

    frame = skimage.color.rgb2gray(frame)
    frame = skimage.transform.resize(frame,(80,80))
    frame = skimage.exposure.rescale_intensity(frame,out_range=(0,255))

    frame = frame / 255.0

    state = np.stack((frame, frame, frame, frame), axis=2)
    #print (state.shape)

    # Keras wants a batch axis
    state = state.reshape(1, state.shape[0], state.shape[1], state.shape[2])  #1*80*80*4



    if opts['mode'] == 'Run':
        WARM = 999999999    # only play, never learn
        eps = EPS_END
        print ("loading weights")
        qnet.load_weights("model.h5")
        opt = Adam(lr=LR)
        qnet.compile(loss='mse',optimizer=opt)
        print ("weights loaded")
    else:                       # learning mode
        WARM = WARMUP_STEPS
        eps = EPS_START

    step = 0
    while (True):
        loss = 0
        q_next = 0
        act = 0
        reward = 0
        act_vec = np.zeros([N_ACTIONS])
        # epsilon-greedy choice
        if step % FRAMES_PER_ACT == 0:
            if random.random() <= eps:
                print("~~~~~~~~~~ random move ~~~~~~~~~~")
                act = random.randrange(N_ACTIONS)
                act_vec[act] = 1
            else:
                q = qnet.predict(state)       # Q values for the stacked frames
                best = np.argmax(q)
                act = best
                act_vec[best] = 1

        # shrink epsilon step by step
        if eps > EPS_END and step > WARM:
            eps -= (EPS_START - EPS_END) / ANNEAL_STEPS

        # act and observe the result
        rgb_next, reward, done = env.frame_step(act_vec)

        nxt = skimage.color.rgb2gray(rgb_next)
        nxt = skimage.transform.resize(nxt,(80,80))
        nxt = skimage.exposure.rescale_intensity(nxt, out_range=(0, 255))


        nxt = nxt / 255.0


        nxt = nxt.reshape(1, nxt.shape[0], nxt.shape[1], 1) #1x80x80x1
        state_next = np.append(nxt, state[:, :, :, :3], axis=3)

        # remember the transition
        replay.append((state, act, reward, state_next, done))
        if len(replay) > MEMORY_SIZE:
            replay.popleft()

        # learn once warm-up is over
        if step > WARM:
            # draw a random minibatch
            mb = random.sample(replay, MINIBATCH)

            # experience replay update
            s_b, a_b, r_b, s1_b, done = zip(*mb)
            s_b = np.concatenate(s_b)
            s1_b = np.concatenate(s1_b)
            tgt = qnet.predict(s_b)
            q_next = qnet.predict(s1_b)
            tgt[range(MINIBATCH), a_b] = r_b + DISCOUNT*np.max(q_next, axis=1)*np.invert(done)

            loss += qnet.train_on_batch(s_b, tgt)

        state = state_next
        step = step + 1

        # checkpoint now and then
        if step % 1000 == 0:
            print("saving weights")
            qnet.save_weights("model.h5", overwrite=True)
            with open("model.json", "w") as fh:
                json.dump(qnet.to_json(), fh)

        # progress line
        phase = ""
        if step <= WARM:
            phase = "observe"
        elif step > WARM and step <= WARM + ANNEAL_STEPS:
            phase = "explore"
        else:
            phase = "train"

        print("STEP", step, "/ PHASE", phase, \
            "/ EPS", eps, "/ ACT", act, "/ REWARD", reward, \
            "/ QMAX " , np.max(q_next), "/ LOSS ", loss)

    print("game over")
    print("========================")

def play(opts):
    qnet = make_qnet()
    learn(qnet,opts)

def main():
    ap = argparse.ArgumentParser(description='DQN for the flappy bird clone')
    ap.add_argument('-m','--mode', help='Train / Run', required=True)
    opts = vars(ap.parse_args())
    play(opts)

if __name__ == "__main__":
    cfg = tf.ConfigProto()
    cfg.gpu_options.allow_growth = True
    sess = tf.Session(config=cfg)
    from keras import backend as K
    K.set_session(sess)
    main()
