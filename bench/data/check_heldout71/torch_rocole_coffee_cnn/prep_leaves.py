import os
import json
from PIL import Image
import skimage.transform as transform
from skimage.io import imread
import random
import numpy as np
import pandas as pd
from collections import defaultdict

photos_root = "./leaves/photos/"
classes_xlsx = "./leaves/annotations/classes.xlsx"
labels_json = "./leaves/annotations/labels.json"

class_ids = {
    "healthy": 0,
    "rust_level_1": 1,
    "rust_level_2": 2,
    "rust_level_3": 3,
    "rust_level_4": 4,
    "red_spider_mite": 5
}

'''
Resizes every leaf photo to side x side; by default both writes the resized
 files and pickles a table of flattened pixels. 
'''
def resize_all(side = 720, write_table = True, write_files = True):

    # target folder, one sub-folder per class so ImageFolder can read it
    out_root = os.path.abspath(os.path.join("./leaves/","resized"))
    if not os.path.exists(out_root):
        try:
            os.makedirs(out_root)
            os.makedirs(out_root + "/0")
            os.makedirs(out_root + "/1")
            os.makedirs(out_root + "/2")
            os.makedirs(out_root + "/3")
            os.makedirs(out_root + "/4")
            os.makedirs(out_root + "/5")
        except Exception as err:
            return err
       
    names_by_class = defaultdict(list)
    flat_rows = []
    row_classes = []
    with open(labels_json) as fh:
        records = json.load(fh)
        for rec in records:
            # photo name and its class from the annotation record
            # (mapped to an integer id)
            fname = rec["External ID"]
            cls_name = rec['Label']['classification']
            cls_id = class_ids[cls_name]

            # write a resized copy into its class folder
            if write_files:
                pic = Image.open(os.path.join(photos_root, fname))
                pic_small = pic.resize((side, side), Image.BILINEAR)
                small_name = str(cls_id) + "_{}".format(fname)
                pic_small.save(os.path.join(out_root + "/{}".format(cls_id), small_name))
            
            # flattened pixels for the table
            # pixels = imread(os.path.join(out_root, small_name))
            pic = imread(os.path.join(photos_root, fname))
            pic_small = transform.resize(pic,(side, side), anti_aliasing = True)
            flat_rows.append(pic_small.flatten())
            row_classes.append(cls_id)
            
            # names_by_class[cls_name].append(small_name)
    if write_table:  
        table = pd.DataFrame(np.array(flat_rows))
        table['label'] = np.array(row_classes)
        table.to_pickle('flat_leaves_{}.pkl'.format(str(side)))

    # names_json = json.dumps(names_by_class)
    # fh = open("names_by_class.json", "w")
    # fh.write(names_json)
    # fh.close()

    print("resizing done.")
    
    

# def split_names(names_by_class, score_frac = 0.1, check_frac = 0.1):
#     random.seed(1)

#     fit, score, check = [], [], []

#     for cls in names_by_class:
#         names = list(set(names_by_class[cls]))
#         random.shuffle(names)

#         n_total = len(names)

#         n_score = int(score_frac * len(names))
#         n_check = int(check_frac * len(names))

#         score.extend(names[:n_score])
#         check.extend(names[n_score:n_score + n_check])
#         fit.extend(names[n_score + n_check:])
        
#     return fit, score, check

# w, h = pic.size
# half_w = w // 2
# half_h = h // 2
# box = (half_w - side * 2, half_h - side, half_w + side * 2, half_h + side * 1)
# pic_small = pic.crop(box)

