from __future__ import print_function
from keras.preprocessing.image import ImageDataGenerator
import numpy as np 
import os
import glob
import skimage.io as io
import skimage.transform as trans

SKY_RGB = [128,128,128]
BUILDING_RGB = [128,0,0]
POLE_RGB = [192,192,128]
ROAD_RGB = [128,64,128]
PAVEMENT_RGB = [60,40,222]
TREE_RGB = [128,128,0]
SIGN_RGB = [192,128,128]
FENCE_RGB = [64,64,128]
CAR_RGB = [64,0,128]
PEDESTRIAN_RGB = [64,64,0]
BICYCLIST_RGB = [0,128,192]
UNLABELLED_RGB = [0,0,0]

CLASS_COLORS = np.array([SKY_RGB, BUILDING_RGB, POLE_RGB, ROAD_RGB, PAVEMENT_RGB,
                          TREE_RGB, SIGN_RGB, FENCE_RGB, CAR_RGB, PEDESTRIAN_RGB, BICYCLIST_RGB, UNLABELLED_RGB])


def prepare_pair(img_b,mask_b,multi_class,n_classes):
    if(multi_class):
        img_b = img_b / 255
        mask_b = mask_b[:,:,:,0] if(len(mask_b.shape) == 4) else mask_b[:,:,0]
        onehot_mask = np.zeros(mask_b.shape + (n_classes,))
        for ci in range(n_classes):
            # one-hot: pixels of class ci get a 1 in channel ci
            # (an np.where based version
            #  built explicit index tuples here
            #  and set them to one)
            onehot_mask[mask_b == ci,ci] = 1
        onehot_mask = np.reshape(onehot_mask,(onehot_mask.shape[0],onehot_mask.shape[1]*onehot_mask.shape[2],onehot_mask.shape[3])) if multi_class else np.reshape(onehot_mask,(onehot_mask.shape[0]*onehot_mask.shape[1],onehot_mask.shape[2]))
        mask_b = onehot_mask
    elif(np.max(img_b) > 1):
        img_b = img_b / 255
        mask_b = mask_b /255
        mask_b[mask_b > 0.5] = 1
        mask_b[mask_b <= 0.5] = 0
    return (img_b,mask_b)



def train_pair_generator(batch_sz,train_dir,image_subdir,mask_subdir,aug_kwargs,image_mode = "grayscale",
                    mask_mode = "grayscale",image_prefix_out  = "image",mask_prefix_out  = "mask",
                    multi_class = False,n_classes = 2,dump_dir = None,resize_to = (256,256),rng_seed = 1):
    '''
    yields augmented (image, mask) batches together;
    both generators share one seed so each image and its mask get the same transform;
    pass dump_dir to write the augmented pairs to disk for inspection
    '''
    image_aug = ImageDataGenerator(**aug_kwargs)
    mask_aug = ImageDataGenerator(**aug_kwargs)
    image_flow = image_aug.flow_from_directory(
        train_dir,
        classes = [image_subdir],
        class_mode = None,
        color_mode = image_mode,
        target_size = resize_to,
        batch_size = batch_sz,
        save_to_dir = dump_dir,
        save_prefix  = image_prefix_out,
        seed = rng_seed)
    mask_flow = mask_aug.flow_from_directory(
        train_dir,
        classes = [mask_subdir],
        class_mode = None,
        color_mode = mask_mode,
        target_size = resize_to,
        batch_size = batch_sz,
        save_to_dir = dump_dir,
        save_prefix  = mask_prefix_out,
        seed = rng_seed)
    paired_flow = zip(image_flow, mask_flow)
    for (img_b,mask_b) in paired_flow:
        img_b,mask_b = prepare_pair(img_b,mask_b,multi_class,n_classes)
        yield (img_b,mask_b)



def test_image_generator(test_dir,n_images = 30,resize_to = (256,256),multi_class = False,gray = True):
    for ci in range(n_images):
        img_b = io.imread(os.path.join(test_dir,"%d.png"%ci),as_gray = gray)
        img_b = img_b / 255
        img_b = trans.resize(img_b,resize_to)
        img_b = np.reshape(img_b,img_b.shape+(1,)) if (not multi_class) else img_b
        img_b = np.reshape(img_b,(1,)+img_b.shape)
        yield img_b


def load_train_arrays(image_dir,mask_dir,multi_class = False,n_classes = 2,image_stem = "image",mask_stem = "mask",image_gray = True,mask_gray = True):
    image_files = glob.glob(os.path.join(image_dir,"%s*.png"%image_stem))
    image_list = []
    mask_list = []
    for idx,img_path_i in enumerate(image_files):
        img_b = io.imread(img_path_i,as_gray = image_gray)
        img_b = np.reshape(img_b,img_b.shape + (1,)) if image_gray else img_b
        mask_b = io.imread(img_path_i.replace(image_dir,mask_dir).replace(image_stem,mask_stem),as_gray = mask_gray)
        mask_b = np.reshape(mask_b,mask_b.shape + (1,)) if mask_gray else mask_b
        img_b,mask_b = prepare_pair(img_b,mask_b,multi_class,n_classes)
        image_list.append(img_b)
        mask_list.append(mask_b)
    image_list = np.array(image_list)
    mask_list = np.array(mask_list)
    return image_list,mask_list


def colorize_labels(n_classes,palette,img_b):
    img_b = img_b[:,:,0] if len(img_b.shape) == 3 else img_b
    rgb_out = np.zeros(img_b.shape + (3,))
    for ci in range(n_classes):
        rgb_out[img_b == ci,:] = palette[ci]
    return rgb_out / 255



def save_predictions(out_dir,pred_stack,multi_class = False,n_classes = 2):
    for ci,img_path_i in enumerate(pred_stack):
        img_b = colorize_labels(n_classes,CLASS_COLORS,img_path_i) if multi_class else img_path_i[:,:,0]
        io.imsave(os.path.join(out_dir,"%d_predict.png"%ci),img_b)