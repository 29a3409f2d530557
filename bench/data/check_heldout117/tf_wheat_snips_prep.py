import os
from PIL import Image, ImageDraw
from numpy import asarray
from matplotlib import pyplot as plt
import numpy as np
import csv
import pandas as pd
from os import listdir
from os.path import isfile, join
import itertools
import random
from numpy import save

# True when a grid cell is far from every box
def far_from_boxes(cx,cy,boxes):
    mid_x = cx*snip_px+snip_px/2
    mid_y = cy*snip_px+snip_px/2
    closest=full_px**2
    for b in boxes:
        b_mid_x = b[0]+round(b[2]/2)
        b_mid_y = b[1]+round(b[3]/2)
        d2 = (b_mid_x-mid_x)**2 + (b_mid_y-mid_y)**2
        if d2 < closest:
            closest = d2
    if closest < 2*(snip_px)**2:
        return False
    return True


out_dir = 'snips/'
src_dir = 'train/'

# box table
box_df = pd.read_csv('train.csv')
box_df['bbox']=box_df['bbox'].apply(lambda s: np.array([float(v)/k for v in  s.replace('[','').replace(']','').split(',')  ]) )
# image files
img_files = [f for f in listdir(src_dir) if isfile(join(src_dir , f))]
n_imgs = len(img_files) 

# optional downscale
raw_px = 1024
k=1
full_px = round(raw_px/k)
snip_px = round(256/k)

# collected samples
pos_x = []
pos_y = []
neg_x = []
neg_y = []

for fname in img_files:
    pil = Image.open("train\\"+fname).resize((full_px ,full_px ), Image.NEAREST)
    arr =  asarray(pil)
    # column 3 of a row holds the box; column 0 the image id
    boxes = [rec[3] for rec in box_df.values if rec[0] == fname.replace('.jpg','')]
    # crops centred on heads
    for b in boxes:
        x0 = round(b[0]+round(b[2]/2)-snip_px/2)
        y0 = round(b[1]+round(b[3]/2)-snip_px/2)
        if (y0>=0) and (y0+snip_px<=full_px ) and (x0>=0) and (x0+snip_px<=full_px ) and (b[2]*b[3]>3500/(k*k) ):
            crop = arr[y0:y0+snip_px,x0:x0+snip_px,:]
            pos_x.append(crop)
            pos_y.append(1)
            del crop
    # crops of background cells
    for cx, cy in itertools.product(range(round(full_px/snip_px)),range(round(full_px/snip_px))):
        if far_from_boxes(cx,cy,boxes):
            x0 = cx*snip_px
            y0 = cy*snip_px
            crop = arr[y0:y0+snip_px,x0:x0+snip_px,:]
            neg_x.append(crop)
            neg_y.append(0)
            del crop

print('background crops: ',len(neg_y))
print('head crops: ',len(pos_y))
per_class = min(12000, len(pos_y), len(neg_y))
print('crops kept per class: ', per_class)

# balance
pos_x, pos_y = zip(*random.sample(list(zip(pos_x, pos_y)), per_class ))
neg_x, neg_y = zip(*random.sample(list(zip(neg_x, neg_y)), per_class ))

all_x = itertools.chain(pos_x, neg_x)
all_y = itertools.chain(pos_y, neg_y)

all_x, all_y = zip(*random.sample(list(zip(all_x, all_y)),  int(2*per_class)  ))

print('Writing...')

# split point
n_all = len(all_x)
cut = int(round(0.8*n_all))

# training crops and their paths
fit_paths = []
fit_y = []
for j in range(0,cut):
    path = out_dir+'crop_'+str(j)+'.npy'

    fit_paths.append(path)
    fit_y.append(all_y[j])

    save(path, all_x[j])

hold_paths = []
hold_y = []
for j in range(cut+1,n_all-1):
    path = out_dir+'crop_'+str(j)+'.npy'

    hold_paths.append(path)
    hold_y.append(all_y[j])

    save(path, all_x[j])

save(out_dir+'y_train.npy',fit_y)
save(out_dir+'y_test.npy',hold_y)
save(out_dir+'file_names_train.npy',fit_paths)
save(out_dir+'file_names_test.npy',hold_paths)

print('Finished.')
