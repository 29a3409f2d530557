""" Trainer for a lane-marking network made only of convolutions
(no dense layers at all). Road frames are expected as
80 x 160 x 3 RGB arrays and targets as 80 x 160 x 1 masks
(a single channel holding the painted lane area). To look at a
prediction, stack it with two empty channels and blend it onto
the original frame.
The pickles hold the full set of frames and masks,
all of which are read up front.
"""

import numpy as np
import pickle
from sklearn.utils import shuffle
from sklearn.model_selection import train_test_split
from model import LaneNet


# Read the road frames
# frames come from a single pickle file
road_frames = pickle.load(open("archive/full_CNN_train.p", "rb"))

# Read the lane masks
# masks come from a second pickle file
lane_masks = pickle.load(open("archive/full_CNN_labels.p", "rb"))

# Turn both lists into numpy arrays for keras
road_frames = np.array(road_frames)
lane_masks = np.array(lane_masks)

# Scale masks to [0, 1]; frames are scaled by the first layer of the net
lane_masks = lane_masks / 255

# Mix frames and masks together, then hold out a validation part
road_frames, lane_masks = shuffle(road_frames, lane_masks)
# hold out one tenth
frames_fit, frames_hold, masks_fit, masks_hold = train_test_split(road_frames, lane_masks, test_size = 0.1)

# Tunable knobs for the run
chunk = 128
rounds = 10
pooling = (2, 2)
frame_shape = frames_fit.shape[1:]
net = LaneNet(frame_shape, pooling)
net.createmodel()
net.buildModel(frames_fit, masks_fit, frames_hold, masks_hold, save = "Model/LaneNet.h5", summary = True)
