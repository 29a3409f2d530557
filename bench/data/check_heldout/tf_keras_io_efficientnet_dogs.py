# source: https://github.com/keras-team/keras-io/blob/077346840b7255b2934577bb48a56911129ef083/examples/vision/image_classification_efficientnet_fine_tuning.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import tarfile
import urllib.request
from pathlib import Path

import numpy as np
import scipy.io
from PIL import Image
import keras
from keras import layers
from keras.applications import EfficientNetB0

SIZE = 224
BATCH = 64

images_url = "http://vision.stanford.edu/aditya86/ImageNetDogs/images.tar"
splits_url = "http://vision.stanford.edu/aditya86/ImageNetDogs/lists.tar"
root = Path("./stanford_dogs_data")
root.mkdir(exist_ok=True)


def fetch_and_unpack(url, target):
    name = url.split("/")[-1]
    archive = root / name
    if not archive.exists():
        urllib.request.urlretrieve(url, archive)
        with tarfile.open(archive, "r") as tar:
            tar.extractall(target)
    return target


fetch_and_unpack(images_url, root)
fetch_and_unpack(splits_url, root)


def read_split(mat_path):
    mat = scipy.io.loadmat(mat_path)
    return [entry[0][0] for entry in mat["file_list"]]


train_list = read_split(root / "train_list.mat")
test_list = read_split(root / "test_list.mat")

breeds = sorted(set([p.split("/")[0] for p in train_list + test_list]))
breed_index = {name: i for i, name in enumerate(breeds)}
N_BREEDS = len(breeds)


def decode_all(paths, base):
    pictures, targets = [], []
    for rel in paths:
        breed = rel.split("/")[0]
        full = base / "Images" / rel
        try:
            pic = Image.open(full).convert("RGB")
            pictures.append(np.array(pic))
            targets.append(breed_index[breed])
        except Exception as err:
            print(full, err)
    return pictures, np.array(targets)


train_pictures, train_targets = decode_all(train_list, root)
test_pictures, test_targets = decode_all(test_list, root)

augmenters = [
    layers.RandomRotation(factor=0.15),
    layers.RandomTranslation(height_factor=0.1, width_factor=0.1),
    layers.RandomFlip(),
    layers.RandomContrast(factor=0.1),
]


def augment(batch):
    for layer in augmenters:
        batch = layer(batch)
    return batch


class DogBatches(keras.utils.PyDataset):
    def __init__(self, pictures, targets, n_classes, size, batch_size, augment=False, shuffle=False, **kwargs):
        super().__init__(**kwargs)
        self.pictures = pictures
        self.targets = targets
        self.n_classes = n_classes
        self.size = size
        self.batch_size = batch_size
        self.augment = augment
        self.shuffle = shuffle
        self.order = np.arange(len(targets))
        self.on_epoch_end()

    def __len__(self):
        return len(self.order) // self.batch_size

    def on_epoch_end(self):
        if self.shuffle:
            np.random.shuffle(self.order)

    def __getitem__(self, idx):
        chosen = self.order[idx * self.batch_size:(idx + 1) * self.batch_size]
        batch = np.stack(
            [
                np.array(keras.ops.image.resize(np.array(self.pictures[i], dtype="float32"), (self.size, self.size)))
                for i in chosen
            ]
        )
        if self.augment:
            batch = np.array(augment(batch))
        onehot = np.array(keras.ops.one_hot(self.targets[chosen], self.n_classes))
        return batch, onehot


train_batches = DogBatches(train_pictures, train_targets, n_classes=N_BREEDS, size=SIZE, batch_size=BATCH,
                           augment=True, shuffle=True, workers=2, use_multiprocessing=False)
test_batches = DogBatches(test_pictures, test_targets, n_classes=N_BREEDS, size=SIZE, batch_size=BATCH,
                          augment=False, shuffle=False)

scratch = EfficientNetB0(include_top=True, weights=None, classes=N_BREEDS, input_shape=(SIZE, SIZE, 3))
scratch.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
scratch.fit(train_batches, epochs=40, validation_data=test_batches)


def make_transfer_model(n_classes):
    inputs = layers.Input(shape=(SIZE, SIZE, 3))
    backbone = EfficientNetB0(include_top=False, input_tensor=inputs, weights="imagenet")
    backbone.trainable = False
    x = layers.GlobalAveragePooling2D(name="avg_pool")(backbone.output)
    x = layers.BatchNormalization()(x)
    x = layers.Dropout(0.2, name="top_dropout")(x)
    outputs = layers.Dense(n_classes, activation="softmax", name="pred")(x)
    net = keras.Model(inputs, outputs, name="EfficientNet")
    net.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-2), loss="categorical_crossentropy", metrics=["accuracy"])
    return net


net = make_transfer_model(n_classes=N_BREEDS)
net.fit(train_batches, epochs=25, validation_data=test_batches)


def thaw_top(net, count=20, learning_rate=1e-5):
    for layer in net.layers[-count:]:
        if not isinstance(layer, layers.BatchNormalization):
            layer.trainable = True
    net.compile(optimizer=keras.optimizers.Adam(learning_rate=learning_rate), loss="categorical_crossentropy", metrics=["accuracy"])
    return net


net = thaw_top(net)
net.fit(train_batches, epochs=4, validation_data=test_batches)
