import cv2
import os
import torch
import numpy as np
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval
from torch.utils.data import Dataset

class TrashTrainSet(Dataset):
    '''
      root: folder holding the images
      transforms: albumentations pipeline (resize, flip, to tensor, ...)
    '''

    def __init__(self, ann_file, root, transforms=None):
        super().__init__()
        self.root = root
        # coco index
        self.coco = COCO(ann_file)
        self.pred_stub = {
            "images": self.coco.dataset["images"].copy(),
            "categories": self.coco.dataset["categories"].copy(),
            "annotations": None
        }
        self.transforms = transforms

    def __getitem__(self, i: int):
        
        img_id = self.coco.getImgIds(imgIds=i)

        info = self.coco.loadImgs(img_id)[0]
        
        pic = cv2.imread(os.path.join(self.root, info['file_name']))
        pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB).astype(np.float32)
        pic /= 255.0

        a_ids = self.coco.getAnnIds(imgIds=info['id'])
        anns = self.coco.loadAnns(a_ids)

        bxs = np.array([a['bbox'] for a in anns])

        # xywh -> xyxy
        bxs[:, 2] = bxs[:, 0] + bxs[:, 2]
        bxs[:, 3] = bxs[:, 1] + bxs[:, 3]
        
        # label 0 is background for torchvision detectors
        # so shift ids to 1..10
        cls = np.array([a['category_id']+1 for a in anns]) 
        cls = torch.as_tensor(cls, dtype=torch.int64)
        
        areas = np.array([a['area'] for a in anns])
        areas = torch.as_tensor(areas, dtype=torch.float32)
                                
        crowd = np.array([a['iscrowd'] for a in anns])
        crowd = torch.as_tensor(crowd, dtype=torch.int64)

        tgt = {'boxes': bxs, 'labels': cls, 'image_id': torch.tensor([i]), 'area': areas,
                  'iscrowd': crowd}

        # augment
        if self.transforms:
            s = {
                'image': pic,
                'bboxes': tgt['boxes'],
                'labels': cls
            }

            s = self.transforms(**s)
            pic = s['image']
            tgt['boxes'] = torch.tensor(s['bboxes'], dtype=torch.float32)

        return pic, tgt, img_id
    
    def __len__(self) -> int:
        return len(self.coco.getImgIds())

class TrashTestSet(Dataset):
    '''
      root: folder holding the images
      no augmentation at test time
    '''

    def __init__(self, ann_file, root):
        super().__init__()
        self.root = root
        # coco index
        self.coco = COCO(ann_file)

    def __getitem__(self, i: int):
        
        img_id = self.coco.getImgIds(imgIds=i)

        info = self.coco.loadImgs(img_id)[0]
        
        pic = cv2.imread(os.path.join(self.root, info['file_name']))
        pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB).astype(np.float32)
        pic /= 255.0

        a_ids = self.coco.getAnnIds(imgIds=info['id'])
        anns = self.coco.loadAnns(a_ids)

        pic = torch.tensor(pic, dtype=torch.float32).permute(2,0,1)

        return pic
    
    def __len__(self) -> int:
        return len(self.coco.getImgIds())
