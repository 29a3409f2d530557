# libraries
import numpy as np
import pandas as pd

# data preparation 

# training table
train_df = pd.read_csv('KDDTrain+.csv')
feat_tr = train_df.iloc[:,:-2].values
lab_tr = train_df.iloc[:,-2].values

# test table
test_df = pd.read_csv('KDDTest+.csv')
feat_te = test_df.iloc[:,:-2].values
lab_te = test_df.iloc[:,-2].values

# binarise the training labels
for k in range(len(lab_tr)):
    if (lab_tr[k] == "normal"): 
        lab_tr[k] = 0 
    else: lab_tr[k] = 1
    
# binarise the test labels
for k in range(len(lab_te)):
    if (lab_te[k] == "normal"): 
        lab_te[k] = 0 
    else: lab_te[k] = 1
    
# stack both splits so columns 1,2,3 get the same one-hot layout
feats = np.concatenate((feat_tr, feat_te))

from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder
coder = ColumnTransformer(transformers=[('encoder', OneHotEncoder(), [1,2,3])], remainder='passthrough')
feats = np.array(coder.fit_transform(feats))

# split them again
feat_tr = feats[:125972]
feat_te = feats[125972:]

# min-max scaling
from sklearn.preprocessing import MinMaxScaler
mm = MinMaxScaler().fit(feat_tr)
feat_tr = mm.transform(feat_tr)
mm = MinMaxScaler().fit(feat_te)
feat_te = mm.transform(feat_te)

# one time step per record
feat_tr = np.reshape(feat_tr, (feat_tr.shape[0], 1, feat_tr.shape[1]))
feat_te = np.reshape(feat_te, (feat_te.shape[0], 1, feat_te.shape[1]))

# integer labels
lab_tr = lab_tr.astype(np.int64)
lab_te = lab_te.astype(np.int64)

# network
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, LSTM
from keras import optimizers

# hyper-parameters 
adam = optimizers.Adam(lr = 0.001) # optimiser
units = 50  # LSTM width
bs = 32 # batch size
n_ep = 50 # epochs
p_drop = 0.1  

net = Sequential()
net.add(LSTM(units,input_dim=122, return_sequences=True))  
net.add(Dropout(p_drop))
net.add(LSTM(units, return_sequences=True))  
net.add(Dropout(p_drop))
net.add(LSTM(units, return_sequences=True))  
net.add(Dropout(p_drop))
net.add(LSTM(units, return_sequences=False))  
net.add(Dropout(p_drop))
net.add(Dense(1))
net.add(Activation('sigmoid'))

# fit
net.compile(loss='binary_crossentropy', optimizer = adam, metrics = ['accuracy'])

hist = net.fit(feat_tr, lab_tr, epochs = n_ep, batch_size = bs, validation_split=0.1, verbose=1)
res = net.evaluate(feat_te, lab_te, batch_size = bs)

# predictions and confusion matrix
probs = net.predict(feat_te)
flags = (probs > 0.5)
from sklearn.metrics import confusion_matrix, accuracy_score
cmat = confusion_matrix(lab_te, flags)
print(cmat)
accuracy_score(lab_te, flags)

