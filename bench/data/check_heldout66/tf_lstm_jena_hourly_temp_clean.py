# %%
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow import keras
from zipfile import ZipFile
import os
from sklearn.preprocessing import MinMaxScaler, LabelEncoder, OneHotEncoder, StandardScaler
from sklearn.metrics import confusion_matrix, accuracy_score, classification_report, r2_score

from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, LSTM, Flatten
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
# %%
url = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/jena_climate_2009_2016.csv.zip"
archive = keras.utils.get_file(origin=url, fname="jena_climate_2009_2016.csv.zip")
archive_zip = ZipFile(archive)
archive_zip.extractall()
table_file = "jena_climate_2009_2016.csv"

raw = pd.read_csv(table_file)
# %%
raw.head()
# %%
# keep one row in six
# 10-minute readings (about 420k) become hourly readings (about 70k)
every = 6
rows = range(0,len(raw),every)

hourly = pd.DataFrame(raw, index=rows)
hourly = hourly.reset_index(drop=True)
hourly.shape
# %%
# temperature only, indexed by timestamp
temp_series = hourly['T (degC)']           # values
temp_series.index = hourly['Date Time']    # timestamps
temp_series.shape
# %%
temp_series.plot(figsize=(20,5))
# %%
def make_windows(series, first, last, span, ahead):
    """cut a 1-D series into (window, target) pairs"""
    xs = []
    ys = []

    first = first + span
    if last is None:
        last = len(series) - ahead

    for i in range(first, last):
        idx = range(i-span, i)
        # each window becomes (span, 1)
        xs.append(np.reshape(series[idx], (span, 1)))
        ys.append(series[i+ahead-1])
    
    return np.array(xs), np.array(ys)
# %%
# the first 80 percent of hours train, the rest validate
N_FIT = int(0.8*temp_series.shape[0]) 

# z-score with the training statistics
t_mean = temp_series[:N_FIT].mean()
t_std = temp_series[:N_FIT].std()
temp_z = (temp_series-t_mean)/t_std
# %%
# build the windowed arrays
# for both parts
lookback = 120  # five days of hourly history
horizon = 12  # target is twelve hours ahead


win_fit, tgt_fit = make_windows(temp_z.values, 0, N_FIT,
                                        lookback,
                                        horizon)
win_val, tgt_val = make_windows(temp_z.values, N_FIT, None,
                                    lookback,
                                    horizon)
# %%
win_fit.shape, tgt_fit.shape
# %%
win_val.shape, tgt_val.shape
# %%
# three stacked LSTM layers of 128 units
# the lower layers hand the whole sequence upward,
# hence return_sequences=True there
deep_lstm = Sequential()
deep_lstm.add(LSTM(128, input_shape=win_fit.shape[-2:], return_sequences=True))
deep_lstm.add(LSTM(128, return_sequences=True))
deep_lstm.add(LSTM(128, return_sequences=False))
deep_lstm.add(Dense(1))

deep_lstm.compile(optimizer='adam', loss='mse', metrics=['mae']) 

# %%
deep_lstm.summary()
# %%
n_epochs = 15
bs = 256
cb_stop = EarlyStopping(monitor='val_loss', patience=5, mode='min', verbose=1)
cb_ckpt = ModelCheckpoint('best_model.h5', monitor='val_loss', mode='min', verbose=0, save_best_only=True)
cbs = [cb_stop, cb_ckpt]
    
deep_hist=deep_lstm.fit(win_fit, tgt_fit, 
                              epochs=n_epochs, batch_size=bs, 
                              verbose=1,
                              validation_data = (win_val, tgt_val),
                              callbacks=cbs)
# %%
plt.plot(deep_hist.history['loss'])
plt.plot(deep_hist.history['val_loss'])
plt.legend(('loss', 'val_loss'))
plt.show()
# %%
# r2 on both parts
deep_fit_pred = deep_lstm.predict(win_fit)
deep_val_pred = deep_lstm.predict(win_val)

print("\nrecurrent net\n")
print("r2 fit: ", r2_score(tgt_fit, deep_fit_pred))
print("r2 held out: ", r2_score(tgt_val, deep_val_pred))

# %%
deep_val_deg = deep_val_pred * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(deep_val_deg[0:3000])

plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(deep_val_deg[3000:6000])

plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(deep_val_deg[6000:9000])
# %%
# a single LSTM layer of 32 units
small_lstm = Sequential()
small_lstm.add(LSTM(32, input_shape=win_fit.shape[-2:]))
small_lstm.add(Dense(1))

small_lstm.compile(optimizer='adam', loss='mse', metrics=['mae']) 

# %%
n_epochs = 50
bs = 16
cb_stop = EarlyStopping(monitor='val_loss', patience=10, mode='min', verbose=1)
cb_ckpt = ModelCheckpoint('best_model.h5', monitor='val_loss', mode='min', verbose=0, save_best_only=True)
cbs = [cb_stop, cb_ckpt]
    
small_hist=small_lstm.fit(win_fit, tgt_fit, 
                              epochs=n_epochs, batch_size=bs, 
                              verbose=1,
                              validation_data = (win_val, tgt_val),
                              callbacks=cbs)
# %%
plt.plot(deep_hist.history['loss'])
plt.plot(deep_hist.history['val_loss'])
plt.legend(('loss', 'val_loss'))
plt.show()
# %%
# r2 on both parts
fit_pred = small_lstm.predict(win_fit)
val_pred = small_lstm.predict(win_val)

print("\nrecurrent net\n")
print("r2 fit: ", r2_score(tgt_fit, fit_pred))
print("r2 held out: ", r2_score(tgt_val, val_pred))

# %%
val_pred_deg = val_pred * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(deep_val_deg[0:3000])

plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(deep_val_deg[3000:6000])

plt.figure(figsize=(20,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(deep_val_deg[6000:9000])
# %%
from sklearn.model_selection import train_test_split, ParameterGrid

# %%
from google.colab import drive
drive.mount('/content/drive/')

import os
os.chdir("/content/drive/My Drive/Colab Notebooks")
get_ipython().system('ls')
from Rober_library import Optimize_parameters_RegrNN_BF, Create_Train_RegrNN, plotHistory
# %%
# a dense net wants 2-D input, so drop the trailing feature axis
fit_flat = win_fit.reshape(win_fit.shape[0], win_fit.shape[1])
val_flat = win_val.reshape(win_val.shape[0], win_val.shape[1])
# %%
########################################################################
## grid search
## over dense-net settings
# ==============================================================================
grid = ParameterGrid({
                 'capas':[3],
                 'neuronas': [128],
                 'epochs_ini': [50],
                 'batch_ini':[512, 128, 32, 16], 
                 'activ_entr': ['selu'],
                 'activ_hid'   : ['sigmoid'],
                 #'activ_entr': ['relu', 'selu', 'tanh'],
                 #'activ_hid'   : ['relu', 'sigmoid'],
                 'optimiser_mio'   : ['adam']
                })
# %%
# helper from my own library tries every grid point
grid_scores, grid_hists = Optimize_parameters_RegrNN_BF(fit_flat, tgt_fit, val_flat, tgt_val, grid, stop=True)
# %%
grid_scores
# %%
# curves of the best run
plotHistory(grid_hists[0])
# %%
net, h = Create_Train_RegrNN(120, fit_flat, tgt_fit, val_flat, tgt_val, stop =True,
                                    capas=3, neuronas=128,
                                    epochs_ini=50, batch_ini=512,
                                     activ_entr='tanh',
                                     activ_hid='sigmoid')
# %%
# r2 on both parts
fit_pred = net.predict(fit_flat)
val_pred = net.predict(val_flat)

print("\ndense net\n")
print("r2 fit: ", r2_score(tgt_fit, fit_pred))
print("r2 held out: ", r2_score(tgt_val, val_pred))

# %%
val_pred_deg = val_pred * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(val_pred_deg[0:3000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(val_pred_deg[3000:6000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(val_pred_deg[6000:9000])

# %%
########################################################################
## grid search
## over dense-net settings
# ==============================================================================
grid = ParameterGrid({
                 'capas':[1],
                 'neuronas': [32],
                 'epochs_ini': [50],
                 'batch_ini':[512, 128, 32, 16], 
                 'activ_entr': ['selu'],
                 'activ_hid'   : ['sigmoid'],
#                  'activ_entr': ['relu', 'selu', 'tanh'],
#                  'activ_hid'   : ['relu', 'sigmoid'],
                 'optimiser_mio'   : ['adam']
                })
# %%
# a dense net wants 2-D input, so drop the trailing feature axis
fit_flat = win_fit.reshape(win_fit.shape[0], win_fit.shape[1])
val_flat = win_val.reshape(win_val.shape[0], win_val.shape[1])
# %%
# helper from my own library tries every grid point
grid_scores, grid_hists = Optimize_parameters_RegrNN_BF(fit_flat, tgt_fit, val_flat, tgt_val, grid, stop=True)
# %%
grid_scores
# %%
# curves of the best run
plotHistory(grid_hists[0])
# %%
net, h = Create_Train_RegrNN(120, fit_flat, tgt_fit, val_flat, tgt_val, stop =True,
                                    capas=1, neuronas=32,
                                    epochs_ini=50, batch_ini=128,
                                     activ_entr='tanh',
                                     activ_hid='sigmoid')
# %%
# r2 on both parts
fit_pred = net.predict(fit_flat)
val_pred = net.predict(val_flat)

print("\ndense net\n")
print("r2 fit: ", r2_score(tgt_fit, fit_pred))
print("r2 held out: ", r2_score(tgt_val, val_pred))

# %%
val_pred_deg = val_pred * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(val_pred_deg[0:3000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(val_pred_deg[3000:6000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(val_pred_deg[6000:9000])

# %%
from sklearn.model_selection import train_test_split, ParameterGrid
from sklearn.metrics import confusion_matrix, accuracy_score, r2_score, classification_report
from sklearn.preprocessing import MinMaxScaler, LabelEncoder, OneHotEncoder, StandardScaler

from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor, plot_tree
from sklearn.svm import SVC, SVR
from sklearn.linear_model import LogisticRegression, LinearRegression
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from xgboost import XGBClassifier, XGBRegressor

from Rober_library import Optimize_parameters_BF
# %%
candidate = KNeighborsRegressor()

# nearest neighbours
grid = ParameterGrid(
                {'n_neighbors' : list(range(3,21,2)),
                 'weights'     : ['uniform','distance'],
                 'algorithm'   : ['auto', 'ball_tree', 'kd_tree', 'brute']
                })

scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)
# %%
scores
# %%
candidate = DecisionTreeRegressor()

# single tree
grid = ParameterGrid(
                {'max_features': ['auto','sqrt','log2'],
                 'criterion'   : [ 'mse','mae']
                })
scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)
# %%
scores
# %%
# ordinary least squares
grid = ParameterGrid(
                {'normalize': [True, False]})

candidate = LinearRegression()

scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)
# %%
scores
# %%
candidate = SVR()

# support vectors
grid = ParameterGrid(
                         {'kernel': ['linear','poly','rbf'],
                          'C'   : [ 0.1, 0.5]
                         })

scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)
# %%
scores
# %%
candidate = RandomForestRegressor()

# forest
grid = ParameterGrid(
                {'n_estimators': [10, 30],
                 'max_features': ['auto','sqrt','log2'],
                 'max_depth'   : [3, 20, 50],
                })

scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)

# %%
scores
# %%
candidate = XGBRegressor()

# boosted trees
grid = ParameterGrid(
                {'n_estimators': [100, 500],
                 'learning_rate': [0.01, 0.05, 0.1],
                 'max_depth'   : [3, 7, 20],
                 'gamma' : [0.1]
                })

scores = Optimize_parameters_BF (candidate, fit_flat, tgt_fit, val_flat, tgt_val, grid)

# %%
scores
# %%
ols = LinearRegression()

ols.fit(fit_flat, tgt_fit)
ols_val = ols.predict(val_flat)

# %%
val_pred_deg = ols_val * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
# r2 on both parts
fit_pred = ols.predict(fit_flat)

print("\ndense net\n")
print("r2 fit: ", r2_score(tgt_fit, fit_pred))
print("r2 held out: ", r2_score(tgt_val, ols_val))
# %%
plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(val_pred_deg[0:3000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(val_pred_deg[3000:6000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(val_pred_deg[6000:9000])
# %%
svr_net = SVR(kernel='rbf', C=0.5)

svr_net.fit(fit_flat, tgt_fit)
svr_val = svr_net.predict(val_flat)

# %%
val_pred_deg = svr_val * t_std + t_mean
tgt_val_deg = tgt_val * t_std + t_mean
# %%
# r2 on both parts
fit_pred = svr_net.predict(fit_flat)

print("\ndense net\n")
print("r2 fit: ", r2_score(tgt_fit, fit_pred))
print("r2 held out: ", r2_score(tgt_val, svr_val))

# %%
plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[0:3000])
plt.plot(val_pred_deg[0:3000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[3000:6000])
plt.plot(val_pred_deg[3000:6000])

plt.figure(figsize=(23,5))
plt.plot(tgt_val_deg[6000:9000])
plt.plot(val_pred_deg[6000:9000])
