from os import listdir
from os.path import join

from random import randint

import PIL.Image as pilImage

from torch.utils.data import Dataset
import torchvision.transforms as transforms

class DataFromFolder(Dataset) :
    def __init__(self, noisyImageDir, cleanImageDir, mode) :
        super(DataFromFolder, self).__init__()

        self.noisyImagePathList = [join(noisyImageDir, image) for image in listdir(noisyImageDir)]
        self.cleanImagePathList = [join(cleanImageDir, image) for image in listdir(cleanImageDir)]
        
        probHorizontal = randint(0, 1)
        probVertical = randint(0, 1)

        if mode == "train" :
            self.transform = transforms.Compose([transforms.ToTensor(),
                                 transforms.RandomHorizontalFlip(p = probHorizontal),
                                 transforms.RandomVerticalFlip(p = probVertical),
                                 ])

        elif mode == "valid" :
            self.transform = transforms.ToTensor()

    def loadImage(self, imagePath) :
        image = pilImage.open(imagePath)
        
        return image

    def __getitem__(self, index) :
        input = self.loadImage(self.noisyImagePathList[index])
        target = self.loadImage(self.cleanImagePathList[index])

        input = self.transform(input)
        target = self.transform(target)

        return input, target

    def __len__(self) :
        return len(self.noisyImagePathList)