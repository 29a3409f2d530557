import tensorflow as tf
from keras.applications import VGG19
from keras.models import Model
from keras.layers import Dense, GlobalAveragePooling2D
from keras.optimizers import Adam
import matplotlib.pyplot as plt

DATA_DIR = "../PlantVillage"
IMG_SIDE = 224
IMG_SHAPE = (224, 224, 3)
BATCH_INPUT_SHAPE = (32, 224, 224, 3)
BATCH_SIZE = 64
TRAIN_FRACTION = 0.8
VAL_FRACTION = 0.1
TEST_FRACTION = 0.1
N_EPOCHS = 10

# stream the leaf images from their class folders, labels from folder names
leaf_dataset = tf.keras.utils.image_dataset_from_directory(
 DATA_DIR,
 shuffle=True,
 seed=123,
 image_size=(IMG_SIDE,IMG_SIDE),
 batch_size=BATCH_SIZE
 )
label_names = leaf_dataset.class_names
print(label_names)
n_labels = len(label_names)
print("number of classes: "+str(n_labels))
print("number of batches: "+str(len(leaf_dataset)))

# split by whole batches into train / validation / test
# the first 80 % of the batches go to training
n_train_batches = int(len(leaf_dataset)*TRAIN_FRACTION)
train_ds = leaf_dataset.take(n_train_batches)
print("training batches: "+str(n_train_batches))
remaining_ds = leaf_dataset.skip(n_train_batches)
print("batches left over: "+str(int(len(remaining_ds))))

# validation part
n_val_batches = int(len(leaf_dataset)*VAL_FRACTION)
val_ds = remaining_ds.take(n_val_batches)
print("validation batches: "+str(n_val_batches))
remaining_ds = remaining_ds.skip(n_val_batches)
print("batches left over: "+str(int(len(remaining_ds))))

# test part
n_test_batches = int(len(leaf_dataset)*TEST_FRACTION)
test_ds = remaining_ds.take(n_test_batches)
print("test batches: "+str(n_test_batches))

# ImageNet VGG19 backbone without its classifier
vgg_backbone = VGG19(weights='imagenet', include_top=False, input_shape=(224, 224, 3))

resize_rescale = tf.keras.Sequential([
 tf.keras.layers.Resizing(IMG_SIDE, IMG_SIDE),
 tf.keras.layers.Rescaling(1.0/255)
])

# new classification head on top of the backbone
image_in = tf.keras.Input(shape=IMG_SHAPE)
h = resize_rescale(image_in)
h = vgg_backbone(h)
h = GlobalAveragePooling2D()(h)
h = Dense(256, activation='relu')(h)
class_probs = Dense(n_labels, activation='softmax')(h) # one unit per leaf class

# backbone plus head as one model
leaf_model = Model(inputs=image_in, outputs=class_probs)
leaf_model.summary()
# keep the pretrained convolution weights fixed
for vgg_layer in vgg_backbone.layers:
 vgg_layer.trainable = False

# optimiser, loss and metric
leaf_model.compile(
 optimizer=Adam(learning_rate=0.001),
 loss='sparse_categorical_crossentropy',
 metrics=['accuracy']
)

# fit on the streamed batches
fit_history = leaf_model.fit(train_ds, epochs=N_EPOCHS, batch_size=BATCH_SIZE, validation_data=val_ds)

export_version=2
leaf_model.save(f"../vgg19Model/{export_version}")

# learning curves
train_acc = fit_history.history['accuracy']
val_acc = fit_history.history['val_accuracy']

train_loss = fit_history.history['loss']
val_loss = fit_history.history['val_loss']

plt.figure(figsize=(8, 8))
plt.subplot(1, 2, 1)
plt.plot(range(N_EPOCHS), train_acc, label='train accuracy')
plt.plot(range(N_EPOCHS), val_acc, label='validation accuracy')
plt.legend(loc='lower right')
plt.title('Accuracy per epoch')

plt.subplot(1, 2, 2)
plt.plot(range(N_EPOCHS), train_loss, label='train loss')
plt.plot(range(N_EPOCHS), val_loss, label='validation loss')
plt.legend(loc='upper right')
plt.title('Loss per epoch')
plt.show()
