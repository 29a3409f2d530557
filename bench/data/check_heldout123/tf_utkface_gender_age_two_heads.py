# Part 1: imports
import os
import matplotlib.pyplot as plt
from PIL import Image
import numpy as np
from keras.models import Model
from keras.layers import *
from keras.preprocessing.image import load_img
# from keras.utils import plot_model
from keras.utils.vis_utils import plot_model
from tqdm import tqdm
import warnings
warnings.filterwarnings('ignore')
import pandas as pd

face_dir = "./UTKFacedataset/UTKFace"

sex_names = {0: 'Male', 1: "Female"}

paths = []
sexes = []
ages = []

# Part 2: file names -> table
for fname in tqdm(os.listdir(face_dir)):
    fpath = os.path.join(face_dir, fname)
    age_val = int(fname.split("_")[0])
    sex_val = int(fname.split("_")[1])
    sexes.append(sex_val)
    ages.append(age_val)
    paths.append(fpath)

table = pd.DataFrame()
table['ImagePath'], table['Age'], table['Gender'] = paths, ages, sexes
print(table.head())

# Part 3: data exploration
# left out here, only plots.

# Part 4: pictures -> numpy, since the model is fed with arrays.
def pictures_to_array(paths):
    arrs = []
    for p in tqdm(paths):
        pic = load_img(p, grayscale = True)
        pic = pic.resize((128,128), Image.ANTIALIAS)
        pic = np.array(pic)
        arrs.append(pic)

    arrs = np.array(arrs)
    # shape now:  (23708, 128, 128)
    # shape after:  (23708, 128, 128, 1)

    # print("shape now: ", arrs.shape)

    arrs = arrs.reshape((len(arrs), 128, 128, 1))
    return arrs

# Part 5: scale inputs and pick the two targets.
inputs = pictures_to_array(table['ImagePath'])
inputs = inputs/255.0 ### scale to 0..1
sex_target = np.array(table['Gender'])
age_target = np.array(table['Age'])


# print("shape after: ", inputs.shape)

# Part 6: network.
in_shape = (128, 128, 1)

inp = Input(shape=in_shape)
c1 = Conv2D(32, (3,3), strides=(2, 2), activation='relu')(inp)
p1 = MaxPooling2D()(c1)

c2 = Conv2D(64, (3,3), strides=(2, 2), activation='relu')(p1)
p2 = MaxPooling2D()(c2)

c3 = Conv2D(128, (3,3), strides=(2, 2), activation='relu')(p2)
p3 = MaxPooling2D()(c3)

flat = Flatten() (p3)
sex_head = Dense(1, activation='sigmoid', name = 'Gender_out')(flat)
age_head = Dense(1, activation='relu', name = 'Age_out')(flat)

net = Model(inputs=[inp], outputs=[sex_head, age_head])


# Part 7: draw the network.
plot_model(net)

# Part 8: losses, optimiser, metrics.
net.compile(loss=['binary_crossentropy', 'mae'], optimizer='adam', metrics=['accuracy'])

# Part 9: fit.
hist = net.fit(x=inputs, y=[sex_target, age_target], batch_size=32, epochs=1, validation_split=0.2)

# Part 10: curves.
# optional, left out.

# Part 11: one prediction.
out = net.predict(inputs[100].reshape(1, 128, 128, 1))
print("out: {}\nout_shape:{}".format(out, out.shape))
