import numpy as np
import pickle
import json
import tensorflow as tf
from tensorflow.keras import layers
from tensorflow import keras
from tensorflow.keras import datasets, layers, models, regularizers
from tensorflow.keras.layers import *
from keras.models import model_from_json
import sys

tr_x = pickle.load(open('train_images.pkl', 'rb'))
tr_y = pickle.load(open('train_labels.pkl', 'rb'))
# held-out split
va_x = pickle.load(open('val_images.pkl', 'rb'))
va_y = pickle.load(open('val_labels.pkl', 'rb'))


def zero_small_weights(net, pct):
    pos = 0
    for lyr in net.layers:
      if isinstance(lyr, layers.Conv2D) or isinstance(lyr, layers.Dense):
        w = lyr.get_weights()
        cut = np.percentile(np.abs(w[0]), pct)
        keep = np.where(np.abs(w[0]) >= cut, 1, 0)
        w_new = np.copy(w)
        w_new[0] *= keep
        net.layers[pos].set_weights([w_new[0], lyr.get_weights()[1]])
      pos += 1
    return net



if __name__ == '__main__':
  pct = float(sys.argv[1])
  pct_tag = str(sys.argv[1])

  print("== dense reference ==")
  # rebuild the architecture from its json description
  fh = open('model.json', 'r')
  arch_json = fh.read()
  fh.close()
  net = model_from_json(arch_json)
  # then the trained weights
  net.load_weights("model_baseline.h5")
  print("reference weights restored")
  net.compile(optimizer=keras.optimizers.Adam(learning_rate=0.0001, weight_decay=1e-6),
                loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False),
                metrics=['accuracy'])
                
  scores = net.evaluate(va_x, va_y, batch_size=128)
  
  sparse_net = zero_small_weights(net, pct)
  sparse_net.compile(optimizer=keras.optimizers.Adam(learning_rate=0.0001, weight_decay=1e-6),
                loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False),
                metrics=['accuracy'])

  hist = sparse_net.fit(tr_x, tr_y, batch_size=32, epochs=50,
                      validation_data=(va_x, va_y)) # 50 passes, 32 per step

  print("== after magnitude pruning ==")
  # score the fine-tuned sparse net
  scores = sparse_net.evaluate(va_x, va_y, batch_size=128)
  # keep the fine-tuned weights
  sparse_net.save_weights(f"magnitude_pruning_{pct_tag}.h5")
