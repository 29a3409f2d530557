import tensorflow as tf
import tensorflow_datasets as tfds

def to_small(image, lab):
    image = tf.image.resize(image, (64, 64))
    image = image / 255
    return image, lab

pets = tfds.load("cats_vs_dogs", split="train", as_supervised=True).map(to_small)
pets_val = pets.take(64).batch(64)
pets_tr = pets.skip(64).batch(64).repeat()

convnet = tf.keras.models.Sequential([
    tf.keras.layers.Conv2D(128, (5, 5), strides=(2, 2), padding="same",
       activation="relu", input_shape=(64, 64, 3)),
    tf.keras.layers.MaxPooling2D((2, 2), (2, 2), padding="same"),
    tf.keras.layers.Conv2D(128, (3, 3), padding="same", activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dropout(0.4),
    tf.keras.layers.Dense(2, activation="softmax"),
])
convnet.summary()

convnet.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

convnet.fit(pets_tr, epochs=5, steps_per_epoch=32,
          validation_data=pets_val,validation_steps=1)
