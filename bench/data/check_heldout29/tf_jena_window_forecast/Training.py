import argparse
import numpy as np
import os
import pandas as pd
import tensorflow as tf
import tensorflow_model_optimization as tfmot
import zlib



from WindowGenerator import SeqWindowMaker 
from multi_outputMAE import MultiStepMAE 
from CustomEarlyStopping import PatienceStop



argp = argparse.ArgumentParser()
argp.add_argument('--version', type=str, required=True)
opts = argp.parse_args()


seed_value = 42
tf.random.set_seed(seed_value)
np.random.seed(seed_value)

# fetch the Jena climate csv
zip_file_path = tf.keras.utils.get_file(
    origin='https://storage.googleapis.com/tensorflow/tf-keras-datasets/jena_climate_2009_2016.csv.zip',
    fname='jena_climate_2009_2016.csv.zip',
    extract=True,
    cache_dir='.', cache_subdir='data')
csv_file_path, _ = os.path.splitext(zip_file_path)
climate_df = pd.read_csv(csv_file_path)

col_idx = [2, 5]
picked_cols = climate_df.columns[col_idx]
series_data = climate_df[picked_cols].values.astype(np.float32)

# 70/20/10 split in time order
n_rows = len(series_data)
train_series_data = series_data[0:int(n_rows*0.7)]
val_series_data = series_data[int(n_rows*0.7):int(n_rows*0.9)]
test_series_data = series_data[int(n_rows*0.9):]

feat_mean = train_series_data.mean(axis=0)
feat_std = train_series_data.std(axis=0)

in_steps = 6

if opts.version == "a":
    out_steps = 3
    # widths for structured pruning
    width_a = 1/8
    width_b = 1/16
    # small MLP
    forecast_model = tf.keras.Sequential([
                          tf.keras.layers.Flatten(input_shape=(6, 2)),
                          tf.keras.layers.Dense(units=width_a*128, activation = 'relu'),
                          tf.keras.layers.Dense(units=width_b*128, activation = 'relu'),
                          tf.keras.layers.Dense(units=2*out_steps),
                          tf.keras.layers.Reshape((out_steps, 2))])
    
    # target sparsity
    target_sparsity = 0.78
    
elif opts.version == "b":
    out_steps = 9
    
    # widths for structured pruning
    width_a = 0.125
    width_b = 0.125
    # small 1-D CNN
    forecast_model = tf.keras.Sequential([
                          tf.keras.layers.Conv1D(filters=width_a*64, kernel_size=3, activation = "relu"),
                          tf.keras.layers.Flatten(),
                          tf.keras.layers.Dense(units=width_b*64, activation = 'relu'),
                          tf.keras.layers.Dense(units=2*out_steps),
                          tf.keras.layers.Reshape((out_steps, 2))])
    # target sparsity
    target_sparsity = 0.8
    
# sliding windows over each split
window_maker = SeqWindowMaker(in_steps, out_steps, feat_mean, feat_std)
train_dataset = window_maker.build_dataset(train_series_data, True)
val_dataset = window_maker.build_dataset(val_series_data, False)
test_dataset = window_maker.build_dataset(test_series_data, False)

# write the window datasets to disk
tf.data.experimental.save(train_dataset, './th_train')
tf.data.experimental.save(val_dataset, './th_val')
tf.data.experimental.save(test_dataset, './th_test')


cb_list = [PatienceStop()] 


# first (dense) training run
build_shape = [32, 6, 2]
forecast_model.build(build_shape)
forecast_model.compile(optimizer='adam',
            loss = tf.keras.losses.mean_squared_error,
            metrics= [MultiStepMAE()])

forecast_model.fit(train_dataset, validation_data = val_dataset, epochs=20, callbacks=cb_list, verbose = 0)



# schedule for magnitude pruning
prune_cfg = {'pruning_schedule': tfmot.sparsity.keras.PolynomialDecay(initial_sparsity=0.30,    
                                                                           final_sparsity=target_sparsity,
                                                                           begin_step=len(train_dataset)*5,
                                                                           end_step=len(train_dataset)*15)}
cb_list = [tfmot.sparsity.keras.UpdatePruningStep(), PatienceStop()] 

prune_fn = tfmot.sparsity.keras.prune_low_magnitude 
pruned_forecast_model = prune_fn(forecast_model, **prune_cfg)

# second run with pruning wrappers
build_shape = [32, 6, 2]
pruned_forecast_model.build(build_shape)
pruned_forecast_model.compile(optimizer='adam',
            loss = tf.keras.losses.mean_squared_error,
            metrics= [MultiStepMAE()])

pruned_forecast_model.fit(train_dataset, validation_data = val_dataset, callbacks=cb_list, epochs = 20, verbose = 0)

pruned_forecast_model = tfmot.sparsity.keras.strip_pruning(pruned_forecast_model)
serve_fn = tf.function(lambda x: pruned_forecast_model(x))   

# export a SavedModel
serving_sig = serve_fn.get_concrete_function(tf.TensorSpec([1, 6, 2], tf.float32))
forecast_model.save('./model_{}'.format(opts.version), signatures=serving_sig)


# TFLite conversion, zlib-compressed
tflite_out_path = "Group14_th_" + opts.version + ".tflite.zlib"
lite_converter = tf.lite.TFLiteConverter.from_saved_model('./model_{}')
lite_converter.optimizations = [tf.lite.Optimize.DEFAULT]   # post-training weight quantisation
tflite_bytes = lite_converter.convert() 
with open(tflite_out_path, 'wb') as out_fh:     
    packed_bytes = zlib.compress(tflite_bytes)     
    out_fh.write(packed_bytes)
    
    
  

