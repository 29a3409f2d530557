import sys
import os
import featprep
import numpy as np
import tensorflow as tf
from keras.backend.tensorflow_backend import set_session
from keras.models import Sequential
from keras.layers import Dense, Dropout, Conv1D, Flatten
from keras.callbacks import EarlyStopping, TensorBoard
from keras import regularizers

USE_EARLY_STOP = True

os.environ["CUDA_VISIBLE_DEVICES"] = str(sys.argv[1])
sess_cfg = tf.ConfigProto()
sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.8
set_session(tf.Session(config=sess_cfg))

TR_FEATS = str(sys.argv[2])
VA_FEATS = str(sys.argv[3])
LOG_ROOT = 'log_task1/'
RUN_DIR = str(sys.argv[4]) if str(sys.argv[4])[-1] == '/' else str(sys.argv[4]) + '/'

if not os.path.exists(LOG_ROOT):
  os.makedirs(LOG_ROOT)
if not os.path.exists(RUN_DIR):
  os.makedirs(RUN_DIR)


tr_x, tr_y = featprep.read_npz(TR_FEATS)
tr_y = np.eye(11)[tr_y]

va_x, va_y = featprep.read_npz(VA_FEATS)
va_y = np.eye(11)[va_y]

print(tr_x.shape)
print(tr_y.shape)

clf = Sequential()
clf.add(Conv1D(32, 2, padding='same', strides=2, activation='relu', input_shape=tr_x.shape[1:]))
clf.add(Dropout(0.3))
clf.add(Conv1D(32, 2, padding='same', strides=2, activation='relu'))
clf.add(Dropout(0.3))
clf.add(Flatten())
# clf.add(Dense(32, input_shape=(tr_x.shape[1],), activation='relu', kernel_regularizer=regularizers.l2(0.0005)))
# clf.add(Dropout(0.3))
# clf.add(Dense(32, activation='relu', kernel_regularizer=regularizers.l2(0.0005)))
# clf.add(Dropout(0.3))
clf.add(Dense(11, activation='softmax'))
clf.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])


cbs = []
if USE_EARLY_STOP:
  cbs.append(EarlyStopping(monitor='val_loss', patience=10, verbose=1, mode='auto'))
cbs.append(TensorBoard(log_dir=RUN_DIR))

clf.fit(tr_x, tr_y, validation_data=(va_x, va_y), epochs=100, batch_size=32, callbacks=cbs)
clf.save(RUN_DIR + 'model.hdf5', overwrite=True, include_optimizer=False)
print('saved the classifier')