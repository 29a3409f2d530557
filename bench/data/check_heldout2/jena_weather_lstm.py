# source: https://github.com/keras-team/keras-io/blob/0a57de48c864d63b80083820e8988368ee5c3149/examples/timeseries/timeseries_weather_forecasting.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from zipfile import ZipFile

import pandas as pd
import tensorflow as tf
from tensorflow import keras

archive_url = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/jena_climate_2009_2016.csv.zip"
archive_path = keras.utils.get_file(origin=archive_url, fname="jena_climate_2009_2016.csv.zip")
ZipFile(archive_path).extractall()
table = pd.read_csv("jena_climate_2009_2016.csv")

column_keys = [
    "p (mbar)", "T (degC)", "Tpot (K)", "Tdew (degC)", "rh (%)", "VPmax (mbar)", "VPact (mbar)",
    "VPdef (mbar)", "sh (g/kg)", "H2OC (mmol/mol)", "rho (g/m**3)", "wv (m/s)", "max. wv (m/s)", "wd (deg)",
]
timestamp_key = "Date Time"

train_fraction = 0.715
n_train_rows = int(train_fraction * int(table.shape[0]))
stride = 6
history_len = 720
horizon = 72
lr = 0.001
batch = 256
n_epochs = 10


def standardize(values, n_fit):
    mu = values[:n_fit].mean(axis=0)
    sigma = values[:n_fit].std(axis=0)
    return (values - mu) / sigma


chosen = [column_keys[i] for i in [0, 1, 5, 7, 8, 10, 11]]
signals = table[chosen]
signals.index = table[timestamp_key]

signals = standardize(signals.values, n_train_rows)
signals = pd.DataFrame(signals)

train_part = signals.loc[0: n_train_rows - 1]
val_part = signals.loc[n_train_rows:]

first_label = history_len + horizon
last_label = first_label + n_train_rows
train_inputs = train_part[[i for i in range(7)]].values
train_targets = signals.iloc[first_label:last_label][[1]]
window = int(history_len / stride)

train_windows = keras.preprocessing.timeseries_dataset_from_array(
    train_inputs, train_targets, sequence_length=window, sampling_rate=stride, batch_size=batch,
)

val_stop = len(val_part) - history_len - horizon
val_label_start = n_train_rows + history_len + horizon
val_inputs = val_part.iloc[:val_stop][[i for i in range(7)]].values
val_targets = signals.iloc[val_label_start:][[1]]

val_windows = keras.preprocessing.timeseries_dataset_from_array(
    val_inputs, val_targets, sequence_length=window, sampling_rate=stride, batch_size=batch,
)

for sample in train_windows.take(1):
    sample_x, sample_y = sample

seq_in = keras.layers.Input(shape=(sample_x.shape[1], sample_x.shape[2]))
hidden = keras.layers.LSTM(32)(seq_in)
forecast = keras.layers.Dense(1)(hidden)
forecaster = keras.Model(inputs=seq_in, outputs=forecast)
forecaster.compile(optimizer=keras.optimizers.Adam(learning_rate=lr), loss="mse")

stopper = keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=0, patience=5)
keeper = keras.callbacks.ModelCheckpoint(
    monitor="val_loss", filepath="model_checkpoint.h5", verbose=1, save_weights_only=True, save_best_only=True,
)

fit_log = forecaster.fit(
    train_windows, epochs=n_epochs, validation_data=val_windows, callbacks=[stopper, keeper],
)

for x, y in val_windows.take(5):
    one_step = forecaster.predict(x)[0]
