# libraries
from sklearn.preprocessing import LabelBinarizer
from sklearn.model_selection import train_test_split
from sklearn.metrics import classification_report
from pyimagesearch.preprocessing import AspectAwarePreprocessor
from pyimagesearch.preprocessing import ImageToArrayPreprocessor
from imgloader import FolderImageLoader
from pyimagesearch.nn.conv import FCHeadNet
from keras.preprocessing.image import ImageDataGenerator
from keras.optimizers import RMSprop
from keras.optimizers import SGD
from keras.applications import VGG16
from keras.models import Model
from keras.layers import Input
from imutils import paths
import numpy as np
import argparse
import os


parser = argparse.ArgumentParser()
parser.add_argument('-d', '--dataset', required=True,
                    help='folder of class sub-folders')
parser.add_argument('-o', '--output', required=True,
                    help='where the trained model goes')
opts = vars(parser.parse_args())

augmenter = ImageDataGenerator(rotation_range=30, width_shift_range=0.1, height_shift_range=0.1,
                               shear_range=0.2, zoom_range=0.2,
                               horizontal_flip=True, fill_mode='nearest')

print('reading the images')
filePaths = list(paths.list_images(opts['dataset']))
flowerNames = os.listdir(opts['dataset'])
resizer = AspectAwarePreprocessor(224, 224)
toArray = ImageToArrayPreprocessor()
loader = FolderImageLoader([resizer, toArray])
(pixels, names) = loader.load(filePaths, verbose=500)

pixels = pixels.astype('float') / 255.0

(xTr, xTe, yTr, yTe) = train_test_split(pixels, names, test_size=0.25, random_state=42)
yTr = LabelBinarizer().fit_transform(yTr)
yTe = LabelBinarizer().fit_transform(yTe)

print('loading the VGG16 body')
body = VGG16(weights='imagenet', include_top=False,
             input_tensor=Input(shape=(224, 224, 3)))

print('adding a new classifier head')
head = FCHeadNet.build(baseModel=body, classes=len(flowerNames), D=256)

print('joining body and head')
net = Model(inputs= body.input, outputs=head)

print('freezing every body layer')
for lyr in body.layers:
    lyr.trainable = False

print('compiling for the warm-up')
optim = RMSprop(lr=0.001)
net.compile(optimizer=optim, loss='categorical_crossentropy', metrics=['accuracy'])

print('warming up the head')
net.fit_generator(augmenter.flow(xTr, yTr, batch_size=32),
                  validation_data=(xTe, yTe), epochs=25,
                  steps_per_epoch=len(xTr) // 25, verbose=1)

print('report after the warm-up')
scores = net.predict(xTe, batch_size=32)
print(classification_report(yTe.argmax(axis=1),
                            scores.argmax(axis=1),
                            target_names=flowerNames))

print('unfreezing the top conv block')
for lyr in body.layers[15:]:
    lyr.trainable = True

print('compiling for fine-tuning')
optim = SGD(lr=0.001)
net.compile(optimizer=optim,
            loss='categorical_crossentropy',
            metrics=['accuracy'])

print('fine-tuning the whole top')
net.fit_generator(augmenter.flow(xTr, yTr, batch_size=32),
                  validation_data=(xTe, yTe), epochs=100,
                  steps_per_epoch=len(xTr)//32,verbose=1)

print('report after fine-tuning')
scores = net.predict(xTe, batch_size=32)
print(classification_report(yTe.argmax(axis=1),
                            scores.argmax(axis=1),
                            target_names=flowerNames))

print('saving the network')
net.save(opts['output'])
