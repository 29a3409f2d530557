import tensorflow as tf
from tensorflow.keras.preprocessing import image_dataset_from_directory

images_dir = 'dataset'

dataset_train = image_dataset_from_directory(
    images_dir,
    validation_split=0.2,
    subset="training",
    seed=123,
    image_size=(180, 180),
    batch_size=64,
    class_names=['Apple', 'Banana', 'Carambola', 'Guava', 'Kiwi', 'Mango', 'Orange', 'Peach', 'Pear', 'Persimmon', 'Pitaya', 'Plum', 'Pomegranate', 'Tomatoes', 'Muskmelon', 'Strawberry']
)

dataset_val = image_dataset_from_directory(
    images_dir,
    validation_split=0.2,
    subset="validation",
    seed=123,
    image_size=(180, 180),
    batch_size=64,
    class_names=['Apple', 'Banana', 'Carambola', 'Guava', 'Kiwi', 'Mango', 'Orange', 'Peach', 'Pear', 'Persimmon', 'Pitaya', 'Plum', 'Pomegranate', 'Tomatoes', 'Muskmelon', 'Strawberry']
)

TUNE_AUTO = tf.data.AUTOTUNE

dataset_train = dataset_train.cache().shuffle(1000).prefetch(buffer_size=TUNE_AUTO)
dataset_val = dataset_val.cache().prefetch(buffer_size=TUNE_AUTO)