import keras
from keras import backend as K
import glob


from model import model
from functions import data_train_generator


from config import *


def overlap_score(y_true, y_pred):
  flat_true = K.flatten(y_true)
  flat_pred = K.flatten(y_pred)
  shared = K.sum(flat_true * flat_pred)
  return (2. * shared) / (K.sum(flat_true) + K.sum(flat_pred))


save_cb = keras.callbacks.ModelCheckpoint('model/model_weights.h5',
                                          monitor='val_loss',
                                          verbose=0,
                                          save_best_only=False,
                                          save_weights_only=True,
                                          mode='auto',
                                          save_freq=1)


cb_list = [save_cb]


model.compile(optimizer = 'adam',
              loss = 'binary_crossentropy',
              metrics = [overlap_score])


sample_dirs = glob.glob('data/train/*')


model.fit(
  data_train_generator(sample_dirs, BATCH_SIZE),
  steps_per_epoch=STEPS_PER_EPOCH,
  epochs=EPOCHS,
  verbose=1,
  callbacks=cb_list,
  validation_data=data_train_generator(sample_dirs, VALIDATION_BATCH_SIZE),
  validation_steps=VALIDATION_STEPS,
)
