import tensorflow as tf
import os
import json

from utils import losses, metrics
from utils.augmentation import rotate, flip, crop, gaussian, clip01

from CoffeeUNet import create_model


# == taken from utils/tfrecords.py ==
def read_seg_records(record_files, img_side=256):
    raw_records_dataset = tf.data.TFRecordDataset(record_files)

    record_schema = {
        'x': tf.io.FixedLenFeature([], tf.string),
        'y': tf.io.FixedLenFeature([], tf.string)
    }

    def parse_record(record_bytes):
        parsed_features = tf.io.parse_single_example(record_bytes, record_schema)

        x_bytes = tf.io.decode_raw(parsed_features['x'], tf.uint8)
        y_bytes = tf.io.decode_raw(parsed_features['y'], tf.float32)

        x_bytes = tf.cast(x_bytes, tf.float32) / 255.

        x = tf.reshape(x_bytes, (img_side, img_side, 1), name="x")
        y = tf.reshape(y_bytes, (img_side, img_side, 1), name="y")

        return x, y

    decoded_dataset = raw_records_dataset.map(parse_record, num_parallel_calls=4)
    return decoded_dataset


# == taken from train.py ==
# record files of both splits
train_dataset = read_seg_records(['./data/segmentation_train.tfrecord'], img_side=512)
test_dataset = read_seg_records(['./data/segmentation_test.tfrecord'], img_side=512)
test_dataset = crop(test_dataset, im_size=256)

# random crop / rotation / flip on the train split
train_dataset = crop(train_dataset, im_size=256)
train_dataset = rotate(train_dataset)
train_dataset = flip(train_dataset)
train_dataset = clip01(train_dataset)

# repeat, shuffle and batch
batch_n = 16
train_dataset = train_dataset.repeat().shuffle(buffer_size=400).batch(batch_n)
test_dataset = test_dataset.repeat().shuffle(buffer_size=400).batch(batch_n)

# U-Net definition
run_name = 'CoffeeUNet10'
unet_model = create_model(
    input_shape=(256, 256, 1),
    num_layers=2,
    filters=16,
    num_classes=1,
    kernel_initializer='he_normal',
    kernel_regularizer=tf.keras.regularizers.l2(0.01),
    bias_initializer=tf.keras.initializers.Constant(value=0.1),
    leaky_relu_alpha=0.02,
    output_activation='sigmoid')

unet_model.compile(
    optimizer=tf.keras.optimizers.Adam(lr=1e-4),
    loss=losses.JaccardDistance(smooth=100),
    metrics=[metrics.IoU(smooth=1.)]
)
unet_model.summary()

# write the architecture as json
save_dir = os.path.join('results', run_name)
if not os.path.isdir(save_dir):
    os.mkdir(save_dir)

arch_json = unet_model.to_json()
with open(save_dir + '/model.json', 'w') as fh:
    json.dump(arch_json, fh)

# initial weights, then one file per epoch
unet_model.save_weights(save_dir + '/epoch-0000.h5')
ckpt_path_tpl = save_dir + '/epoch-{epoch:04d}.h5'
ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
    ckpt_path_tpl,
    save_weights_only=True,
    verbose=1,
    period=1
)

# TensorBoard logging
tb_log_dir = os.path.join('logs', run_name)
tb_cb = tf.keras.callbacks.TensorBoard(
    log_dir=tb_log_dir,
    histogram_freq=1,
    write_graph=True,
    profile_batch=0,
    update_freq='epoch'
)

# fit
fit_history = unet_model.fit(
    train_dataset,
    steps_per_epoch=20,
    epochs=1,
    verbose=1,
    validation_data=test_dataset,
    validation_freq=1,
    validation_steps=5,
    callbacks=[ckpt_cb, tb_cb]
)
