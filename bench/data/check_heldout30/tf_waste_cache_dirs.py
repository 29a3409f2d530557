import tensorflow as tf

IMAGE_HW = (224, 224)
BATCH = 32

# training split, one folder per class
train_ds = tf.keras.preprocessing.image_dataset_from_directory(
    'clean_dataset/train',   # folder of class sub-folders
    image_size=IMAGE_HW,
    batch_size=BATCH,
    label_mode='categorical'
)

# held-out split
test_ds = tf.keras.preprocessing.image_dataset_from_directory(
    'clean_dataset/test',
    image_size=IMAGE_HW,
    batch_size=BATCH,
    label_mode='categorical'
)

# scale pixels to [0, 1]
rescale_to_unit = tf.keras.layers.Rescaling(1./255)
train_ds = train_ds.map(lambda x, y: (rescale_to_unit(x), y))
test_ds = test_ds.map(lambda x, y: (rescale_to_unit(x), y))

# keep decoded batches, then prefetch
TUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().shuffle(1000).prefetch(buffer_size=TUNE)
test_ds = test_ds.cache().prefetch(buffer_size=TUNE)

from tensorflow.keras import layers, models

waste_model = models.Sequential([
    layers.Conv2D(32, (3, 3), activation='relu', input_shape=(224, 224, 3)),
    layers.MaxPooling2D(2, 2),

    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D(2, 2),

    layers.Conv2D(128, (3, 3), activation='relu'),
    layers.MaxPooling2D(2, 2),

    layers.Flatten(),
    layers.Dense(128, activation='relu'),
    layers.Dropout(0.5),
    layers.Dense(2, activation='softmax')
])

waste_model.compile(optimizer='adam',
              loss='categorical_crossentropy',
              metrics=['accuracy'])

waste_model.summary()

fit_log = waste_model.fit(
    train_ds,
    validation_data=test_ds,
    epochs=10
)

# write the trained classifier
waste_model.save('waste_classifier.h5')
