# source: https://github.com/marco-c/autowebcompat/blob/051bfefd26e77f4aea902320e8ae9f1a35213d7e/train.py (+ autowebcompat/utils.py)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import csv
import os
import random
import threading
import time

from PIL import Image
import keras
from keras.callbacks import Callback, EarlyStopping, ModelCheckpoint
from keras.preprocessing.image import ImageDataGenerator, img_to_array, load_img
import numpy as np

from autowebcompat import network

BATCH = 32
EPOCHS = 50
random.seed(42)
SPLITS = ['Y vs D + N', 'Y + D vs N']


def raw_shots():
    return [f for f in os.listdir('data/') if f.endswith('.png')]


def paired_shots():
    seen = {'firefox': [], 'chrome': []}
    for name in raw_shots():
        browser = 'firefox' if 'firefox.png' in name else 'chrome'
        seen[browser].append(name[:name.index('_' + browser + '.png')])
    return [s for s in seen['firefox'] if s in set(seen['chrome'])]


def shrink_shots():
    try:
        os.mkdir('data_resized')
    except OSError:
        pass
    for f in raw_shots():
        if os.path.exists(os.path.join('data_resized', f)):
            continue
        try:
            orig = Image.open(os.path.join('data', f))
            orig.load()
            bands = orig.split()
            if len(bands) == 4:
                img = Image.new('RGB', orig.size, (255, 255, 255))
                img.paste(orig, mask=bands[3])
            else:
                img = orig
            if img.size[1] > 732:
                img = img.crop((0, 0, img.size[0], 732))
            img = img.resize((192, 256), Image.LANCZOS)
            img.save(os.path.join('data_resized', f))
        except IOError as e:
            print(e)


thumb_cache = {}


def load_thumb(fname, folder='data_resized'):
    if fname in thumb_cache:
        return thumb_cache[fname]
    img = load_img(os.path.join(folder, fname), target_size=(32, 24))
    x = img_to_array(img, data_format=keras.backend.image_data_format())
    thumb_cache[fname] = x
    return x


def fitted_generator(names, shape, folder='data_resized'):
    gen = ImageDataGenerator(rescale=1. / 255)
    x = np.zeros((len(names),) + shape, dtype=keras.backend.floatx())
    for i, name in enumerate(names):
        x[i] = load_thumb(name, folder)
    gen.fit(x)
    return gen


class PairBatches():
    def __init__(self, pair_source, shape, gen, batch_size=32):
        self.pair_source = pair_source
        self.shape = shape
        self.gen = gen
        self.batch_size = batch_size
        self.lock = threading.Lock()

    def __iter__(self):
        return self

    def __next__(self):
        xb = [np.zeros((self.batch_size,) + self.shape, dtype=keras.backend.floatx()),
              np.zeros((self.batch_size,) + self.shape, dtype=keras.backend.floatx())]
        pairs = [None] * self.batch_size
        yb = np.zeros(self.batch_size)
        with self.lock:
            for i in range(self.batch_size):
                pair, label = next(self.pair_source)
                pairs[i] = pair
                yb[i] = label
        for i, (a, b) in enumerate(pairs):
            xa = self.gen.standardize(self.gen.random_transform(load_thumb(a).astype(keras.backend.floatx())))
            xbb = self.gen.standardize(self.gen.random_transform(load_thumb(b).astype(keras.backend.floatx())))
            xb[0][i] = xa
            xb[1][i] = xbb
        return xb, yb


def forever(make, items):
    while True:
        random.shuffle(items)
        yield from make(items)


def read_labels(path='labels.csv'):
    try:
        with open(path, 'r') as f:
            next(f)
            return {row[0]: row[1] for row in csv.reader(f)}
    except FileNotFoundError:
        return {}


def to_binary(label, mode):
    if mode == 'Y vs D + N':
        return 1 if label == 'y' else 0
    return 0 if label == 'n' else 1


cli = argparse.ArgumentParser()
cli.add_argument('-n', '--network', type=str, choices=network.SUPPORTED_NETWORKS)
cli.add_argument('-o', '--optimizer', type=str, choices=network.SUPPORTED_OPTIMIZERS)
cli.add_argument('-ct', '--classification_type', type=str, choices=SPLITS, default=SPLITS[0])
cli.add_argument('-es', '--early_stopping', dest='early_stopping', action='store_true')
args = cli.parse_args()


class Stopwatch(Callback):
    def on_train_begin(self, logs={}):
        self.t0 = time.time()
        self.epoch_times = []

    def on_epoch_begin(self, batch, logs={}):
        self.e0 = time.time()

    def on_epoch_end(self, batch, logs={}):
        self.epoch_times.append(time.time() - self.e0)


labels = read_labels()
shrink_shots()
pair_names = [i for i in paired_shots() if i in labels]
all_shots = sum([[i + '_firefox.png', i + '_chrome.png'] for i in pair_names], [])
shape = load_thumb(all_shots[0]).shape

N = len(pair_names)
N_TRAIN = 80 * (N // 100)
N_VAL = 10 * (N // 100)
N_TEST = N - (N_TRAIN + N_VAL)

random.shuffle(pair_names)
train_names, val_names, test_names = pair_names[:N_TRAIN], pair_names[N_TRAIN:N_VAL + N_TRAIN], pair_names[N - N_TEST:]


def pair_stream(names):
    for i in names:
        yield [i + '_firefox.png', i + '_chrome.png'], to_binary(labels[i], args.classification_type)


n_train = sum(1 for e in pair_stream(train_names))
n_val = sum(1 for e in pair_stream(val_names))
n_test = sum(1 for e in pair_stream(test_names))

gen = fitted_generator(all_shots, shape)
train_it = PairBatches(forever(pair_stream, train_names), shape, gen, BATCH)
val_it = PairBatches(forever(pair_stream, val_names), shape, gen, BATCH)
test_it = PairBatches(forever(pair_stream, test_names), shape, gen, BATCH)

model = network.create(shape, args.network)
network.compile(model, args.optimizer)

watch = Stopwatch()
cbs = [ModelCheckpoint('best_train_model.hdf5', monitor='val_accuracy', verbose=1, save_best_only=True, mode='max'), watch]
if args.early_stopping:
    cbs.append(EarlyStopping(monitor='val_accuracy', patience=2))

hist = model.fit_generator(train_it, callbacks=cbs, validation_data=val_it, steps_per_epoch=n_train / BATCH,
                           validation_steps=n_val / BATCH, epochs=EPOCHS)
print(model.evaluate_generator(test_it, steps=n_test / BATCH))
