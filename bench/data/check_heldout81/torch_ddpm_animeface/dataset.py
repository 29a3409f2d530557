from torch.utils.data import Dataset
from PIL import Image

class FaceFolder(Dataset):
    def __init__(self, file_names, transform=None):
        self.file_names = file_names
        self.transform = transform
        
    def __getitem__(self, i):
        fname = self.file_names[i]
        pic = Image.open("../anime_face/"+fname)
        if self.transform is not None:
            pic = self.transform(pic)
        return pic
    
    def __len__(self):
        return len(self.file_names)
