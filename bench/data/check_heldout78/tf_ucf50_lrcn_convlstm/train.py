from frames import plot_history, to_categorical, assemble
from settings import ACTIONS, CLIP_LEN, FRAME_H, FRAME_W, VIDEO_ROOT
from sklearn.model_selection import train_test_split
from tensorflow.keras.layers import TimeDistributed, Conv2D, MaxPooling2D, Dropout, LSTM, Flatten, Dense, ConvLSTM2D, MaxPooling3D, Conv3D
from tensorflow.keras.models import Sequential
from tensorflow.keras.callbacks import EarlyStopping
import time

clips, targets, sources = assemble()
targets_1h = to_categorical(targets)
x_tr, x_te, y_tr, y_te = train_test_split(clips, targets_1h, test_size= 0.25, shuffle=True)

def convlstm_net():
    # stacked ConvLSTM2D blocks, as in the keras layer docs
    
    net = Sequential()

    net.add(ConvLSTM2D(filters = 8, kernel_size = (3,3), activation = "tanh", data_format = "channels_last",
    recurrent_dropout = 0.25, return_sequences = True, input_shape = (CLIP_LEN, FRAME_H, FRAME_W, 3)))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same', data_format = "channels_last"))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(ConvLSTM2D(filters = 12, kernel_size = (3,3), activation = "tanh", data_format = "channels_last",
    recurrent_dropout = 0.25, return_sequences = True))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same', data_format = "channels_last"))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(ConvLSTM2D(filters = 16, kernel_size = (3,3), activation = "tanh", data_format = "channels_last",
    recurrent_dropout = 0.25, return_sequences = True))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same', data_format = "channels_last"))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(ConvLSTM2D(filters = 20, kernel_size = (3,3), activation = "tanh", data_format = "channels_last",
    recurrent_dropout = 0.25, return_sequences = True))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same', data_format = "channels_last"))
    
    net.add(Flatten())
    net.add(Dense(len(ACTIONS), activation = "softmax"))

    with open('convlstm_summary.txt', 'w') as fh:
        net.summary(print_fn=lambda s: fh.write(s + '\n'))

    return net

net_a = convlstm_net()
stopper = EarlyStopping(monitor= 'val_loss', patience = 10, mode = 'min', restore_best_weights = True)
net_a.compile(loss = 'categorical_crossentropy', optimizer = 'Adam', metrics = ['accuracy'])

print("ConvLSTM net built")
t0 = time.time()
hist_a = net_a.fit(x = x_tr, y = y_tr, epochs = 50, batch_size = 4, shuffle = True, validation_split = 0.2, callbacks = [stopper])
t1 = time.time()
print(f"seconds: {t1-t0}")

score_a = net_a.evaluate(x_te, y_te)
plot_history("ConvLSTM run", hist_a) 


def lrcn_net():
    # per-frame CNN followed by an LSTM (Donahue et al., LRCN)
    net = Sequential()

    net.add(TimeDistributed(Conv2D(8, (3,3), padding = 'same', activation = 'relu'), input_shape = (CLIP_LEN, FRAME_H, FRAME_W, 3)))
    net.add(TimeDistributed(MaxPooling2D((2, 2))))
    net.add(TimeDistributed(Dropout(0.2)))

    net.add(TimeDistributed(Conv2D(12, (3,3), padding = 'same', activation = 'relu')))
    net.add(TimeDistributed(MaxPooling2D((2,2))))
    net.add(TimeDistributed(Dropout(0.2)))

    net.add(TimeDistributed(Conv2D(16, (3,3), padding = 'same', activation = 'relu')))
    net.add(TimeDistributed(MaxPooling2D((2,2))))
    net.add(TimeDistributed(Dropout(0.2)))

    net.add(TimeDistributed(Conv2D(20, (3,3), padding = 'same', activation = 'relu')))
    net.add(TimeDistributed(MaxPooling2D((2,2))))
    
    net.add(TimeDistributed(Flatten()))
    net.add(LSTM(32))
    net.add(Dense(len(ACTIONS), activation = "softmax"))

    with open('lrcn_summary.txt', 'w') as fh:
        net.summary(print_fn=lambda s: fh.write(s + '\n'))

    return net

net_b = lrcn_net()
stopper = EarlyStopping(monitor= 'val_loss', patience = 10, mode = 'min', restore_best_weights = True)
net_b.compile(loss = 'categorical_crossentropy', optimizer = 'Adam', metrics = ['accuracy'])

print("LRCN net built")
t0 = time.time()
hist_b = net_b.fit(x = x_tr, y = y_tr, epochs = 50, batch_size = 4, shuffle = True, validation_split = 0.2, callbacks = [stopper])
t1 = time.time()
print(f"seconds: {t1-t0}")

score_b = net_b.evaluate(x_te, y_te)
plot_history("LRCN run", hist_b) 


def c3d_net():
    net = Sequential()

    net.add(Conv3D(14, (3,3,3), activation='relu', input_shape = (CLIP_LEN, FRAME_H, FRAME_W, 3)))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same'))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(Conv3D(16, (3,3,3), activation='relu'))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same'))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(Conv3D(18, (3,3,3), activation='relu'))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same'))
    net.add(TimeDistributed(Dropout(0.5)))

    net.add(Conv3D(22, (3,3,3), activation='relu'))
    net.add(MaxPooling3D(pool_size = (1,2,2), padding = 'same'))
    
    net.add((Flatten()))
    net.add(Dense(len(ACTIONS), activation = "softmax"))

    with open('c3d_summary.txt', 'w') as fh:
        net.summary(print_fn=lambda s: fh.write(s + '\n'))

    return net

net_c = c3d_net()
stopper = EarlyStopping(monitor= 'val_loss', patience = 10, mode = 'min', restore_best_weights = True)
net_c.compile(loss = 'categorical_crossentropy', optimizer = 'Adam', metrics = ['accuracy'])

print("Conv3D net built")
t0 = time.time()
hist_c = net_c.fit(x = x_tr, y = y_tr, epochs = 50, batch_size = 4, shuffle = True, validation_split = 0.2, callbacks = [stopper])
t1 = time.time()
print(f"seconds: {t1-t0}")

score_c = net_c.evaluate(x_te, y_te)
plot_history("Conv3D run", hist_c) 


