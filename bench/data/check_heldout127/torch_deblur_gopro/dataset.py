import os
from torch.utils.data import Dataset, DataLoader
from PIL import Image
from torchvision import transforms
from torch.utils.data import random_split

class GoProDataset(Dataset):
    def __init__(self, base_dir, transform=None, target_transform=None):
        """
        Args:
            base_dir (string): folder holding one sub-folder per recorded sequence.
            transform (callable, optional): applied to the blurred frame.
            target_transform (callable, optional): applied to the sharp frame.
        """
        self.base_dir = base_dir
        self.transform = transform
        self.target_transform = target_transform
        self.pairs = []

        # walk the sequence folders
        for seq in os.listdir(base_dir):
            seq_dir = os.path.join(base_dir, seq)
            blur_folder = os.path.join(seq_dir, 'blur')
            sharp_folder = os.path.join(seq_dir, 'sharp')

            # sorted so that frame k of one folder matches frame k of the other
            blur_files = sorted([os.path.join(blur_folder, f) for f in os.listdir(blur_folder) if f.endswith('.png')])
            sharp_files = sorted([os.path.join(sharp_folder, f) for f in os.listdir(sharp_folder) if f.endswith('.png')])

            # keep the (blurred, sharp) path pairs
            self.pairs.extend(zip(blur_files, sharp_files))

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        blur_file, sharp_file = self.pairs[i]
        blurred = Image.open(blur_file)
        sharp = Image.open(sharp_file)

        if self.transform:
            blurred = self.transform(blurred)
        if self.target_transform:
            sharp = self.target_transform(sharp)

        return blurred, sharp


def getDataset():
    # the same crop for input and target
    tf_in = transforms.Compose([
        transforms.CenterCrop((540,960)),
        transforms.ToTensor(),
    ])
    tf_out = transforms.Compose([
        transforms.CenterCrop((540,960)),
        transforms.ToTensor(),
    ])
    
    # path datasets
    tr_set = GoProDataset(base_dir='GoPro/train', transform=tf_in, target_transform=tf_out)
    te_set = GoProDataset(base_dir='GoPro/test', transform=tf_in, target_transform=tf_out)
    
    # one fifth of the training pairs for validation
    n_val = int(0.2 * len(tr_set))  # 20 percent held out
    
    # random split of the training pairs
    n_tr = len(tr_set) - n_val
    tr_set, va_set = random_split(tr_set, [n_tr, n_val])
    return tr_set, va_set, te_set
