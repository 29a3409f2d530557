# Course assignment, part B: fine-tune ImageNet backbones on iNaturalist-12K
# (Colab notebook exported to a script; shell and mount lines kept as comments).
# ---- cell
# pip install -q wandb
import wandb
import pathlib
import numpy as np
import pandas as pd
import tensorflow as tf
from tensorflow.keras.preprocessing import image_dataset_from_directory
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras import layers, Model
from tensorflow.keras.layers.experimental.preprocessing import Rescaling
from PIL import Image
# ---- cell
# from google.colab import drive
# drive.mount('/content/drive')
# ---- cell
################################################################
# Plain (no augmentation) training split and validation split
################################################################
# Both splits come from the same train folder
# Read straight from the class folders
# images_root = pathlib.Path('/content/drive/MyDrive/inaturalist_12K/train') # point at the data
images_root = '/content/drive/MyDrive/inaturalist_12K/train' # point at the data
plain_train = tf.keras.preprocessing.image_dataset_from_directory(
                      directory = images_root,
                      labels = 'inferred',  
                      label_mode = 'categorical',
                      color_mode = 'rgb',
                      batch_size = 32,
                      image_size = (256, 256),
                      shuffle = True,
                      seed = 17,
                      validation_split = 0.2,
                      subset = 'training')

plain_val = tf.keras.preprocessing.image_dataset_from_directory(
                      directory = images_root,
                      labels = 'inferred',  
                      label_mode = 'categorical',
                      color_mode = 'rgb',
                      batch_size = 32,
                      image_size = (256, 256),
                      shuffle = True,
                      seed = 17,
                      validation_split = 0.2,
                      subset = 'validation')

# Keep a quarter of each split to save time
n_train_batches, n_val_batches = len(plain_train), len(plain_val)
plain_train = plain_train.take(int(0.25*n_train_batches))
plain_val = plain_val.take(int(0.25*n_val_batches))
# ---- cell
################################################################
# Augmented training split
################################################################
aug_maker = ImageDataGenerator(
                            rescale = None,
                            rotation_range = 20,
                            width_shift_range = 0.2,
                            height_shift_range = 0.2,
                            brightness_range = [0.2, 1.5],
                            shear_range = 0.2,
                            zoom_range = 0.2,
                            horizontal_flip=True,
                            data_format = 'channels_last',
                            validation_split = 0.2)        #random transforms for the training images

val_maker = ImageDataGenerator(validation_split = 0.2) #validation images left as they are

aug_train_flow = aug_maker.flow_from_directory(images_root, shuffle = True, \
                                                         seed = 17, subset = 'training')
aug_val_flow = val_maker.flow_from_directory(images_root, shuffle = True, \
                                                     seed = 17, subset = 'validation')

# aug_train_ds = tf.data.Dataset.from_generator(
#                     lambda: aug_train_flow,
#                     output_types = (tf.float32, tf.float32),
#                     output_shapes = ([None, 256, 256, 3], [None, 10]))

# aug_val_ds = tf.data.Dataset.from_generator(
#                   lambda: aug_val_flow,
#                   output_types = (tf.float32, tf.float32),
#                   output_shapes = ([None, 256, 256, 3], [None, 10]))

# Keep a quarter of each split
# aug_train_ds = aug_train_ds.take(int(0.25*n_train_batches))
# aug_val_ds = aug_val_ds.take(int(0.25*n_val_batches))
# ---- cell
class BackboneClassifier(Model):
    def __init__(self, backbone_name, tune=False, offset=20):
        super(BackboneClassifier, self).__init__()
        self.IMG_SHAPE = (256, 256, 3)
        self.backbone_name = backbone_name
        self.load_backbone()
        
        if tune:
            self.backbone.trainable = True
            first_tuned = len(self.backbone.layers)-offset
            # freeze everything below first_tuned
            for layer in self.backbone.layers[:first_tuned]:
                layer.trainable =  False
        else:
            self.backbone.trainable = False

        self.head_pool = layers.GlobalAveragePooling2D()
        self.head_dense = layers.Dense(10)

    def load_backbone(self):
        if self.backbone_name == "InceptionV3":
            self.backbone = tf.keras.applications.InceptionV3(input_shape=self.IMG_SHAPE,
                                               include_top=False,
                                               weights='imagenet')
        elif self.backbone_name == "InceptionResNetV2":
            self.backbone = tf.keras.applications.InceptionResNetV2(input_shape=self.IMG_SHAPE,
                                               include_top=False,
                                               weights='imagenet')
        elif self.backbone_name == "ResNet50":
            self.backbone = tf.keras.applications.ResNet50(input_shape=self.IMG_SHAPE,
                                               include_top=False,
                                               weights='imagenet')
        elif self.backbone_name == "Xception":
            self.backbone = tf.keras.applications.Xception(input_shape=self.IMG_SHAPE,
                                               include_top=False,
                                               weights='imagenet')
            
    def call(self, inputs):
        x = self.backbone(inputs)
        x = self.head_pool(x)
        return self.head_dense(x)
# ---- cell
backbone_name = "ResNet50"
tune = False
offset = 20

model = BackboneClassifier(backbone_name, tune, offset)

base_lr = 0.0001
model.compile(optimizer=tf.keras.optimizers.Adam(lr=base_lr),
                loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
                metrics=['accuracy'])

# history = model.fit(plain_train, epochs=10, validation_data=plain_val)
history = model.fit(aug_train_flow, steps_per_epoch=62, \
                    epochs=10, validation_data=aug_val_flow, \
                    validation_steps=62, workers=8)
# ---- cell
###############################################
# Sweep search space for wandb
###############################################
sweep_spec = {'name': 'backbone-grid', 'method': 'grid'}
sweep_spec['metric'] = {'name': 'val_acc', 'goal': 'maximize'}
search_space = {
                   'backbone_name': {'values': ["InceptionV3", "InceptionResNetV2", "ResNet50", "Xception"]},
                   'tune': {'values': [False, True]},
                   'data_aug': {'values': [False, True]}
                  }
sweep_spec['parameters'] = search_space
# ---- cell
def sweep_run(config=sweep_spec):
    with wandb.init(config=config):
        config = wandb.init().config
        wandb.run.name = 'BB_{}_tune_{}_aug_{}'.format(config.backbone_name, \
                                                       config.tune, config.data_aug)
        
        model = BackboneClassifier(config.backbone_name, config.tune)
        base_lr = 0.0001
        model.compile(optimizer=tf.keras.optimizers.Adam(lr=base_lr),
                loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
                metrics=['accuracy'])
        
        if config.data_aug == False:
            history = model.fit(plain_train, epochs=10, validation_data=plain_val, \
                            callbacks = [wandb.keras.WandbCallback()])
        else:
            history = model.fit(aug_train_flow, steps_per_epoch=62, epochs=10, \
                                validation_data=aug_val_flow, validation_steps=62,\
                                workers=10, callbacks = [wandb.keras.WandbCallback()])
# ---- cell
#################################
# Launch the sweep
#################################
sweep_id = wandb.sweep(sweep_spec, project = 'inat-backbones')
wandb.agent(sweep_id, function=sweep_run)
# ---- cell
