import librosa
import scipy
import os
import librosa
import IPython.display as ipd
import matplotlib.pyplot as plt
import numpy as np
from scipy.io import wavfile
import warnings

warnings.filterwarnings("ignore")
# print(librosa.__version__)
# print(scipy.__version__)
# ---- cell
os.listdir()
os.listdir('data/')
# ---- cell (timed)

words=["yes", "no", "up", "down"]
clips_root = 'data/tensorflow-speech-recognition-challenge/train/audio/'

clips = []
clip_words = []
for word in words:
    print(word)
    names = [f for f in os.listdir(clips_root + '/'+ word) if f.endswith('.wav')]
    for name in names:
        sig, sr = librosa.load(clips_root + '/' + word + '/' + name, sr = 16000)
        sig = librosa.resample(sig, sr, 8000)
        if(len(sig)== 8000) : 
            clips.append(sig)
            clip_words.append(word)
# ---- cell (timed)
# words -> integer ids
from sklearn.preprocessing import LabelEncoder
enc = LabelEncoder()
y=enc.fit_transform(clip_words)
vocab= list(enc.classes_)
print(len(vocab))
# ---- cell
# integer ids -> one-hot rows
# (four classes here)
from keras.utils import np_utils
y=np_utils.to_categorical(y, num_classes=len(words))

# ---- cell
# stack into (clips, 8000, 1) for Conv1D
clips = np.array(clips).reshape(-1,8000,1)
# ---- cell
from sklearn.model_selection import train_test_split
x_fit, x_hold, y_fit, y_hold = train_test_split(np.array(clips),np.array(y),stratify=y,test_size = 0.2,random_state=777,shuffle=True)

# ---- cell
from keras.layers import Dense, Dropout, Flatten, Conv1D, Input, MaxPooling1D
from keras.models import Model
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import backend as K
K.clear_session()

inp = Input(shape=(8000,1))

# conv block 1
h = Conv1D(8,13, padding='valid', activation='relu', strides=1)(inp)
h = MaxPooling1D(3)(h)
h = Dropout(0.3)(h)

# conv block 2
h = Conv1D(16, 11, padding='valid', activation='relu', strides=1)(h)
h = MaxPooling1D(3)(h)
h = Dropout(0.3)(h)

# conv block 3
h = Conv1D(32, 9, padding='valid', activation='relu', strides=1)(h)
h = MaxPooling1D(3)(h)
h = Dropout(0.3)(h)

# conv block 4
h = Conv1D(64, 7, padding='valid', activation='relu', strides=1)(h)
h = MaxPooling1D(3)(h)
h = Dropout(0.3)(h)

# to a vector
h = Flatten()(h)

# dense 1
h = Dense(256, activation='relu')(h)
h = Dropout(0.3)(h)

# dense 2
h = Dense(128, activation='relu')(h)
h = Dropout(0.3)(h)

out = Dense(len(words), activation='softmax')(h)

net = Model(inp, out)
net.summary()
# ---- cell
# loss and optimiser
net.compile(loss='categorical_crossentropy',optimizer='adam',metrics=['accuracy'])
# ---- cell
# early stop + keep the best weights
stopper = EarlyStopping(monitor='val_loss', mode='min', verbose=1, patience=10, min_delta=0.0001)
# best weights go to kws_best.hdf5
saver = ModelCheckpoint('kws_best.hdf5', monitor='val_acc', verbose=1, save_best_only=True, mode='max')
# ---- cell (timed)

hist=net.fit(x_fit, y_fit ,epochs=80, callbacks=[stopper,saver], batch_size=32, validation_data=(x_hold,y_hold))
# ---- cell
from matplotlib import pyplot
pyplot.plot(hist.history['loss'], label='train')
pyplot.plot(hist.history['val_loss'], label='held-out')
pyplot.legend()
pyplot.show()
# ---- cell
net.save("model/kws_final.hdf5")
# ---- cell
from keras.models import load_model
net=load_model('model/kws_final.hdf5')
# ---- cell
# classify one clip
import numpy as np
def classify(sig):
    p=net.predict(sig.reshape(1, 8000, 1))
    k=np.argmax(p[0])
    return vocab[k]

# ---- cell
# listen to a random held-out clip

import random
k=random.randint(0,len(x_hold)-1)
sig=x_hold[k].ravel()
print("clip:",vocab[np.argmax(y_hold[k])])
ipd.Audio(sig, rate=8000)
# ---- cell
print("predicted:",classify(sig))
# ---- cell (timed)

ok = bad = 0
for i in range(len(x_hold)) :
    one = x_hold[i].ravel()
    truth = vocab[np.argmax(y_hold[i])]
    # ipd.Audio(one, rate=8000)
    guess = classify(one)
    if(truth == guess):
        ok += 1
        # print('ok:', ok)
    else:
        bad +=1
        # print('bad', bad)
# ---- cell
print("held-out clips:", len(x_hold))
print("correct:", ok)
print("wrong:", bad)
print("accuracy:", ok/(ok + bad))
# ---- cell
