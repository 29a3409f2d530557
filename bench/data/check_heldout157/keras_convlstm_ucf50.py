# Notebook converted to a script: ConvLSTM action classifier on two UCF50 classes.
import os
import cv2
import pafy
import math
import random
import numpy as np
import datetime as dt
import tensorflow as tf
from collections import deque
import matplotlib.pyplot as plt
from moviepy.editor import *
from sklearn.model_selection import train_test_split

from tensorflow.keras.layers import *
from tensorflow.keras.models import Sequential
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.utils import plot_model

# show one frame from a handful of random classes
all_class_names = os.listdir('UCF50')
random_classes = random.sample(range(len(all_class_names)),20)
for counter,index in enumerate(random_classes,1):
  selected_class = all_class_names[index]
  file_name = os.listdir(f'UCF50/{selected_class}')
  selected_file = random.choice(file_name)
  video_file_path = f'UCF50/{selected_class}/{selected_file}'
  video_reader = cv2.VideoCapture(video_file_path)
  _,bgr = video_reader.read()
  bgr = cv2.cvtColor(bgr,cv2.COLOR_BGR2RGB)
  video_reader.release()
  plt.figure(figsize=(5,5))
  plt.title(f'{counter}. {selected_class}')
  plt.imshow(bgr)
  plt.axis('off')

height,width=244,244
sq_length =20
DIR = 'UCF50'
CLASSES_LIST=['HighJump','PoleVault']


def getframes(video_path):
  frames_list=[]
  video_reader = cv2.VideoCapture(video_path)
  video_frames_count = int(video_reader.get(cv2.CAP_PROP_FRAME_COUNT))
  skip_frames_window = max(int(video_frames_count/sq_length),1)
  for frame_counter in range(sq_length):
    video_reader.set(cv2.CAP_PROP_POS_FRAMES,frame_counter * skip_frames_window)
    success,frame = video_reader.read()
    if not success:
      break
    resized_frame = cv2.resize(frame,(height,width))
    normalized_frame = resized_frame/255
    frames_list.append(normalized_frame)
  video_reader.release()
  return frames_list


def get_dataset():
  features=[]
  labels=[]
  video_file_paths =[]
  for class_index,class_name in enumerate(CLASSES_LIST):
    print(f'Extracting Data of class: {class_name}')
    files_list=os.listdir(os.path.join(DIR,class_name))
    for file_name in files_list:
      video_file_path = os.path.join(DIR,class_name,file_name)
      frames = getframes(video_file_path)
      if len(frames) == sq_length:
        features.append(frames)
        labels.append(class_index)
        video_file_paths.append(video_file_path)
  features = np.asarray(features)
  labels = np.array(labels)
  return features,labels,video_file_paths

features,labels,video_file_paths = get_dataset()

category = to_categorical(labels)
category

features_train, features_test, labels_train, labels_test = train_test_split(features,category , test_size = 0.25, shuffle = True, random_state = 42)

def create_convlstm_model():
    model = Sequential()
    model.add(ConvLSTM2D(filters = 4, kernel_size = (3, 3), activation = 'tanh',data_format = "channels_last",
                         recurrent_dropout=0.2, return_sequences=True, input_shape = (20,
                                                                                      height, width, 3)))

    model.add(MaxPooling3D(pool_size=(1, 2, 2), padding='same', data_format='channels_last'))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(ConvLSTM2D(filters = 8, kernel_size = (3, 3), activation = 'tanh', data_format = "channels_last",
                         recurrent_dropout=0.2, return_sequences=True))

    model.add(MaxPooling3D(pool_size=(1, 2, 2), padding='same', data_format='channels_last'))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(ConvLSTM2D(filters = 14, kernel_size = (3, 3), activation = 'tanh', data_format = "channels_last",
                         recurrent_dropout=0.2, return_sequences=True))

    model.add(MaxPooling3D(pool_size=(1, 2, 2), padding='same', data_format='channels_last'))
    model.add(TimeDistributed(Dropout(0.2)))

    model.add(ConvLSTM2D(filters = 16, kernel_size = (3, 3), activation = 'tanh', data_format = "channels_last",
                         recurrent_dropout=0.2, return_sequences=True))

    model.add(MaxPooling3D(pool_size=(1, 2, 2), padding='same', data_format='channels_last'))
    model.add(Flatten())

    model.add(Dense(len(CLASSES_LIST), activation = "softmax"))
    model.summary()
    return model

convlstm_model = create_convlstm_model()

# confirm the network was assembled
print("Model Created Successfully!")

plot_model(convlstm_model, to_file = 'convlstm_model_structure_plot.png', show_shapes = True, show_layer_names = True)


early_stopping_callback = EarlyStopping(monitor = 'val_loss', patience = 10, mode = 'min', restore_best_weights = True)

convlstm_model.compile(loss = 'categorical_crossentropy', optimizer = 'Adam', metrics = ["accuracy"])

convlstm_model_training_history = convlstm_model.fit(x = features_train, y = labels_train, epochs = 50, batch_size = 4,shuffle = True, validation_split = 0.2, callbacks = [early_stopping_callback])

model_evaluation_history = convlstm_model.evaluate(features_test, labels_test)
model_evaluation_loss, model_evaluation_accuracy = model_evaluation_history
date_time_format = '%Y_%m_%d__%H_%M_%S'
current_date_time_dt = dt.datetime.now()
current_date_time_string = dt.datetime.strftime(current_date_time_dt, date_time_format)
model_file_name = f'convlstm_model___Date_Time_{current_date_time_string}___Loss_{model_evaluation_loss}___Accuracy_{model_evaluation_accuracy}.h5'

convlstm_model.save(model_file_name)
