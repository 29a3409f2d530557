from torch.utils.data import Dataset
from pathlib import Path
from PIL import Image


class SeedlingFolder(Dataset):
    def __init__(self, root_dir, transform=None):
        self.root_dir = Path(root_dir)
        self.img = [] # file paths
        self.idx = [] # class ids
        self.transform = transform

        if self.root_dir.name == 'train':
            for i, cls_dir in enumerate(self.root_dir.glob('*')):
                for fp in cls_dir.glob('*'):
                    self.img.append(fp)
                    self.idx.append(i)
        else:
            print('expected a folder named "train"')

    # --------------------------------------------------------------- #
    # the two Dataset hooks
    # --------------------------------------------------------------- #

    # number of files
    def __len__(self):
        return len(self.img)

    # one decoded RGB image and its class id
    def __getitem__(self, k):
        pic = Image.open(self.img[k]).convert('RGB')

        if self.transform:
            # crop / tensor / normalise
            pic = self.transform(pic)

        # image tensor, class id
        return pic, self.idx[k]
