from dataset import BirdDataset
from torchvision import transforms
import numpy as np
from tqdm import tqdm

resize = transforms.Compose([transforms.Resize((224,224))])
birds = BirdDataset(root_dir='D:/work/birds/data',csv_file='D:/work/birds/data/birds.csv',transform=resize)

pixels = []
targets = []
which_split = []

for k in tqdm(range(len(birds))):
        picture,target,part = birds[k]
        pixels.append(np.moveaxis(np.array(picture),-1,0))
        targets.append(target)
        part_code = 0
        if part == 'train':
                part_code = 0
        if part == 'valid':
                part_code = 1
        if part == 'test':
                part_code = 2
        which_split.append(part_code)
pixels = np.array(pixels,dtype=np.uint8)
targets = np.array(targets,dtype=np.int16)
which_split = np.array(which_split,dtype=np.uint8)

fit_mask = which_split == 0
fit_pixels  = pixels[fit_mask]
fit_targets = targets[fit_mask]

np.savez_compressed('D:/work/birds/dataset_train.npz',images=fit_pixels,labels=fit_targets)

del fit_pixels
del fit_targets

check_mask = which_split == 1
check_pixels  = pixels[check_mask]
check_targets = targets[check_mask]

np.savez_compressed('D:/work/birds/dataset_valid.npz',images=check_pixels,labels=check_targets)

del check_pixels
del check_targets

hold_mask = which_split == 2
hold_pixels  = pixels[hold_mask]
hold_targets = targets[hold_mask]

np.savez_compressed('D:/work/birds/dataset_test.npz',images=hold_pixels,labels=hold_targets)



