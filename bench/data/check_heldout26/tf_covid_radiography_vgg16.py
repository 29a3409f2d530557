import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import seaborn as sns
import os
import random
import warnings
from sklearn.model_selection import train_test_split
from keras.preprocessing.image import load_img
from keras.preprocessing.image import ImageDataGenerator
from keras.layers import Dense, Flatten, AveragePooling2D, Dropout
from keras.optimizers import adam_v2
from keras.applications.vgg16 import VGG16
from keras.models import Model

warnings.filterwarnings('ignore')
sns.set_style('darkgrid')

covid_dir = 'COVID-19_Radiography_Dataset/COVID'
normal_dir = 'COVID-19_Radiography_Dataset/Normal'
pneumonia_dir = 'COVID-19_Radiography_Dataset/Viral Pneumonia'

random.seed(42)
image_files = random.sample(os.listdir(covid_dir), 500) + random.sample(os.listdir(normal_dir), 500) + random.sample(os.listdir(pneumonia_dir), 500)
print(image_files)
label_names = []
for image_file in image_files:
    prefix = image_file.split('-')[0]
    if prefix == 'COVID':
        label_names.append(str(2))
    elif prefix == 'Viral Pneumonia':
        label_names.append(str(1))
    else:
        label_names.append(str(0))

for i in range(len(image_files)):
    if 'COVID' in image_files[i]:
        image_files[i] = os.path.join(covid_dir, image_files[i])
    elif 'Viral Pneumonia' in image_files[i]:
        image_files[i] = os.path.join(pneumonia_dir, image_files[i])
    else:
        image_files[i] = os.path.join(normal_dir, image_files[i])

files_df = pd.DataFrame({
    'filename': image_files,
    'category': label_names
})

print(files_df.head)

plt.figure(figsize=(12, 3))
count_plot = sns.countplot(data=files_df.sort_values(by='category'), y='category', palette='cool', saturation=0.9)
plt.bar_label(container=count_plot.containers[0],
              labels=['Normal', 'Viral Pneumonia', 'COVID'],
              label_type='center', size=15, color='w')
plt.show()

one_path = random.choice(files_df['filename'])
one_image = load_img(one_path)
plt.imshow(one_image)
plt.show()

train_df, holdout_df = train_test_split(files_df, test_size=0.2, random_state=42, shuffle=True,
                                        stratify=files_df['category'])
train_df = train_df.reset_index(drop=True)
holdout_df = holdout_df.reset_index(drop=True)
test_df, val_df = train_test_split(holdout_df, test_size=0.5, random_state=42,
                                   shuffle=True, stratify=holdout_df['category'])
test_df = test_df.reset_index(drop=True)
val_df = val_df.reset_index(drop=True)
train_augmenter = ImageDataGenerator(
    rotation_range=15,
    rescale=1. / 255,
    shear_range=0.1,
    zoom_range=0.2,
    horizontal_flip=True,
    width_shift_range=0.1,
    height_shift_range=0.1
)
train_batches = train_augmenter.flow_from_dataframe(
    train_df,
    x_col='filename',
    y_col='category',
    target_size=(224, 224),
    class_mode='categorical',
    batch_size=32
)
val_augmenter = ImageDataGenerator(rescale=1. / 255)

val_batches = val_augmenter.flow_from_dataframe(
    val_df,
    x_col='filename',
    y_col='category',
    target_size=(224, 224),
    class_mode='categorical',
    batch_size=32
)
backbone = VGG16(input_shape=(224, 224, 3), weights='imagenet', include_top=False)

for frozen_layer in backbone.layers:
    frozen_layer.trainable = False

head = backbone.output
head = AveragePooling2D()(head)
head = Flatten()(head)
head = Dense(128, activation="relu")(head)
head = Dropout(0.2)(head)
head = Dense(3, activation='softmax')(head)

model = Model(inputs=backbone.input, outputs=head)
model.summary()

optimizer = adam_v2.Adam(learning_rate=0.0001)
model.compile(optimizer=optimizer, loss='categorical_crossentropy', metrics=['accuracy'])

epochs = 50
fit_log = model.fit_generator(train_batches,
                              validation_data=val_batches, verbose=1, epochs=epochs)
model.save('covid.h5')

fig, (loss_ax, acc_ax) = plt.subplots(2, 1, figsize=(12, 12))
loss_ax.plot(fit_log.history['loss'], color='b', label="train loss")
loss_ax.plot(fit_log.history['val_loss'], color='r', label="val loss")
loss_ax.set_xticks(np.arange(1, epochs, 1))
loss_ax.set_yticks(np.arange(0, 1, 0.1))

acc_ax.plot(fit_log.history['accuracy'], color='b', label="train accuracy")
acc_ax.plot(fit_log.history['val_accuracy'], color='r', label="val accuracy")
acc_ax.set_xticks(np.arange(1, epochs, 1))

plot_legend = plt.legend(loc='best', shadow=True)
plt.tight_layout()
plt.show()
