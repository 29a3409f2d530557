from PIL import Image

import numpy as np
import xml.etree.ElementTree as ET
from pathlib import Path
from os import listdir
import tensorflow as tf
from tqdm import tqdm


import matplotlib.pyplot as plt

class DogCropFeeder():

    def __init__(self, batchSize=32, imageWidth=64, imageHeight=64, imageChannels=3):
        self.batch = batchSize
        self.width = imageWidth
        self.height = imageHeight
        self.channels = imageChannels
        self.shape = (imageHeight, imageWidth, imageChannels)
        return

    def openPicture(self, path) -> np.ndarray:
        # try to open the picture file
        try:
            pic = Image.open(path)
        except FileNotFoundError:
            raise FileNotFoundError(f"DogCropFeeder.openPicture: missing picture file '{path}'")
        # force three colour channels
        pic = pic.convert('RGB')
        # hand back the pixels as an array
        return np.array(pic)

    def countCrops(self) -> int:
        total = 0
        # walk every breed directory
        for breedDir in listdir(self.annotationDir):
            # walk every annotation of that breed
            for entry in listdir(self.annotationDir / breedDir):
                # relative location of the entry
                relPath = Path(breedDir, entry)
                # parse the xml and list its boxes
                boxes = ET.parse(self.annotationDir / relPath).getroot().findall('object')
                for box in boxes:
                    total += 1
        return total

    def readEverything(self, sampleSize = None):
        # decide how many crops to hold
        if sampleSize == None:
            capacity = self.countCrops()
        else:
            capacity = sampleSize
        # reserve the holding array
        self.pictures = np.zeros((capacity, self.width, self.height, self.channels))
        # slot counter
        slot = 0
        # walk every breed directory
        for breedDir in listdir(self.annotationDir):
            # walk every annotation of that breed
            for entry in tqdm(listdir(self.annotationDir / breedDir)):
                # relative location of the entry
                relPath = Path(breedDir, entry)
                # decode the picture and parse its xml
                pic = self.openPicture((self.pictureDir / (relPath.with_suffix(".jpg"))))
                tree = ET.parse(self.annotationDir / relPath).getroot()
                # picture dimensions from the xml
                dims = tree.find('size')
                picH = int(dims.find('height').text)
                picW = int(dims.find('width').text)
                # depth = dims.find('depth')
                boxes = tree.findall('object')
                # a picture can show several dogs
                # so every box becomes its own crop
                for box in boxes:
                    # corners of the box
                    corners = box.find('bndbox')
                    left = int(corners.find('xmin').text)
                    right = int(corners.find('xmax').text)
                    top = int(corners.find('ymin').text)
                    bottom = int(corners.find('ymax').text)
                    # widen the box a little
                    left = max(0, left - 4)
                    right = min(picW, right + 4)
                    top = max(0, top - 4)
                    bottom = min(picH, bottom + 4)
                    # cut the dog out
                    # maybe try a larger border later
                    crop = pic[top:bottom, left:right, :]

                    # scale pixels to [-1, 1]
                    crop = (crop / 127.5) - 1

                    # pick a resampling filter
                    if right - left > picW:
                        resample = tf.image.ResizeMethod.AREA  # shrinking
                    else:
                        resample = tf.image.ResizeMethod.BICUBIC   # enlarging

                    # padded resize kept for reference
                    # crop = tf.image.resize_with_pad(crop, self.width, self.height,
                    #                                  method=resample, antialias=True)
                    crop = tf.image.resize(crop, (self.width, self.height),
                                                          method=resample, antialias=True).numpy()


                    # keep the crop
                    self.pictures[slot] = crop

                    # next slot
                    slot += 1

                    # stop once the sample is full
                    if slot == capacity-1:
                        np.random.shuffle(self.pictures)
                        return
        return

    # TODO split this function up
    # TODO derive the number of parts from the sample size
    def portions(self, group=2):
        count = len(self.pictures)
        partLen = count // group
        # one pass per part
        for part in range(group):
            # slice out this part
            if part == group:
                piece = self.pictures[part*partLen:]
            else:
                piece = self.pictures[part*partLen:(part+1)*partLen]
            # narrow float64 down to float32
            piece = tf.cast(piece, dtype=tf.float32)
            # wrap the part as a dataset
            piece = tf.data.Dataset.from_tensor_slices(piece).shuffle(partLen//2).batch(
                self.batch, drop_remainder=True)
            yield piece



    width = None
    height = None
    channels = None
    batch = None
    annotationDir = Path("Datasets\\annotations\\Annotation")
    pictureDir = Path("Datasets\\images\\Images")
    pictures = None
    shape = None




if __name__ == "__main__":
    feeder = DogCropFeeder()
    # sample = feeder.openPicture("Datasets\\images\\Images\\n02085620-Chihuahua\\n02085620_199.jpg")
    # feeder.readEverything()
    for part in feeder.portions():
        ...
        # print(part)
        # exit(-1)
    # feeder.readEverything(sampleSize=100)
    #
    # for batch in feeder.pictures.take(1).as_numpy_iterator():
    #     for p in batch:
    #         print(p[32][32])
    #         plt.imshow(p, interpolation='nearest')
    #         plt.show()
