import numpy as np
import tensorflow as tf
import matplotlib
matplotlib.use("TkAgg")
import os
from data_processing.general_processor import Utils
from sklearn.model_selection import train_test_split
import matplotlib
matplotlib.use("TkAgg")
import matplotlib.pyplot as plt
from tensorflow.keras.callbacks import ModelCheckpoint, EarlyStopping
gpus = tf.config.experimental.list_physical_devices('GPU')
print(gpus)
tf.autograph.set_verbosity(0)
# assert len(gpus) > 0, "no GPU found"
growth = tf.config.experimental.set_memory_growth(gpus[0], True)

#Every electrode pair, every subject
pairs = [["C3", "C4"],
            ["FC3", "FC4"],
            ["C1", "C2"],
            ["C5", "C6"],
            ["FC1", "FC2"],
            ["FC5", "FC6"]]
skipped =  [38, 88, 89, 92, 100, 104]
subject_ids = [s for s in np.arange(1,109) if s not in skipped]
# subject_ids = [109]
per_pair_x = list()
per_pair_y = list()
root_dir = "E:\\eeg\\mmidb\\pair_windows"

for pair in pairs:
    pair_dir = os.path.join(root_dir, pair[0]+ pair[1])
    tag = "_sub_"
    sub_xs, sub_ys = Utils.load_sub_by_sub(subject_ids, pair_dir, tag)
    per_pair_x.append(np.concatenate(sub_xs))
    per_pair_y.append(np.concatenate(sub_ys))

raw_x = np.concatenate(per_pair_x)
labels = np.concatenate(per_pair_y)

flat_x = raw_x.reshape(raw_x.shape[0], raw_x.shape[1] * raw_x.shape[2])
#Scale
from sklearn.preprocessing import minmax_scale
#axis=1 scales every sample on its own
norm_x = minmax_scale(flat_x, axis=1)
#labels to one-hot
label_ids = Utils.to_numerical(labels, by_sub=False)
label_onehot = tf.keras.utils.to_categorical(label_ids)
print('per-class counts')
print ('before resampling = {}'.format(label_onehot.sum(axis=0)))
# oversample the minority classes
from imblearn.over_sampling import SMOTE
smote = SMOTE(random_state=0)
bal_x, bal_y = smote.fit_sample(norm_x, label_onehot)
print('per-class counts')
print ('before resampling = {}'.format(label_onehot.sum(axis=0)))
print ('after resampling = {}'.format(bal_y.sum(axis=0)))

tr_x, te_x, tr_y, te_y = train_test_split(bal_x, bal_y, stratify=bal_y,
                                                    test_size=0.20,
                                                    random_state=0)
va_x, te_x, va_y, te_y = train_test_split(te_x, te_y, stratify=te_y,
                                                    test_size=0.50,
                                                    random_state=0)

tr_x3 = tr_x.reshape(tr_x.shape[0], int(tr_x.shape[1]/2), 2).astype(np.float64)
te_x3 = te_x.reshape(te_x.shape[0], int(te_x.shape[1]/2),2).astype(np.float64)
va_x3 = va_x.reshape(va_x.shape[0], int(va_x.shape[1]/2),2).astype(np.float64)


lr = 1e-4 # keras default is 1e-3
k_wide = 20 #wider first kernel
k_narrow = 6
p_drop = 0.5


loss_fn = tf.keras.losses.categorical_crossentropy  #tf.keras.losses.categorical_crossentropy
opt = tf.keras.optimizers.Adam(lr=lr)
# opt = tf.keras.optimizers.SGD(learning_rate=lr)
net = tf.keras.Sequential()
net.add(tf.keras.layers.Conv1D(filters=32, kernel_size=k_wide,
                                 activation='relu', padding= "same", input_shape=(640, 2)))
# net.add(tf.keras.layers.SpatialDropout1D(p_drop))
# net.add(tf.keras.layers.BatchNormalization())
# net.add(tf.keras.layers.MaxPool1D(pool_size=2))
net.add(tf.keras.layers.Conv1D(filters=32, kernel_size=k_narrow, activation='relu',
                                 padding= "valid"))
net.add(tf.keras.layers.BatchNormalization())
net.add(tf.keras.layers.SpatialDropout1D(p_drop))
# net.add(tf.keras.layers.MaxPool1D(pool_size=2))
net.add(tf.keras.layers.Conv1D(filters=32, kernel_size=k_narrow, activation='relu',
                                 padding= "valid"))
net.add(tf.keras.layers.SpatialDropout1D(p_drop))
# net.add(tf.keras.layers.MaxPool1D(pool_size=2))


net.add(tf.keras.layers.Conv1D(filters=32, kernel_size=k_wide, activation='relu',
                                 padding= "valid"))
# net.add(tf.keras.layers.BatchNormalization())
net.add(tf.keras.layers.SpatialDropout1D(p_drop))
# net.add(tf.keras.layers.Dropout(p_drop))
# net.add(tf.keras.layers.Conv1D(filters=15, kernel_size=k, activation='relu',
#                                  strides=1, padding="valid"))
# net.add(tf.keras.layers.BatchNormalization())
# net.add(tf.keras.layers.AvgPool1D(pool_size=2))
# net.add(tf.keras.layers.SpatialDropout1D(p_drop))
# net.add(tf.keras.layers.Dense(300))
# net.add(tf.keras.layers.Conv1D(filters=100, kernel_size=k, activation='relu', strides=1, padding= "valid"))
# net.add(tf.keras.layers.BatchNormalization())
net.add(tf.keras.layers.Flatten())
net.add(tf.keras.layers.Dense(256, activation='relu'))
net.add(tf.keras.layers.Dropout(p_drop))
net.add(tf.keras.layers.Dense(64, activation='relu'))
net.add(tf.keras.layers.Dropout(p_drop))
net.add(tf.keras.layers.Dense(5, activation='softmax'))
net.compile(loss=loss_fn, optimizer=opt, metrics=['accuracy'])
net.summary()

ckpt_path = os.path.join(os.getcwd(),'best_net.h5')
saver = ModelCheckpoint( # checkpoint writer
    ckpt_path, # where the weights go
    monitor='val_loss', # quantity watched
    verbose=1, # print when saving
    save_best_only=True, # keep only the best
    save_weights_only=False, # whole model
    mode='auto', # min or max picked from the name
    period=1 # every epoch
    )

stopper = EarlyStopping(
    monitor='val_loss', # quantity watched
    min_delta=0.001, # smallest change that counts
    patience=10, # epochs without progress
    restore_best_weights=True, # roll back to the best
    )
cb_list = [saver, stopper] # callbacks

#%%

history = net.fit(tr_x3, tr_y, epochs=400, batch_size=15,
                 validation_data=(va_x3, va_y), callbacks=cb_list) #32


#%%
#smaller batches let single subjects pull harder
plt.subplot(1,2,1, title="accuracy")
plt.plot(history.history["accuracy"], color="red", label="Train")
plt.plot(history.history["val_accuracy"], color="blue", label="Test")
plt.legend(loc='lower right')
plt.subplot(1,2,2, title="loss")
plt.plot(history.history["val_loss"], color="blue", label="Test")
plt.plot(history.history["loss"], color="red", label="Train")
plt.legend(loc='lower right')
plt.show()

print(np.round(net.predict(te_x3[:4], 2)))
print(te_y[:4])

#%%
"""
Evaluate
"""
weights_file = "E:\\eeg\\runs\\pairs\\best_net.h5"
net.load_weights(weights_file)

# net.load_weights(os.path.join(os.getcwd(),
#                                 "best_net.h5"))

te_loss, te_acc = net.evaluate(te_x3,te_y)
print('\nacc:', te_acc)
print('\nloss: ', te_loss)

from sklearn.metrics import classification_report, confusion_matrix
# class scores on the test split
scores = net.predict(te_x3)

# one-hot back to class ids
true_ids = np.argmax(te_y, axis=1)
pred_ids = np.argmax(scores,axis=1)

print('\n report \n\n',
  classification_report(
      true_ids,
      pred_ids,
       target_names=["B", "R", "RL", "L", "F"]
      )
  )
print('\n confusion \n\n',
  confusion_matrix(
      true_ids,
      pred_ids,
      )
  )

#%%
#Timeline figure

lab = np.load("E:\\eeg\\runs\\pairs\\labels.npy")
win = np.load("E:\\eeg\\runs\\pairs\\window.npy")
win_scaled = minmax_scale(win.reshape(win.shape[0], win.shape[1]*win.shape[2]), axis=1)
win_final = win_scaled.reshape(win_scaled.shape[0], int(win_scaled.shape[1]/2), 2).astype(np.float64)

lab_ids = Utils.to_numerical(lab, by_sub=False)
lab_onehot = tf.keras.utils.to_categorical(lab_ids)

probs = net.predict(win_final)



import plotly.express as px
import plotly.graph_objs as go
import pandas as pd
from plotly.subplots import make_subplots
timeline = pd.read_pickle("time.pickle")
timeline.drop(timeline.tail(1).index, inplace=True)
fig = make_subplots(rows=5, cols=1)
kinds = ["B", "F", "L", "LR", "R"]
for pos, kind in enumerate(kinds):
    fig.add_trace(go.Scatter(y=np.round(probs[:, pos]),  name=kind), row=pos+1, col=1)


for pos, row in enumerate(timeline.iterrows()):
    if row[1].task == "nan" or row[1].task == "B":
        fig.add_vrect(
            x0=pos, x1=pos+1,
            fillcolor="LightSalmon", opacity=0.2,
            layer="below", line_width=1, row=1, col=1
        )
    elif row[1].task == "F":
        fig.add_vrect(
            x0=pos, x1=pos+1,
            fillcolor="LightSalmon", opacity=0.2,
            layer="below", line_width=1, row=2, col=1
        )
    elif row[1].task == "L":
        fig.add_vrect(
            x0=pos, x1=pos+1,
            fillcolor="LightSalmon", opacity=0.2,
            layer="below", line_width=1, row=3, col=1
        )
    elif row[1].task == "LR":
        fig.add_vrect(
            x0=pos, x1=pos+1,
            fillcolor="LightSalmon", opacity=0.2,
            layer="below", line_width=1, row=4, col=1
        )
    elif row[1].task == "R":
        fig.add_vrect(
            x0=pos, x1=pos+1,
            fillcolor="LightSalmon", opacity=0.2,
            layer="below", line_width=1, row=5, col=1
        )
fig.write_html("timeline.html")
