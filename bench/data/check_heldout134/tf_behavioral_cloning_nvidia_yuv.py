from keras.models import Sequential, model_from_json
from keras.layers.core import Dense, Activation, Flatten, Dropout, Lambda
from keras.layers.convolutional import Convolution2D
from keras.layers.pooling import MaxPooling2D
from keras.layers.advanced_activations import ELU
from keras.regularizers import l2, activity_l2
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint, Callback
from sklearn.model_selection import train_test_split
from sklearn.utils import shuffle
import math
import numpy as np
from PIL import Image         
import cv2                 
import matplotlib.pyplot as plt
from os import getcwd
import csv
# work-around for old Keras on TF
import tensorflow as tf
tf.python.control_flow_ops = tf

# quick viewer demo with PIL (unused)
#
#

# the same with OpenCV
#
#
#
#

def show_frame(frame):
    '''Described in the notes.

'''
    cv2.imshow('view',frame)
    cv2.waitKey(0)
    cv2.destroyAllWindows()

def annotate_frame(image, steer, steer_hat, idx_label):
    '''Described in the notes.

'''    
    face = cv2.FONT_HERSHEY_SIMPLEX
    frame = cv2.cvtColor(image, cv2.COLOR_YUV2BGR)
    frame = cv2.resize(frame,None,fx=3, fy=3, interpolation = cv2.INTER_CUBIC)
    h,w = frame.shape[0:2]
    # overlay index and steering value
    cv2.putText(frame, '#: ' + str(idx_label), org=(2,18), fontFace=face, fontScale=.5, color=(200,100,100), thickness=1)
    cv2.putText(frame, 'steer: ' + str(steer), org=(2,33), fontFace=face, fontScale=.5, color=(200,100,100), thickness=1)
    # green bar: recorded steering
    cv2.line(frame,(int(w/2),int(h)),(int(w/2+steer*w/4),int(h/2)),(0,255,0),thickness=4)
    if steer_hat is not None:
        cv2.line(frame,(int(w/2),int(h)),(int(w/2+steer_hat*w/4),int(h/2)),(0,0,255),thickness=4)
    return frame
    
def show_samples(xb,yb,yb_hat=None):
    '''Described in the notes.

'''
    for i in range(len(xb)):
        if yb_hat is not None:
            frame = annotate_frame(xb[i], yb[i], yb_hat[i], i)
        else: 
            frame = annotate_frame(xb[i], yb[i], None, i)
        show_frame(frame)        

def prep_frame(frame):
    '''Described in the notes.



'''
    # camera frame 160x320x3 -> net input 66x200x3
    # old crop
    #
    # crop the sky and hood off
    out = frame[50:140,:,:]
    # light smoothing
    out = cv2.GaussianBlur(out, (3,3), 0)
    # resize to the nVidia input
    out = cv2.resize(out,(200, 66), interpolation = cv2.INTER_AREA)
    # other size tried
    #
    # YUV like the nVidia paper
    out = cv2.cvtColor(out, cv2.COLOR_BGR2YUV)
    return out

def jitter_frame(frame, steer):
    '''Described in the notes.


'''
    out = frame.astype(float)
    # brightness shift, masked so values stay in 0..255
    delta = np.random.randint(-28, 28)
    if delta > 0:
        clip_mask = (out[:,:,0] + delta) > 255 
    if delta <= 0:
        clip_mask = (out[:,:,0] + delta) < 0
    out[:,:,0] += np.where(clip_mask, 0, delta)
    # shadow over one side of the frame
    h,w = out.shape[0:2]
    cut = np.random.randint(0,w)
    dim = np.random.uniform(0.6,0.8)
    if np.random.rand() > .5:
        out[:,0:cut,0] *= dim
    else:
        out[:,cut:w,0] *= dim
    # move the horizon up or down
    h,w,_ = out.shape
    hz = 2*h/5
    shift = np.random.randint(-h/8,h/8)
    src_pts = np.float32([[0,hz],[w,hz],[0,h],[w,h]])
    dst_pts = np.float32([[0,hz+shift],[w,hz+shift],[0,h],[w,h]])
    warp = cv2.getPerspectiveTransform(src_pts,dst_pts)
    out = cv2.warpPerspective(out,warp,(w,h), borderMode=cv2.BORDER_REPLICATE)
    return (out.astype(np.uint8), steer)

def batch_stream(frame_files, steers, bs=128, no_aug=False):
    '''Described in the notes.


'''
    frame_files, steers = shuffle(frame_files, steers)
    xb,yb = ([],[])
    while True:       
        for i in range(len(steers)):
            frame = cv2.imread(frame_files[i])
            steer = steers[i]
            frame = prep_frame(frame)
            if not no_aug:
                frame, steer = jitter_frame(frame, steer)
            xb.append(frame)
            yb.append(steer)
            if len(xb) == bs:
                yield (np.array(xb), np.array(yb))
                xb, yb = ([],[])
                frame_files, steers = shuffle(frame_files, steers)
            # mirror sharp turns and negate the steering
            if abs(steer) > 0.33:
                frame = cv2.flip(frame, 1)
                steer *= -1
                xb.append(frame)
                yb.append(steer)
                if len(xb) == bs:
                    yield (np.array(xb), np.array(yb))
                    xb, yb = ([],[])
                    frame_files, steers = shuffle(frame_files, steers)


def sample_batch(frame_files, steers, bs=20, no_aug=False):
    '''Described in the notes.


'''
    xb = []
    yb = []
    frame_files, steers = shuffle(frame_files, steers)
    for i in range(bs):
        frame = cv2.imread(frame_files[i])
        steer = steers[i]
        frame = prep_frame(frame)
        if not no_aug:
            frame, steer = jitter_frame(frame, steer)
        xb.append(frame)
        yb.append(steer)
    return (np.array(xb), np.array(yb))

'''Described in the notes.

'''

# which recordings to use
use_own = True
use_ref = True

sources = [use_own, use_ref]
prefixes = ['', getcwd() + '/udacity_data/']
log_files = ['./training_data/driving_log.csv', './udacity_data/driving_log.csv']

frame_files = []
steers = []

for j in range(2):
    if not sources[j]:
        # 0 = own recording, 1 = reference recording
        print('skipping source ', j)
        continue
    # read the log
    with open(log_files[j], newline='') as fh:
        log_rows = list(csv.reader(fh, skipinitialspace=True, delimiter=',', quoting=csv.QUOTE_NONE))


    # one sample per camera, with a side-camera offset
    for rec in log_rows[1:]:
        # drop frames where the car barely moves
        if float(rec[6]) < 0.1 :
            continue
        # centre camera
        frame_files.append(prefixes[j] + rec[0])
        steers.append(float(rec[3]))
        # left camera
        frame_files.append(prefixes[j] + rec[1])
        steers.append(float(rec[3])+0.25)
        # right camera
        frame_files.append(prefixes[j] + rec[2])
        steers.append(float(rec[3])-0.25)

frame_files = np.array(frame_files)
steers = np.array(steers)

print('pre-balance:', frame_files.shape, steers.shape)

# histogram of steering values
n_bins = 23
mean_per_bin = len(steers)/n_bins
counts, edges = np.histogram(steers, n_bins)
width = 0.7 * (edges[1] - edges[0])
mids = (edges[:-1] + edges[1:]) / 2
plt.bar(mids, counts, align='center', width=width)
plt.plot((np.min(steers), np.max(steers)), (mean_per_bin, mean_per_bin), 'k-')
#

# thin out the crowded bins toward a target count
# see below
keep_p = []
goal = mean_per_bin * .5
for i in range(n_bins):
    if counts[i] < goal:
        keep_p.append(1.)
    else:
        keep_p.append(1./(counts[i]/goal))
drop_idx = []
for i in range(len(steers)):
    for j in range(n_bins):
        if steers[i] > edges[j] and steers[i] <= edges[j+1]:
            # drop with probability 1 - keep_p
            if np.random.rand() > keep_p[j]:
                drop_idx.append(i)
frame_files = np.delete(frame_files, drop_idx, axis=0)
steers = np.delete(steers, drop_idx)

# histogram after balancing
counts, edges = np.histogram(steers, n_bins)
plt.bar(mids, counts, align='center', width=width)
plt.plot((np.min(steers), np.max(steers)), (mean_per_bin, mean_per_bin), 'k-')
#

print('post-balance:', frame_files.shape, steers.shape)

# look at one batch
xb,yb = sample_batch(frame_files, steers)
show_samples(xb,yb)

# hold out a small test split
files_tr, files_te, steers_tr, steers_te = train_test_split(frame_files, steers,
                                                                                  test_size=0.05, random_state=42)
print('train split:', files_tr.shape, steers_tr.shape)
print('test split:', files_te.shape, steers_te.shape)

# network

# set True to only inspect the data
data_only = False

if not data_only:
    net = Sequential()

    # scale to [-1, 1]
    net.add(Lambda(lambda x: x/127.5 - 1.0,input_shape=(66,200,3)))

    # three strided 5x5 conv layers
    net.add(Convolution2D(24, 5, 5, subsample=(2, 2), border_mode='valid', W_regularizer=l2(0.001)))
    net.add(ELU())
    net.add(Convolution2D(36, 5, 5, subsample=(2, 2), border_mode='valid', W_regularizer=l2(0.001)))
    net.add(ELU())
    net.add(Convolution2D(48, 5, 5, subsample=(2, 2), border_mode='valid', W_regularizer=l2(0.001)))
    net.add(ELU())

    #
    
    # two 3x3 conv layers
    net.add(Convolution2D(64, 3, 3, border_mode='valid', W_regularizer=l2(0.001)))
    net.add(ELU())
    net.add(Convolution2D(64, 3, 3, border_mode='valid', W_regularizer=l2(0.001)))
    net.add(ELU())

    # flatten
    net.add(Flatten())

    # dense head 100-50-10
    net.add(Dense(100, W_regularizer=l2(0.001)))
    net.add(ELU())
    #
    net.add(Dense(50, W_regularizer=l2(0.001)))
    net.add(ELU())
    #
    net.add(Dense(10, W_regularizer=l2(0.001)))
    net.add(ELU())
    #

    # steering output
    net.add(Dense(1))

    # compile
    #
    net.compile(optimizer=Adam(lr=1e-4), loss='mse')

    # overfit check on a tiny subset (disabled)
    #
    #
    #
    #
    #
    #
    #
    #

    # batch generators
    gen_tr = batch_stream(files_tr, steers_tr, no_aug=False, bs=64)
    gen_va = batch_stream(files_tr, steers_tr, no_aug=True, bs=64)
    gen_te = batch_stream(files_te, steers_te, no_aug=True, bs=64)

    ckpt_cb = ModelCheckpoint('model{epoch:02d}.h5')

    #
    hist_log = net.fit_generator(gen_tr, validation_data=gen_va, nb_val_samples=2560, samples_per_epoch=23040, 
                                  nb_epoch=5, verbose=2, callbacks=[ckpt_cb])
    #

    print(net.summary())

    # show a few predictions
    k = 12
    xs_te,ys_te = sample_batch(files_te[:k], steers_te[:k], bs=k,                                                                     no_aug=True)
    yb_hat = net.predict(xs_te, k, verbose=2)
    show_samples(xs_te, ys_te, yb_hat)

    # save weights and architecture
    net.save_weights('./model.h5')
    arch_json = net.to_json()
    with open('./model.json', 'w') as fh:
        fh.write(arch_json)