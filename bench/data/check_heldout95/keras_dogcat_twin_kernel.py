import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from keras.models import Model
from keras.layers import (Input, Dropout, Flatten, Conv2D, MaxPooling2D, Dense, Activation,
                          BatchNormalization, Concatenate)
from keras.optimizers import SGD, RMSprop, Adam
from keras.callbacks import ModelCheckpoint, Callback, EarlyStopping
from keras.preprocessing.image import ImageDataGenerator, img_to_array, load_img
from keras.utils import np_utils
from sklearn.model_selection import train_test_split
import os, cv2, random, re, csv
from tqdm import tqdm
import time
clock0 = time.time()
SRC_TRAIN = '../input/train'
SRC_TEST = '../input/test'
H = 224
W = 224
CH = 1
BS=40
N_EPOCHS=100
all_train = [SRC_TRAIN+"/"+n for n in os.listdir(SRC_TRAIN)]
dog_files = [SRC_TRAIN+"/"+n for n in os.listdir(SRC_TRAIN) if 'dog' in n]
cat_files = [SRC_TRAIN+"/"+n for n in os.listdir(SRC_TRAIN) if 'cat' in n]
all_test = [SRC_TEST+"/"+n for n in os.listdir(SRC_TEST)]
all_train = dog_files[:4000] + cat_files[:4000]
all_test = all_test[:1000]
random.shuffle(all_train)
def load_gray(path):
    pic= cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    return cv2.resize(pic, (H, W), interpolation=cv2.INTER_CUBIC)
def build_arrays(paths):
    pics = [] # decoded pictures
    tags = [] # 1 for dog, 0 for cat
    for p in tqdm(paths):
        pic = load_gray(p)
        pics.append(pic)
        if 'dog' in p: tags.append(1)
        elif 'cat' in p: tags.append(0)
    pics = np.array(pics)
    pics = np.expand_dims(pics, axis=3)
    return pics, tags
print("Reading the training pictures")
X_all, y_all = build_arrays(all_train)
print("train: {} pictures of shape {}".format(len(X_all),X_all[0].shape))
print("test: {} pictures".format(len(all_test)))
tag_list = [1 if 'dog' in t else 0 for t in all_train]
sns.countplot(tag_list)
plt.title('dog / cat balance');
for k in range(2):
    k = k + np.random.randint(low=1, high=100); # pick a random pair
    c_pic = load_gray(cat_files[k])
    d_pic = load_gray(dog_files[k])
    side = np.concatenate((c_pic, d_pic), axis=1)
    plt.figure(figsize=(15, 5))
    h = plt.imshow(side)
    h.axes.get_xaxis().set_visible(False)
    h.axes.get_yaxis().set_visible(False)
    plt.show()
def conv_stage(inp, base_filters, mult, ksize, stage_id):
    t = Conv2D(base_filters* mult, kernel_size=ksize, padding='same', activation='relu', name='s{}_c{}_k{}'.format(stage_id, 1, ksize))(inp)
    t = Conv2D(base_filters* mult, kernel_size=ksize, padding='same', name='s{}_c{}_k{}'.format(stage_id, 2, ksize))(t)
    t = BatchNormalization(name="s{}_bn_k{}".format(stage_id,ksize))(t)
    t = Activation('relu')(t)
    t = MaxPooling2D((2,2), strides=(2,2), name='s{}_mp_k{}'.format(stage_id, ksize))(t)
    return t
def make_net(base_filters=32):
    inp = Input((H, W, CH), name="pic_in")
    a = conv_stage(inp, base_filters, 1, 3, 1)
    a = conv_stage(a, base_filters, 2, 3, 2)
    a = conv_stage(a, base_filters, 3, 3, 3)
    b = conv_stage(inp, base_filters, 1, 5, 1)
    b = conv_stage(b, base_filters, 2, 5, 2)
    b = conv_stage(b, base_filters, 3, 5, 3)
    merged = Concatenate()([a,b])
    t = Conv2D(base_filters*3, 1, activation='relu')(merged)
    t = Flatten(name='flat')(t)
    t = Dense(base_filters*10, activation='relu', name='dense_a')(t)
    t = Dropout(0.5)(t)
    t = Dense(base_filters*4, activation='relu', name='dense_b')(t)
    t = Dropout(0.5)(t)
    prob = Dense(1, activation='sigmoid')(t)
    net = Model(inp, prob)
    net.compile(optimizer=RMSprop(lr=1e-4), loss='binary_crossentropy', metrics=['accuracy'])
    return net
net = make_net()
net.summary()
from keras.utils import plot_model
plot_model(net, to_file='twin-branch-net.png')
from IPython.display import Image
Image(filename='twin-branch-net.png')
X_all, X_hold, y_all, y_hold = train_test_split(X_all,y_all, test_size=0.2, random_state=1)
aug_gen = ImageDataGenerator(
    rescale=1. / 255,
    rotation_range=40,
    width_shift_range=0.2,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True
)
hold_gen = ImageDataGenerator(rescale=1./255)
train_flow = aug_gen.flow(np.array(X_all), y_all, batch_size=BS)
hold_flow = hold_gen.flow(np.array(X_hold), y_hold, batch_size=BS)
from keras.callbacks import ReduceLROnPlateau, EarlyStopping, ModelCheckpoint
cb_list = [
    EarlyStopping(monitor='val_loss', mode = 'min',patience=10, verbose=1),
    ModelCheckpoint('twin_best.hdf5', monitor='val_loss', mode='min', save_best_only=True, verbose=1),
    ReduceLROnPlateau(monitor='val_loss', mode='min', factor=0.1, patience=5, min_lr=0.0001, verbose=1)
]
log = net.fit_generator(
    train_flow,
    steps_per_epoch = len(X_all) // BS,
    callbacks = cb_list,
    epochs = N_EPOCHS,
    validation_data = hold_flow,
    validation_steps = len(X_hold) // BS
)
import matplotlib.pyplot as plt
plt.plot(log.history['acc'])
plt.plot(log.history['val_acc'])
plt.title('accuracy per epoch')
plt.ylabel('acc')
plt.xlabel('epoch')
plt.legend(['fit', 'hold-out'], loc='upper left')
plt.show()
plt.plot(log.history['loss'])
plt.plot(log.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['fit', 'hold-out'], loc='upper left')
plt.show()
import gc
del X_all, X_hold, y_all, y_hold, tag_list
gc.collect()
from keras.models import load_model
best_net = load_model('twin_best.hdf5')
def read_test_set():
    rows = []
    for p in tqdm(all_test):
        pic_id = p.split('/')[-1].split('.')[0]
        pic = load_gray(p)
        rows.append([np.array(pic), pic_id])
    return rows # pairs of picture and its id
test_rows = read_test_set()
with open('twin_submission.csv','w') as out:
    out.write('id,label\n')
with open('twin_submission.csv','a') as out:
    for row in tqdm(test_rows):
        pic_id = row[1]
        pic_scaled = (row[0] / 255)
        row = pic_scaled.reshape(1, H, W, CH)
        score = best_net.predict([row])[0][0]
        out.write('{},{}\n'.format(pic_id,score))
clock1 = time.time()
print(f"total time = {(clock1-clock0)/3600} hours")
