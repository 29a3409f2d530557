import numpy as np
import pandas as pd

from sklearn.metrics import confusion_matrix
from sklearn.model_selection import train_test_split
from keras.optimizers import Adagrad

from keras.utils import to_categorical
from keras import models, layers

txns = pd.read_csv('./creditcard.csv', sep=',')

feats = txns[txns.columns[~txns.columns.isin(['Time', 'Class'])]]
target = txns['Class']

feats_tr, feats_te, target_tr, target_te = train_test_split(feats, 
                                        target, 
                                        test_size=0.2)

print("features: ", feats.shape)
print("target: ", target.shape)

# dropout on the inputs as a regulariser
clf = models.Sequential()
clf.add(layers.Dropout(0.2, input_shape=(29,)))
clf.add(layers.Dense(29, activation='relu', 
                        input_shape=(29,)))
clf.add(layers.Dense(2, activation='softmax'))

# Adagrad gave too many false alarms
clf.compile(optimizer='rmsprop',
                loss='categorical_crossentropy',
                metrics=['accuracy'])

target_tr = to_categorical(target_tr)
target_te = to_categorical(target_te)

# up-weight the rare class
cw = {
    0: 1,
    1: 200
}

clf.fit(feats_tr, target_tr, epochs=10, batch_size=128, 
            class_weight=cw)
probs = clf.predict(feats_te)

cm = confusion_matrix(
    target_te.argmax(axis=1), 
    probs.argmax(axis=1))
print(cm)
