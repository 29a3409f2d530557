import os
import keras
import tensorflowjs as tfjs
import tensorflow as tf 
from tensorflow.keras.applications.vgg16 import VGG16
from tensorflow.keras.layers import Dropout
from keras import models
from keras import layers
import pandas as pd
from pathlib import Path

net_model = keras.applications.vgg16.VGG16()
vgg_features = VGG16(weights='imagenet',
    include_top=False,
    input_shape=[224,224,3],
    )


drop_rate = 0.4
n_epoch = 100
batch_n = 64

def collect_images(table):

    join_cols = ['img_path', 'filename']
    table['fullpath'] = f"{Path.home()}"+ table[join_cols].apply(lambda rec: '/'.join(rec.values.astype(str)), axis=1)
    image_paths = table.fullpath.values.tolist()

    grimace_scores = table.mouse_score.values.tolist()
    image_labels = []
    for i in grimace_scores:
        if i == 2.5 or i == 2.0:
            # debugging output of the labels used to be here
            image_labels.append(0)
        elif i == 3.0 or i == 3.5:
            image_labels.append(1)
        elif i == 4.0 or i == 4.5:
            image_labels.append(2)
        elif i == 5.0:
            image_labels.append(3)
        else:
            print("score outside the known grimace classes")

    return image_paths, image_labels


def decode_image(file_path, label_idx):
    img_bytes = tf.compat.as_str_any(file_path)
    img_bytes = tf.io.read_file(file_path)
    img_rgb = tf.io.decode_png(img_bytes, channels=3)
    out_w, out_h = 224, 224
    onehot_label = tf.one_hot(label_idx, 4)
    return tf.image.resize(img_rgb, [out_w, out_h]), onehot_label

def path_label_to_image(file_path, label_idx):
    return decode_image(file_path, label_idx)


if __name__ == "__main__":

    root_dir = f"{Path.home()}/Data/Sample/"

    # gather every annotation table
    suffix = ('csv')
    n_seen = 1
    merged = []
    for folder, subfolders, files_here in os.walk(root_dir + "train"):
        for i in files_here:
            if i.endswith(suffix):
                csv_file = folder + "/" + i
                part_df = pd.read_csv(csv_file)
                if n_seen == 1:
                    merged = part_df
                elif n_seen > 1:
                    merged = pd.concat([merged, part_df])
                n_seen += 1
    train_table = merged

    suffix = ('csv')
    n_seen = 1
    merged = []
    for folder, subfolders, files_here in os.walk(root_dir + "test"):
        for i in files_here:
            if i.endswith(suffix):
                csv_file = folder + "/" + i
                part_df = pd.read_csv(csv_file)
                if n_seen == 1:
                    merged = part_df
                elif n_seen > 1:
                    merged = pd.concat([merged, part_df])
                n_seen += 1
    test_table = merged

    # file paths and class ids
    train_paths, train_labels = collect_images(train_table)
    test_paths, test_labels = collect_images(test_table)

    # tf.data pipelines that decode on the fly
    train_slices = tf.data.Dataset.from_tensor_slices((train_paths, train_labels))
    dataset_train = train_slices.map(path_label_to_image)
    dataset_train = dataset_train.batch(64)
    dataset_train = dataset_train.shuffle(buffer_size=10, seed=74)

    test_slices = tf.data.Dataset.from_tensor_slices((test_paths, test_labels))
    dataset_test = test_slices.map(path_label_to_image)
    dataset_test = dataset_test.batch(10)

    # classifier head on top of the VGG convolutional base
    net_model = models.Sequential()
    net_model.add(vgg_features)
    net_model.add(Dropout(drop_rate))
    net_model.add(layers.Flatten())
    net_model.add(Dropout(drop_rate))
    net_model.add(layers.Dense(128, activation='relu'))
    net_model.add(Dropout(drop_rate))
    net_model.add(layers.Dense(4, activation='softmax'))

    adam_optimizer = tf.keras.optimizers.Adam(learning_rate=0.00001)

    net_model.compile(
        optimizer=adam_optimizer,
        loss="categorical_crossentropy",
        metrics=["accuracy"],
    )
    net_model.summary()
    
    # fit
    net_model.fit(
        dataset_train,
        validation_data=dataset_test,
        epochs=n_epoch,
        batch_size=batch_n,
        shuffle=True
    )

    test_scores = net_model.evaluate(dataset_test)
    # accuracy in percent
    print(test_scores[1]*100)
    
    # export for TensorFlow.js
    tfjs.converters.save_keras_model(net_model, f"{Path.home()}/Data/Sample/Result/")

    # architecture as JSON
    arch_json = net_model.to_json()
    with open("model_resnet_5fold.json", "w") as out_json:
        out_json.write(arch_json)

    # weights as HDF5
    net_model.save_weights("model_resnet_5fold.h5")
    print("model written to disk")
