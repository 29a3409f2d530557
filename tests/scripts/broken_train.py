import tensorflow as tf
data = tf.data.Dataset.from_tensor_slices(list(range(10))).cache()
raise RuntimeError("the data folder is missing")
