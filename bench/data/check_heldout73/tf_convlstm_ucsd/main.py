import os
import numpy as np
import matplotlib.pyplot as plt

from config import *
from model import build_or_load
from data import read_test_video

def score_video(video_idx):
    net = build_or_load(train=DO_TRAIN)
    print("model ready")
    frames = read_test_video(video_idx)
    print("test video read")

    n_windows = frames.shape[0] - SEQ_LEN
    windows = np.zeros((n_windows, *DIM, N_CHANNELS))
    
    # sliding window over the frames, one window per start frame
    for s in range(n_windows):
        win = np.zeros((*DIM, N_CHANNELS))
        for t in range(SEQ_LEN):
            win[t] = frames[s+t, :, :, :]
        windows[s] = win
    
    # reconstruction error of every window
    rebuilt = net.predict(windows, batch_size=BATCH_SIZE)
    err = np.array([
        np.linalg.norm( windows[s] - rebuilt[s] )
        for s in range(n_windows)
    ])
    # irregularity
    irr = (err - np.min(err)) / np.max(err)
    # regularity
    reg = 1.0 - irr

    # plot the curve
    plt.plot(reg)
    plt.ylabel('regularity s_r(t)')
    plt.xlabel('frame t')
    if not os.path.exists(PLOT_DIR):
        os.makedirs(PLOT_DIR)
    plt.savefig(f'{PLOT_DIR}/Figure_{(video_idx or DEFAULT_TEST):03d}.png')
    # plt.show()
    plt.clf()

if __name__=="__main__":
    for k in range(4, 16):
        score_video(k)
