# source: https://github.com/tonybeltramelli/pix2code/blob/0bc8e8a19321c7c84b36e48ba2748baa29cde42e/model/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (Dataset.py, Vocabulary.py, Utils.py, Config.py and pix2code.py of model/classes are inlined below)
from __future__ import print_function
import os
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Input, Dense, Dropout, RepeatVector, LSTM, concatenate, Conv2D, MaxPooling2D, Flatten
from keras.models import Sequential, Model
from keras.optimizers import RMSprop

sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))

CONTEXT_LENGTH = 48
IMAGE_SIZE = 256
BATCH_SIZE = 64
EPOCHS = 10
BEGIN = "<START>"
FINISH = "<END>"
PAD = " "


def load_screenshot(path, side):
    import cv2
    pic = cv2.imread(path)
    pic = cv2.resize(pic, (side, side))
    pic = pic.astype('float32')
    pic /= 255
    return pic


class TokenTable:
    def __init__(self):
        self.one_hot = {}
        self.index = {}
        self.size = 0
        for tok in (BEGIN, FINISH, PAD):
            self.add(tok)

    def add(self, tok):
        if tok not in self.index:
            self.index[tok] = self.size
            self.size += 1

    def build_one_hot(self):
        for tok, pos in self.index.items():
            vec = np.zeros(self.size)
            vec[pos] = 1
            self.one_hot[tok] = vec


class ScreenCodeData:
    def __init__(self):
        self.input_shape = None
        self.output_size = None
        self.ids = []
        self.input_images = []
        self.partial_sequences = []
        self.next_words = []
        self.voc = TokenTable()
        self.size = 0

    def load(self, folder, binary_context=False):
        for f in os.listdir(folder):
            if f.find(".gui") != -1:
                gui = open("{}/{}".format(folder, f), 'r')
                stem = f[:f.find(".gui")]
                if os.path.isfile("{}/{}.png".format(folder, stem)):
                    pic = load_screenshot("{}/{}.png".format(folder, stem), IMAGE_SIZE)
                    self.add_sample(stem, gui, pic)
                elif os.path.isfile("{}/{}.npz".format(folder, stem)):
                    pic = np.load("{}/{}.npz".format(folder, stem))["features"]
                    self.add_sample(stem, gui, pic)

        self.voc.build_one_hot()
        self.next_words = self.targets_to_one_hot(self.next_words, self.voc)
        if binary_context:
            self.partial_sequences = self.to_one_hot(self.partial_sequences, self.voc)
        self.size = len(self.ids)
        self.input_shape = self.input_images[0].shape
        self.output_size = self.voc.size

    def stack_arrays(self):
        self.input_images = np.array(self.input_images)
        self.partial_sequences = np.array(self.partial_sequences)
        self.next_words = np.array(self.next_words)

    def add_sample(self, sample_id, gui, pic):
        tokens = [BEGIN]
        for line in gui:
            line = line.replace(",", " ,").replace("\n", " \n")
            for tok in line.split(" "):
                self.voc.add(tok)
                tokens.append(tok)
        tokens.append(FINISH)
        padded = np.concatenate([[PAD] * CONTEXT_LENGTH, tokens])
        for j in range(0, len(padded) - CONTEXT_LENGTH):
            self.ids.append(sample_id)
            self.input_images.append(pic)
            self.partial_sequences.append(padded[j:j + CONTEXT_LENGTH])
            self.next_words.append(padded[j + CONTEXT_LENGTH])

    @staticmethod
    def to_one_hot(contexts, voc):
        out = []
        for ctx in contexts:
            vectors = []
            for tok in ctx:
                vectors.append(voc.one_hot[tok])
            out.append(np.array(vectors))
        return out

    @staticmethod
    def targets_to_one_hot(words, voc):
        out = []
        for w in words:
            out.append(voc.one_hot[w])
        return out


class ScreenToCode:
    def __init__(self, input_shape, output_size):
        vision = Sequential()
        vision.add(Conv2D(32, (3, 3), padding='valid', activation='relu', input_shape=input_shape))
        vision.add(Conv2D(32, (3, 3), padding='valid', activation='relu'))
        vision.add(MaxPooling2D(pool_size=(2, 2)))
        vision.add(Dropout(0.25))
        vision.add(Conv2D(64, (3, 3), padding='valid', activation='relu'))
        vision.add(Conv2D(64, (3, 3), padding='valid', activation='relu'))
        vision.add(MaxPooling2D(pool_size=(2, 2)))
        vision.add(Dropout(0.25))
        vision.add(Conv2D(128, (3, 3), padding='valid', activation='relu'))
        vision.add(Conv2D(128, (3, 3), padding='valid', activation='relu'))
        vision.add(MaxPooling2D(pool_size=(2, 2)))
        vision.add(Dropout(0.25))
        vision.add(Flatten())
        vision.add(Dense(1024, activation='relu'))
        vision.add(Dropout(0.3))
        vision.add(Dense(1024, activation='relu'))
        vision.add(Dropout(0.3))
        vision.add(RepeatVector(CONTEXT_LENGTH))

        image_input = Input(shape=input_shape)
        image_code = vision(image_input)

        language = Sequential()
        language.add(LSTM(128, return_sequences=True, input_shape=(CONTEXT_LENGTH, output_size)))
        language.add(LSTM(128, return_sequences=True))
        context_input = Input(shape=(CONTEXT_LENGTH, output_size))
        context_code = language(context_input)

        joined = concatenate([image_code, context_code])
        joined = LSTM(512, return_sequences=True)(joined)
        joined = LSTM(512, return_sequences=False)(joined)
        joined = Dense(output_size, activation='softmax')(joined)

        self.model = Model(inputs=[image_input, context_input], outputs=joined)
        self.model.compile(loss='categorical_crossentropy', optimizer=RMSprop(lr=0.0001, clipvalue=1.0))

    def fit(self, images, contexts, targets):
        self.model.fit([images, contexts], targets, shuffle=False, epochs=EPOCHS, batch_size=BATCH_SIZE, verbose=1)


def run(data_dir, out_dir, pretrained=None):
    np.random.seed(1234)
    data = ScreenCodeData()
    data.load(data_dir, binary_context=True)
    data.stack_arrays()

    net = ScreenToCode(data.input_shape, data.output_size)
    if pretrained is not None:
        net.model.load_weights(pretrained)
    net.fit(data.input_images, data.partial_sequences, data.next_words)


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], None if len(sys.argv) < 4 else sys.argv[3])
