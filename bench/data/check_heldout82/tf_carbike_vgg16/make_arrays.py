# builds one pickled .npy with the train/test split of the scraped photos
from PIL import Image
import os, glob
import numpy as np
from sklearn import model_selection

# settings
kinds = ["car", "motorbike"]
n_kinds = len(kinds)
side = 224

# read every photo into a numpy array
feats = [] # python list
tags = [] # python list

for k, kind in enumerate(kinds):
    kind_dir = "./" + kind
    paths = glob.glob(kind_dir + "/*.jpg")
    for j, p in enumerate(paths):
        pic = Image.open(p)
        pic = pic.convert("RGB")
        pic = pic.resize((side,side))
        arr = np.asarray(pic)
        feats.append(arr)
        tags.append(k)

feats = np.array(feats)
tags = np.array(tags)

x_tr, x_te, t_tr, t_te = model_selection.train_test_split(feats, tags)
bundle = (x_tr, x_te, t_tr, t_te)
np.save("./imagefiles_224.npy", bundle)
