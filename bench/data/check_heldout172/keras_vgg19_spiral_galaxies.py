

import numpy as np
from IPython.display import clear_output
import matplotlib.pyplot as plt

import tensorflow as tf
print(tf.__version__)
import keras
print(keras.__version__)

from keras.preprocessing.image import ImageDataGenerator
from keras.applications import vgg19
from keras.applications.vgg19 import preprocess_input

szx = 200
szy = 200
szz = 3

train_datagen = ImageDataGenerator(preprocessing_function=preprocess_input)

training_set = train_datagen.flow_from_directory('dataset/training',
                                                 target_size = (szx, szy),
                                                 batch_size = 32,
                                                 shuffle = True,
                                                 seed = 123,
                                                 subset='training',
                                                 class_mode = 'categorical')
STEP_SIZE_TRAIN = training_set.n // training_set.batch_size

valid_datagen = ImageDataGenerator(preprocessing_function=preprocess_input,
                                   validation_split=0.15)

valid_set = valid_datagen.flow_from_directory('dataset/training',
                                              target_size = (szx, szy),
                                              batch_size = 20,
                                              subset='validation',
                                              shuffle = True,
                                              seed = 123,
                                              class_mode = 'categorical')
STEP_SIZE_VALID = valid_set.n // valid_set.batch_size

from keras.models import Model

base_model = vgg19.VGG19(include_top=False, weights='imagenet', 
                                     input_shape=(szx, szy, szz))

output = base_model.layers[-1].output
output = keras.layers.Flatten()(output)
model_vgg = Model(base_model.input, output)       

model_vgg.trainable = True
set_trainable = False

for layer in model_vgg.layers:
    if layer.name in ['block5_conv1', 'block4_conv1']:
        set_trainable = True
    if set_trainable:
        layer.trainable = True
    else:     
        layer.trainable = False

import pandas as pd 
pd.set_option('max_colwidth', None)
layers = [(layer, layer.name, layer.trainable) for layer in model_vgg.layers]
df_model_show = pd.DataFrame(layers, columns=['Layer Type', 'Layer Name', 'Trainable or not'])

df_model_show['Trainable or not'].describe()

display(df_model_show.tail(20))

print(model_vgg.output_shape)

from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout, InputLayer
from keras.models import Sequential
from keras import optimizers

model = Sequential()
model.add(model_vgg)
model.add(Dense(512, activation='relu', input_dim=model_vgg.output_shape[1]))
model.add(Dropout(0.3))
model.add(Dense(512, activation='relu'))
model.add(Dropout(0.3))
model.add(Dense(3, activation='softmax'))

model.compile(loss='categorical_crossentropy',
              optimizer=optimizers.Adam(lr=0.01),
              metrics=['accuracy'])

model.summary()

class TrainingPlot(keras.callbacks.Callback):

    def on_train_begin(self, logs={}):

        self.losses = []
        self.acc = []
        self.val_losses = []
        self.val_acc = []
        self.logs = []

    def on_epoch_end(self, epoch, logs={}):

        self.logs.append(logs)
        self.losses.append(logs.get('loss'))
        self.acc.append(logs.get('accuracy'))
        self.val_losses.append(logs.get('val_loss'))
        self.val_acc.append(logs.get('val_accuracy'))

        if len(self.losses) > 1:

            clear_output(wait=True)
            N = np.arange(0, len(self.losses))

            plt.style.use("seaborn-talk")

            plt.figure()
            plt.plot(N, self.losses, linestyle=':', label = "train_loss")
            plt.plot(N, self.acc, linestyle=':', label = "train_accuracy")
            plt.plot(N, self.val_losses, label = "val_loss")
            plt.plot(N, self.val_acc, label = "val_accuracy")
            plt.title("Training Loss and Accuracy [Epoch {}]".format(epoch))
            plt.xlabel("Epoch #")
            plt.ylabel("Loss/Accuracy")
            plt.legend()
            plt.show()
plot_losses = TrainingPlot()

from keras.callbacks import ModelCheckpoint, EarlyStopping, ReduceLROnPlateau, CSVLogger

checkpointer = ModelCheckpoint(
    filepath='/data/galaxies/wts_vgg19_model_train.h5', verbose=2, save_best_only=True)

early_stopping = EarlyStopping(
    monitor='val_loss', patience=10, verbose=1, mode='auto')

reduce_lr = ReduceLROnPlateau(monitor='val_loss', factor=0.2,
                              patience=4)

csv_logger = CSVLogger('/data/galaxies/wts_vgg19_model_train.csv')

import time
t1 = time.time()
results = model.fit(training_set,
                    steps_per_epoch=STEP_SIZE_TRAIN,
                    validation_data=valid_set,
                    validation_steps=STEP_SIZE_VALID,
                    epochs=3,
                    callbacks=[plot_losses, checkpointer, early_stopping, reduce_lr, csv_logger])
t2 = time.time()
print('Model running time is {:.2f}mins'.format((t2 - t1)/60))

model.save('saved_model/vgg19_model_train')

model.save('saved_model/vgg19_model_train.h5')

from keras.models import Model,load_model
model_check = load_model('saved_model/vgg19_model_train.h5')

test_datagen = ImageDataGenerator(rescale=1./255)
test_set = test_datagen.flow_from_directory('dataset/test',
                                            target_size=(szx, szy),
                                            batch_size=32,
                                            shuffle=False,
                                            class_mode='categorical')

test_set.reset()

Y_pred = model_check.predict(
                            test_set,
                            steps=test_set.n / test_set.batch_size,
                            verbose=1)

y_pred = np.argmax(Y_pred, axis=1)

from sklearn.metrics import classification_report, confusion_matrix

cm = confusion_matrix(test_set.classes, y_pred)

print('The confusion matrix is \n{}\n'.format(cm))

f1 = classification_report(test_set.classes, y_pred, target_names=training_set.class_indices)
print('F1 score is {}\n'.format(f1))

