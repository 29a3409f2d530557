from keras import models
from keras import layers
from keras import optimizers
from keras.layers import Dense, Activation, BatchNormalization, Conv2D, BatchNormalization, MaxPooling2D, UpSampling2D, Flatten
import numpy as np
import scipy as sp
from skimage import color
import warnings
import keras
from keras.callbacks import EarlyStopping, LambdaCallback,ModelCheckpoint,CSVLogger

import pandas as pd
import urllib.request
import uuid
from PIL import Image
import requests
from io import BytesIO
import glob

# project modules
import data_collector
import picture_store
import nnetwork
from utility_methods import collect_and_separate_labels, collect_labels,save_plots, save_plots_callback
from streaming_data import StreamingDataGenerator


hull_path = '/home/user/colour_hw/data/pts_in_hull.npy'

train_csv = '/home/user/colour_hw/data/train_labels.csv'
valid_csv = '/home/user/colour_hw/data/valid_labels.csv'
test_csv = '/home/user/colour_hw/data/test_labels.csv'
classes_csv = '/home/user/colour_hw/data/class_descriptions.csv'
ids_csv = '/home/user/colour_hw/data/image_ids_and_rotation.csv'

pictures_dir = '/home/user/colour_hw/data/images/'

#collector = data_collector.DataCollector()
#collector.load_datas(ids_csv, train_csv, valid_csv, test_csv, classes_csv)


#wanted = ['City', 'Skyline', 'Cityscape', 'Boathouse', 'Landscape lighting', 'Town square', 'College town', 'Town']
#collect_labels(collector, pictures_dir, wanted)

store = picture_store.PictureStore(pictures_dir, hull_path)

# split_in_memory(validation share, test share)
store.split_in_memory(0.2,0.1)


net = nnetwork.create_vgg_model(3)
net.compile('adam', loss = 'categorical_crossentropy', metrics=['accuracy', keras.metrics.categorical_accuracy])


wait=70
stopper=EarlyStopping(monitor='val_acc',patience=wait, verbose=1)
saver=ModelCheckpoint(filepath='clvgg_best.hdf5',monitor='val_acc', save_best_only=True, verbose=1)
# log the batch index when each batch starts
#plot_cb = LambdaCallback(on_epoch_end=lambda epoch,logs: save_plots_callback(logs) if epoch % 10 == 0 else False)
csv_log = CSVLogger('fit_log.csv', append=True)

hist = net.fit(x=store.X_train,
                    y=store.Y_train,
                    batch_size=64,
                    epochs=100,
                    validation_data=(store.X_valid,store.Y_valid),
                   callbacks=[csv_log,saver, stopper])



score = net.evaluate(store.X_test, store.Y_test, verbose=1)
print('held-out loss:', score[0])
print('held-out accuracy:', score[1])

save_plots(hist)
