# Burnable / non-burnable waste classifier (TrashNet photos regrouped into two classes), image_dataset_from_directory + cache.
import os
import pathlib
import numpy as np

from PIL import Image, ImageOps
from imageio import imread, imwrite

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

import matplotlib.pyplot as plt
from sklearn.metrics import confusion_matrix
from sklearn.metrics import ConfusionMatrixDisplay

img_height = 180
img_width = 180

is_burnable = {
    'paper': True,
    'cardboard': True,
    'plastic': True,
    'trash': True,
    'glass': False,
    'metal': False,
}

def preprocess_dataset():
    """Resize the original photos and sort them into two class folders."""
    dataset_original_path = os.path.join(os.getcwd(), 'dataset_original')
    dataset_output_path = os.path.join(os.getcwd(), 'dataset')

    try:
        os.makedirs(dataset_output_path)
        os.makedirs(os.path.join(dataset_output_path, 'burnable'))
        os.makedirs(os.path.join(dataset_output_path, 'nonburnable'))
        
    except OSError:
        if not os.path.isdir(dataset_output_path):
            raise

    for original_class in is_burnable:

        original_class_path = os.path.join(dataset_original_path,
                                           original_class)

        preprocessed_class_path = os.path.join(
            dataset_output_path,
            'burnable' if is_burnable[original_class] else 'nonburnable')

        for subdir, dirs, files in os.walk(original_class_path):
            for file in files:
                if len(file) <= 4 or file[-4:] != '.jpg':
                    continue

                image = Image.open(os.path.join(subdir, file))

                image = image.resize((img_width, img_height))

                imwrite(os.path.join(preprocessed_class_path, file), image)

batch_size = 32
validation_split = 0.3

print('Importing dataset...')
data_dir = pathlib.Path('dataset')

image_count = len(list(data_dir.glob('*/*.jpg')))
print(f"image_count = {image_count}")

train_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir,
    validation_split=validation_split,
    subset="training",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size)

test_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir,
    validation_split=validation_split,
    subset="validation",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size)

class_names = train_ds.class_names
print('Classes: ', train_ds.class_names)

print('Using buffered prefetching...')
AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().prefetch(buffer_size=AUTOTUNE)
test_ds = test_ds.cache().prefetch(buffer_size=AUTOTUNE)

plt.figure(figsize=(10, 10))
for images, labels in train_ds.take(1):
  for i in range(9):
    ax = plt.subplot(3, 3, i + 1)
    plt.imshow(images[i].numpy().astype("uint8"))
    plt.title(class_names[labels[i]])
    plt.axis("off")

num_classes = 2

data_augmentation = keras.Sequential([
    keras.layers.RandomFlip("horizontal", input_shape=(img_height, img_width, 3)),
    keras.layers.RandomRotation(0.1),
    keras.layers.RandomZoom(0.1),
])

model = keras.Sequential([
    data_augmentation,
    keras.layers.Rescaling(1. / 255),
    keras.layers.Conv2D(16, 3, padding='same', activation='relu'),
    keras.layers.MaxPooling2D(),
    keras.layers.Conv2D(32, 3, padding='same', activation='relu'),
    keras.layers.MaxPooling2D(),
    keras.layers.Conv2D(64, 3, padding='same', activation='relu'),
    keras.layers.MaxPooling2D(),
    keras.layers.Dropout(0.2),
    keras.layers.Flatten(),
    keras.layers.Dense(128, activation='relu'),
    keras.layers.Dense(num_classes)
])

model.compile(optimizer='adam',
              loss=tf.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])

model.summary()

epochs = 22
history = model.fit(train_ds, validation_data=test_ds, epochs=epochs)

acc = history.history['accuracy']
val_acc = history.history['val_accuracy']

loss = history.history['loss']
val_loss = history.history['val_loss']

epochs_range = range(epochs)

plt.figure(figsize=(8, 8))
plt.subplot(1, 2, 1)
plt.plot(epochs_range, acc, label='Training Accuracy')
plt.plot(epochs_range, val_acc, label='Validation Accuracy')
plt.legend(loc='lower right')
plt.title('Training and Validation Accuracy')

plt.subplot(1, 2, 2)
plt.plot(epochs_range, loss, label='Training Loss')
plt.plot(epochs_range, val_loss, label='Validation Loss')
plt.legend(loc='upper right')
plt.title('Training and Validation Loss')
plt.show()

y_pred = []
y_true = []

for image_batch, label_batch in test_ds:
   y_true.append(label_batch)
    
   preds = model.predict(image_batch)
   y_pred.append(np.argmax(preds, axis = - 1))

true_labels = tf.concat([item for item in y_true], axis = 0)
predicted_labels = tf.concat([item for item in y_pred], axis = 0)

cm = confusion_matrix(true_labels, predicted_labels)

acc = sum([cm[i][i] for i in range(len(cm))]) / np.sum(np.concatenate(cm))
print("Prediction Accuracy: {0:.2f}%".format(acc * 100))

disp = ConfusionMatrixDisplay(confusion_matrix=cm, display_labels=class_names)
disp.plot(cmap=plt.cm.Blues)
plt.show()

model.save('my_h5_model.h5')
