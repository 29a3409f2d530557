import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from random import sample 

import librosa
import librosa.display
from os.path import join 
import glob
import os 


SR=16000
TARGET_LEN = 22050

N_COEF = 12

classes = ['one', 'two', 'three', 'four', 'five']


table  = pd.DataFrame()

for cls in classes:

    folder = join("../data",cls)

    wavs = [f for f in glob.glob(join(folder,"*.wav"))]
    #wavs = sample(wavs,1000) ####### debug subset ###############

    part = pd.DataFrame({'file':wavs, 'labels':[cls]*len(wavs)})
    
    table = pd.concat([table, part])
    
    table = table.sample(frac=1)


def mean_mfcc(row, n_coef=16):
    sig, rate = librosa.load(row['file'], sr = SR, res_type='kaiser_fast')
    coefs = librosa.feature.mfcc(y=sig, sr=SR, n_mfcc=n_coef)
    avg = np.mean(coefs.T,axis=0)
    return avg

def full_mfcc(row, n_coef=16):
    sig, rate = librosa.load(row['file'], sr = SR, res_type='kaiser_fast')
    if len(sig) != TARGET_LEN:
        sig = librosa.effects.time_stretch(sig, len(sig)/TARGET_LEN)
    coefs = librosa.feature.mfcc(y=sig, sr=SR, n_mfcc=n_coef)

    return coefs
    

extract = lambda row: full_mfcc(row, n_coef=N_COEF)

table['feats'] = table.apply(extract, axis=1)

import tensorflow as tf
from sklearn.preprocessing import LabelEncoder


X = np.array(table['feats'].tolist())
y = np.array(table['labels'].tolist())


## scaling (per-coefficient variant kept for reference)
#
#~ mu = np.mean(X, axis=2, keepdims=True)
#~ sd = np.std(X, axis=2, keepdims=True)
#~ X = (X - mu)/sd
#~ for c in range(X.shape[2]): 
    #~ X[:,:,c] = (X[:,:,c]-mu)/sd 


mu = np.mean(X)
sd = np.std(X)
X = (X - mu)/sd

enc = LabelEncoder()

y = tf.keras.utils.to_categorical(enc.fit_transform(y))



from sklearn.model_selection import train_test_split
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=42)


if True:
    from tensorflow.keras.models import Sequential
    from tensorflow.keras.layers import Dense, Dropout, Activation, Flatten


    n_out = y.shape[1]

    # network
    net = Sequential()
    net.add(Flatten(input_shape=(N_COEF, 44)))
    net.add(Dense(256, activation="relu"))
    net.add(Dropout(0.5))

    net.add(Dense(256, activation="relu"))
    net.add(Dropout(0.5))

    net.add(Dense(n_out, activation="softmax"))

    net.compile(loss='categorical_crossentropy', metrics=['accuracy'], optimizer='adam')

    hist = net.fit(X_train, y_train, 
                        batch_size=100, 
                        epochs=60, 
                        validation_data=(X_test, y_test))
    
    ## == check
    # curves of accuracy
    
    fig, (top, bottom) = plt.subplots(2, sharex=True)
    fig.suptitle('training curves')

    
    top.plot(hist.history['accuracy'], 'o-', label='train acc')
    top.plot(hist.history['val_accuracy'], 'o-', label='val acc')
    top.set_title('accuracy')
    top.set_ylabel('acc')
    top.legend(['train', 'val'], loc='upper left')


    # curves of loss
    bottom.plot(hist.history['loss'], 'o-', label='train loss')
    bottom.plot(hist.history['val_loss'], 'o-', label='val loss')
    bottom.set_title('loss')
    bottom.set_ylabel('loss')
    bottom.set_xlabel('epoch')
    bottom.legend(['train', 'val'], loc='upper left')
    

    from mlxtend.plotting import plot_confusion_matrix
    from sklearn.metrics import confusion_matrix

    pred = net.predict_classes(X_test)

    cm = confusion_matrix(np.argmax(y_test, axis=1), pred)
    plot_confusion_matrix(conf_mat=cm, 
                          #figsize=(12, 12), 
                          class_names = classes, 
                          show_normed=False)

    plt.show()
