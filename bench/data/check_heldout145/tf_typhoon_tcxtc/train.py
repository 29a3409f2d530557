# (notebook magic: autoreload extension)
# (notebook magic: autoreload mode 2)

import sys
sys.path.insert(0, '../../..')
from os import environ
environ["CUDA_VISIBLE_DEVICES"]="1"
from os import listdir

# one h5 chunk per year of 256 x 256 satellite images
chunk_dir = '/data/typhoon/datasets/year_256/'
chunk_names = listdir(chunk_dir)
fit_chunks = chunk_names[:27]
dev_chunks = chunk_names[27:35]
hold_chunks = chunk_names[35:]
from utils import read_chunk_list

X_fit, Y_fit, id_fit, seq_fit = read_chunk_list(chunk_dir,
                                                             fit_chunks, 
                                                             fields=['data', 'class', 'idx', 'seq_no'],
                                                             skip_classes=[7],
                                                             verbose=True
                                                             )

X_dev, Y_dev, id_dev, seq_dev = read_chunk_list(chunk_dir,
                                                             dev_chunks, 
                                                             fields=['data', 'class', 'idx', 'seq_no'],
                                                             skip_classes=[7],
                                                             verbose=True
                                                            )

X_hold, Y_hold, id_hold, seq_hold = read_chunk_list(chunk_dir, 
                                                         hold_chunks, 
                                                         fields=['data', 'class', 'idx', 'seq_no'],
                                                         skip_classes=[7],
                                                         verbose=True
                                                         )
from utils import to_binary_task

# hold-out
print("hold-out chunks")
for k in range(len(Y_hold)):
    # binary labels and the kept positions
    Y_hold[k], keep = to_binary_task(Y_hold[k])
    # keep the matching samples
    X_hold[k] = X_hold[k][keep]
    id_hold[k] = id_hold[k][keep]
    seq_hold[k][keep] = seq_hold[k][keep]
    
# dev
print("dev chunks")
for k in range(len(Y_dev)):
    # binary labels and the kept positions
    Y_dev[k], keep = to_binary_task(Y_dev[k])
    # keep the matching samples
    X_dev[k] = X_dev[k][keep]
    id_dev[k] = id_dev[k][keep]
    seq_dev[k][keep] = seq_dev[k][keep]
    
# fit
print("fit chunks")
for k in range(len(Y_fit)):
    # binary labels and the kept positions
    Y_fit[k], keep = to_binary_task(Y_fit[k])
    # keep the matching samples
    X_fit[k] = X_fit[k][keep]
    id_fit[k] = id_fit[k][keep]
    seq_fit[k][keep] = seq_fit[k][keep]
# sample counts
c1 = sum([len(x) for x in X_fit])
c2 = sum([len(x) for x in X_dev])
c3 = sum([len(x) for x in X_hold])
print("fit:", c1)
print("dev:", c2)
print("hold-out:", c3)
print("all:", c1+c2+c3)
make_stats = False
if make_stats:
    from pyphoon.app.preprocess import generate_preprocess_params
    generate_preprocess_params(X_fit, "../prep_stats.h5")
import h5py
from pyphoon.app.preprocess import MeanImagePreprocessor

# normaliser from stored statistics
with h5py.File('../prep_stats.h5') as fh:
    img_mean = fh.get('image_mean').value
    span = fh.get('max_value').value - fh.get('min_value').value

prep = MeanImagePreprocessor(img_mean, span, add_axis=[3])
# keras pieces
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout, Activation
from keras.layers.normalization import BatchNormalization
from keras.optimizers import SGD
# settings
lr = 0.01
decay_rate = 0.01
momentum = 0.9
p_drop = 0.2
batch_size = 32
net = Sequential()
############################################################################
# convolution blocks
############################################################################
net.add(Conv2D(filters=8, kernel_size=(3, 3), input_shape=(256, 256, 1), use_bias=False))
net.add(Activation('relu'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2)))

net.add(Conv2D(filters=16, kernel_size=(3, 3), use_bias=False))
net.add(Activation('relu'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2)))

net.add(Conv2D(filters=32, kernel_size=(3, 3), use_bias=False))
net.add(Activation('relu'))
net.add(BatchNormalization())
net.add(MaxPooling2D(pool_size=(2, 2)))
############################################################################
# fully connected part
############################################################################
net.add(Flatten())

net.add(Dense(100, use_bias=False))
net.add(Activation('relu'))
net.add(BatchNormalization())
net.add(Dropout(p_drop))

net.add(Dense(50, use_bias=False))
net.add(Activation('relu'))
net.add(BatchNormalization())

############################################################################
# output
############################################################################
net.add(Dense(units=1, activation='sigmoid'))
# optimiser
opt = SGD(lr=lr, momentum=momentum, nesterov=False, decay=decay_rate)
# compile
net.compile(optimizer=opt, loss='binary_crossentropy', metrics=['accuracy'])
from pyphoon.app.callbacks import StoreModelWeights, OurTensorBoard, LossHistory

run_dir = 'run_tcxtc'
save_cb = StoreModelWeights(run_dir, naming="val_acc")
tb_cb = OurTensorBoard(run_dir)
loss_cb = LossHistory()

cbs = [loss_cb, save_cb, tb_cb]
from utils import ChunkBatcher
import numpy as np

# steps per pass
fit_steps = sum([np.ceil(len(x)/batch_size) for x in Y_fit])
dev_steps = sum([np.ceil(len(x)/batch_size) for x in Y_dev])

# passes over the data
epochs = 10
batch_size = 32

# batch generator
batcher = ChunkBatcher(batch_sz=batch_size, 
                                       preprocess_algorithm=prep.apply
                                      )
# fit
net.fit_generator(
    generator=batcher.feed(X_fit, Y_fit),
    steps_per_epoch=fit_steps,
    validation_data=batcher.feed(X_dev, Y_dev),
    validation_steps=dev_steps,
    epochs=epochs,
    callbacks=cbs
)
net.load_weights('../weights.hdf5')
# predictions chunk by chunk
y_hat = []
for x in X_hold:
    y_hat.extend(np.round(net.predict(x)).astype(int)[:, 0])
# reference labels
y_ref = np.concatenate(Y_hold).tolist()

acc_hold = (np.array(y_ref) == np.array(y_hat)).mean()

print("hold-out accuracy:", acc_hold)
from sklearn.metrics import confusion_matrix
import pandas as pd

pd.DataFrame(confusion_matrix(y_ref, y_hat), 
             columns=['pred TC','pred xTC'], 
             index=['TC','xTC']
            )
from sklearn.metrics import precision_score
from sklearn.metrics import recall_score

p = precision_score(y_ref, y_hat)
r = recall_score(y_ref, y_hat)

print("precision:", p)
print("recall:", r)
from os.path import join

# list the log folder
listdir(join(run_dir, 'tensorboard_log'))
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

event_file = 'run_2/tensorboard_log/events.out.tfevents.1523545504.host'
ev = EventAccumulator(event_file)
ev.Reload()
# tags in the log
print(ev.Tags())

# loss curves
_, steps, dev_loss = zip(*ev.Scalars('val_loss'))
_, steps, fit_loss = zip(*ev.Scalars('loss'))
# accuracy curves
_, steps, dev_acc = zip(*ev.Scalars('val_acc'))
_, steps, fit_acc = zip(*ev.Scalars('acc'))
import matplotlib.pyplot as plt

# loss
plt.plot(steps, fit_loss, 'k')
plt.plot(steps, dev_loss, 'k--')
plt.legend(['fit loss', 'dev loss'])
plt.title('loss')
plt.xlabel('epoch')
plt.show()
# (eps export disabled)

# accuracy
plt.plot(steps, fit_acc, 'k')
plt.plot(steps, dev_acc, 'k--')
plt.legend(['fit accuracy', 'dev accuracy'])
plt.title('accuracy')
plt.xlabel('epoch')
plt.show()
# (eps export disabled)
