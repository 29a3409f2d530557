import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications import MobileNetV2
from tensorflow.keras.layers import AveragePooling2D, MaxPooling2D, Dropout, Flatten, Dense, Input
from tensorflow.keras.models import Model, Sequential
from tensorflow.keras.applications.mobilenet_v2 import preprocess_input
from tensorflow.keras.preprocessing.image import img_to_array, load_img
from tensorflow.keras.utils import to_categorical
from sklearn.preprocessing import LabelBinarizer
from sklearn.model_selection import train_test_split
import os
import random
import numpy as np
import pickle

# quieter TensorFlow logs
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'

# optional half precision
dtype = "float32"
use_half = False

if use_half:
    dtype = "float16"
    tf.keras.mixed_precision.experimental.set_policy('mixed_float16')

class MaskNet(tf.Module):
    def __init__(self, i_width, i_height):
        super(MaskNet, self).__init__()
        self.width = i_width
        self.height = i_height
        self.opt = tf.keras.optimizers.Adam(learning_rate=1e-4)
        self.parts = {}
        self.ops = {}
        self.build_parts()

    # build the network
    def build_parts(self):
        # frozen backbone plus a small head
        n_ch = 3  # colour
        n_kinds = 2  # 0: bare face, 1: masked

        backbone = MobileNetV2(weights="imagenet", include_top=False, input_tensor=Input(shape=(self.width, self.height, n_ch)))

        head = backbone.output
        head = AveragePooling2D(pool_size=(7, 7))(head)
        head = Flatten(name="flatten")(head)
        head = Dense(64, activation="relu")(head)
        head = Dropout(0.25)(head)
        head = Dense(32, activation="relu")(head)
        # head = Dropout(0.25)(head)
        # head = Dense(16, activation="relu")(head)
        # head = Dropout(0.25)(head)
        # head = Dense(16, activation="relu")(head)
        head = Dropout(0.5)(head)  # against overfitting
        head = Dense(n_kinds, activation="softmax")(head)

        net = Model(inputs=backbone.input, outputs=head)

        for layer in backbone.layers:
            layer.trainable = False

        self.parts['model'] = net

    # forward pass with a fixed signature
    @tf.function(input_signature=[tf.TensorSpec([None, 224, 224, 3], tf.float32)])
    def predict(self, i_x):
        # run the network
        self.ops['inp'] = i_x
        self.ops['out'] = self.parts['model'](self.ops['inp'])
        return self.ops['out']

    # cross entropy by hand
    def get_loss(self, y, probs):
        return tf.reduce_mean(-tf.reduce_sum(tf.constant(y, dtype=tf.float32) * tf.math.log(probs), axis=[1]))

    # share of correct guesses
    def test(self, testY, testX):
        tx = Tensors.to_tensor(testX)
        probs = self.predict(tx)
        probs = tf.math.argmax(probs, 1)
        diff = np.argmax(testY, axis=1) - probs.numpy()
        hits = np.sum(diff == 0)
        n = len(testY)
        return hits / n

    # one optimisation step
    def train(self, y, x):
        with tf.GradientTape() as tape:
            x = Tensors.to_tensor(x)
            probs = self.predict(x)
            L = self.get_loss(y, probs)
            g = tape.gradient(L, self.parts['model'].trainable_variables)
        pairs = zip(g, self.parts['model'].trainable_variables)
        self.opt.apply_gradients(pairs)
        return L

class Tensors():
    @staticmethod
    def file_to_array(pic, width=224, height=224):
        img = load_img(pic, target_size=(width, height))
        img = img_to_array(img)
        img = preprocess_input(img)
        return img

    @staticmethod
    def to_tensor(i_x):
        ch = 3
        t = tf.constant(i_x, shape=[np.shape(i_x)[0], np.shape(i_x)[1], np.shape(i_x)[2], ch], dtype=tf.float32)
        return t

class Store():
    @staticmethod
    def read_folder(root, w, h):
        pics = []
        kinds = []

        for here, _, names in os.walk(root):
            for name in names:
                kind = int(here[len(root):])
                where = os.path.join(here, name)
                arr = Tensors.file_to_array(where, w, h)

                kinds.append(kind)
                pics.append(arr)

        return kinds, pics

    @staticmethod
    def to_arrays(i_y, i_x):
        pics = np.array(i_x, dtype="float32")
        kinds = np.array(i_y)
        lb = LabelBinarizer()
        kinds_1h = to_categorical(kinds, 2)

        return kinds_1h, pics

    @staticmethod
    def dump(i_y, i_x, i_filename):
        with open(i_filename, 'wb') as fh:
            pickle.dump([i_y, i_x], fh)

    @staticmethod
    def undump(i_filename):
        with open(i_filename, 'rb') as fh:
            r = pickle.load(fh)
        kinds = r[0]
        pics = r[1]
        return kinds, pics

    @staticmethod
    def pick(i_y, i_x, i_n):
        if len(i_y) < i_n:
            i_n = len(i_y)

        xs = []
        ys = []

        chosen = random.sample(range(len(i_y)), i_n)
        xs = [i_x[k] for k in chosen]
        ys = [i_y[k] for k in chosen]

        return ys, xs

def main():
    # read and prepare the pictures
    root = "./TrainData/"
    w = 224
    h = 224

    kinds, pics = Store.read_folder(root, w, h)
    Store.dump(kinds, pics, 'pic_mask_db_224_224.p')
    kinds, pics = Store.undump('pic_mask_db_224_224.p')

    kinds_1h, pics_arr = Store.to_arrays(kinds, pics)
    (fitX, heldX, fitY, heldY) = train_test_split(pics_arr, kinds_1h, test_size=0.1, stratify=kinds_1h, random_state=42)

    # loop sizes
    rounds = 10
    steps_per_round = 20

    # augmenting batch source
    aug = ImageDataGenerator(
        rotation_range=20,
        zoom_range=0.15,
        width_shift_range=0.2,
        height_shift_range=0.2,
        shear_range=0.15,
        horizontal_flip=True,
        fill_mode="nearest")

    # the network
    net = MaskNet(w, h)

    # rounds of training
    for e in range(rounds):
        i = 0
        # steps in one round
        for xb, yb in aug.flow(fitX, fitY, batch_size=32):
            i += 1
            if i >= steps_per_round:
                break

            # one step
            print('Round: ', e, " step ", i, flush=True, end='')
            net.train(yb, xb)

            # held-out accuracy after every step
            acc = net.test(heldY, heldX)
            print(", accuracy, {}".format(acc), flush=True)

            # try to give GPU memory back
            tf.keras.backend.clear_session()

    print(" done ")

    # final check on a sample of the held-out part
    sy, sx = Store.pick(heldY, heldX, 128)
    acc = net.test(sy, sx)
    print("final accuracy {}".format(acc), flush=True)

    # export
    tf.saved_model.save(net, "masked_module")

if __name__ == '__main__':
    main()
