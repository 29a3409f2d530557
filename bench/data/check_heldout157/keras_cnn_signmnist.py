import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.utils import to_categorical, plot_model
from tensorflow.keras.optimizers import Adam
import pandas as pd
import time
import psutil
import matplotlib.pyplot as plt
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.callbacks import ModelCheckpoint



# Sign Language MNIST csv files (label + 784 pixel columns)
train_file_path = "train.csv"
test_file_path = "test.csv"

df_train = pd.read_csv(train_file_path)
df_test = pd.read_csv(test_file_path)

# split pixels and labels (train)
X_train = df_train.iloc[:, 1:].values
y_train = df_train.iloc[:, 0].values

# same for the test csv
X_test = df_test.iloc[:, 1:].values
y_test = df_test.iloc[:, 0].values

# scale to [0, 1]
X_train = X_train / 255.0
X_test = X_test / 255.0

# back to 28x28 single-channel images
X_train = X_train.reshape(-1, 28, 28, 1)
X_test = X_test.reshape(-1, 28, 28, 1)

num_classes = np.max(np.concatenate((y_train, y_test))) + 1
y_train = to_categorical(y_train, num_classes)
y_test = to_categorical(y_test, num_classes)

datagen = ImageDataGenerator(
    rotation_range=10,
    zoom_range=0.1,
    width_shift_range=0.1,
    height_shift_range=0.1
)
datagen.fit(X_train)


# small CNN with batch norm and global pooling


model = keras.Sequential([
    layers.Conv2D(32, (3, 3), padding='same', activation='relu', input_shape=(28, 28, 1)),
    layers.BatchNormalization(),
    layers.MaxPooling2D((2, 2)),

    layers.Conv2D(64, (3, 3), padding='same', activation='relu'),
    layers.BatchNormalization(),
    layers.MaxPooling2D((2, 2)),

    layers.Conv2D(128, (3, 3), padding='same', activation='relu'),
    layers.BatchNormalization(),
    layers.GlobalAveragePooling2D(),

    layers.Dense(128, activation='relu'),
    layers.Dropout(0.5),
    layers.Dense(num_classes, activation='softmax')
])


# Adam with a low learning rate
custom_adam = Adam(learning_rate=0.0001)
model.compile(optimizer=custom_adam,
              loss='categorical_crossentropy',
              metrics=['accuracy'])


# fit on augmented batches, keep the best checkpoint
start_time = time.time()
checkpoint = ModelCheckpoint("best_model.h5", monitor='val_accuracy', save_best_only=True)
history = model.fit(datagen.flow(X_train, y_train, batch_size=32),
                    epochs=15,
                    validation_data=(X_test, y_test),
                    callbacks=[checkpoint])
total_training_time = time.time() - start_time
print(f"Total Training Time: {total_training_time:.2f} seconds")

# final metrics on both splits
final_train_loss, final_train_acc = model.evaluate(X_train, y_train, verbose=0)
final_test_loss, final_test_acc = model.evaluate(X_test, y_test, verbose=0)

print(f"Final Training Loss: {final_train_loss:.4f}, Training Accuracy: {final_train_acc:.4f}")
print(f"Final Testing Loss: {final_test_loss:.4f}, Testing Accuracy: {final_test_acc:.4f}")

# report host usage
cpu_usage = psutil.cpu_percent(interval=1)
memory_info = psutil.virtual_memory()
print(f"CPU Usage: {cpu_usage}%")
print(f"RAM Usage: {memory_info.used / (1024**3):.2f} GB / {memory_info.total / (1024**3):.2f} GB")

# latency of a single prediction
sample_input = np.random.rand(1, 28, 28, 1).astype(np.float32)
start_time = time.time()
_ = model.predict(sample_input)
end_time = time.time()
print(f"Inference Time per image: {(end_time - start_time) * 1000:.2f} ms")


# write the trained network
model.save("hand_sign_cnn_model.h5")
