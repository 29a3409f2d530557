# Serial U-Net depth regression on KITTI crops
# (RGB frame -> 8-bit depth map), trained from two file lists
#
# monocular depth from RGB

import numpy as np
from glob import glob
from utils import deep_utils
from utils.image_utils import depth_read, rgb_read, depth_read_kitti
from models import models
from tensorflow.keras.callbacks import TensorBoard, ModelCheckpoint
from tensorflow.keras.optimizers import Adam
import datetime
from tensorflow.compat.v1 import ConfigProto
from tensorflow.compat.v1 import InteractiveSession
import segmentation_models

sess_cfg = ConfigProto()
sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.9
sess_cfg.gpu_options.allow_growth = True
sess = InteractiveSession(config=sess_cfg)

def _train_batches(rgb_files,depth_files,bs):
    """
    Endless generator of (rgb, depth) batches read from disk.
    """
    #same numeric order for both lists
    rgb_files.sort(key=lambda p: int(''.join(filter(str.isdigit, p))))
    depth_files.sort(key=lambda p: int(''.join(filter(str.isdigit, p))))
    #shuffle the pairs together
    rgb_files,depth_files=deep_utils.simul_shuffle(rgb_files,depth_files)

    while True:
        pos=0

        while pos<len(rgb_files):
            xb=np.zeros((bs,192,640,3),dtype=np.uint8)
            yb=np.zeros((bs,192,640),dtype=np.uint8)

            for j in range(bs):
                #read one pair
                xb[j]=rgb_read(rgb_files[pos+j])
                #yb[j]=depth_read(depth_files[pos+j])
                yb[j]=depth_read_kitti(depth_files[pos+j])

            #keep NHWC layout
            xb = xb.reshape(xb.shape[0], xb.shape[1],
                            xb.shape[2], xb.shape[3]).astype(np.uint8)

            yb = yb.reshape((yb.shape[0],1,-1)).astype(np.uint8)
            yb = yb.squeeze()

            # scale both to [0, 1] in half precision
            xb=np.divide(xb,255).astype(np.float16)
            yb=np.divide(yb,255).astype(np.float16)

            if (pos % 1024)==0:
                print(str(pos)+'/'+str(len(rgb_files)))

            pos+=bs

            yield xb, yb

def _val_batches(rgb_val_files,depth_val_files,bs):
    """
    Same as _train_batches, over the validation lists.
    """
    #same numeric order for both lists
    rgb_val_files.sort(key=lambda p: int(''.join(filter(str.isdigit, p))))
    depth_val_files.sort(key=lambda p: int(''.join(filter(str.isdigit, p))))
    #shuffle the pairs together
    rgb_val_files,depth_val_files=deep_utils.simul_shuffle(rgb_val_files,depth_val_files)

    while True:
        pos=0

        while pos<len(rgb_val_files):
            xv=np.zeros((bs,192,640,3),dtype=np.uint8)
            yv=np.zeros((bs,192,640),dtype=np.uint8)

            for j in range(bs):
                #read one pair
                xv[j]=rgb_read(rgb_val_files[pos+j])
                #yv[j]=depth_read(depth_val_files[pos+j])
                yv[j]=depth_read_kitti(depth_val_files[pos+j])

            #keep NHWC layout
            xv = xv.reshape(xv.shape[0], xv.shape[1],
                            xv.shape[2], xv.shape[3]).astype(np.uint8)

            yv = yv.reshape((yv.shape[0],1,-1)).astype(np.uint8)
            yv = yv.squeeze()

            # scale both to [0, 1] in half precision
            xv=np.divide(xv,255).astype(np.float16)
            yv=np.divide(yv,255).astype(np.float16)

            if (pos % 1024)==0:
                print(str(pos)+'/'+str(len(rgb_val_files)))

            pos+=bs

            yield xv, yv

def run(tag, builder=models.wnet_connected,epochs=5,bs=2):
    '''Fit one depth network.'''

    segmentation_models.set_framework('tf.keras')
    print(segmentation_models.framework())

    #training file lists
    rgb_dir=r"G:\Documents\KITTI\data\train\X\\"
    depth_dir=r"G:\Documents\KITTI\data\train\y\\"
    rgb_files=glob(rgb_dir+'*.png')
    depth_files=glob(depth_dir+'*.png')

    #validation file lists
    rgb_val_dir=r"G:\Documents\KITTI\data\val\X\\"
    depth_val_dir=r"G:\Documents\KITTI\data\val\y\\"
    rgb_val_files=glob(rgb_val_dir+'*.png')
    depth_val_files=glob(depth_val_dir+'*.png')

    net=builder()
    net.compile(loss='mean_squared_error',optimizer=Adam(lr=1e-4)) #,metrics=['mse']

    #keep the best weights
    best_path=f"{tag}_weights_best.hdf5"
    saver = ModelCheckpoint(best_path, monitor='val_loss', verbose=1,
                            save_best_only=True, mode='min')

    #tensorboard logs
    tb_dir = f"logs\\{tag}\\" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    tb = TensorBoard(log_dir=tb_dir)

    cbs = [saver, tb]

    net.fit_generator(_train_batches(rgb_files,depth_files,bs),
                      epochs=epochs,
                      steps_per_epoch=len(rgb_files)//bs,
                      #validation_data=(X_test,y_test),
                      validation_data=_val_batches(rgb_val_files,depth_val_files,bs),
                      validation_steps=len(rgb_val_files)//bs,
                      max_queue_size=1,
                      callbacks=cbs,
                      verbose=2)

    return net

if __name__=='__main__':
    builders=[models.cnn,
              models.pretrained_unet_cnn,
              models.rcnn_640_480,
              models.pretrained_unet_rcnn,
              models.pretrained_unet,
              models.wnet,
              models.wnet_connected]
    tags=['CNN',
          'U-Net_CNN',
          'RCNN',
          'U-Net_RCNN',
          'U-Net',
          'W-Net',
          'W-Net_Connected']

    #which one to train
    pick=6

    net=run(tag=tags[pick],builder=builders[pick],
            epochs=35,bs=2)

    #write the architecture
    deep_utils.save_model(net,serialize_type='yaml',
                          model_name=f'{tags[pick]}_nyu_model',
                          save_weights=False)

    deep_utils.save_model(net,serialize_type='json',
                          model_name=f'{tags[pick]}_nyu_model',
                          save_weights=False)
