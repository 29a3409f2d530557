from os import listdir
from os.path import join
import random

from PIL import Image
import torch
import torch.utils.data as data
import torchvision.transforms as transforms

from utils import is_image_file, load_img


class PairedFolder(data.Dataset):
    def __init__(self, root, mode):
        super(PairedFolder, self).__init__()
        self.mode = mode
        self.dir_a = join(root, "a")
        self.dir_b = join(root, "b")
        self.names = [fn for fn in listdir(self.dir_a) if is_image_file(fn)]

        ops = [transforms.ToTensor(),
                          transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))]

        self.transform = transforms.Compose(ops)

    def __getitem__(self, k):
        img_a = Image.open(join(self.dir_a, self.names[k])).convert('RGB')
        img_b = Image.open(join(self.dir_b, self.names[k])).convert('RGB')
        img_a = img_a.resize((286, 286), Image.BICUBIC)
        img_b = img_b.resize((286, 286), Image.BICUBIC)
        img_a = transforms.ToTensor()(img_a)
        img_b = transforms.ToTensor()(img_b)
        dx = random.randint(0, max(0, 286 - 256 - 1))
        dy = random.randint(0, max(0, 286 - 256 - 1))

        img_a = img_a[:, dy:dy + 256, dx:dx + 256]
        img_b = img_b[:, dy:dy + 256, dx:dx + 256]

        img_a = transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))(img_a)
        img_b = transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))(img_b)

        if random.random() < 0.5:
            rev = [j for j in range(img_a.size(2) - 1, -1, -1)]
            rev = torch.LongTensor(rev)
            img_a = img_a.index_select(2, rev)
            img_b = img_b.index_select(2, rev)

        if self.mode == "a2b":
            return img_a, img_b
        else:
            return img_b, img_a

    def __len__(self):
        return len(self.names)
