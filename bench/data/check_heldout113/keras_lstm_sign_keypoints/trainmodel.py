from function import *
from sklearn.model_selection import train_test_split
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.callbacks import TensorBoard

import numpy as np
import os

#sign name -> class id
sign_to_id={name:idx for idx,name in enumerate(signs)}

#read every recorded take, frame by frame
takes, targets=[], []
for sign in signs:
    for take in range(takes_per_sign):
        steps=[]
        for step in range(frames_per_take):
            kp_file = os.path.join(KP_ROOT, sign, str(take), f'{step}.npy') #one frame of hand keypoints

            if os.path.exists(kp_file):
                kp=np.load(kp_file,allow_pickle=True) #21 x 3 coordinates
                steps.append(kp)
            else:
                steps.append(np.zeros(63)) #missing frame -> zeros


        takes.append(steps) #the whole take
        targets.append(sign_to_id[sign]) #its class



#arrays and a small hold-out part
X=np.array(takes)
y=to_categorical(targets).astype(int)
X_fit, X_hold, y_fit, y_hold=train_test_split(X,y,test_size=0.05,stratify=y) #5% held out


#tensorboard logging
tb_dir=os.path.join('tb_logs')
tb=TensorBoard(log_dir=tb_dir)

#stacked LSTM classifier
net=Sequential([
    LSTM(64, return_sequences=True, activation='relu', input_shape=(30,63)),
    LSTM(128, return_sequences=True, activation='relu'),
    LSTM(64, return_sequences=False, activation='relu'),
    Dense(64, activation='relu'),
    Dense(32, activation='relu'),
    Dense(len(signs), activation='softmax')
])

#loss and optimiser
net.compile(optimizer='Adam', loss='categorical_crossentropy', metrics=['categorical_accuracy'])

#fit
net.fit(X_fit, y_fit, epochs=2000, callbacks=[tb], validation_data=(X_hold, y_hold))
net.summary()

#write architecture and weights
arch=net.to_json()

with open('sign_net.json','w') as fh:
    fh.write(arch)

net.save_weights('sign_net.h5')
print('architecture and weights written')
