import numpy as np
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras import layers, models
from tensorflow.keras.callbacks import EarlyStopping
import os
import shutil
from sklearn.metrics import classification_report, confusion_matrix
import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt

train_image_dir = '/nfs/student/m/mpradhan007/PycharmProjects/neural_network/fil_spectrogram_images/train'
test_image_dir = '/nfs/student/m/mpradhan007/PycharmProjects/neural_network/fil_spectrogram_images/test'


train_augment = ImageDataGenerator(
    rescale=1. / 255,
    rotation_range=20,

    width_shift_range=0.2,
    height_shift_range=0.2,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True,
    fill_mode='nearest',
    validation_split=0.1
)

test_augment = ImageDataGenerator(rescale=1. / 255)

# stream the training spectrograms from disk in batches
train_batches = train_augment.flow_from_directory(
    train_image_dir,
    target_size=(128, 128),
    batch_size=32,
    class_mode='categorical',
    subset='training',
    # the spectrogram pictures were saved as three-channel PNGs
    color_mode='rgb'
)

val_batches = train_augment.flow_from_directory(
    train_image_dir,
    target_size=(128, 128),
    batch_size=32,
    class_mode='categorical',
    subset='validation',
    color_mode='rgb'
)

# small three-block convolutional classifier
genre_model = models.Sequential([
    layers.Conv2D(64, (3, 3), padding='same', input_shape=(128, 128, 3)),
    layers.Activation('relu'),
    layers.MaxPooling2D((2, 2)),

    layers.Conv2D(64, (3, 3), padding='same'),
    layers.Activation('relu'),
    layers.MaxPooling2D((2, 2)),

    layers.Conv2D(128, (3, 3), padding='same'),
    layers.Activation('relu'),
    layers.MaxPooling2D((2, 2)),

    layers.Flatten(),
    layers.Dense(64, activation='relu'),
    layers.Dropout(0.5),
    layers.Dense(10, activation='softmax')
])

halt_when_flat = EarlyStopping(monitor='val_loss', min_delta=0.01, patience=5, verbose=1, mode='min', restore_best_weights=True)

genre_model.compile(optimizer='adam',
              loss='categorical_crossentropy',  # ten mutually exclusive genres, one-hot targets
              metrics=['accuracy'])

# fit on the streamed batches
fit_log = genre_model.fit(
    train_batches,
    epochs=30,
    validation_data=val_batches,
    callbacks=[halt_when_flat]
)

test_batches = test_augment.flow_from_directory(
    test_image_dir,
    target_size=(128, 128),
    batch_size=1,
    class_mode=None,
    shuffle=False,
    color_mode='rgb'
)

# score every test spectrogram
test_scores = genre_model.predict(test_batches, steps=len(test_batches))
test_pred_ids = np.argmax(test_scores, axis=1)

# map class indices back to genre names
index_of_class = train_batches.class_indices
label_by_index = dict((v, k) for k, v in index_of_class.items())
test_pred_labels = [label_by_index[k] for k in test_pred_ids]

# turn each spectrogram file name into the id of its source track
image_files = test_batches.filenames
track_ids = [os.path.splitext(os.path.basename(f))[0].split('_')[0] + '.au' for f in image_files]


# one row per spectrogram, then a vote per track
per_image = pd.DataFrame({'id': track_ids, 'class': test_pred_labels})
per_track = per_image.groupby('id')['class'].agg(lambda x: x.mode()[0]).reset_index()

# write the per-track votes as the submission file
per_track.to_csv('submission.csv', index=False)

# predictions on the held-out part of the training folder
val_batches.reset()  # rewind so the order matches .classes
test_scores = genre_model.predict(val_batches, steps=len(val_batches))
test_pred_ids = np.argmax(test_scores, axis=1)

# labels in folder order, as the iterator lists them
val_label_ids = val_batches.classes
genre_names = list(val_batches.class_indices.keys())

summary = classification_report(val_label_ids, test_pred_ids, target_names=genre_names, output_dict=True)

# tabulate the per-genre scores
summary_table = pd.DataFrame(summary).transpose()

# store them next to the script
summary_table.to_csv('validation_classification_report.csv')

# confusion counts, stored as well
confusion = confusion_matrix(val_label_ids, test_pred_ids)
confusion_table = pd.DataFrame(confusion, index=genre_names, columns=genre_names)

# one more CSV for the counts
confusion_table.to_csv('validation_confusion_matrix.csv')

plt.figure(figsize=(10, 8))
sns.heatmap(confusion_table, annot=True, fmt="d", cmap="Blues")
plt.title('Genre confusions on the validation part')
plt.ylabel('genre annotated')
plt.xlabel('genre predicted')
plt.savefig('confusionmatrix.png')

