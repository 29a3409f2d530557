# Needs TensorFlow 2.10 or newer
import tensorflow as tf
import tensorflow.keras.applications.resnet50 as resnet50
import tensorflow.keras.preprocessing.image as preprocimage
import tensorflow.image as image
import tensorflow.keras.models as models
import tensorflow.keras.layers as layers
import tensorflow.keras.losses as losses
import tensorflow.keras.optimizers as optimizers
import tensorflow.keras.utils as utils
import tensorflow.data as data
from tensorflow.data import Dataset

BATCH = 32

# fixed seed for repeatable runs
tf.keras.utils.set_random_seed(37)

fit_set, hold_set = utils.image_dataset_from_directory(
    'defungi',
    labels = 'inferred',
    label_mode = 'categorical',
    class_names = None,
    color_mode = 'rgb',
    batch_size = BATCH,
    image_size = (224, 224),
    shuffle = True,
    seed = 8008,
    validation_split = 0.2,
    subset = 'both',
)

# ResNet-style input scaling for both splits
fit_set = fit_set.map(lambda a, b: (resnet50.preprocess_input(a), b))
hold_set = hold_set.map(lambda a, b: (resnet50.preprocess_input(a), b))
fit_set = fit_set.cache().prefetch(buffer_size = data.AUTOTUNE)
hold_set = hold_set.cache().prefetch(buffer_size = data.AUTOTUNE)

# pretrained ResNet body
body = resnet50.ResNet50(
        # no final dense layer: include_top off
        #   so our own head goes on top
        include_top = False,
        classifier_activation = None,
        # start from the ImageNet weights
        weights = 'imagenet',
        # the size ResNet was trained at
        input_shape = (224, 224, 3),
    )

# only the new head learns
body.trainable = False

# functional graph, starting with the input:
entry = tf.keras.Input(shape = (224, 224, 3))

# the body is not a plain layer, so the
#   Sequential API is not used here.

# features from the body:
head = body(entry)
# flatten the feature map for the dense head
head = layers.Flatten()(head)
# five-way classifier
head = layers.Dense(5, activation = 'softmax')(head)

# optimiser and loss
opt = optimizers.legacy.Adam(learning_rate = .0001)
crit = losses.CategoricalCrossentropy()

# assemble the model from entry and head
net = tf.keras.Model(entry, head)
# compile with the chosen optimiser, loss and metric
net.compile(
    optimizer = opt,
    loss = crit,
    metrics = ['accuracy'],
)

net.fit(
    fit_set,
    batch_size = BATCH,
    epochs = 3,
    verbose = 1,
    validation_data = hold_set,
)
