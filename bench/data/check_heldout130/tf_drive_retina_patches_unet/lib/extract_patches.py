import numpy as np
import random
import configparser as ConfigParser

from help_functions import read_h5
from help_functions import save_png
from help_functions import tile_grid

from pre_processing import my_PreProc






def get_data_training(DRIVE_train_imgs_original,
                      DRIVE_train_groudTruth,
                      ph,
                      pw,
                      N_subimgs,
                      inside_FOV):
    raw_imgs = read_h5(DRIVE_train_imgs_original)
    gt = read_h5(DRIVE_train_groudTruth)



    imgs = my_PreProc(raw_imgs)
    gt = gt/255.

    imgs = imgs[:,:,9:574,:]
    gt = gt[:,:,9:574,:]
    check_pair(imgs,gt)


    assert(np.min(gt)==0 and np.max(gt)==1)

    print("\nfull training images and masks:")
    print(imgs.shape)
    print("image value range: " +str(np.min(imgs)) +' - '+str(np.max(imgs)))
    print("mask values are 0/1\n")

    x_patches, y_patches = extract_random(imgs,gt,ph,pw,N_subimgs,inside_FOV)
    check_pair(x_patches, y_patches)

    print("\nsampled patches:")
    print(x_patches.shape)
    print("patch value range: " +str(np.min(x_patches)) +' - '+str(np.max(x_patches)))
    return x_patches, y_patches



def check_pair(imgs,masks):
    assert(len(imgs.shape)==len(masks.shape))
    assert(imgs.shape[0]==masks.shape[0])
    assert(imgs.shape[2]==masks.shape[2])
    assert(imgs.shape[3]==masks.shape[3])
    assert(masks.shape[1]==1)
    assert(imgs.shape[1]==1 or imgs.shape[1]==3)




def extract_random(imgs_full,gts_full, side_h,side_w, n_total, only_fov=True):
    if (n_total%imgs_full.shape[0] != 0):
        print("the patch count must divide evenly by the image count")
        exit()
    assert (len(imgs_full.shape)==4 and len(gts_full.shape)==4)
    assert (imgs_full.shape[1]==1 or imgs_full.shape[1]==3)
    assert (gts_full.shape[1]==1)
    assert (imgs_full.shape[2] == gts_full.shape[2] and imgs_full.shape[3] == gts_full.shape[3])
    xs = np.empty((n_total,imgs_full.shape[1],side_h,side_w))
    ys = np.empty((n_total,gts_full.shape[1],side_h,side_w))
    H = imgs_full.shape[2]
    W = imgs_full.shape[3]

    per_image = int(n_total/imgs_full.shape[0])
    print("patches drawn per image: " +str(per_image))
    filled = 0
    for i in range(imgs_full.shape[0]):
        k=0
        while k <per_image:
            cx = random.randint(0+int(side_w/2),W-int(side_w/2))

            cy = random.randint(0+int(side_h/2),H-int(side_h/2))


            if only_fov==True:
                if inside_fov(cx,cy,W,H,side_h)==False:
                    continue
            crop = imgs_full[i,:,cy-int(side_h/2):cy+int(side_h/2),cx-int(side_w/2):cx+int(side_w/2)]
            crop_gt = gts_full[i,:,cy-int(side_h/2):cy+int(side_h/2),cx-int(side_w/2):cx+int(side_w/2)]
            xs[filled]=crop
            ys[filled]=crop_gt
            filled +=1
            k+=1
    return xs, ys



def inside_fov(x,y,W,H,side_h):
    x_ = x - int(W/2)
    y_ = y - int(H/2)
    r_max = 270 - int(side_h * np.sqrt(2.0) / 2.0)
    r = np.sqrt((x_*x_)+(y_*y_))
    if r < r_max:
        return True
    else:
        return False


