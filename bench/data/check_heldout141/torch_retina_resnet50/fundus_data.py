import torch
from torchvision import transforms
from pathlib import Path
from PIL import Image
import pandas as pd
import logging

log = logging.getLogger(__name__)

class FundusFolder(torch.utils.data.Dataset):
    def __init__(self, root, augment=True, out_size=(224, 224)):
        log.info(f"FundusFolder over: {root}")
        self.root = Path(root)
        self.augment = augment
        self.out_size = out_size

        # grade table
        try:
            grades = pd.read_csv(self.root / 'labels.csv')
            log.info(f"grade table head: {grades.head()}")
            
            # grades are 0..4
            if not all(grades['label'].between(0, 4)):
                raise ValueError("grades must lie in 0..4")
                
            grade_of = dict(zip(grades['filename'], grades['label']))
        except FileNotFoundError:
            raise FileNotFoundError(f"no grade table at {self.root / 'labels.csv'}")
        except Exception as e:
            raise ValueError(f"grade table unreadable: {str(e)}")

        # paths with a grade
        self.files = []
        self.grades = []
        
        # every jpeg, sorted
        jpgs = sorted(self.root.glob('**/*.jpeg'))
        
        for fp in jpgs:
            try:
                key = fp.name  # match on the bare file name
                if key in grade_of:
                    # open once to check the mode
                    with Image.open(fp) as im:
                        if im.mode not in ['RGB', 'L']:
                            log.warning(f"skip {key}: mode {im.mode}")
                            continue
                    
                    self.files.append(fp)
                    self.grades.append(grade_of[key])
                    log.info(f"kept {key} grade {grade_of[key]}")
                else:
                    log.warning(f"skip {key}: no grade")
            except Exception as e:
                log.warning(f"problem with {fp}: {str(e)}")
                continue

        if not self.files:
            raise ValueError("no graded images found")

        # summary
        log.info(f"{len(self.files)} graded images")
        dist = pd.Series(self.grades).value_counts().sort_index()
        log.info(f"grade counts:\n{dist}")

        # per-sample transforms
        if self.augment:
            self.tf = transforms.Compose([
                transforms.Resize(self.out_size),
                transforms.RandomHorizontalFlip(),
                transforms.RandomVerticalFlip(),
                transforms.RandomRotation(10),
                transforms.ColorJitter(brightness=0.2, contrast=0.2),
                transforms.ToTensor(),
                transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                  std=[0.229, 0.224, 0.225])
            ])
        else:
            self.tf = transforms.Compose([
                transforms.Resize(self.out_size),
                transforms.ToTensor(),
                transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                  std=[0.229, 0.224, 0.225])
            ])

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        try:
            if i >= len(self.files):
                raise IndexError(f"index {i} past the end ({len(self.files)})")
                
            fp = self.files[i]
            g = self.grades[i]
            
            # decode one image
            with Image.open(fp) as im:
                if im.mode != 'RGB':
                    im = im.convert('RGB')
                x = self.tf(im)
            
            return x, g
            
        except Exception as e:
            log.error(f"item {i} failed: {str(e)}")
            raise  # propagate after logging
