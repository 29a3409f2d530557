import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
# from keras.datasets import mnist
# from efficientnet import EfficientNetB0
# from efficientnet import EfficientNetB3
from efficientnet import EfficientNetB5
# from efficientnet import EfficientNetB7
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten , Conv2D, MaxPooling2D
from keras.models import Model
from keras import optimizers, losses
from keras.utils import np_utils
from keras.utils import plot_model
from keras import backend as K
from keras import metrics
from keras.callbacks import ModelCheckpoint
# from keras.utils import multi_gpu_model
import cv2
import os
import json
import argparse
import pickle
from sklearn.metrics import confusion_matrix

# per-class recall and precision from a confusion matrix
def rec_prec(cm):
    k = np.size(cm,0)
    rec = []
    prec = []
    overall = np.diagonal(cm).sum()/np.sum(cm)
    for c in range(k):
        if (np.sum(cm[:,c]) == 0): prec += [100]
        else: prec += [cm[c,c]/np.sum(cm[:,c])]
        
        if (np.sum(cm[:,c]) == 0): rec += [100]
        else: rec += [cm[c,c]/np.sum(cm[c,:])]

    out = [overall] + prec + rec
    return np.array(out)
    


# ------------------------------batch metrics: precision and recall-----------------------------------------
def batch_precision(t, p):
    hit = K.sum(K.round(K.clip(t * p, 0, 1)))#true positives
    neg = (-1)*K.sum(K.round(K.clip(t-K.ones_like(t), -1, 0)))#negatives
    tneg=K.sum(K.round(K.clip((t-K.ones_like(t))*(p-K.ones_like(p)), 0, 1)))#true negatives
    fpos=neg-tneg
    pr = hit / (hit + fpos + K.epsilon())#hit/(hit+false pos)
    return pr

def batch_recall(t, p):
    hit = K.sum(K.round(K.clip(t * p, 0, 1)))#true positives
    pos=K.sum(K.round(K.clip(t, 0, 1)))
    fneg = pos-hit #misses
    rc = hit / (hit + fneg + K.epsilon())#hit/(hit+misses)
    return rc
#------------------------------------read the pickled gray pictures-----------------------------#
def read_pickle(pkl_path):
    with open(pkl_path, "rb") as fh:
        return pickle.load(fh)
        fh.close()

pkl_path = r".\datasets_split.pkl"

(gray_tr,lab_tr),(gray_te,lab_te) = read_pickle(pkl_path)
print("gray_tr.shape = {}".format(gray_tr.shape))
print("gray_te.shape = {}".format(gray_te.shape))

w_px, h_px = 160, 160
flat_dim = w_px * h_px
gray_tr = np.reshape(gray_tr, [-1, w_px])
gray_te = np.reshape(gray_te, [-1, w_px])
gray_tr = gray_tr.astype('float32') / 255
gray_te = gray_te.astype('float32') / 255

# one channel
G_tr = gray_tr.reshape(-1,h_px,w_px,1)
G_te = gray_te.reshape(-1,h_px,w_px,1)

# three-channel copy of the fitting pictures
rgb_tr = np.full((np.size(G_tr,0), h_px, w_px, 3), 0.0)
for j, g in enumerate(G_tr):
    rgb_tr[j] = cv2.cvtColor(g, cv2.COLOR_GRAY2RGB) 

# three-channel copy of the checking pictures
rgb_te = np.full((np.size(G_te,0), h_px, w_px, 3), 0.0)
for j, g in enumerate(G_te):
    rgb_te[j] = cv2.cvtColor(g, cv2.COLOR_GRAY2RGB)


# one-hot targets
n_cls = 5
T_tr = np_utils.to_categorical(lab_tr, n_cls)
T_te = np_utils.to_categorical(lab_te, n_cls)
#------------------------------------data ready-----------------------------# 


#------------------------------------network-----------------------------# 
trunk = EfficientNetB5(weights = None, input_shape = (h_px,w_px,3), include_top=False)

# optionally freeze the trunk
# for lyr in trunk.layers:
#     lyr.trainable=False

feat = trunk.output
feat = MaxPooling2D(pool_size=(2, 2))(feat)
feat = Flatten()(feat)


fc1 = Dense(1024, activation="relu")(feat)
fc1 = Dropout(0.5)(fc1)
# out = Dense(units = 1, activation="sigmoid")(fc1)
out = Dense(units = n_cls, activation="softmax")(fc1)
net = Model(input = trunk.input, output = out)
# net.compile(optimizers.Adam(lr=0.0001, beta_1=0.9, beta_2=0.999, epsilon=1e-08), loss='binary_crossentropy',metrics=["acc",batch_recall,batch_precision])
# net.compile(optimizers.rmsprop(lr=0.0001, decay=1e-6),loss='categorical_crossentropy', metrics=["acc",batch_recall,batch_precision])
net.compile(optimizers.Adam(lr=0.0001, beta_1=0.9, beta_2=0.999, epsilon=1e-08), loss='categorical_crossentropy', metrics=[metrics.mae, metrics.categorical_accuracy])
# net.compile(optimizers.rmsprop(lr=0.0001, decay=1e-6), loss='categorical_crossentropy', metrics=[metrics.categorical_accuracy])

# resume from saved weights when wanted
#net.load_weights(r".\ENetB5_5cls.h5")
#print("> weights restored...")
#------------------------------------network ready-----------------------------#



if __name__ == '__main__':

    cli = argparse.ArgumentParser()
    
    tip = "h5 weights to load"
    cli.add_argument("-w", "--weights", help=tip)
    tip = "run the fitting"
    cli.add_argument("-t", "--train", help=tip, action='store_true')
    tip = "history json to plot"
    cli.add_argument("-p", "--plot", help=tip)
    
    opts = cli.parse_args()

    # net.summary()
    # plot_model(net, to_file='ENetB0.png', show_shapes=True)
    
    #----------------fitting settings------------------#
    n_epochs = 80
    bs = 2
    val_frac=0.1
    mix=True
    talk=1

    weights_out = 'ENetB5_5cls.h5' #final weights
    hist_out = 'history_5cls.json' #per-epoch metrics
    #----------------fitting settings------------------#

    # fit
    if opts.train: 
        #keep the best weights by the monitored quantity
        keeper = ModelCheckpoint("best_model.h5", monitor='loss', verbose=talk,
                                    save_best_only=True, mode='auto', period=1)

        # hist = net.fit(rgb_tr, T_tr,
        #         epochs=n_epochs,
        #         batch_size = bs,
        #         validation_data=(rgb_te,T_te),
        #         shuffle=mix,
        #         verbose=talk,
        #         callbacks=[keeper])

        hist = net.fit(rgb_tr, T_tr,
                    epochs=n_epochs,
                    batch_size = bs,
                    validation_split=val_frac,
                    shuffle=mix,
                    verbose=talk,
                    callbacks=[keeper])

        net.save_weights(weights_out)

        with open(hist_out, 'w') as fh:
            json.dump(hist.history, fh)
            # hist_df = pd.DataFrame(hist.history)
            # hist_df[['loss', 'val_loss']].plot()
            # hist_df[['acc', 'val_acc']].plot()
            fh.close()
        opts.plot = hist_out
        
    # restore weights
    if opts.weights:
        net.load_weights(opts.weights)

    # ------------------------scoring----------------------#
    prob_te = net.predict(rgb_te)
    prob_tr = net.predict(rgb_tr)
    # print("test size = ",prob_te.shape)
    # print("train size = ",prob_tr.shape)
    # print("all test prob = ",prob_te)

    # most probable class per picture
    pred_te = np.argmax(prob_te,axis = 1)
    pred_tr = np.argmax(prob_tr,axis = 1)
    # print("type of results = ",type(pred_te))
    # print("test result = ", pred_te)

    cm_te = confusion_matrix(lab_te, pred_te)
    cm_tr = confusion_matrix(lab_tr, pred_tr)
    print("test matrix = ", cm_te)
    print("train matrix = ", cm_tr)

    for cm, fname in zip([cm_te,cm_tr],["test_matrix.csv","train_matrix.csv"]):
        cm_df = pd.DataFrame(cm)
        cm_df.to_csv(fname)
   
    # recall and precision table
    ra = rec_prec(cm_tr)
    rb = rec_prec(cm_te)
    both = np.vstack((ra,rb))
    print(both)
    pd.DataFrame(both).to_csv("results_by_matrix.csv")


    # acc = np.sum(results.astype("int32")==lab_te.astype("int")/len(lab_te)*100)
    # print("the acc = {:.2f} %".format(acc))

    if opts.plot:

        with open(opts.plot , 'r') as fh:
                rec = json.load(fh)
                hist_df = pd.DataFrame(rec)

        fig, axes = plt.subplots(1,2,figsize = (12,5))
        
        for k1, k2, yl, ttl , ax in zip(['loss','categorical_accuracy'],['val_loss','val_categorical_accuracy'],['Loss','accuracy(%)'],['Loss Trend', 'Accuracy Trend'],axes.ravel()):
            ax.plot(range(n_epochs),hist_df[k1], label = k1)
            ax.plot(range(n_epochs),hist_df[k2], label = k2)
            ax.set_title(ttl, fontsize = 20)
            ax.set_xlabel("Epoch", fontsize = 14), ax.set_ylabel(yl, fontsize = 14)
            ax.legend(loc = 2)
        
        plt.tight_layout(True)
        fig.savefig("Accuracy.jpg", dpi = 300)

        # fig2, ax = plt.subplots(1,1,figsize=(5,5))
        # ax.set_title("Recall and Precision")
        # for k3 in ['batch_recall','batch_precision']:
        #     ax.plot(range(n_epochs),hist_df[k3], label = k3)
        # ax.legend(loc = 2)
        
        # fig2.savefig("Recall_Precision.jpg", dpi = 300)
        # plt.show()
