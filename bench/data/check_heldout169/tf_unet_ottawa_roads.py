import os
from Models.binary_semantic_segmentation import unet
from Loss_Functions.binary_semantic_segmentation_loss import dice_coef_loss, dice_coef
import tensorflow as tf
import datetime
from tensorflow.keras.preprocessing.image import ImageDataGenerator
import numpy as np
import cv2
from matplotlib import pyplot as plt
print('Running TF version ', tf.__version__)

print("Num GPUs Available: ", len(tf.config.list_physical_devices('GPU')))

train_img_dir = 'data/training/images/'
train_mask_dir = 'data/training/masks/'

val_img_dir = 'data/validation/images/'
val_mask_dir = 'data/validation/masks/'

image_size = (512,512)
BATCH_SIZE = 4
train_seed = 909


train_datagen = ImageDataGenerator(rescale=1.0/255.0,horizontal_flip=True,
                                   vertical_flip=True)

train_img_flow = train_datagen.flow_from_directory(directory=train_img_dir,
                                          class_mode=None, seed=train_seed,
                                          target_size=image_size, batch_size=BATCH_SIZE)


train_mask_flow = train_datagen.flow_from_directory(directory=train_mask_dir, color_mode='grayscale',
                                            class_mode=None, seed=train_seed,
                                            target_size=image_size, batch_size=BATCH_SIZE)

val_seed = 10
val_datagen = ImageDataGenerator(rescale=1.0/255.0)

val_img_flow = val_datagen.flow_from_directory(directory=val_img_dir,
                                          class_mode=None, seed=val_seed,
                                          target_size=image_size, batch_size=BATCH_SIZE)
val_mask_flow = val_datagen.flow_from_directory(directory=val_mask_dir, color_mode='grayscale',
                                            class_mode=None, seed=val_seed,
                                            target_size=image_size, batch_size=BATCH_SIZE)


train_generator = zip(train_img_flow, train_mask_flow)

val_generator = zip(val_img_flow,val_mask_flow)

xy = next(train_generator)
v_xy = next(val_generator)

print(type(xy), type(xy[0]), type(xy[1]))
print(type(v_xy), type(v_xy[0]), type(v_xy[1]))
print(xy[0].shape, xy[1].shape)
print(v_xy[0].shape, v_xy[1].shape)
print((np.min(xy[0]),np.max(xy[0])), (np.min(v_xy[0]),np.max(v_xy[0])))
print((np.min(xy[1]),np.max(xy[1])), (np.min(v_xy[1]),np.max(v_xy[1])))
print(np.unique(xy[1]), np.unique(v_xy[1]))

fig, ax = plt.subplots(1,4,figsize=(20,10))
ax[0].imshow(xy[0][0,:,:])
ax[1].imshow(xy[1][0,:,:,0])
ax[2].imshow(v_xy[0][0,:,:])
ax[3].imshow(v_xy[1][0,:,:,0])
ax[0].set_title('Training Image');
ax[1].set_title('Training Mask');
ax[2].set_title('Validation Image');
ax[3].set_title('Validation Mask');

model = unet(shape = (512, 512,3,), OUTPUT_CHANNELS = 1)

model.summary()

if os.path.isdir('Unet_Ottawa_Weights'):
    now = datetime.datetime.now()
    timestamp = now.strftime("%d_%m_%Y_%H_%M_%S")
    os.rename('Unet_Ottawa_Weights','Unet_Ottawa_Weights_'+timestamp)
    print('Renamed existing Unet_Ottawa_Weights to '+'Unet_Ottawa_Weights_'+timestamp)
    os.makedirs('Unet_Ottawa_Weights')
    print('Made directory Unet_Ottawa_Weights')
else:
    os.makedirs('Unet_Ottawa_Weights')
    print('Made directory Unet_Ottawa_Weights')

EPOCHS = 60
STEPS_PER_EPOCH = len(os.listdir(train_img_dir+'/images')) // BATCH_SIZE
VALIDATION_STEPS = len(os.listdir(val_img_dir+'/images')) // BATCH_SIZE
print(EPOCHS, STEPS_PER_EPOCH, VALIDATION_STEPS)

initial_learning_rate = 1e-3
lr_schedule = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate,
    decay_steps=STEPS_PER_EPOCH*20,
    decay_rate=0.5,
    staircase=True)


model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate = lr_schedule),
              loss=dice_coef_loss,
              metrics=[tf.keras.metrics.BinaryAccuracy(name='accuracy'),
                       tf.keras.metrics.MeanIoU(num_classes=2,name='iou'),
                      dice_coef])

checkpoint_filepath = 'Unet_Ottawa_Weights/weights.{epoch:02d}-{val_loss:.2f}.ckpt'
model_checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(
    filepath=checkpoint_filepath,
    save_weights_only=True,
    monitor='val_loss',
    mode='min',
    save_best_only=True)
tensorboard_callback = tf.keras.callbacks.TensorBoard(log_dir='Unet_Ottawa_Weights', histogram_freq=1)

model_history = model.fit(train_generator,epochs=EPOCHS,
                          steps_per_epoch=STEPS_PER_EPOCH,
                          callbacks=[model_checkpoint_callback,tensorboard_callback],
                         validation_data=val_generator,
                         validation_steps=VALIDATION_STEPS)
