from gc import callbacks
from tabnanny import verbose
import pandas as pd
import numpy as np
from sklearn import preprocessing
from collections import deque
import random
import time
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, LSTM, BatchNormalization
from tensorflow.keras.callbacks import TensorBoard, ModelCheckpoint 

WINDOW= 60
AHEAD= 3
PAIR= "BTC-USD"
N_EPOCHS = 10
BS = 64
RUN_TAG = f"{PAIR}-win{WINDOW}-ahead{AHEAD}-{int(time.time())}"

def make_windows(frame):
    frame = frame.drop("later",axis=1)
    
    for c in frame.columns:
        if c != "up":
            frame[c] = frame[c].pct_change()
            frame.dropna(inplace=True)
            frame[c] = preprocessing.scale(frame[c].values)
            
    frame.dropna(inplace = True) # drop the rows made empty above

    samples = []
    recent = deque(maxlen=WINDOW)

    for row in frame.values:
        recent.append([v for v in row[:-1]])
        if len(recent) == WINDOW:
            samples.append([np.array(recent),row[-1]])

    random.shuffle(samples)

    ups = []
    downs = []
    
    for w , lab in samples:
        if lab == 0:
            downs.append([w,lab])
        elif lab == 1:
            ups.append([w,lab])
    
    random.shuffle(ups)
    random.shuffle(downs)

    n_keep = min(len(ups),len(downs))

    ups = ups[:n_keep]
    downs = downs[:n_keep]
    
    samples = ups + downs
    
    random.shuffle(samples) 

    xs = []
    ys = []
    
    for w , lab in samples:
        xs.append(w)
        ys.append(lab)
        
    return np.array(xs).astype("float32"), np.array(ys)   

    
def label_move(now, later):
    if float(later) > float(now):
        return 1
    else:
        return 0


frame = pd.read_csv("crypto_data/LTC-USD.csv",names=['time','low','high','open','close','volume'])

joined = pd.DataFrame()

pairs = ["BTC-USD","LTC-USD","ETH-USD","BCH-USD"]

for pair in pairs:
    csv_path = f"crypto_data/{pair}.csv"
    
    frame = pd.read_csv(csv_path, names=['time','low','high','open','close','volume'])

    frame.rename(columns={"close": f"{pair}_close", 
              "volume":f"{pair}_volume"},
              inplace = True)

    frame.set_index("time",inplace=True)

    frame = frame[[f"{pair}_close",f"{pair}_volume"]]

    if len(joined) == 0:
        joined = frame
    
    else:
        joined = joined.join(frame)

joined['later'] = joined[f'{PAIR}_close'].shift(-AHEAD)
joined['up'] = joined.apply(lambda x: label_move(x[f'{PAIR}_close'],x["later"]),axis=1)

# print(joined.head(10))
stamps = sorted(joined.index.values)

cut_time = stamps[-int(0.05*len(stamps))]

val_frame = joined[(joined.index >= cut_time)]
joined = joined[(joined.index < cut_time)]

fit_x , fit_y = make_windows(joined)
val_x , val_y = make_windows(val_frame)

net = Sequential()

net.add(LSTM(128,input_shape =(fit_x.shape[1:]),
                                 return_sequences=True,
                                 activation = "tanh"))
net.add(Dropout(0.2))
net.add(BatchNormalization())                         

net.add(LSTM(128,input_shape =(fit_x.shape[1:]),
                                 return_sequences=True,
                                 activation = "tanh"))
net.add(Dropout(0.2))
net.add(BatchNormalization())                         

net.add(LSTM(128,input_shape =(fit_x.shape[1:]),
               activation = "tanh"))
net.add(Dropout(0.2))
net.add(BatchNormalization())                         

net.add(Dense(32,activation = "tanh"))
net.add(Dropout(0.2))

net.add(Dense(2,activation="softmax"))

adam = tf.keras.optimizers.Adam(learning_rate=0.001,
                               decay = 1e-6)
net.compile(loss='sparse_categorical_crossentropy',
              optimizer = adam,
              metrics = ['accuracy'])

tb = TensorBoard(log_dir=f'logs/{RUN_TAG}')

ckpt_pattern = "models/lstm-{epoch:02d}-{val_accuracy:.3f}.hd5"
ckpt = ModelCheckpoint(filepath=ckpt_pattern,
                             monitor='val_accuracy',
                             verbose=1,
                             save_best_only=True,
                             mode='max')

hist = net.fit(
    fit_x, fit_y,
    batch_size = BS,
    epochs = N_EPOCHS,
    validation_data = (val_x,val_y),
    callbacks =([tb,ckpt])
)
