from torch.utils.data import Dataset
import torchvision

prep = torchvision.transforms.Compose([
    torchvision.transforms.Resize((224,224)),
    torchvision.transforms.ToTensor
])

class PhotoSet(Dataset):
    def __init__(self, pictures, targets):
        self.pictures = pictures
        self.targets = targets

    def __getitem__(self, i):
        return prep(self.pictures[i]), self.targets[i]

    def __len__(self):
        return len(self.pictures)