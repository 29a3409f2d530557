from u_net import SegUNet
import pickle
import numpy as np


train_images_all = pickle.load(open('ultrasound_nerve_segmentation_data/input_image.p', "rb"))
masks_all = pickle.load(open('ultrasound_nerve_segmentation_data/mask.p', "rb"))

train_images_all = np.expand_dims(train_images_all,3)
masks_all = np.expand_dims(masks_all,3)

print("image array: ", train_images_all.shape)
print("mask array: ", masks_all.shape)

mask_share = np.sum(masks_all)/masks_all.size

print("share of mask pixels: ", mask_share)


train_images = train_images_all[:5000]
train_masks = masks_all[:5000]
val_images = train_images_all[5000:]
val_masks = masks_all[5000:]


seg_model = SegUNet(in_shape=(420,580,1), filters_per_level=[32,64,128,248])

seg_model.train(train_images,train_masks,val_images,val_masks, verbose=1,batch_size=8)

