import torch
from torch.utils.data import Dataset
import glob
import os
import numpy as np
from PIL import Image
from sklearn.preprocessing import LabelEncoder

class Dataset(Dataset):
    def __init__(self, root, labels, transform = None):
        super(Dataset, self).__init__()
        self.root = root
        self.labels = labels
        self.enc = LabelEncoder()
        self.enc.fit(self.labels)
        self.n_labels = len(labels)
        self.transform = transform
        self.names = []
        self.__collect()

    def __collect(self):
        for p in glob.glob(os.path.join(self.root, "*.jpg")):
            self.names.append(p.split('\\')[-1])

    def __getitem__(self, i):
        if torch.is_tensor(i):
            i = i.tolist()
        fname = self.names[i]
        lbl = fname.split('.')[0]
        lbl = self.enc.transform([lbl])[0]
        img = Image.open(os.path.join(self.root, fname)).convert('RGB')
        if self.transform is not None:
            img = self.transform(img)

        return img, lbl

    def __len__(self):
        return len(self.names)


if __name__ == '__main__':
    from torchvision import transforms
    from torch.utils.data import DataLoader

    folder = 'D:\\data\\dogcat\\train'
    lbls = ['dog', 'cat']

    prep = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
    ])

    ds = Dataset(folder, lbls, prep)

    dl = DataLoader(ds, batch_size=4,
                        shuffle=True, num_workers=0)
