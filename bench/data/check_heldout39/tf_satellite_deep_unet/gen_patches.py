import random
import numpy as np

def random_crop_pair(scene_img, scene_mask, patch_side=160):
    """
    img: (rows, cols, bands) array of one scene
    mask: (rows, cols, classes) 0/1 array of the same scene
    sz: side of the square crop
    gives an (sz, sz, bands) crop and the matching mask crop
    """
    assert len(scene_img.shape) == 3 and scene_img.shape[0] > patch_side and scene_img.shape[1] > patch_side and scene_img.shape[0:2] == scene_mask.shape[0:2]
    row0 = random.randint(0, scene_img.shape[0] - patch_side)
    col0 = random.randint(0, scene_img.shape[1] - patch_side)
    img_patch_v = scene_img[row0:(row0 + patch_side), col0:(col0 + patch_side)]
    mask_patch_v = scene_mask[row0:(row0 + patch_side), col0:(col0 + patch_side)]

    # random flip / transpose / rotation
    aug_kind = np.random.randint(1,8)
    if aug_kind == 1:  # flip rows
        img_patch_v = img_patch_v[::-1,:,:]
        mask_patch_v = mask_patch_v[::-1,:,:]
    elif aug_kind == 2:    # flip columns
        img_patch_v = img_patch_v[:,::-1,:]
        mask_patch_v = mask_patch_v[:,::-1,:]
    elif aug_kind == 3:    # swap rows and columns
        img_patch_v = img_patch_v.transpose([1,0,2])
        mask_patch_v = mask_patch_v.transpose([1,0,2])
    elif aug_kind == 4:
        img_patch_v = np.rot90(img_patch_v, 1)
        mask_patch_v = np.rot90(mask_patch_v, 1)
    elif aug_kind == 5:
        img_patch_v = np.rot90(img_patch_v, 2)
        mask_patch_v = np.rot90(mask_patch_v, 2)
    elif aug_kind == 6:
        img_patch_v = np.rot90(img_patch_v, 3)
        mask_patch_v = np.rot90(mask_patch_v, 3)
    else:
        pass

    return img_patch_v, mask_patch_v


def sample_patches(x_scenes, y_scenes, n_patches_wanted, patch_side=160):
    x_patches = list()
    y_patches = list()
    n_done = 0
    while n_done < n_patches_wanted:
        scene_id = random.sample(x_scenes.keys(), 1)[0]
        scene_img = x_scenes[scene_id]
        scene_mask = y_scenes[scene_id]
        img_patch, mask_patch = random_crop_pair(scene_img, scene_mask, patch_side)
        x_patches.append(img_patch)
        y_patches.append(mask_patch)
        n_done += 1
    print('{} patches cut'.format(n_done))
    return np.array(x_patches), np.array(y_patches)


