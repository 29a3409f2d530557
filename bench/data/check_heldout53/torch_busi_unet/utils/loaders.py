import re
import os
import torch
import pickle
import logging
from PIL import Image
from torchvision import transforms
from sklearn.model_selection import train_test_split
from torch.utils.data import Dataset, ConcatDataset, Subset, DataLoader



# Pickling a dataset object to disk and back
def dump_dataset(filename, dataset):
    with open(filename, 'wb') as f:
        pickle.dump(dataset, f)


def read_dataset(filename):
    with open(filename, 'rb') as f:
        ds = pickle.load(f)
    return ds



# Ultrasound image/mask pairs of one class folder
class UltrasoundPairs(Dataset):
    def __init__(self, pairs, folder, label, transform=None):
        self.pairs = pairs
        self.folder = folder
        self.transform = transform
        self.label = label

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        img_file, mask_file = self.pairs[idx]
        image = Image.open(os.path.join(self.folder, img_file)).convert('L')
        mask = Image.open(os.path.join(self.folder, mask_file)).convert('L')
        label = self.label
        if self.transform:
            image = self.transform(image)
            mask = self.transform(mask)
        return (image, mask, label)



# One dataset per class folder
def folder_dataset(folder, label, transform=None, mask_transform=None):

    png_files = [f for f in os.listdir(folder) if f.endswith('.png')]
    pairs = pair_names(png_files)
    return UltrasoundPairs(pairs, folder, label, transform)



# Pair every image name with its mask name
def pair_names(png_files, ext='.png'):
    pairs = []
    for png in png_files:
        parts = re.split('[._]', png)
        if "mask" not in parts:
            img_file = parts[0] + ext
            mask_file = parts[0] + "_mask" + ext
            pairs.append((img_file, mask_file))
    return pairs



def build_loaders(DATA_ROOT, args):
    
    # The three class folders
    benign_dir = os.path.join(DATA_ROOT, "benign") 
    malignant_dir = os.path.join(DATA_ROOT, "malignant") 
    normal_dir = os.path.join(DATA_ROOT, "normal")


    # Settings
    SIDE = 128
    BATCH = args.batch_size


    # Per-sample transform
    tf = transforms.Compose([
        transforms.Resize((SIDE, SIDE)),
        transforms.ToTensor(),
    ])

    # One dataset per class
    normal_ds = folder_dataset(normal_dir, 0, transform=tf)
    benign_ds = folder_dataset(benign_dir, 1, transform=tf)
    malignant_ds = folder_dataset(malignant_dir, 2, transform=tf)

    logging.info(f'''Class sizes:
                    Normal:      {len(normal_ds)}
                    Benign:      {len(benign_ds)}
                    Malignant:   {len(malignant_ds)}
                 ''')

    # All three together
    joined = ConcatDataset([normal_ds, benign_ds, malignant_ds])

    # Held-out and test shares
    hold_share = args.val_size
    test_share = args.test_size

    # A seeded permutation of the indices
    seed = args.random_seed
    torch.manual_seed(seed)
    order = torch.randperm(len(joined))

    # Split the permutation into three parts
    fit_idx, rest_idx = train_test_split(order, test_size=hold_share + test_share, random_state=seed)
    rest_list = rest_idx.tolist()
    hold_idx, test_idx = train_test_split(rest_list, test_size=test_share / (hold_share + test_share), random_state=seed)

    # Subsets over the joined data
    fit_ds = Subset(joined, fit_idx)
    hold_ds = Subset(joined, hold_idx)
    test_ds = Subset(joined, test_idx)
    
    logging.info(f'''Split sizes:
                    Fit:       {len(fit_ds)}
                    Held-out:  {len(hold_ds)}
                    Test:      {len(test_ds)}
                 ''')

    # Loaders
    fit_loader = DataLoader(fit_ds, batch_size=BATCH, shuffle=True)
    hold_loader = DataLoader(hold_ds, batch_size=BATCH, shuffle=False)
    test_loader = DataLoader(test_ds, batch_size=BATCH, shuffle=False)

    return fit_loader, hold_loader, test_loader
