from __future__ import division
import numpy as np
import scipy.io as sio
import scipy.misc as sc
import glob

# target size of every sample
H = 256
W  = 256
C = 3

# ---------------- read every ISIC 2018 training picture and its mask ----------------
root = 'dataset_isic18/'
inputs_dir = 'ISIC2018_Task1-2_Training_Input'

jpgs = glob.glob(root+ inputs_dir+'/*.jpg')
# the challenge ships 2594 lesion photos
all_photos    = np.zeros([2594, H, W, C])
all_masks   = np.zeros([2594, H, W])

print('reading the ISIC 2018 photos')
for k in range(len(jpgs)):
    print(k+1)
    pic = sc.imread(jpgs[k])
    pic = np.double(sc.imresize(pic, [H, W, C], interp='bilinear', mode = 'RGB'))
    all_photos[k, :,:,:] = pic

    path = jpgs[k]    
    head = path[0:len(root)]
    path = path[len(path)-16: len(path)-4] 
    gt_file = (head+ 'ISIC2018_Task1_Training_GroundTruth/' + path +'_segmentation.png')    
    gt = sc.imread(gt_file)
    gt = np.double(sc.imresize(gt, [H, W], interp='bilinear'))
    all_masks[k, :,:] = gt    
         
print('all photos read')

# ---------------- fixed split: 1815 fit / 259 val / 520 test ----------------
# the slices below are views of the two big arrays

fit_x      = all_photos[0:1815,:,:,:]
val_x = all_photos[1815:1815+259,:,:,:]
test_x       = all_photos[1815+259:2594,:,:,:]

fit_y      = all_masks[0:1815,:,:]
val_y = all_masks[1815:1815+259,:,:]
test_y       = all_masks[1815+259:2594,:,:]


np.save('data_train', fit_x)
np.save('data_test' , test_x)
np.save('data_val'  , val_x)

np.save('mask_train', fit_y)
np.save('mask_test' , test_y)
np.save('mask_val'  , val_y)


