from os import listdir
from os.path import join
from PIL import Image
from os.path import basename
import torch.utils.data as data

def is_image_file(name):
  lowered = name.lower()
  return any(lowered.endswith(ext) for ext in ['.png', '.jpg', '.bmp', '.mat'])

class DatasetFromFolder_2(data.Dataset):
    def __init__(self, root, transform=None):
        super(DatasetFromFolder_2, self).__init__()
        hazy_dir = "%s/data/" % root
        clear_dir = "%s/label/" % root

        self.hazy_paths = []
        self.clear_paths = []
        for f in listdir(hazy_dir):
            self.hazy_paths.append(join(hazy_dir, f))
            g = f.split('_')[0] + '.png'
            self.clear_paths.append(join(clear_dir, g))

        self.transform = transform

    def __getitem__(self, i):

        hazy = Image.open(self.hazy_paths[i])
        clear = Image.open(self.clear_paths[i])

        if self.transform:
            hazy = self.transform(hazy)
            clear = self.transform(clear)

        return hazy, clear

    def __len__(self):
        return len(self.hazy_paths)

class DatasetFromFolder(data.Dataset):
    def __init__(self, root, transform=None, layer=5):
        super(DatasetFromFolder, self).__init__()
        hazy_dir = "%s/data/" % root
        clear_dir = "%s/label/" % root
        self.hazy_paths = [join(hazy_dir, f) for f in listdir(hazy_dir) if is_image_file(f)]
        self.clear_paths = [join(clear_dir, f) for f in listdir(clear_dir) if is_image_file(f)]

        self.transform = transform
        self.layer = layer

    def __getitem__(self, i):
        if basename(self.hazy_paths[i]) != basename(self.clear_paths[i]):
            print(self.hazy_paths[i], self.clear_paths[i])
            raise ValueError('file names differ')
        hazy = Image.open(self.hazy_paths[i])
        clear = Image.open(self.clear_paths[i])
        w, h = clear.size
        clear2 = clear.resize((w//2, h//2), Image.BILINEAR)
        clear3 = clear.resize((w//4, h//4), Image.BILINEAR)
        clear4 = clear.resize((w//8, h//8), Image.BILINEAR)
        # if self.layer==5:
        clear5 = clear.resize((w//16, h//16), Image.BILINEAR)

        if self.transform:
            hazy = self.transform(hazy)
            clear = self.transform(clear)
            clear2 = self.transform(clear2)
            clear3 = self.transform(clear3)
            clear4 = self.transform(clear4)
            clear5 = self.transform(clear5)

        return hazy, clear, clear2, clear3, clear4, clear5
            # , clear5

    def __len__(self):
        return len(self.hazy_paths)
