# multi-head keypoint heatmap model on the frames of one video
# frames + DeepLabCut labels -> per-part maps, merged map, middle-frame map

import tensorflow as tf
import sys
sys.path.append(r'C:\work\pose_in_video')
import cnn
from pose_data import PoseClips
import numpy as np
from keras import layers
from keras import models
from keras import optimizers
import keras.backend as K
from keras.applications import ResNet50
from keras.callbacks import TensorBoard, ModelCheckpoint
from time import time
import cv2


'''read frames and build targets'''
img_dir = r"C:\work\pose_in_video\Videos\clip01\FrameByFrame"
labels_h5 = r"C:\work\pose_in_video\Videos\clip01\clip01DeepCut_resnet50_labels.h5"
clips = PoseClips(img_dir, labels_h5)
x_chunks = clips.dataset['x'][1:]
part_maps = clips.dataset['y']
part_maps = [np.swapaxes(c, 1, 3) for c in part_maps][1:]

merged_maps = clips.dataset['y1']
merged_maps = [np.expand_dims(c, axis=-1) for c in merged_maps][1:]

mid_maps = clips.second_dataset['y']
mid_maps = [np.expand_dims(c, axis = -1) for c in mid_maps][1:]



'''model'''
# sizes
n_frames = 5
img_h = 224
img_w = 224
img_c = 3
n_parts = 6



backbone = ResNet50(weights = 'imagenet',
                    include_top = False,
                    input_shape = (img_h, img_w, img_c))

for lyr in backbone.layers:
    lyr.trainable = False

def make_model():
    img_in = backbone.input
    feats = backbone(img_in)
    resnet_only = models.Model(inputs=[img_in], outputs=[feats])

    deconv_out = cnn.deconvolution_network(backbone.layers[-1].output)
    deconv_only = models.Model(inputs=[img_in], outputs=[deconv_out])

    fuse_a =  backbone.layers[-1].output
    fuse_b = deconv_only.layers[-4].output
    fuse_out = cnn.spatial_fusion_network(fuse_a, fuse_b)

    flow_in = deconv_only.layers[-1].output
    flow_out = cnn.optical_flow_network(flow_in)
    full = models.Model(inputs=[img_in], outputs=[deconv_out, fuse_out, flow_out])

    # one loss per named output head

    # loss per head, and the weight
    # of each head
    head_losses = {
        "deconvolution_network_output": "mean_squared_error",
        "spatial_fusion_output": "mean_squared_error",
        "optical_flow_output": "mean_squared_error"
    }
    head_weights = {"deconvolution_network_output": 1.0,
                    "spatial_fusion_output": 1.0,
                    "optical_flow_output": 1.0}


    adam = optimizers.Adam(lr=0.0001, beta_1=0.9, beta_2=0.999, epsilon=None, decay=0.0, amsgrad=True)
    full.compile( optimizer=adam, loss=head_losses, loss_weights=head_weights, metrics = ["accuracy"])

    return full

saver = ModelCheckpoint(filepath=r"C:\work\pose_in_video\pretrained models\model.h5",
                        verbose=0,
                        save_best_only=True)

tb = TensorBoard(log_dir=r"C:\work\pose_in_video\logs\{}".format(time()))

full = make_model()


'''one chunk per step'''
def chunks(x_chunks, mid_maps, part_maps, merged_maps):
    while(1):
        for a,b,c,d in zip(x_chunks, mid_maps, part_maps, merged_maps):
            # the middle map is repeated n_frames times along a new first axis
            yield (a, {"optical_flow_output" : np.repeat(np.expand_dims(b, axis=0), 5, 0),
                       "deconvolution_network_output": c,
                       "spatial_fusion_output": d})

'''fit'''
full.fit_generator(chunks(x_chunks,
                          mid_maps,
                          part_maps,
                          merged_maps),
                   steps_per_epoch=386,
                   verbose = 2,
                   epochs = 100,
                   callbacks=[saver, tb])
