from keras.layers import Embedding, TimeDistributed, RepeatVector, LSTM, concatenate, Input, Reshape, Dense
from keras.preprocessing.image import array_to_img, img_to_array, load_img
import numpy as np
from keras.applications.vgg16 import VGG16, preprocess_input
from keras.models import Model
from keras.callbacks import ModelCheckpoint
import os
import nltk


class VggLstmCaptioner(object):
    tag = "vgg16-lstm"

    def __init__(self):
        self.net = None
        self.cfg = None
        self.vgg = None
        self.max_len = None
        self.n_vocab = None
        self.w2i = None
        self.i2w = None

    def load_model(self, model_dir_path):
        cfg_file = VggLstmCaptioner.cfg_path(model_dir_path)
        w_file = VggLstmCaptioner.weights_path(model_dir_path)
        self.cfg = np.load(cfg_file).item()
        self.max_len = self.cfg['max_seq_length']
        self.n_vocab = self.cfg['vocab_size']
        self.w2i = self.cfg['word2idx']
        self.i2w = self.cfg['idx2word']
        self.net = self.create_model()
        self.net.load_weights(w_file)
        self.vgg = VGG16(weights='imagenet', include_top=True)

    @staticmethod
    def cfg_path(model_dir_path):
        return os.path.join(model_dir_path, VggLstmCaptioner.tag + '-config.npy')

    @staticmethod
    def arch_path(model_dir_path):
        return os.path.join(model_dir_path, VggLstmCaptioner.tag + '-architecture.json')

    @staticmethod
    def weights_path(model_dir_path):
        return os.path.join(model_dir_path, VggLstmCaptioner.tag + '-weights.h5')

    def create_model(self):
        feat_in = Input(shape=(1000, ))
        feat_fc = Dense(units=128)(feat_in)
        feat_rep = RepeatVector(self.max_len)(feat_fc)

        words_in = Input(shape=(self.max_len, self.n_vocab))
        words_rnn = LSTM(units=128, return_sequences=True)(words_in)

        dec = concatenate([feat_rep, words_rnn])

        dec = LSTM(units=128, return_sequences=False)(dec)
        dec_out = Dense(units=self.n_vocab, activation='softmax')(dec)

        net = Model([feat_in, words_in], dec_out)

        net.compile(loss='categorical_crossentropy', optimizer='rmsprop', metrics=['accuracy'])

        print(net.summary())
        return net

    def batches(self, feats, prefixes, nexts, batch_size):
        n_b = len(feats) // batch_size

        while True:
            for b in range(0, n_b):
                lo = b * batch_size
                hi = (b + 1) * batch_size
                yield [feats[lo:hi], prefixes[lo:hi]], nexts[lo:hi]

    def encode_pairs(self, pairs):
        prefixes = []
        nexts = []
        feats = []

        for pair in pairs:
            pic_path, caption = pair
            print(caption)
            pic = img_to_array(load_img(pic_path, target_size=(224, 224)))
            pic = np.expand_dims(pic, axis=0)
            feat = self.vgg.predict(pic)[0]
            caption = 'START ' + caption.lower() + ' END'

            toks = nltk.word_tokenize(caption)
            toks = [w for w in toks if w.isalnum()]

            if len(toks) > self.max_len:
                toks = toks[:self.max_len - 1] + ['END']

            print(toks)

            for pos in range(1, len(toks)):
                x_onehot = np.zeros(shape=(self.max_len, self.n_vocab))
                y_onehot = np.zeros(shape=self.n_vocab)

                if toks[pos] in self.w2i:
                    y_onehot[self.w2i[toks[pos]]] = 1

                for q in range(0, pos):
                    if toks[q] in self.w2i:
                        row = self.max_len - pos + q
                        x_onehot[row, self.w2i[toks[q]]] = 1

                prefixes.append(x_onehot)
                nexts.append(y_onehot)
                feats.append(feat)

        print('encoded rows: ', len(feats))

        return np.array(feats), np.array(prefixes), np.array(nexts)

    def fit(self, text_cfg, train_pairs, test_pairs, model_dir_path, batch_size=None, epochs=None):
        if batch_size is None:
            batch_size = 16
        if epochs is None:
            epochs = 10

        cfg_file = VggLstmCaptioner.cfg_path(model_dir_path)
        w_file = VggLstmCaptioner.weights_path(model_dir_path)
        arch_file = VggLstmCaptioner.arch_path(model_dir_path)

        self.cfg = text_cfg
        self.max_len = self.cfg['max_seq_length']
        self.n_vocab = self.cfg['vocab_size']
        self.w2i = self.cfg['word2idx']
        self.i2w = self.cfg['idx2word']
        self.vgg = VGG16(weights='imagenet', include_top=True)

        print('vocabulary: ', self.n_vocab)
        print('max length: ', self.max_len)

        self.net = self.create_model()

        np.save(cfg_file, self.cfg)

        with open(arch_file, 'w') as fh:
            fh.write(self.net.to_json())

        ckpt = ModelCheckpoint(w_file)

        feats_tr, x_tr, y_tr = self.encode_pairs(train_pairs)
        feats_te, x_te, y_te = self.encode_pairs(test_pairs)

        gen_tr = self.batches(feats_tr, x_tr, y_tr, batch_size)
        gen_te = self.batches(feats_te, x_te, y_te, batch_size)

        steps_tr = len(feats_tr) // batch_size
        steps_te = len(feats_te) // batch_size

        hist = self.net.fit_generator(generator=gen_tr, steps_per_epoch=steps_tr,
                                           epochs=epochs,
                                           verbose=1, validation_data=gen_te, validation_steps=steps_te,
                                           callbacks=[ckpt])

        return hist

    def caption_image(self, pic_path):
        pic = img_to_array(load_img(pic_path, target_size=(224, 224)))
        pic = np.expand_dims(pic, axis=0)
        feat = self.vgg.predict(pic)
        x_onehot = np.zeros(shape=(self.max_len, self.n_vocab))
        x_onehot[self.max_len-1, self.w2i['START']] = 1
        x_onehot = np.expand_dims(x_onehot, axis=0)
        out_words = ['START']
        while out_words[len(out_words)-1] != 'END':
            probs = self.net.predict([feat, x_onehot])
            best = np.argmax(probs[0, :])
            w_out = self.i2w[best]
            out_words.append(w_out)

            if len(out_words) > self.max_len:
                break

            x_onehot = np.zeros(shape=(self.max_len, self.n_vocab))
            for q in range(0, len(out_words)):
                row = self.max_len - len(out_words) + q
                x_onehot[row, self.w2i[out_words[q]]] = 1
            x_onehot = np.expand_dims(x_onehot, axis=0)

        return ' '.join(out_words).replace('START', '').replace('END', '').strip()

