from torch.utils.data import Dataset
import cv2
import os
import torch
import numpy as np
import random

class ClipFolderReader():
    def __init__(self, root, grey = False, with_flow=False, seg_start=0, seg_end=1):
        self.root = root
        self.classes = [c for c in os.listdir(self.root)]
        self.videos = []
        self.targets = []
        self.seg_start = seg_start
        self.seg_end = seg_end
        self.grey = grey
        self.with_flow = with_flow
        self.flow_videos = []

    def read_all(self):
        print(f'Decoding clips of the slice {self.seg_start} -> {self.seg_end}...')
        for c_idx, cls in enumerate(self.classes):
            names = [n for n in os.listdir(os.path.join(self.root, cls))] # every clip file of this class
            names_slice = names[int(self.seg_start*len(names)):int(self.seg_end*len(names))]
        
            for k, name in enumerate(names_slice):
                print(f' - class {c_idx+1}/{len(self.classes)} | clip {k+1}/{len(names_slice)} [{round(((k+1)*100)/len(names_slice), 2)}%]      ', end='\r', flush=True)
                frame_list = []
                flow_list = []
                reader=cv2.VideoCapture(os.path.join(self.root, cls, name))
                if self.with_flow:
                    ok, first = reader.read()
                    prev = cv2.cvtColor(first, cv2.COLOR_BGR2GRAY)
                    hsv = np.zeros_like(first)
                    while reader.isOpened():
                        ok, img = reader.read()
                        # end of the clip
                        if not ok:
                            break
                        else:
                            cur = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
                            of = cv2.calcOpticalFlowFarneback(prev, cur, None, 0.5, 3, 15, 3, 5, 1.2, 0) 
                            mag, ang = cv2.cartToPolar(of[..., 0], of[..., 1])
                            hsv[..., 0] = ang * 180 / np.pi / 2
                            hsv[..., 2] = cv2.normalize(mag, None, 0, 255, cv2.NORM_MINMAX)
                            bgr = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
                            flow_list.append(bgr)
                            if self.grey:
                                frame_list.append(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
                            else:
                                frame_list.append(img)
                else:
                    while reader.isOpened():
                        ok, img = reader.read()
                        if not ok:
                            break
                        else:
                            if self.grey:
                                frame_list.append(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
                            else:
                                frame_list.append(img)
                                
                if self.grey:
                    self.videos.append(np.array(frame_list))
                else:
                    self.videos.append(np.transpose(np.array(frame_list), [3, 0, 1, 2]))
                if self.with_flow:
                    self.flow_videos.append(np.transpose(np.array(flow_list), [3, 0, 1, 2]))
                self.targets.append(c_idx)
            print(f' - class {c_idx+1}/{len(self.classes)} | clip {len(names_slice)}/{len(names_slice)} [100.00%]      ', end='\n')

        return self.videos, self.targets, self.flow_videos

class ClipTensors(Dataset):
        def __init__(self, bundle, flow_on=False):
            self.bundle = bundle
            self.flow_on = flow_on
            self.videos = bundle[0]
            #print(len(self.videos))
            self.targets = bundle[1]
            if flow_on:
                self.flows = bundle[2]

        def __getitem__(self, n):
            if self.flow_on:
                return {"videos": torch.tensor(self.videos[n], dtype = torch.float32),
                        "optical_flow": torch.tensor(self.flows[n], dtype = torch.float32),
                        "labels": torch.tensor(self.targets[n], dtype = torch.int64)
                        }
            else:
                return {"videos": torch.tensor(self.videos[n], dtype = torch.float32),
                        "labels": torch.tensor(self.targets[n], dtype = torch.int64)
                        }
        
        def __len__(self):
                return len(self.videos)
