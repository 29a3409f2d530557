import numpy as np
import random
import h5py

def sample_random_patches(full_images, full_masks, patch_rows, patch_cols, n_patches, inside=True): 
    if (n_patches % full_images.shape[0] != 0):
        print("n_patches should be divisible by the 20 images")
    assert (len(full_images.shape)==4 and len(full_masks.shape)==4)
    assert (full_images.shape[1]==1 or full_images.shape[1]==3) # one or three channels
    assert (full_masks.shape[1]==1) # masks have a single channel
    assert (full_images.shape[2] == full_masks.shape[2] and full_images.shape[3] == full_masks.shape[3])
    image_patches = np.empty((n_patches, full_images.shape[1], patch_rows, patch_cols))
    mask_patches = np.empty((n_patches, full_masks.shape[1], patch_rows, patch_cols))
    height = full_images.shape[2]
    width = full_images.shape[3]

    per_image = int(n_patches/full_images.shape[0]) # same share for each image
    print("patches taken from each image: " + str(per_image))
    filled = 0
    for i in range(full_images.shape[0]):
        # count of patches cut from this image
        k  = 0
        while k < per_image:
            cx = random.randint(0+int(patch_cols/2), width-int(patch_cols/2))
            cy = random.randint(0+int(patch_rows/2), height-int(patch_rows/2))
            if inside==True:
                if centre_in_fov(cx, cy, width, height, patch_rows)==False:
                    continue
            
            # cut the image and mask windows
            img_patch = full_images[i, :, cy-int(patch_rows/2):cy+int(patch_rows/2), cx-int(patch_cols/2):cx+int(patch_cols/2)]
            
            mask_patch = full_masks[i,:,cy-int(patch_rows/2):cy+int(patch_rows/2), cx-int(patch_cols/2):cx+int(patch_cols/2)]
            image_patches[filled] = img_patch
            mask_patches[filled] = mask_patch
            filled += 1
            k += 1
    return image_patches, mask_patches



def centre_in_fov(x, y, width, height, patch_rows):
    x = x - int(width/2)
    y = y - int(height/2)
    r_limit = 270 - int(patch_rows * np.sqrt(2.0) / 2.0)
    dist = np.sqrt((x*x) + (y*y))
    if dist < r_limit:
        return True
    else:
        return False


def check_pair(images, masks):
    '''
    shape checks kept from an earlier version:
    first, third and fourth dims must agree
    between images and masks,
    and masks must have one channel
    '''
    assert(images.shape[1] == 1 or images.shape[1] == 3)
    assert(np.max(masks)==1 and np.min(masks)==0), 'max: %.4f, min: %.4f' %(np.max(masks), np.min(masks))


def read_h5_images(h5_path):
    with h5py.File(h5_path, 'r') as f:
        return f['image'][()]


def masks_to_onehot(masks):
    assert(len(masks.shape) == 4)
    count = masks.shape[0]
    rows = masks.shape[2]
    cols = masks.shape[3]
    masks = np.reshape(masks, (count, masks.shape[1], rows*cols))
    onehot = np.empty((count, rows*cols, 2))
    assert(np.max(masks) == 1 and np.min(masks)==0)
    for i in range(masks.shape[0]):
        for j in range(masks.shape[2]):
            if masks[i,:,j] == 0:
                onehot[i,j,0] = 1
                onehot[i,j,1] = 0
            else:
                onehot[i,j,0] = 0
                onehot[i,j,1] = 1
    return onehot



















