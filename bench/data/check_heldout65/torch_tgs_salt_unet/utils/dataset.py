from PIL import Image
from model.config import *
import torch
import pandas as pd
from torch.utils.data import Dataset, DataLoader, dataloader, random_split
from torchvision import transforms

class TGSDataset(Dataset):
    """Seismic salt images and their masks."""
    
    def __init__(self, root_dir=DATA_PATH, transform=None):
        """
        Args:
            root_dir (string): folder with train.csv, depths.csv and the png folders.
            transform (callable): optional; when None the pad + grayscale + tensor
                pipeline below is used.
        """

        # the id table with depths joined on
        table  = pd.read_csv(root_dir+'train.csv', index_col='id')
        depth_table = pd.read_csv(root_dir+'depths.csv', index_col='id')
        table = table.join(depth_table)

        self.root_dir   = root_dir
        self.ids        = table.index
        self.depths     = table['z'].to_numpy()
        self.rle        = table['rle_mask'].to_numpy()
        
        if transform is None:
            self.transfrom = transforms.Compose([transforms.Pad([PAD_LEFT_TOP, PAD_LEFT_TOP, PAD_RIGHT_BOTTOM, PAD_RIGHT_BOTTOM], fill=0, padding_mode='constant'), 
                                                  transforms.Grayscale(), 
                                                  transforms.ToTensor(),])

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, index):
        key    = self.ids[index]
        z = self.depths[index]

        # pngs are read one at a time from disk
        pic = Image.open(self.root_dir+IMAGE_PATH+key+'.png')
        gt  = Image.open(self.root_dir+MASK_PATH+key+'.png')
    
        pic = self.transfrom(pic)
        gt  = self.transfrom(gt)

        return pic, gt

def get_dataloader(dataset, 
                    batch_size=BATCH_SIZE, random_seed=RANDOM_SEED, 
                    valid_ratio=VALID_RATIO, shuffle=True, num_workers=NUM_WORKERS):
    """
    Params:
    -------
    - dataset: the full dataset.
    - batch_size: samples per batch.
    - random_seed: seed for a repeatable split.
    - valid_ratio: share of samples held out for validation,
      between 0 and 1.
    - shuffle: shuffle the training loader.
    - num_workers: loader worker processes.
    """

    msg = "valid_ratio must lie in [0, 1]"
    assert ((valid_ratio >= 0) and (valid_ratio <= 1)), msg

    # sizes of the two parts
    n = len(dataset)
    n_hold = int(valid_ratio*n)
    n_fit = n - n_hold

    # seed the split
    torch.manual_seed(random_seed)

    fit_part, hold_part = random_split(dataset, (n_fit, n_hold))

    fit_loader = DataLoader(fit_part, batch_size, shuffle=shuffle, num_workers=num_workers)
    hold_loader = DataLoader(hold_part, batch_size, shuffle=False, num_workers=num_workers)

    return fit_loader, hold_loader
