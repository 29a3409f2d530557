import keras as ke
import numpy as np
import tensorflow as tf
from convnet import SmallConvNet
from sys import argv

doEval = False
doGuidedBackprop = False
doFilterPlots = False
doClassPlots = False

if len(argv) > 1:
    if argv[1] == "-eval":
        doEval = True 
    elif argv[1] == "-guidedBackProp":
        doGuidedBackprop = True
    elif argv[1] == "-visualiseFilters":
        doFilterPlots = True
    elif argv[1] == "-predictedClasses":
        doClassPlots = True

import wandb
defaults = dict(
    numFilters = 32,
    numFiltersScheme = 1.0,
    datasetAugmentation = True,
    batchNormalization = False,
    dropout = 0.25,
    numEpochs = 50,
    defaultActivationFunction = "selu",
    numNeuronsInDenseLayers = 64,
    filterSize = 5,
    numConvBlocks = 1,
    numDenseLayers = 2,
    inputDimensions = (256,256,3),
    numOutputClasses = 10
)

run = wandb.init(project="cnn_inat_hw", entity="student", config=defaults)
cfg = wandb.config
wandb.run.name = f"{cfg.numFilters}_{cfg.numFiltersScheme}_{cfg.datasetAugmentation}_{cfg.batchNormalization}_{cfg.dropout}_{cfg.numEpochs}_{cfg.defaultActivationFunction}_{cfg.numNeuronsInDenseLayers}_{cfg.filterSize}_{cfg.numConvBlocks}_{cfg.numDenseLayers}"
wandb.run.save(wandb.run.name)

net = SmallConvNet(cfg.inputDimensions, cfg.numOutputClasses, cfg.numConvBlocks, cfg.numDenseLayers, cfg.numFilters, cfg.filterSize, cfg.numNeuronsInDenseLayers, cfg.numFiltersScheme, cfg.defaultActivationFunction)
net.assemble(cfg.dropout, cfg.batchNormalization)

if doGuidedBackprop:
    validX = np.load("./x_valid.npy")
    validY = np.load("./y_valid.npy")
    makeGrads = False
    chosenNeurons = [23, 26, 19, 20, 0, 9, 21, 10, 6, 2] #drawn in an earlier run
    if len(argv) > 2 and argv[2] == "-generateGrads":
        makeGrads = True
    net.guidedBackProp(validX, validY,makeGrads,chosenNeurons)
elif doEval:          #the defaults above must describe the saved best model
    testX = np.load("x_test.npy")
    testY = np.load("y_test.npy")
    net.scoreOn(testX,testY)
elif doFilterPlots: 
    testX = np.load("x_test.npy")
    testY = np.load("y_test.npy")
    pick = np.random.randint(len(testX))
    net.visualiseFilters(testX[pick:pick+1], testY[pick:pick+1])
elif doClassPlots:
    testX = np.load("x_test.npy")
    testY = np.load("y_test.npy")
    picks, truths = [], []
    for i in range(10):
        pick = np.random.randint(len(testX))
        picks.append(testX[pick])
        truths.append(testY[pick])
    picks = np.array(picks)
    truths = np.array(truths)
    net.predictedClasses(picks, truths)
else:
    if cfg.datasetAugmentation:
        trainX = np.load("x_train_aug.npy")
        trainY = np.load("y_train_aug.npy")
        validX = np.load("x_valid_aug.npy")
        validY = np.load("y_valid_aug.npy")
    else:
        trainX = np.load("./x_train.npy")
        trainY = np.load("./y_train.npy")
        validX = np.load("./x_valid.npy")
        validY = np.load("./y_valid.npy")
    net.fitOn(trainX, trainY, validX, validY, cfg.numEpochs)

# #metrics to wandb
# logged = {
#     'loss': history.history["loss"], 
#     "categorical_accuracy": history.history["categorical_accuracy"],
#     "val_loss": history.history["val_loss"],
#     "val_categorical_accuracy": history.history["val_categorical_accuracy"]
# }
# wandb.log(logged)
run.finish()
