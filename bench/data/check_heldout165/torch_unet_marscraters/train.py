# Train a U-Net crater detector on the RAMP Mars craters tiles (224 x 224 grayscale).
# problem.get_train_data comes from the RAMP starting kit one folder up.
import pandas as pd
import numpy as np
import sys
from math import floor

from object_detector_Unet import *

sys.path.append('../')
import problem


print("\nLoading data", end='...')

data_path = '../'
Xtrain, Ytrain = problem.get_train_data(data_path)

SIZE = floor(Xtrain.shape[0] / 2.)

Xtrain = Xtrain[:SIZE]
Ytrain = Ytrain[:SIZE]

print('done')

print('>>', Xtrain.shape, Ytrain.shape,'\n')


object_detector = ObjectDetector()

object_detector.fit(Xtrain, Ytrain)
