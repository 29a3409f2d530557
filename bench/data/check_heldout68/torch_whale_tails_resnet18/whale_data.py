#! /usr/bin/env python
'whale tail data: split helper and torch Dataset'
import os
import cv2
import pandas  as pd
from skimage import io, transform
import torch
from torch.utils.data import Dataset
from torchvision import transforms
import csv

def make_splits(img_dir, csv_path):
    meta= pd.read_csv(csv_path)
    meta=meta[meta.Id != 'new_whale']
    per_id=meta.groupby('Id').size()
    per_id=per_id[per_id>=10]
    id_counts=per_id.to_dict()
    tr_map=dict(zip(list(meta.Image), list(meta.Id)))
    pending={}
    for name in tr_map:
          wid=tr_map[name]
          if wid in id_counts:
                pending[name]=wid
    tr_map={}
    va_map={}
    te_map={}
    id_index={}
    # output folders
    if not os.path.exists("../whales_in/val_final"):
        os.mkdir("../whales_in/val_final")
    if not os.path.exists("../whales_in/test_final"):
        os.mkdir("../whales_in/test_final")
    if not os.path.exists("../whales_in/train_final"):
        os.mkdir("../whales_in/train_final")
    k=-1
    for key in pending:
          cur_id = pending[key]
          if not cur_id == "done":
            k+=1
            print(k)
            n_te = 0
            n_va = 0
            cap_te = id_counts[cur_id]*0.1
            cap_va = id_counts[cur_id]*0.1
            for name in pending:
                  if cur_id == pending[name]:
                        if n_te < cap_te:
                              te_map[name] =k
                              pending[name] = "done"
                              n_te += 1
                              pic = cv2.imread(img_dir + name, 1)
                              cv2.imwrite("../whales_in/test_final/" + name, pic)
                        elif n_va < cap_va:
                              va_map[name] =k
                              pending[name] = "done"
                              n_va += 1
                              pic = cv2.imread(img_dir + name, 1)
                              cv2.imwrite("../whales_in/val_final/" + name, pic)
                        else:
                              tr_map[name] =k
                              pending[name] = "done" 
                              pic = cv2.imread(img_dir + name, 1)
                              cv2.imwrite("../whales_in/train_final/" + name, pic) 
            id_index[cur_id]=k

    wr_idx = csv.writer(open("guia_anotaciones.csv", "wr_idx"))
    for cur_id, code in id_index.items():
            wr_idx.writerow([cur_id, code])
    wr_tr = csv.writer(open("train_final.csv", "wr_idx"))
    for fname, cls in tr_map.items():
            wr_tr.writerow([fname, cls])
    wr_te = csv.writer(open("test_final.csv", "wr_idx"))
    for fname, cls in te_map.items():
            wr_te.writerow([fname, cls])
    wr_va = csv.writer(open("val_final.csv", "wr_idx"))
    for fname, cls in va_map.items():
            wr_va.writerow([fname, cls])
    return pending, te_map, va_map, tr_map

#a, b, c, d = make_splits("../whales_in/train/", "../whales_in/train.csv")
#print(len(a))
#print(len(b))
#print(len(c))
#print(len(d))

# torch dataset over one split folder
class WhaleTailSet(Dataset):
  'one image per item, label from the split csv'
  def __init__(self, img_arr, meta, data_path, transform=transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225))
    ])):
        super(WhaleTailSet, self).__init__()
        'store file list, label map and folder'
        self.image = img_arr        # file names in this split's folder
        self.label = meta      # file name -> class index
        self.data_path = data_path        # folder holding the split
        self.transform = transform        

  def __len__(self):
        'number of files'
        return len(self.image) 

  def __getitem__(self, i):
        'read, resize and normalise one file'
        name = self.image[i]
        # class index for this file
        meta = self.label[name]
        img_arr = io.imread(self.data_path + name)
        img_arr = transform.resize(img_arr,(224,224))
        if self.transform:
            img_arr = self.transform(img_arr)
        return img_arr, meta