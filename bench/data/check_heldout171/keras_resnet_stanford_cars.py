# ResNet50 on the Stanford Cars set (196 classes), fed by a keras Sequence; test images read in one loop.
from tensorflow import keras
import numpy as np
from matplotlib import pyplot as plt
import pandas as pd
import cv2 as cv
from tqdm.notebook import tqdm
from tensorflow.python.client import device_lib
import pickle

listOfDevices = device_lib.list_local_devices()
for device in listOfDevices:
    if(device.device_type == "GPU"):
        print(device)

def pathTo(path):
    return "./data/"+path

trainList = []
testList = []
classNames = []

with open(pathTo("annot_train.csv"), 'r') as file:
    trainList = pd.read_csv(file)

with open(pathTo("annot_test.csv"), 'r') as file:
    testList = pd.read_csv(file)

with open(pathTo("class_names.csv"), 'r') as file:
    classNames = file.readline().split(',')
print(len(classNames))
trainList.head()

for i in tqdm(np.random.randint(0, len(trainList), 5)):
    classId = trainList['class'][i]
    image = cv.imread(pathTo(trainList['im_path'][i]))
    x1 = trainList['bbox_x1'][i]
    y1 = trainList['bbox_y1'][i]
    x2 = trainList['bbox_x2'][i]
    y2 = trainList['bbox_y2'][i]
    image = cv.rectangle(image, (x1,y1), (x2,y2), (0,255,0), 1)
    plt.figure()
    plt.imshow(cv.cvtColor(image, cv.COLOR_BGR2RGB))
    plt.title(classNames[classId-1])

class Generator(keras.utils.Sequence):
    def __init__(self, data, labels, batchSize=64,\
                 dim=(224, 224), nChannels=3, nClasses=196, shuffle=True):
        self.dim = dim
        self.batchSize = batchSize
        self.labels = labels
        self.data = data
        self.nChannels = nChannels
        self.nClasses = nClasses
        self.shuffle = shuffle
        self.onEpochEnd()
    
    def onEpochEnd(self):
        # reshuffle the index order once per epoch
        self.indexes = np.arange(len(self.data))
        if self.shuffle == True:
            np.random.shuffle(self.indexes)
            
    def __len__(self):
        # batches in one epoch
        return int(np.floor(len(self.data) / self.batchSize))
    
    def __getitem__(self, index):
        # build one batch
        # indexes belonging to this batch
        indexes = self.indexes[index*self.batchSize:(index+1)*self.batchSize]

        # read them
        X, Y = self.__dataGeneration(indexes)

        return X, Y
    
    def __dataGeneration(self, indexes):
        # read and resize the images of one batch
        # X has shape (batch, height, width, channels)
        
        # empty batch buffers
        X = np.empty((self.batchSize, * self.dim, self.nChannels), dtype=int)
        Y = np.empty((self.batchSize), dtype=int)

        # fill the buffers
        for i in range(self.batchSize):
            path = self.data[indexes[i]]
            img = cv.imread(pathTo(path))
            img = cv.resize(img, (224, 224), interpolation = cv.INTER_AREA)
            img = cv.cvtColor(img, cv.COLOR_BGR2RGB)
            X[i,] = img
            Y[i] = self.labels[indexes[i]]

        return X, keras.utils.to_categorical(Y, num_classes=self.nClasses)
    

trainX = trainList.to_numpy()[:,0]
trainY = trainList.to_numpy()[:,-1] - 1

trainingGenerator = Generator(trainX, trainY)
X, Y = trainingGenerator[0]
print(X.shape)
print(Y.shape)
img = X[20]
className = np.argmax(Y[20])
print(Y[30])

plt.imshow(img)
plt.title(classNames[className])
plt.show()

from sklearn.model_selection import train_test_split

trainX = trainList.to_numpy()[:,0]
trainY = trainList.to_numpy()[:,-1] - 1

trainX, validX, trainY, validY = train_test_split(trainX, trainY, test_size=0.1, random_state=1)

trainingGenerator = Generator(trainX, trainY)
validationGenerator = Generator(validX, validY)

model = keras.applications.ResNet50(input_shape=(224,224,3), classes=196, weights=None)
model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
model.fit_generator(generator=trainingGenerator, validation_data=validationGenerator, epochs=10, use_multiprocessing=True, workers=-1)

import sklearn.metrics
testX = testList.to_numpy()[:,0]
testY = testList.to_numpy()[:,-1] - 1

testY = keras.utils.to_categorical(testY, num_classes=196)

X = []
for path in tqdm(testX):
    img = cv.imread(pathTo(path))
    img = cv.resize(img, (224, 224), interpolation = cv.INTER_AREA)
    img = cv.cvtColor(img, cv.COLOR_BGR2RGB)
    X += [img]
    
X = np.array(X)
print(X.shape)

predY = model.predict(X)
predY = np.argmax(predY, axis=1)
trueY = np.argmax(testY, axis=1)

conf = sklearn.metrics.confusion_matrix(trueY, predY, normalize=None)
accuracy = sklearn.metrics.accuracy_score(trueY, predY)

print("Accuracy is: %0.2f" % (accuracy))
plt.imshow(conf)
plt.title("Confusion matrix")
