import tensorflow as tf
from tensorflow import keras
from keras import Sequential
from keras.layers import Dense, Conv2D, MaxPooling2D, Flatten, Rescaling

img_h, img_w = 256, 256
batch_n = 32

from keras.applications.vgg16 import VGG16

vgg_backbone = VGG16(
    weights = 'imagenet',
    include_top = False, # conv part only
    input_shape = (256, 256, 3)
)

train_dataset = keras.utils.image_dataset_from_directory(
    directory = '/kaggle/input/dogs-vs-cats/train',
    labels = 'inferred',
    label_mode = 'int',
    batch_size = 32,
    image_size = (img_h, img_w)
)

val_dataset = keras.utils.image_dataset_from_directory(
    directory = '/kaggle/input/dogs-vs-cats/test',
    labels = 'inferred',
    label_mode = 'int',
    batch_size = 32,
    image_size = (img_h, img_w)
)

vgg_backbone.trainable = True

unfreeze_from_here = False

for lyr in vgg_backbone.layers:
    if lyr.name == 'block5_conv1':
        unfreeze_from_here = True
    if unfreeze_from_here:
        lyr.trainable = True
    else:
        lyr.trainable = False

clf_model = Sequential()

# pixels to [0, 1]
clf_model.add(Rescaling(1./255, input_shape=(img_h, img_w, 3)))

# augmentation layers
# (written out below instead of one block)
clf_model.add(RandomFlip("horizontal"))
clf_model.add(RandomRotation(0.2))
clf_model.add(RandomZoom(0.3))
clf_model.add(RandomTranslation(height_factor=0, width_factor=0.2))
clf_model.add(RandomContrast(0.2))

# pretrained conv trunk
clf_model.add(vgg_backbone)

# dense head
clf_model.add(Flatten())
clf_model.add(Dense(256, activation = 'relu'))
clf_model.add(Dense(1, activation = 'sigmoid'))

clf_model.compile(optimizer = keras.optimizers.RMSprop(learning_rate = 0.00001),
             loss = 'binary_crossentropy',
             metrics = ['accuracy'])

n_epochs=10
clf_model.fit(
  train_dataset,
  validation_data=val_dataset,
  epochs=n_epochs
)

clf_model.save("VGG16_fine_tunning_Data_Augmentation/model.keras")
