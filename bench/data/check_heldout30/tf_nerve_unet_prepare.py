import numpy as np
import pickle
import time
from PIL import Image
import os
from matplotlib import pylab as plt

train_dir = "ultrasound_nerve_segmentation_data/train"

images = []
masks = []
for fname in os.listdir(train_dir):

    name_parts = fname.split("_")
    if name_parts[-1] == 'mask.tif':
        mask_arr = np.asarray(Image.open(os.path.join(train_dir, fname)))
        masks.append(mask_arr)
        image_file = name_parts[0] + "_" + name_parts[1] + ".tif"
        image_arr = np.asarray(Image.open(os.path.join(train_dir, image_file)))
        images.append(image_arr)




images = np.array(images)
masks = np.array(np.array(masks, dtype=np.bool_), dtype=np.int16)


print("stacked images: ", images.shape)
print("stacked masks: ", masks.shape)

pickle.dump(images, open('ultrasound_nerve_segmentation_data/input_image.p', "wb"))
pickle.dump(masks, open('ultrasound_nerve_segmentation_data/mask.p', "wb"))

# left off: reorder the name lists
# left off: echo the order
# left off: apply it to the mask names
#
# left off: same for the image names
# left off: apply it
# left off: echo them
#
# left off: pair them up
# left off: echo each pair
#
# left off: type of the first image
# left off: its shape
# left off: echo the mask names

