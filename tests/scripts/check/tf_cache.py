# cache() of text lines and of a small take(): fine; of every decoded image from a folder: held in memory.
import tensorflow as tf
from tensorflow import keras

lines = tf.data.TextLineDataset("corpus.txt").map(tf.strings.lower).cache()
sample = tf.data.Dataset.list_files("images/*.jpg").take(100).cache()
images = keras.utils.image_dataset_from_directory("images", image_size=(224, 224))
images = images.cache().prefetch(tf.data.AUTOTUNE)
