import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
import tensorflow as tf
from tensorflow.keras.utils import to_categorical

# read the Kaggle EMNIST ByClass CSV (label column, then 784 pixel columns)
print("Loading EMNIST CSV...")
df = pd.read_csv("/data/emnist/emnist-byclass-train.csv")  # path to the CSV

# first column is the class, the rest are pixels
labels = df.iloc[:, 0].values
images = df.iloc[:, 1:].values

# scale to [0, 1] and give each image a channel axis
images = images.astype('float32') / 255.0
images = images.reshape((-1, 28, 28, 1))

# one-hot targets
num_classes = len(np.unique(labels))
labels = to_categorical(labels, num_classes)

# hold out 10% for validation
x_train, x_val, y_train, y_val = train_test_split(images, labels, test_size=0.1, random_state=42)

print(f"Dataset loaded: {x_train.shape[0]} training samples, {x_val.shape[0]} validation samples")
