from keras.models import Sequential
from keras.layers import Dense, Conv2D, Dropout, BatchNormalization, MaxPooling2D, Flatten
from keras.callbacks import EarlyStopping, ModelCheckpoint
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split
import numpy as np
import pandas as pd
import time
import datetime



npy_dir = 'c:/Study25/_data/_save_npy/keras44/'
feats = np.load(npy_dir + 'keras44_01_x.npy')
targets = np.load(npy_dir + 'keras44_01_y.npy')
submit_x = np.load(npy_dir + 'keras44_01_test.npy')
print('arrays loaded.')

print(feats.shape)  #(25000, 100, 100, 3)
print(targets.shape)  #(25000,)

# exit()

tr_x, te_x, tr_y, te_y = train_test_split(
    feats, targets, train_size=0.8, shuffle=True, random_state=42,
)

print('starting.')
net = Sequential()
net.add(Conv2D(32, 2, input_shape=(100,100,3), activation='relu', padding='same'))
net.add(MaxPooling2D())
net.add(BatchNormalization())
net.add(Dropout(0.2))
net.add(Conv2D(64, 3, activation='relu'))
# net.add(MaxPooling2D())
net.add(Dropout(0.2))
net.add(Conv2D(32, 3, activation='relu'))
net.add(Flatten())
net.add(Dense(32, activation='relu'))
net.add(Dense(1, activation='sigmoid'))

net.compile(loss='binary_crossentropy', optimizer='adam', metrics='acc')
stopper = EarlyStopping(
    monitor='val_acc', mode='max', verbose=1,
    patience=50, restore_best_weights=True,
)

ckpt_dir = './_data/kaggle/CatDog/mcp/'
stamp = datetime.datetime.now()
stamp = stamp.strftime('%H%M')
pattern = '({epoch:04d}_{val_loss:.4f}).hdf5'
ckpt_path = ''.join([ckpt_dir, 'k45_', stamp, '_', pattern])

saver = ModelCheckpoint(
    monitor='val_acc', mode='max', verbose=1,
    save_best_only=True, filepath=ckpt_path
)

t0 = time.time()
net.fit(
    tr_x, tr_y, epochs=100000, batch_size=128,
    verbose=2, validation_split=0.2, callbacks=[stopper, saver]
)
t1 = time.time()

scores = net.evaluate(te_x, te_y)
probs = net.predict(te_x)
hard = np.round(probs)
acc = accuracy_score(te_y, hard)

print('CatDog')
print('Loss :', np.round(scores[0],4))
print('Acc  :', np.round(acc,4))
print('time :', np.round(t1 - t0, 2), 'sec')

submit_pred = net.predict(submit_x)
sub_df = pd.read_csv('./_data/kaggle/CatDog/sample_submission.csv')
sub_df['label'] = submit_pred
sub_df.to_csv('./_data/kaggle/CatDog/submission_files/submission_files.csv', index=False)

# CatDog
# Loss : 0.5582
# Acc  : 0.7416
# time : 315.93 sec
