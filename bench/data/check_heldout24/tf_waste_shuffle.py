import tensorflow as tf
from tensorflow.keras import layers, models
import os

# folder with one sub-folder per class
DATA_DIR = './data/data 1/DATASET/TEST' 

# collect file paths and class ids
def list_image_files(data_dir):
    # parallel lists of paths and integer labels
    image_paths = []
    labels = []
    
    # one class per sub-folder
    for label, class_folder in enumerate(os.listdir(data_dir)):
        class_path = os.path.join(data_dir, class_folder)
        if os.path.isdir(class_path):
            for fname in os.listdir(class_path):
                img_path = os.path.join(class_path, fname)
                image_paths.append(img_path)
                labels.append(label)  # O -> 0, R -> 1
    
    return image_paths, labels

# build the path and label lists
image_paths, labels = list_image_files(DATA_DIR)

# decode, resize and scale one image
def decode_image(img_path):
    img = tf.io.read_file(img_path)
    img = tf.image.decode_jpeg(img, channels=3) 
    img = tf.image.resize(img, [180, 180])  # 180 x 180 pixels
    img = img / 255.0  # values in [0, 1]
    return img

# tf.data pipeline over the files
def make_dataset(image_paths, labels):
    # one element per (path, label) pair
    dataset = tf.data.Dataset.from_tensor_slices((image_paths, labels))
    dataset = dataset.map(lambda p, y: (decode_image(p), y))  # decode every image
    dataset = dataset.shuffle(buffer_size=len(image_paths))  # random order
    dataset = dataset.batch(32)  # batches of 32
    return dataset

# the training pipeline
train_dataset = make_dataset(image_paths, labels)

# start from a fresh Keras graph
tf.keras.backend.clear_session()

# small dense classifier
model = tf.keras.models.Sequential([
    tf.keras.layers.Flatten(input_shape=(180, 180, 3)),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dense(2) 
])

# optimiser
adam = tf.keras.optimizers.Adam(learning_rate=0.001)

# loss and metric
model.compile(optimizer=adam,
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=['accuracy'])

# fit
model.fit(train_dataset, epochs=10)

# write the trained model
model.save('my_model.h5') 