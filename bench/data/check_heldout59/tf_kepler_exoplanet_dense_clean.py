import pandas as pd
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from keras.models import Sequential
from keras.layers import Dense

# binary task: does a star host a planet
# Kepler flux time series

#--- load the tables ---

frame_tr = pd.read_csv('exoTrain.csv') 	# 5087 stars
frame_te = pd.read_csv('exoTest.csv') 	# 570 stars
# column 0 holds the class
	# 2 = confirmed planet host
	# 1 = no planet
# the remaining 3197 columns
	# are flux samples taken at successive times.

# plain numpy arrays
arr_tr = frame_tr.values
arr_te = frame_te.values

# bring every column into a comparable range
# min-max scaling to [0, 1]
scaler = preprocessing.MinMaxScaler()
scaled_tr = scaler.fit_transform(arr_tr)
scaled_te = scaler.fit_transform(arr_te)

# features and target
feat_tr = scaled_tr[:,1:3197]
lab_tr = scaled_tr[:,0]
feat_te = scaled_te[:,1:3197]
lab_te = scaled_te[:,0]

# hold out part of the training stars for validation
feat_tr, feat_va, lab_tr, lab_va = train_test_split(feat_tr, lab_tr, test_size=0.15) 


#--- the network ---
# layout:
	# 3196 inputs
	# dense 42, relu
	# dense 42, relu
	# one sigmoid output	

# sequential keras model
clf = Sequential([ Dense(42, activation='relu', input_shape=(3196,)), Dense(42, activation='relu'), Dense(1, activation='sigmoid'),])

# compile:
	# optimiser: plain SGD
	# loss: binary cross-entropy
	# also report accuracy
clf.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy'])

# fit
clf.fit(feat_tr, lab_tr, batch_size=42, epochs=100, validation_data=(feat_va, lab_va))

# score on the held-out test stars
scores = clf.evaluate(feat_te, lab_te)
print("Accuracy: ", scores[1]) # second entry is the accuracy

