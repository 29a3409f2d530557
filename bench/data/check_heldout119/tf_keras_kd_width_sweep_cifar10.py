# Libraries

import numpy as np
import sys
# helper generator comes from a vendored third-party folder
sys.path.append('Knowledge/utils/')
import sklearn
import os
import keras
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import EarlyStopping
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D
from keras.models import Model
import os
import keras
from keras import optimizers

# patched flow_from_directory: each label batch carries one-hot
# targets followed by the stored mentor logits
from image_preprocessing_ver2 import ImageDataGenerator
# ---- cell
# mentor logits that were dumped earlier

root = os.path.join(os.getcwd(), 'data')

tr_logits = np.load(os.path.join(root, 'cifar10_train_logits.npy'), allow_pickle=True)[()]
va_logits = np.load(os.path.join(root, 'cifar10_val_logits.npy'), allow_pickle=True)[()]

gen = ImageDataGenerator(data_format='channels_last', rescale=1/255)

bs = 128
n_epochs=75
root = r''
tr_flow = gen.flow_from_directory(os.path.join(root, 'cifar10\\train'), tr_logits, target_size=(32, 32), color_mode='rgb', batch_size=bs)
va_flow = gen.flow_from_directory(os.path.join(root, 'cifar10\\test'), va_logits, target_size=(32, 32), color_mode='rgb', batch_size=bs)
# ---- cell
# small conv net whose width is scaled by a factor

from keras import models, layers

n_cls = 10

def make_small_net(scale):
    
    if scale > 1:
        scale = 1
    if round(32 * scale) == 0:
        scale = 1/32
    
    net = Sequential()
    net.add(Conv2D(int(round(32*scale)), (3, 3), input_shape=(32, 32, 3)))
    net.add(Activation('relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))

    net.add(Conv2D(int(round(64*scale)), (3, 3)))
    net.add(Activation('relu'))
    net.add(MaxPooling2D(pool_size=(2, 2)))

    net.add(Flatten())
    net.add(Dense(int(round(256*scale))))
    net.add(Activation('relu'))
    net.add(Dense(n_cls))
    net.add(Activation('softmax'))
    
    return net
# ---- cell
# combined objective: hard labels plus softened mentor targets

from keras.losses import categorical_crossentropy as xent
from keras.metrics import categorical_accuracy, top_k_categorical_accuracy
from keras import backend as K

def kd_objective(y_true, y_pred, hard_w, tau):
    y_true, t_logits = y_true[:, :10], y_true[:, 10:]
    
    t_soft = K.softmax(t_logits / tau)
    
    y_pred, s_soft = y_pred[:, :10], y_pred[:, 10:]
    
    return hard_w * xent(y_true, y_pred) + xent(t_soft, s_soft)
    
#----
# fixed-order validation flow

va_flow_ordered = gen.flow_from_directory(
    os.path.join(root, 'cifar10\\test'), va_logits,
    target_size=(32, 32),
    batch_size=bs, color_mode='rgb', shuffle=False
)
#----
def run_kd(scale, tau, hard_w):
    """
    Metric helpers live inside because the soft one needs tau,
    and compile() would not accept lambdas for metrics.
    """
    def acc_hard(y_true, y_pred):
        y_true = y_true[:, :10]
        y_pred = y_pred[:, :10]
        return categorical_accuracy(y_true, y_pred)

    def acc_top5(y_true, y_pred):
        y_true = y_true[:, :10]
        y_pred = y_pred[:, :10]
        return top_k_categorical_accuracy(y_true, y_pred)

    def hard_xent(y_true, y_pred):
        y_true = y_true[:, :10]
        y_pred = y_pred[:, :10]
        return xent(y_true, y_pred)

    def soft_xent(y_true, y_pred):     
        t_logits = y_true[:, 10:]
        t_soft = K.softmax(t_logits/tau)
        s_soft = y_pred[:, 10:]    
        return xent(t_soft, s_soft)
    
    net = make_small_net(scale)
    
    # drop the final softmax
    net.pop()
    
    # raw scores and plain probabilities
    raw = net.layers[-1].output
    probs = layers.Activation('softmax')(raw)

    # tempered probabilities
    # (moderate temperatures were reported to work best for narrow nets)
    raw_t = layers.Lambda(lambda v: v / tau)(raw)
    probs_t = layers.Activation('softmax')(raw_t)

    # a single output holding both heads side by side
    joined = layers.concatenate([probs, probs_t])
    kd_net = Model(net.input, joined)
    
    kd_net.compile(
        optimizer='adam',
        loss=lambda y_true, y_pred: kd_objective(y_true, y_pred, hard_w, tau),
        metrics=[acc_hard, acc_top5, hard_xent, soft_xent])

    hist = kd_net.fit_generator(
        tr_flow,
        epochs=25,
        steps_per_epoch=50000/bs,
        verbose=0,
        validation_data=va_flow,
        validation_steps=25,
        callbacks=[
                EarlyStopping(monitor='val_loss', patience=5, min_delta=0.005)
            ])

    scores = kd_net.evaluate_generator(va_flow_ordered, 50000/bs)
    return scores, kd_net
#----
# arrays for the plain (no mentor) baseline
from keras.datasets import cifar10
(x_tr, y_tr), (x_te, y_te) = cifar10.load_data()

# one-hot labels
y_tr = keras.utils.to_categorical(y_tr, n_cls)
y_te = keras.utils.to_categorical(y_te, n_cls)
#----
# baseline fit on hard labels only

def run_plain(scale):
    net = make_small_net(scale)
    net.compile(
            optimizer='adam',
            loss='categorical_crossentropy',
            metrics=['accuracy'])
    hist = net.fit(
        x_tr,
        y_tr,
        epochs=25,
        verbose=0,
        validation_data=(x_te, y_te),
        callbacks=[
                EarlyStopping(monitor='val_loss', patience=5, min_delta=0.005)
            ])
    scores = net.evaluate(x_te, y_te)
    return scores
#----
# sweep the width factor and keep the scores

kd_scores = []
plain_scores = []
for scale in np.linspace(0.125, 1, 8):
    kd_score, kd_net = run_kd(scale, tau=10, hard_w=0.2)
    kd_scores.append((scale, kd_score))
    score = run_plain(scale)
    plain_scores.append((scale, score))
kd_scores = np.asarray(kd_scores)
plain_scores = np.asarray(plain_scores)
np.save('data/dilation_accuracies.npy', kd_scores)
np.save('data/reg_accuracies.npy', plain_scores)
#----
# accuracy against width

import matplotlib.pyplot as plt
import numpy as np

kd_loaded = np.load('data/dilation_accuracies.npy', allow_pickle=True)
kd_x = kd_loaded[:, 0]
kd_y = list(map(lambda r: r[1][1], kd_loaded))

plain_loaded = np.load('data/reg_accuracies.npy', allow_pickle=True)
plain_x = plain_loaded[:, 0]
plain_y = list(map(lambda r: r[1][1], plain_loaded))

plt.plot(kd_x, kd_y, label='with mentor')
plt.plot(plain_x, plain_y, label='hard labels')
plt.title('accuracy by width factor')
plt.xlabel('width factor')
plt.ylabel('accuracy')
plt.legend()
plt.xticks(np.linspace(0, 1, 9))
plt.savefig('dilation_v_accuracy.png')
