# third-party
import io
import tensorflow as tf
import keras as k
import numpy as np
import pandas as pd
import gensim as gs
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from sklearn.metrics import accuracy_score, f1_score
# project modules
import constants as c
from abs_layer import AbsLayer
from preprocessing import augmented, clean_string

import pdb

class Model:
    def __init__(self,*,fold_num):
        """Keyword arguments:
           - fold_num: which cross-validation fold is held out
        """
        csv_path = '../data/train_clean.csv'
        # augmented training pairs
        tr_df, va_df = augmented(csv_path, method='AUG_TRAIN',fold_num=fold_num)
        # columns to numpy arrays
        tr_a_txt, tr_b_txt = tr_df['question1'].values, tr_df['question2'].values
        tr_lab = tr_df['is_duplicate'].values
        va_a_txt, va_b_txt = va_df['question1'].values, va_df['question2'].values
        va_lab = va_df['is_duplicate'].values

        print('Fitting the tokenizer...')
        self.tokenizer = Tokenizer(filters="", oov_token='!UNK!')
        self.tokenizer.fit_on_texts(np.concatenate([tr_a_txt,tr_b_txt]))
        self.glove = self.glove_dict()
        oov_vec = self.produce_unk_embed()

        print('Encoding training questions...')
        self.x_train_q1 = pad_sequences(self.tokenizer.texts_to_sequences(tr_a_txt), maxlen=c.SENT_LEN)
        self.x_train_q2 = pad_sequences(self.tokenizer.texts_to_sequences(tr_b_txt), maxlen=c.SENT_LEN)
        # two-column targets
        self.y_train = np.zeros((len(tr_a_txt),2))
        self.y_train[:,1] = 1
        self.y_train[tr_lab==0] = np.array([1,0])

        print('Encoding validation questions...')
        self.x_val_q1 = pad_sequences(self.tokenizer.texts_to_sequences(va_a_txt), maxlen=c.SENT_LEN)
        self.x_val_q2 = pad_sequences(self.tokenizer.texts_to_sequences(va_b_txt), maxlen=c.SENT_LEN)
        # two-column targets
        self.y_val = np.zeros((len(va_a_txt),2))
        self.y_val[:,1] = 1
        self.y_val[va_lab==0] = np.array([1,0])

        print('Filling the embedding matrix...')
        n_rows = len(self.tokenizer.word_index)+2    # row 0 reserved, plus the oov token
        self.embedding_matrix = np.zeros((n_rows, c.WORD_EMBED_SIZE))
        for tok, row in self.tokenizer.word_index.items():
            try:
                vec = self.glove[tok]
            except KeyError:
                vec = oov_vec
            self.embedding_matrix[row] = vec

    def glove_dict(self):
        """Reads the pretrained GloVe text file into a dict.
        """
        print('Reading GloVe vectors...')
        
        table = {}
        with io.open(c.GLOVE_FILEPATH,'r',encoding='utf8') as fh:
            for line in fh:
                parts = line.split()
                tok = parts[0]
                table[tok] = np.asarray(parts[1:], dtype='float32')
        return table

    def load_pretrained(self, *, model_name, model_func):
        """Restores saved weights.
        """
        print('Restoring model...')
        self.model = model_func()
        self.model.load_weights('../models/'+model_name)
        print('Restored from models/'+model_name)

    def train_model(self, *, model_name, model_func):
        """Builds, fits and saves the network.
        """
        print('Fitting '+model_name+' ...')
        self.model = model_func()
        self.model.compile(loss='categorical_crossentropy',
                           optimizer='adam',
                           metrics=['accuracy'])

        # TensorBoard logging
        tb = k.callbacks.TensorBoard(log_dir='logs/'+model_name[:-3],
                                     write_graph=True,
                                     write_images=True)
        
        self.model.fit([self.x_train_q1, self.x_train_q2], self.y_train,
                    validation_data=([self.x_val_q1, self.x_val_q2], self.y_val),
                    batch_size=c.BATCH_SIZE,
                    epochs=c.NUM_EPOCHS,
                    callbacks=[tb])

        print('Fitted.\nSaving weights...')
        self.model.save_weights('../models/'+model_name)
        print('Weights saved to models/'+model_name)
    
    def is_dup(self, q1, q2):
        """Returns: probability that the two questions are duplicates
        """
        q1 = pad_sequences(self.tokenizer.texts_to_sequences([clean_string(q1)]), maxlen=c.SENT_LEN)
        q2 = pad_sequences(self.tokenizer.texts_to_sequences([clean_string(q2)]), maxlen=c.SENT_LEN)
        p = self.model.predict([q1,q2])
        return p[0][1]

    def evaluate_preds(self):
        """Prints accuracy and F1 on the training and validation pairs.
        """
        print('Predicting...')
        p_tr = self.model.predict([self.x_train_q1, self.x_train_q2])
        print('Scoring...')
        acc_tr, f1_tr = self.compute_accuracy(p_tr, self.y_train)
        print('* train accuracy: %0.4f' % acc_tr)
        print('* train F1: %0.4f' % f1_tr)

        print('Predicting...')
        p_va = self.model.predict([self.x_val_q1, self.x_val_q2])
        print('Scoring...')
        acc_va, f1_va = self.compute_accuracy(p_va, self.y_val)
        print('* validation accuracy: %0.4f' % acc_va)
        print('* validation F1: %0.4f' % f1_va)
        return np.array([acc_tr,f1_tr,acc_va,f1_va])

    def produce_unk_embed(self):
        """Returns: the mean of all GloVe vectors, used for unknown words
        """
        mean_vec = sum(self.glove.values())/len(self.glove.values())
        return mean_vec

    def mlp_sim_model(self):
        """shared GRU encoder -> feature mix -> MLP -> softmax
        """
        in_a = k.layers.Input(shape=(c.SENT_LEN,))
        in_b = k.layers.Input(shape=(c.SENT_LEN,))

        enc = k.models.Sequential()
        n_vocab = len(self.tokenizer.word_index.items())
        init_fn = lambda shape, dtype=None: self.embedding_matrix
        # integer input of shape (None, SENT_LEN)
        enc.add(k.layers.Embedding(n_vocab,
                                   c.WORD_EMBED_SIZE,
                                   embeddings_initializer=init_fn,
                                   input_length=c.SENT_LEN))
        # -> (None, SENT_LEN, WORD_EMBED_SIZE)
        enc.add(k.layers.Masking(mask_value=0., input_shape=(c.SENT_LEN, c.WORD_EMBED_SIZE)))
        enc.add(k.layers.GRU(c.SENT_EMBED_SIZE,
                             dropout=0.2,
                             activation='tanh', # relu diverged here
                             kernel_regularizer=k.regularizers.l2(0.0001),
                             recurrent_regularizer=k.regularizers.l2(0.0001),
                             bias_regularizer=k.regularizers.l2(0.0001),
                             implementation=2)) # GPU-friendly variant
        h_a = enc(in_a)
        h_b = enc(in_b)

        diff = k.layers.subtract([h_a, h_b])
        abs_diff = AbsLayer()(diff)
        prod = k.layers.multiply([h_a, h_b])
        feats = k.layers.concatenate([h_a, h_b, abs_diff, prod])
        d1 = k.layers.Dense(100,
                            kernel_regularizer=k.regularizers.l2(0.0001),
                            bias_regularizer=k.regularizers.l2(0.0001))(feats)
        bn1 = k.layers.BatchNormalization()(d1)
        act1 = k.layers.Activation('relu')(bn1)
        out = k.layers.Dense(2, activation="softmax",
                                kernel_regularizer=k.regularizers.l2(0.0001),
                                bias_regularizer=k.regularizers.l2(0.0001))(act1)
        net = k.models.Model(inputs=[in_a, in_b], outputs=[out])
        return net

    def eucl_sim_model(self):
        """shared GRU encoder -> Euclidean distance -> sigmoid
        """
        def dist_layer(s1, s2):
            f = lambda x: k.backend.sqrt(k.backend.sum(k.backend.square(x[0]-x[1]), axis=1, keepdims=True))
            res = k.layers.Lambda(f)([s1,s2])
            return res

        in_a = k.layers.Input(shape=(c.SENT_LEN,))
        in_b = k.layers.Input(shape=(c.SENT_LEN,))

        enc = k.models.Sequential()
        n_vocab = len(self.tokenizer.word_index.items())
        init_fn = lambda shape, dtype=None: self.embedding_matrix
        # integer input of shape (None, SENT_LEN)
        enc.add(k.layers.Embedding(n_vocab,
                                   c.WORD_EMBED_SIZE,
                                   embeddings_initializer=init_fn,
                                   input_length=c.SENT_LEN))
        # -> (None, SENT_LEN, WORD_EMBED_SIZE)
        enc.add(k.layers.Masking(mask_value=0., input_shape=(c.SENT_LEN, c.WORD_EMBED_SIZE)))
        enc.add(k.layers.GRU(c.SENT_EMBED_SIZE,
                             dropout=0.2,
                             activation='tanh', # relu diverged here
                             kernel_regularizer=k.regularizers.l2(0.0001),
                             recurrent_regularizer=k.regularizers.l2(0.0001),
                             bias_regularizer=k.regularizers.l2(0.0001),
                             implementation=2)) # GPU-friendly variant
        h_a = enc(in_a)
        h_b = enc(in_b)
       
        dist = dist_layer(h_a, h_b)
        out = k.layers.Dense(1, activation="sigmoid")(dist)
        to_two = lambda x: k.backend.switch(k.backend.greater(x,k.backend.constant(0.5)),
                                            k.backend.constant(np.array([0,1])),
                                            k.backend.constant(np.array([1,0])))
        out2 = k.layers.Lambda(to_two)(out)
        net = k.models.Model(inputs=[in_a, in_b], outputs=[out2])
        return net

    def compute_accuracy(self, preds, labels):
        """Returns: accuracy, F1
        """
        # both are n x 2; reduce to 0/1 vectors
        to_bin = lambda x: 1-x.transpose().flatten()[:x.size//2]
        preds = np.round(preds)
        acc = accuracy_score(to_bin(labels),to_bin(preds))
        f1 = f1_score(to_bin(labels),to_bin(preds))
        return acc, f1

if __name__=="__main__":
    RUN_NAME = 'gru'
    scores = np.zeros((c.NUM_FOLDS,4))
    for i in range(c.NUM_FOLDS):
        m = Model(fold_num=i)
        m.train_model(model_name=RUN_NAME+'_fold'+str(i)+'.h5',model_func=m.mlp_sim_model)
        scores[i] = m.evaluate_preds()
    cols = ['train_acc','train_f1','val_acc','val_f1']
    table = pd.DataFrame(data=scores,index=np.arange(c.NUM_FOLDS),columns=cols)
    means = table.mean(axis=0)
    table = table.append(means, ignore_index=True)
    print(table)
    table.to_csv('../models/'+RUN_NAME+'_stats.csv')

    # m = Model(fold_num=0)
    # m.load_pretrained(model_name='gru_v5_fold0.h5',model_func=m.gru_similarity_model)
    # scores = m.evaluate_preds()
    # print(scores)
    
