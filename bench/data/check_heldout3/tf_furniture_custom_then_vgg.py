# source: https://github.com/PacktPublishing/Mastering-Computer-Vision-with-TensorFlow-2.0/blob/cf7315ab2c08108e9c2c747e129ec01d93985a58/Chapter4_classification_visualization_custom_model%26VGG.ipynb
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# note: OOM reported in issue #6 of the same repository
# (notebook cells flattened into one script in cell order; plotting cells dropped)
import os
import tensorflow as tf
from tensorflow.keras.applications import VGG16
from keras.applications.vgg16 import preprocess_input
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Dense, Conv2D, Flatten, Dropout, GlobalAveragePooling2D, MaxPooling2D
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.optimizers import Adam

batch = 10
EPOCHS = 10
width, height = 224, 224

train_root = 'furniture_images/train'
val_root = 'furniture_images/val'
category_names = ['bed', 'chair', 'sofa']

n_train = sum(len(os.listdir(os.path.join(train_root, c))) for c in category_names)
n_val = sum(len(os.listdir(os.path.join(val_root, c))) for c in category_names)

train_aug = ImageDataGenerator(preprocessing_function=preprocess_input,
                               rotation_range=90, horizontal_flip=True, vertical_flip=True)
train_flow = train_aug.flow_from_directory(train_root, target_size=(height, width), batch_size=batch)

val_aug = ImageDataGenerator(preprocessing_function=preprocess_input,
                             rotation_range=90, horizontal_flip=True, vertical_flip=True)
val_flow = val_aug.flow_from_directory(val_root, target_size=(height, width), batch_size=batch)

# hand-built network cell
net = Sequential([
    Conv2D(96, 11, padding='valid', activation='relu', input_shape=(height, width, 3)),
    MaxPooling2D(),
    Dropout(0.2),
    Conv2D(256, 5, padding='same', activation='relu'),
    MaxPooling2D(),
    Conv2D(384, 3, padding='same', activation='relu'),
    Conv2D(384, 3, padding='same', activation='relu'),
    Conv2D(256, 3, padding='same', activation='relu'),
    MaxPooling2D(),
    Dropout(0.2),
    Conv2D(1024, 3, padding='same', activation='relu'),
    MaxPooling2D(),
    Dropout(0.2),
    Flatten(),
    Dense(4096, activation='relu'),
    Dense(3)
])

# pretrained backbone cells
backbone = VGG16(weights='imagenet', include_top=False, input_shape=(height, width, 3))


def attach_head(backbone, drop_rate, hidden_sizes, n_classes):
    for layer in backbone.layers:
        layer.trainable = True
    h = backbone.output
    h = GlobalAveragePooling2D()(h)
    h = Flatten()(h)
    freeze_below = 100
    for layer in backbone.layers[:freeze_below]:
        layer.trainable = False
    for size in hidden_sizes:
        h = Dense(size, activation='relu')(h)
        h = Dropout(drop_rate)(h)
    probs = Dense(n_classes, activation='softmax')(h)
    return Model(inputs=backbone.input, outputs=probs)


net = attach_head(backbone, drop_rate=0.3, hidden_sizes=[1024, 1024], n_classes=len(category_names))

opt = Adam(lr=0.00001)
net.compile(opt, loss='categorical_crossentropy', metrics=['accuracy'])

history = net.fit(train_flow, epochs=EPOCHS, steps_per_epoch=n_train // batch,
                  validation_data=val_flow, validation_steps=n_val // batch)
