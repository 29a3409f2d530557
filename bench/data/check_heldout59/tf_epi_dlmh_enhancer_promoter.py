import os
# os.environ["CUDA_VISIBLE_DEVICES"]="0"
from model import get_model
import numpy as np
import keras
from keras.callbacks import Callback
from datetime import datetime
from sklearn.metrics import roc_auc_score, average_precision_score
from sklearn.model_selection import train_test_split


class EpochSaver(Callback):
    def __init__(self, tag):
        self.tag = tag

    def on_train_begin(self, logs={}):
        return

    def on_train_end(self, logs={}):
        return

    def on_epoch_begin(self, epoch, logs={}):
        return

    def on_epoch_end(self, epoch, logs={}):

        self.model.save_weights(
            "./weights/epi/%s_epoch%d.h5" % (self.tag, epoch))

        return

    def on_batch_begin(self, batch, logs={}):
        return

    def on_batch_end(self, batch, logs={}):
        return


started = datetime.now().strftime('%Y-%m-%d-%H:%M:%S')

#lines = ['GM12878', 'HUVEC', 'HeLa-S3', 'IMR90', 'K562', 'NHEK','all','all-NHEK']
# cell = lines[0]
# arrays below were written beforehand by the sequence tokenising script
cell_lines = ['GM12878', 'HUVEC', 'HeLa-S3', 'IMR90', 'K562', 'NHEK']
for cell in cell_lines:
    base_dir = '/data/epi/%s/' % cell
    packed = np.load(base_dir+'%s_train.npz' % cell)
    enh_train, prom_train, lab_train = packed['X_en_tra'], packed['X_pr_tra'], packed['y_tra']
    net = get_model()
    net.summary()
    print('fitting the model for cell line %s ...' % cell)
    saver = EpochSaver(tag=cell)
    hist = net.fit([enh_train, prom_train], lab_train, epochs=90, batch_size=32,
                        callbacks=[saver])
    finished = datetime.now().strftime('%Y-%m-%d-%H:%M:%S')
    print("started: "+started+"  finished: "+finished)
