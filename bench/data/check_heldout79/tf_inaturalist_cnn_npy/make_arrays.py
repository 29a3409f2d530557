import keras as ke
import numpy as np
from keras.preprocessing.image import ImageDataGenerator 
from sys import argc, argv

if argc > 1 and argv[1] == "-dataAug":
    augment = True 
else:
    augment = False

batchSize = 1
imgSize = (256,256)

if augment:
    trainGen = ImageDataGenerator(
        rescale=1.0/255.0,
        validation_split=0.1,
        zoom_range=[0.5,1.0],
        # brightness_range=[0.2,1.0],
        rotation_range=90,
        horizontal_flip=True,
        vertical_flip=True,
        # height_shift_range=0.5,
        # width_shift_range=[-200,200]
    )
else:
    trainGen = ImageDataGenerator(
        rescale=1.0/255.0,
        validation_split=0.1,
    )
testGen = ImageDataGenerator(
    rescale=1.0/255.0,
)

trainFlow = trainGen.flow_from_directory(
    "./inaturalist_12K/train",
    target_size=imgSize,
    batch_size=batchSize,
    subset="training",
    class_mode="categorical",
    shuffle=True
)

validFlow = trainGen.flow_from_directory(
    "./inaturalist_12K/train",
    target_size=imgSize,
    batch_size=batchSize,
    subset="validation",
    class_mode="categorical",
    shuffle=True
)

testFlow = testGen.flow_from_directory(
    "./inaturalist_12K/val",
    target_size=imgSize,
    batch_size=batchSize,
    class_mode="categorical",
    shuffle=True
)

trainX = []
trainY = []

k = 0

while k <= trainFlow.batch_index:
    xb, yb = trainFlow.next()
    # trainX.extend(xb)
    # trainY.extend(yb)
    trainX.append(xb[0])
    trainY.append(yb[0])
    # trainY.append(int(np.argmax(yb[0])))
    k += 1

validX = []
validY = []

k = 0

while k <= validFlow.batch_index:
    xb, yb = validFlow.next()
    # validX.extend(xb)
    # validY.extend(yb)
    validX.append(xb[0])
    validY.append(yb[0])
    # validY.append(int(np.argmax(yb[0])))
    k += 1

testX = []
testY = []

k = 0

while k <= trainFlow.batch_index:
    xb, yb = trainFlow.next()
    # testX.extend(xb)
    # testY.extend(yb)
    trainX.append(xb[0])
    trainY.append(yb[0])
    # trainY.append(int(np.argmax(yb[0])))
    k += 1

trainX = np.array(trainX)
trainY = np.array(trainY)
validX = np.array(validX)
validY = np.array(validY)
testX = np.array(testX)
testY = np.array(testY)

if augment:
    np.save("x_train_aug.npy",trainX)
    np.save("y_train_aug.npy",trainY)
    np.save("x_valid_aug.npy",validX)
    np.save("y_valid_aug.npy",validY)
else:
    np.save("x_train.npy",trainX)
    np.save("y_train.npy",trainY)
    np.save("x_valid.npy",validX)
    np.save("y_valid.npy",validY)
np.save("x_test.npy",validX)
np.save("y_test.npy",validY)
