import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

import cv2
import random
import numpy as np
import tensorflow as tf
import matplotlib.pyplot as plt
from keras._tf_keras.keras.optimizers import Adam
from tensorflow.keras.regularizers import l2
from keras._tf_keras.keras.callbacks import EarlyStopping
from sklearn.model_selection import train_test_split

from keras.layers import *
from keras.models import Sequential
from keras.utils import to_categorical

SEED = 27
np.random.seed(SEED)
random.seed(SEED)
tf.random.set_seed(SEED)


"""
# Every action folder name in UCF50.
action_names = os.listdir('UCF50')

# Figure for the preview grid.
plt.figure(figsize = (20, 20))

# 20 distinct random action indices,
# drawn from the 50 actions of the data set.
picks = random.sample(range(len(action_names)), 20)

# Walk over the random picks.
for slot, idx in enumerate(picks, 1):

    # Action for this slot.
    action = action_names[idx]

    # Clips available for this action.
    clips = os.listdir(f'UCF50/{action}')

    # One clip at random.
    clip = random.choice(clips)

    # Open the clip.
    cap = cv2.VideoCapture(f'UCF50/{action}/{clip}')
    
    # First frame only.
    _, bgr = cap.read()

    # Close the clip. 
    cap.release()

    # BGR to RGB. 
    rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)

    # Caption with the action name.
    cv2.putText(rgb, action, (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 1, (255, 255, 255), 2)
    
    # Draw it.
    plt.subplot(5, 4, slot);plt.imshow(rgb);plt.axis('off')

plt.show()

"""
# Frame size fed to the network.
FRAME_H , FRAME_W = 64, 64

# Frames per clip given to the network.
CLIP_LEN = 20

# Root of the UCF50 videos. 
VIDEO_ROOT = "UCF50"

# Actions used for this run (any subset of the 50 works).
ACTIONS = ["WalkingWithDog", "TaiChi", "Swing", "HorseRace"]

def read_clip(path):
    '''
    Read the first CLIP_LEN frames of a video, resized and scaled to [0, 1].
    Args:
        path: location of the video file.
    Returns:
        clip: list of resized, scaled frames.
    '''

    # frames collected so far
    clip = []
    
    # open the video
    cap = cv2.VideoCapture(path)

    # read frame by frame
    for _ in range(CLIP_LEN):

        # next frame 
        ok, img = cap.read() 

        # stop at the end of the video
        if not ok:
            break

        # fixed size
        small = cv2.resize(img, (FRAME_H, FRAME_W))
        
        # scale pixels into [0, 1]
        scaled = small / 255
        
        # keep it
        clip.append(scaled)
    
    # close the video 
    cap.release()

    # frames of this clip
    return clip

def build_arrays():
    '''
    Read every clip of the chosen actions.
    Returns:
        clips:  array of frame stacks, one per video.
        ids:    action index of each clip.
        (the upstream version also returned the file paths)
    '''

    # collected clips and labels
    clips = []
    ids = []
    
    # one action at a time
    for a_idx, action in enumerate(ACTIONS):
        
        # progress
        print(f'reading action: {action}')
        
        # videos of this action
        videos = os.listdir(os.path.join(VIDEO_ROOT, action))
        
        # every video
        for v in videos:
            
            # full path
            vpath = os.path.join(VIDEO_ROOT, action, v)

            # its frames
            frames = read_clip(vpath)

            # only clips with a full CLIP_LEN frames
            # are kept.
            if len(frames) == CLIP_LEN:

                # store
                clips.append(frames)
                ids.append(a_idx)

    # lists to arrays
    clips = np.array(clips)
    ids = np.array(ids)  
    
    # done
    return clips, ids

# read everything
clips, ids = build_arrays()

# one-hot action labels
onehot = to_categorical(ids)

# 75 / 25 split
x_fit, x_hold, y_fit, y_hold = train_test_split(clips, onehot,
                                                                            test_size = 0.25, shuffle = True,
                                                                            random_state = SEED)


def make_lrcn():

    # plain stack of layers
    net = Sequential()
    
    # layers
    ########################################################################################################################
    
    net.add(TimeDistributed(Conv2D(32, (3, 3), activation='relu', padding='same',
                                 kernel_regularizer=l2(0.01)),
                          input_shape=(CLIP_LEN, FRAME_H, FRAME_W, 3)))
    net.add(TimeDistributed(MaxPooling2D((2, 2))))  # halve the frame
    net.add(TimeDistributed(Dropout(0.3)))  # regularise

    net.add(TimeDistributed(Conv2D(64, (3, 3), activation='relu', padding='same',
                                    kernel_regularizer=l2(0.01))))
    net.add(TimeDistributed(MaxPooling2D((2, 2))))  # halve again
    net.add(TimeDistributed(Dropout(0.3)))  # regularise

    net.add(TimeDistributed(Conv2D(128, (3, 3), activation='relu', padding='same',
                                    kernel_regularizer=l2(0.01))))
    net.add(TimeDistributed(MaxPooling2D((2, 2))))  # and again
    net.add(TimeDistributed(Dropout(0.3)))  # regularise

    # per-frame vectors into the recurrent layer
    net.add(TimeDistributed(Flatten()))
    net.add(LSTM(64, return_sequences=False, kernel_regularizer=l2(0.01)))  # temporal model

    # classifier head
    net.add(Dense(128, activation='relu', kernel_regularizer=l2(0.01)))
    net.add(Dropout(0.5))  # regularise
    net.add(Dense(len(ACTIONS), activation='softmax'))  # one output per action
        ########################################################################################################################

    # print layers
    net.summary()
    
    # ready
    return net

lrcn = make_lrcn()

lrcn.compile(optimizer=Adam(learning_rate=0.0001),  # small step size
    loss='categorical_crossentropy',  # multi-class loss
    metrics=['accuracy'] )
stopper = EarlyStopping(
    monitor='val_loss',  # watch validation loss
    patience=10,  # give up after 10 flat epochs
    restore_best_weights=True  # roll back to the best epoch
)
history = lrcn.fit(x = x_fit, 
                                                     y = y_fit, 
                                                     epochs = 50,
                                                     batch_size = 4,
                                                     shuffle = True,
                                                    validation_split = 0.2)

# held-out score
scores = lrcn.evaluate(x_hold, y_hold)

# unpack loss and accuracy
hold_loss, hold_acc = scores

# write the network
lrcn.save("lrcn_ucf50_4actions.h5")

def draw_curves(hist, key_a, key_b, title):
    '''
    Plot two history series against epochs.
    Args:
        hist:   History object returned by fit().
        key_a:  first series name.
        key_b:  second series name.
        title:  figure title.
    '''
    
    # series
    series_a = hist.history[key_a]
    series_b = hist.history[key_b]
    
    # x axis
    xs = range(len(series_a))

    # plot
    plt.plot(xs, series_a, 'blue', label = key_a)
    plt.plot(xs, series_b, 'red', label = key_b)

    # title
    plt.title(str(title))

    # legend
    plt.legend()
    plt.show()

# loss curves
draw_curves(history, 'loss', 'val_loss', 'loss vs validation loss')

# accuracy curves
draw_curves(history, 'accuracy', 'val_accuracy', 'accuracy vs validation accuracy') 
