# -*- coding: utf-8 -*-
"""
Train a box regressor for the robot renderings

(2D corner boxes or projected 3D boxes)
"""



from localizer_nets import BoxRegressor2D, BoxRegressor3D
from robot_frames import RobotFrames
from PIL import Image , ImageDraw
import numpy as np
from draw_boxes import show_with_boxes
from tensorflow.keras.utils import plot_model
import matplotlib as plt

# settings for this run
# True: box coordinates as fractions of the frame, False: pixels
rel_coords = True
# network input size
width_px = 512; height_px = 512
# fraction held out for validation
holdout = 0.1
# which box type to regress
box_kind = "3d"
# passes over the data
n_epochs = 10
# frames per step
bs = 1

# read frames and labels
reader = RobotFrames(cols = width_px, rows = height_px)
if box_kind.upper() == "2D":
    train_imgs, val_imgs , train_boxes, val_boxes = reader.read_split_2d(test_frac=holdout, relative = rel_coords)
if box_kind.upper() == "3D":
    train_imgs, val_imgs , train_boxes, val_boxes = reader.read_split_3d(test_frac=holdout, relative = rel_coords)

# look at one labelled frame
k = 34
show_with_boxes(picture=train_imgs[k], gt_box = train_boxes[k], kind = box_kind, relative = rel_coords)

# array shapes
print( train_imgs.shape )
print( train_boxes.shape )
print( val_imgs.shape )
print( val_boxes.shape )

# build the regressor
if box_kind.upper() == "2D":
    regressor = BoxRegressor2D( input_shape=(reader.rows , reader.cols, 3 ) )
else:
    regressor = BoxRegressor3D( input_shape=(reader.rows , reader.cols, 3 ) )
net = regressor.keras_model()
plot_model(net, show_shapes = True, rankdir = 'TB', expand_nested = True)


# arguments handed to fit
fit_args = {
    'bsz' : bs ,
    'n_ep' : n_epochs ,
    'cbs' : None ,
    'held_out' : ( val_imgs , val_boxes )
}

# training
history = regressor.run_fit( train_imgs , train_boxes  , cfg = fit_args )
# write weights
regressor.store( box_kind + '-' + 'regressor.h5' )

# curves
plt.pyplot.plot(history.history['loss'])
plt.pyplot.plot(history.history['val_loss'])

# compare predictions with labels
k = 33
show_with_boxes(picture=val_imgs[k], gt_box = val_boxes[k], pred_box = regressor.infer(np.expand_dims(val_imgs[k],0))[0], kind = box_kind)

for k in range(0,50):
    show_with_boxes(picture=val_imgs[k], gt_box = val_boxes[k], pred_box = regressor.infer(np.expand_dims(val_imgs[k],0))[0], kind = box_kind, score = regressor.centre_metric(val_boxes[k], regressor.infer(np.expand_dims(val_imgs[k],0))[0] ))

# find the best and the worst frame
lowest = 100000
highest = -100000
for k in range(1,len(val_imgs)):
    score = regressor.centre_metric(val_boxes[k], regressor.infer(np.expand_dims(val_imgs[k],0))[0] )
    if score < lowest:
        lowest = score
        lowest_at = k
    if score > highest:
        highest = score
        highest_at = k
show_with_boxes(picture=val_imgs[lowest_at], gt_box = val_boxes[lowest_at], pred_box = regressor.infer(np.expand_dims(val_imgs[lowest_at],0))[0], kind = box_kind, score = regressor.centre_metric(val_boxes[lowest_at], regressor.infer(np.expand_dims(val_imgs[lowest_at],0))[0] ))
show_with_boxes(picture=val_imgs[highest_at], gt_box = val_boxes[highest_at], pred_box = regressor.infer(np.expand_dims(val_imgs[highest_at],0))[0], kind = box_kind, score = regressor.centre_metric(val_boxes[highest_at], regressor.infer(np.expand_dims(val_imgs[highest_at],0))[0] ))