import numpy as np # arrays
import pandas as pd # tables
import os
import json
import glob
import matplotlib.pyplot as plt
import seaborn as sns
import tensorflow as tf
from PIL import Image
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.layers import Input, Dense, BatchNormalization, Conv2D, MaxPool2D, GlobalMaxPool2D, Dropout
from tensorflow.keras.optimizers import SGD
from tensorflow.keras.models import Model

FACES_DIR = 'D:\TKFace'
FIT_FRACTION = 0.7
H, W = 198, 198
N_CHANNELS = 3
SEX_NAMES = {0: 'male', 1: 'female'}
SEX_IDS = {g: i for i, g in SEX_NAMES.items()}
RACE_NAMES = {0: 'white', 1: 'black', 2: 'asian', 3: 'indian', 4: 'others'}
RACE_IDS = {r: i for i, r in RACE_NAMES.items()}


def labels_from_name(fpath):#the labels are encoded in the file name
    try:
        folder, fname = os.path.split(fpath)#folder and file name
        fname, suffix = os.path.splitext(fname)#drop the extension
        age, sex, race, _ = fname.split("_")
        return int(age), SEX_NAMES[int(sex)], RACE_NAMES[int(race)]
    except Exception as e:
        print('cannot read labels of %s. %s' % (fpath, e))
        return None, None, None


file_list = glob.glob(os.path.join(FACES_DIR, "*.jpg"))
label_rows = list(map(labels_from_name, file_list))#labels of every file

all_rows = pd.DataFrame(label_rows)
all_rows['file'] = file_list
all_rows.columns = ['age', 'gender', 'race', 'file']#column names
all_rows = all_rows.dropna()#drop rows whose name could not be read
'''box plots of the labels
fig, (a1, a2) = plt.subplots(1, 2, figsize=(15, 6))#two panels side by side
sns.boxplot(data=all_rows, x='gender', y='age', ax=a1)
sns.boxplot(data=all_rows, x='race', y='age', ax=a2)
plt.show()
plt.figure(figsize=(15, 6))
sns.boxplot(data=all_rows, x='gender', y='age', hue='race')
plt.show()
all_rows.groupby(by=['race', 'gender'])['age'].count().plot(kind='bar')#counts
all_rows['age'].hist()histogram
all_rows['age'].describe()age summary
'''

rows = all_rows.copy()
rows = rows[(rows['age'] > 10) & (rows['age'] < 65)]#keep ages between 11 and 64


order = np.random.permutation(len(rows))#random order of the rows
n_fit = int(len(rows)*FIT_FRACTION)#rows used for fitting
#row numbers of the fit and test parts
fit_rows = order[:n_fit]
test_rows = order[n_fit:]
#cut a validation part out of the fit rows
n_fit = int(n_fit * 0.7)
fit_rows, val_rows = fit_rows[:n_fit], fit_rows[n_fit:]
#numeric ids for sex and race
rows['gender_id'] = rows['gender'].map(lambda g: SEX_IDS[g])
rows['race_id'] = rows['race'].map(lambda r: RACE_IDS[r])

oldest = rows['age'].max()

#batch generator
def batch_stream(rows, picks, for_training, batch_size=16):
    pics, ages, races, sexes = [], [], [], []
    while True:
        for i in picks:
            r = rows.iloc[i]#one row
            fpath, age, race, sex = r['file'], r['age'], r['race_id'], r['gender_id']
            pic = Image.open(fpath)
            pic = pic.resize((W, H))
            pic = np.array(pic)/255.0#scale to 0..1
            pics.append(pic)
            ages.append(age / oldest)#scale to 0..1
            races.append(to_categorical(race, len(RACE_IDS)))
            sexes.append(to_categorical(sex, 2))
            if len(pics) >= batch_size:
                yield np.array(pics), [np.array(ages), np.array(races), np.array(sexes)]
                pics, ages, races, sexes = [], [], [], []
        if not for_training:
            break


#network
def conv_unit(inp, filters=32, bn=True, pool=True, kernel_size=3, activation='relu'):
    out = Conv2D(filters=filters, kernel_size=kernel_size, activation=activation)(inp)
    if bn:
        out = BatchNormalization()(out)
    if pool:
        out = MaxPool2D()(out)
    return out


inp = Input(shape=(H, W, N_CHANNELS))
h = conv_unit(inp, filters=32, bn=False, pool=False)
h = conv_unit(h, filters=32*2)
h = conv_unit(h, filters=32*3)
h = conv_unit(h, filters=32*4)
h = conv_unit(h, filters=32*5)
h = conv_unit(h, filters=32*6)
pooled = GlobalMaxPool2D()(h)

age_h = Dense(128, activation='relu')(pooled)
age_out = Dense(1, activation='sigmoid', name='age_output')(age_h)

race_h = Dense(128, activation='relu')(pooled)
race_out = Dense(len(RACE_IDS), activation='softmax', name='race_output')(race_h)

sex_h = Dense(128, activation='relu')(pooled)
sex_out = Dense(len(SEX_IDS), activation='softmax', name='gender_output')(sex_h)

net = Model(inputs=inp, outputs=[age_out, race_out, sex_out])
net.compile(optimizer='rmsprop',
              loss={
                  'age_output': 'mse',
                  'race_output': 'categorical_crossentropy',
                  'gender_output': 'categorical_crossentropy'},
              loss_weights={
                  'age_output': 2.,
                  'race_output': 1.5,
                  'gender_output': 1.},
              metrics={
                  'age_output': 'mae',
                  'race_output': 'accuracy',
                  'gender_output': 'accuracy'})

from tensorflow.keras.callbacks import ModelCheckpoint
bs = 64
val_bs = 64
fit_stream = batch_stream(rows, fit_rows, for_training=True, batch_size=bs)
val_stream = batch_stream(rows, val_rows, for_training=True, batch_size=val_bs)
'''
#cbs = [
#    ModelCheckpoint("./ckpt", monitor='val_loss')
#]
'''

hist = net.fit(fit_stream,
                    steps_per_epoch=len(fit_rows)//bs,
                    epochs=10,
                    validation_data=val_stream,
                    validation_steps=len(val_rows)//val_bs)


def draw_history(hist):
    fig, panels = plt.subplots(1, 4, figsize=(20, 5))
    panels[0].plot(hist.history['race_output_accuracy'], label='Race fit accuracy')
    panels[0].plot(hist.history['val_race_output_accuracy'], label='Race val accuracy')
    panels[0].set_xlabel('Epochs')
    panels[0].legend()

    panels[1].plot(hist.history['gender_output_accuracy'], label='Sex fit accuracy')
    panels[1].plot(hist.history['val_gender_output_accuracy'], label='Sex val accuracy')
    panels[1].set_xlabel('Epochs')
    panels[1].legend()

    panels[2].plot(hist.history['age_output_mae'], label='Age fit MAE')
    panels[2].plot(hist.history['val_age_output_mae'], label='Age val MAE')
    panels[2].set_xlabel('Epochs')
    panels[2].legend()

    panels[3].plot(hist.history['loss'], label='Fit loss')
    panels[3].plot(hist.history['val_loss'], label='Val loss')
    panels[3].set_xlabel('Epochs')
    panels[3].legend()
#look for overfitting
draw_history(hist)
plt.show()
#score the test part
test_stream = batch_stream(rows, test_rows, for_training=False, batch_size=128)
print(dict(zip(net.metrics_names, net.evaluate(test_stream, steps=len(test_rows)//128))))
