import os
from PIL import Image
from torch.utils.data import Dataset
import torchvision.transforms as transforms
import torch

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
SYM2ID = {s: k + 1 for k, s in enumerate(ALPHABET)}
ID2SYM = {k + 1: s for k, s in enumerate(ALPHABET)}
ID2SYM[0] = ""

CODE_LEN = 5

def encode(code):
    return [SYM2ID[s] for s in code]

def decode(ids):
    return ''.join([ID2SYM[k] for k in ids if k != 0])

class CodeImages(Dataset):
    def __init__(self, folder):
        self.folder = folder
        self.files = sorted([
            os.path.join(folder, name) for name in os.listdir(folder)
            if name.lower().endswith(('.png', '.jpg', '.jpeg'))
        ])
        self.prep = transforms.Compose([
            transforms.Grayscale(num_output_channels=1),
            transforms.Resize((50, 150)),
            transforms.ToTensor()
        ])

    def __len__(self):
        return len(self.files)

    def __getitem__(self, k):
        path = self.files[k]
        pic = Image.open(path)
        pic = self.prep(pic)

        base = os.path.basename(path)
        code = os.path.splitext(base)[0][:CODE_LEN]
        ids = encode(code)

        return pic, ids, len(code)

def batch_join(samples):
    pics, id_lists, lens = zip(*samples)
    pics = torch.stack(pics, 0)
    id_lists = [torch.tensor(ids, dtype=torch.long) for ids in id_lists]
    id_lists = torch.cat(id_lists)
    lens = torch.tensor(lens, dtype=torch.long)
    return pics, id_lists, lens
