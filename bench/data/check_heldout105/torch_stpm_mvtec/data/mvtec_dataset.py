from torchvision import transforms
from PIL import Image

class MVTecDataset(object):
    def __init__(self, paths, transform=None):
        self.paths = paths
        self.tf = transform
        if self.tf is None:
            self.tf = transforms.ToTensor()
        self.pictures = self.read_all()

    def read_all(self):
        return [Image.open(fp).convert('RGB') for fp in self.paths]

    def __len__(self):
        return len(self.pictures)

    def __getitem__(self, n):
        pic = self.tf(self.pictures[n])
        return self.paths[n], pic
