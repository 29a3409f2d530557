import tensorflow as tf
from tensorflow.keras import models, layers

# Read the leaf photos straight from their class folders with
# tf.keras.preprocessing.image_dataset_from_directory: shuffled,
# resized to 256 x 256 and grouped into batches of 32
side = 256
per_batch = 32
n_channels = 3
leaf_images = tf.keras.preprocessing.image_dataset_from_directory("leaf_photos", shuffle=True,
                                                                  image_size=(side, side),
                                                                  batch_size=per_batch)
disease_names = leaf_images.class_names


# Cut the batched data set into training, validation and test parts
def split_three_ways(data, train_frac=0.8, val_frac=0.1, test_frac=0.1, mix=True, mix_buffer=10000):
    n_batches = len(data)
    if mix:
        data = data.shuffle(mix_buffer, seed=12)

    n_train = int(train_frac * n_batches)
    n_val = int(val_frac * n_batches)

    part_train = data.take(n_train)
    part_val = data.skip(n_train).take(n_val)
    part_test = data.skip(n_train).skip(n_val)

    return part_train, part_val, part_test


# The three parts
part_train, part_val, part_test = split_three_ways(leaf_images)

# Keep the parts around and overlap loading with training
part_train = part_train.cache().shuffle(1000).prefetch(buffer_size=tf.data.AUTOTUNE)
part_val = part_val.cache().shuffle(1000).prefetch(buffer_size=tf.data.AUTOTUNE)
part_test = part_test.cache().shuffle(1000).prefetch(buffer_size=tf.data.AUTOTUNE)

# Input scaling
scale_block = tf.keras.Sequential([layers.experimental.preprocessing.Resizing(side, side),
                                   layers.experimental.preprocessing.Rescaling(1.0 / 255)])
augment_block = tf.keras.Sequential([layers.experimental.preprocessing.RandomFlip("horizontal_and_vertical"),
                                     layers.experimental.preprocessing.RandomRotation(0.2)])

# The network
in_shape = (per_batch, side, side, n_channels)
n_out = 3

net = models.Sequential([
    scale_block,  # resize and bring pixels to [0, 1]
    layers.Conv2D(32, kernel_size=(3, 3), activation='relu', input_shape=in_shape), # first convolution, 32 maps
    layers.MaxPooling2D((2, 2)), # halve the resolution
    layers.Conv2D(64, kernel_size=(3, 3), activation='relu'), # second convolution, 64 maps
    layers.MaxPooling2D((2, 2)), # halve again
    layers.Conv2D(64, kernel_size=(3, 3), activation='relu'),
    layers.MaxPooling2D((2, 2)),
    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D((2, 2)),
    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D((2, 2)),
    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D((2, 2)),
    layers.Flatten(), # to a vector
    layers.Dense(64, activation='relu'),  # hidden layer of 64
    layers.Dense(n_out, activation='softmax'), # one probability per disease
])

net.build(input_shape=in_shape)

net.compile(
    optimizer='adam',
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False),
    metrics=['accuracy'] # report accuracy
)
fit_log = net.fit(
    part_train,
    batch_size=per_batch,
    validation_data=part_val,
    verbose=1,
    epochs=50,
)

net.save("leaf_disease_net.h5")
