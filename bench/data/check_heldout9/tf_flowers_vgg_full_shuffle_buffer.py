import pathlib
import random
import tensorflow as tf
from tensorflow.keras.layers import Dense, GlobalAveragePooling2D


# ---- utils.py ----
def decode_image_file(x, y, side=224):
    img = tf.compat.v1.read_file(x)
    img = tf.image.decode_jpeg(img, channels=3)
    img = tf.cast(img, tf.float32)
    img = (img/127.5) - 1
    img = tf.image.resize(img, (side, side))

    return img, y


def make_image_dataset(x, y, batch_len=32, loop=True, mix=True):
    dataset = tf.data.Dataset.from_tensor_slices((x, y))
    dataset = dataset.map(decode_image_file)

    if mix:
        dataset = dataset.shuffle(buffer_size=len(x))
    if loop:
        dataset = dataset.repeat()

    dataset = dataset.batch(batch_len)
    dataset = dataset.prefetch(buffer_size=tf.data.experimental.AUTOTUNE)

    return dataset


# ---- vgg_flowers.py ----
tf.compat.v1.enable_eager_execution()

TUNE_AUTO = tf.data.experimental.AUTOTUNE

flowers_dir = 'data/flowers'
flowers_dir = pathlib.Path(flowers_dir)

class_ids = {'daisy': 0, 'dandelion': 1,
               'roses': 2, 'sunflowers': 3, 'tulips': 4}
class_order = ['daisy', 'dandelion', 'roses', 'sunflowers', 'tulips']
image_paths = list(flowers_dir.glob('*/*'))
image_paths = [str(path) for path in image_paths]
random.shuffle(image_paths)

image_labels = [class_ids[pathlib.Path(path).parent.name]
              for path in image_paths]

n_images = len(image_paths)

test_cut = (int)(n_images*0.2)

train_x = image_paths[test_cut:]
test_x = image_paths[:test_cut]

train_y = image_labels[test_cut:]
test_y = image_labels[:test_cut]

SIDE = 224

BATCH_LEN = 32

train_data = make_image_dataset(train_x, train_y)
val_data = make_image_dataset(test_x, test_y)

INPUT_SHAPE = (SIDE, SIDE, 3)

model_path = 'models/vgg_flowers.h5'

vgg_base_model = tf.keras.applications.VGG16(input_shape=INPUT_SHAPE,
                                          include_top=False,
                                          weights='imagenet')
vgg_base_model.trainable = False

DENSE_UNITS = 4096

flower_model = tf.keras.Sequential([
    vgg_base_model,
    GlobalAveragePooling2D(),
    Dense(DENSE_UNITS, activation='relu'),
    Dense(DENSE_UNITS, activation='relu'),
    Dense(len(class_ids), activation='softmax')
])
flower_model.compile(optimizer='adam',
              loss=tf.keras.losses.sparse_categorical_crossentropy,
              metrics=["accuracy"])
fit_log = flower_model.fit(train_data,
                    epochs=100,
                    steps_per_epoch=2,
                    validation_steps=2,
                    validation_data=val_data)
flower_model.save(model_path)


val_step_count = 20
val_loss, val_acc = flower_model.evaluate(val_data, steps=val_step_count)

print("held-out loss {:.2f}".format(val_loss))
print("held-out accuracy {:.2f}".format(val_acc))
