"""Score the fitted regressor on the first test crops and draw the joints."""
from plotting import *

import os
import pandas as pd
import numpy as np
import cv2 as cv
import matplotlib.pyplot as plt


def score_on_test(net, n_rows=200, bs=128):
    """Test loss on the first `n_rows` test crops; also writes annotated pictures."""
    # the test csv (first rows only)
    frame = pd.read_csv('FLIC-full/test/te_rows.csv', header=None,
                       nrows=n_rows)
    te_files = frame.iloc[:, 0].values

    # read those crops
    te_pixels = np.array(
            [cv.imread('FLIC-full/test/{}'.format(x)) for x in te_files])

    # as floating point
    te_pixels = te_pixels.astype(float)

    # targets
    te_pose = frame.iloc[:, 1:].values

    # loss
    te_loss = net.evaluate(te_pixels, te_pose,
                               verbose=0, batch_size=bs)

    # predictions
    guesses = net.predict(te_pixels, verbose=0, batch_size=bs)

    # output folder for the drawings
    if not os.path.exists(os.path.join(os.getcwd(), 'FLIC-full/test_plot')):
        os.mkdir('FLIC-full/test_plot')

    for k, (fname, pic, truth, guess) in enumerate(zip(te_files,
                                                      te_pixels,
                                                      te_pose,
                                                      guesses)):
        pts = truth.tolist()
        pts = list(zip(pts[0::2], pts[1::2]))

        # ground-truth joints
        pic = plot_joints(pic.astype(np.uint8), pts,
                            groundtruth=True, text_scale=0.5)

        guess = guess.astype(np.uint8).tolist()
        guess = list(zip(guess[0::2], guess[1::2]))

        # predicted joints
        pic = plot_joints(pic.astype(np.uint8), guess,
                            groundtruth=False, text_scale=0.5)

        # same file name as the crop
        plt.imsave('FLIC-full/test_plot/'+fname, pic)
    return te_loss
