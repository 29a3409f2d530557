import numpy as np
import pickle
import time
from PIL import Image
import os
from matplotlib import pylab as plt

train_dir = "C:/Users/ma10s/Documents/project/ultrasound-nerve-segmentation/train"

images = []
image_files = []
masks = []
mask_files = []
count = 0
for fname in os.listdir(train_dir):
    if count<1000000:
        name_parts = fname.split("_")
        # left off: echo the split name
        if name_parts[-1] == 'mask.tif':
            masks.append(Image.open(os.path.join(train_dir, fname)))
            image_file = name_parts[0] + "_" + name_parts[1] + ".tif"
            images.append(Image.open(os.path.join(train_dir, image_file)))


    count+=1

images = np.array([np.asarray(image)for image in images])
masks = np.array(np.array([np.asarray(image)for image in masks],dtype=np.bool_),dtype=np.int32)

print("stacked images: ", images.shape)
print("stacked masks: ", masks.shape)

# left off: echo the order
# left off: apply it to the mask names
# left off: same for the image names
#
# left off: apply it
# left off: echo them
# left off: pair them up
#
# left off: echo each pair
# left off: type of the first image
#
# left off: its shape
# left off: echo the mask names
# left off: echo the split name

shown=4
mask_points = np.argwhere(masks[shown]!=0)
print("marked mask points: ", mask_points.shape)
fig, axes = plt.subplots(2,2,figsize=(20,20))
axes[0,0].imshow(images[shown], cmap='Greys')
axes[0,1].imshow(masks[shown])
axes[1,1].imshow(images[shown])
axes[1,1].scatter(mask_points[:,1],mask_points[:,0], c='r', alpha=0.01)


plt.show()
print("mask values of the first pair: ", np.unique(masks[0]))

