from __future__ import absolute_import, division, print_function, unicode_literals
import tensorflow as tf
import numpy as np
from netdefs import UNetBuilder, Fitter
from augment import FlipRotCrop
from curves import Curves


if __name__ == "__main__":

    # arrays written by the preparation step
    npy_dir = './temp_data'
    cells = np.load(npy_dir + '/train_image.npy')
    labels = np.load(npy_dir + '/train_mask.npy')
    cells = np.reshape(cells, cells.shape + (1,)) # trailing channel axis for the network
    labels = np.reshape(labels, labels.shape + (1,))

    
    # four-fold augmentation
    print('augmenting ...')
    aug_c = FlipRotCrop(cells)
    cells_aug = aug_c.aug_array
    aug_l = FlipRotCrop(labels)
    labels_aug = aug_l.aug_array
    print(cells_aug.shape)
    
    stage1_test = np.load(npy_dir + '/test_image.npy')
    stage1_test = np.reshape(stage1_test, stage1_test.shape + (1,))
    np.save(npy_dir + '/test_image00.npy', stage1_test)


    net = UNetBuilder().unet()
  
    print('writing the network diagram.')
    tf.keras.utils.plot_model(net, to_file='unet_model.png', show_shapes=True, show_layer_names=True, rankdir='TB', expand_nested=False, dpi=96)

    hist = Fitter().train(net, cells_aug, labels_aug)   
    print('\nhistory:', hist.history)

    # curves

    c = Curves(hist)
    c.plot_metrics()
    
    print('\n# predicting the stage-1 test images')
    pred = net.predict(stage1_test)
    print('prediction array:', pred.shape)
    # keep them
    npy_dir = 'D:/work/nuclei/temp_data'
    np.save(npy_dir + '/test_pred.npy', pred)

    
