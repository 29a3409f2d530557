#%matplotlib inline  (notebook magic)
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import os
from glob import glob
import seaborn as sns
from PIL import Image
np.random.seed(123)
from sklearn.preprocessing import label_binarize
from sklearn.metrics import confusion_matrix
import itertools
import plotly.express as px
from skimage.io import imread

import keras
from keras.models import Sequential
from keras.layers import Conv2D,MaxPooling2D
from keras.layers import Activation, Dense, Flatten, Dropout
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ModelCheckpoint
from keras import backend as K
from keras.utils.np_utils import to_categorical # one-hot helper
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, Conv2D, MaxPool2D
from keras import backend as K
from keras.layers.normalization import BatchNormalization
from keras.utils import np_utils
from keras.utils.np_utils import to_categorical # one-hot helper again
from keras.optimizers import Adam
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ReduceLROnPlateau
from sklearn.model_selection import train_test_split

# folder holding the HAM10000 image parts
skin_root = os.path.join('..', '/content/ham10000/')

image_path_by_id = {os.path.splitext(os.path.basename(p))[0]: p
                    for p in glob(os.path.join(skin_root, '*', '*.jpg'))}

# readable names for the diagnosis codes
dx_names = {
    'nv': 'Melanocytic nevi',
    'mel': 'Melanoma',
    'bkl': 'Benign keratosis-like lesions ',
    'bcc': 'Basal cell carcinoma',
    'akiec': 'Actinic keratoses',
    'vasc': 'Vascular lesions',
    'df': 'Dermatofibroma'
}

# metadata table
lesion_df = pd.read_csv('/content/ham10000/HAM10000_metadata.csv')
lesion_df['path'] = lesion_df['image_id'].map(image_path_by_id.get)
lesion_df['cell_type'] = lesion_df['dx'].map(dx_names.get) 
lesion_df['cell_type_idx'] = pd.Categorical(lesion_df['cell_type']).codes

# decode every image into the table
lesion_df['image'] = lesion_df['path'].map(imread)

# missing values
lesion_df.isna().sum()
lesion_df['age'] = lesion_df['age'].fillna(lesion_df['age'].median())

# inputs and targets
feature_df = lesion_df.drop(columns=['cell_type_idx'],axis=1)
labels= lesion_df['cell_type_idx']

train_X, test_X, train_y, test_y = train_test_split(feature_df, labels, test_size=0.20,random_state=42)

train_X = np.asarray(trainX['image'].tolist())
test_X = np.asarray(X_test_df['image'].tolist())

train_X_mean = np.mean(train_X)
train_X_std = np.std(train_X)

test_X_mean = np.mean(test_X)
test_X_std = np.std(test_X)

train_X = (train_X - train_X_mean)/train_X_std
test_X = (test_X - test_X_mean)/test_X_std