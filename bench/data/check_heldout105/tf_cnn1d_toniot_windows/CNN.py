from keras import Sequential, layers
import numpy as np
from sklearn.model_selection import train_test_split, cross_val_score
import tensorflow as tf
from sklearn.preprocessing import LabelEncoder, StandardScaler
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.metrics import confusion_matrix, classification_report, roc_curve, auc

import logging

logging.basicConfig(level=logging.INFO)

class CNN:
    def __init__(self, table):
        self.net = Sequential()
        self.table = table
        self.target = self.table['Label']
        self.features = self.table.drop(columns=['Label'])
        self.fitted = None

    def prepare(self):
        enc = LabelEncoder()
        tgt = enc.fit_transform(self.target)

        std = StandardScaler()
        f_tr, f_te, t_tr, t_te = train_test_split(self.features, tgt, test_size=0.2, random_state=42)

        f_tr = std.fit_transform(f_tr)
        f_te = std.transform(f_te)

        f_tr = np.expand_dims(f_tr, axis=2)
        f_te = np.expand_dims(f_te, axis=2)

        return f_tr, f_te, t_tr, t_te, enc



    def assemble(self, n_cls):
        self.net.add(layers.Conv1D(32, kernel_size=3, activation='relu', input_shape=(self.features.shape[1], 1)))
        self.net.add(layers.MaxPooling1D(pool_size=2))
        self.net.add(layers.Flatten())
        self.net.add(layers.Dense(64, activation='relu'))
        self.net.add(layers.Dense(n_cls, activation='softmax'))

        self.net.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])

    def train(self, n_ep, bs):
        f_tr, f_te, t_tr, t_te, enc = self.prepare()
        n_cls = len(enc.classes_)

        self.assemble(n_cls)

        self.net.fit(f_tr, t_tr, epochs=n_ep, batch_size=bs, validation_data=(f_te, t_te))
        te_loss, te_acc = self.net.evaluate(f_te, t_te)
        logging.info(f'held-out loss {te_loss}, held-out accuracy {te_acc}')

        self.fitted = self.net

        prob = self.net.predict(f_te)
        pred = np.argmax(prob, axis=1)
        pred_names = enc.inverse_transform(pred)
        te_acc = np.mean(pred == t_te)
        logging.info(f'accuracy from argmax {te_acc}')

        # more metrics
        logging.info("per-class report:")
        logging.info(classification_report(t_te, pred))

        # confusion matrix
        logging.info("confusion:")
        logging.info(confusion_matrix(t_te, pred))
        
        # keep the matrix
        cm = confusion_matrix(t_te, pred)

        # heat map of the matrix
        plt.figure(figsize=(10, 8))
        sns.heatmap(confusion_matrix(t_te, pred), annot=True, cmap='Blues', fmt='d', xticklabels=enc.classes_, yticklabels=enc.classes_)
        plt.xlabel('predicted')
        plt.ylabel('actual')
        plt.title('confusion')
        plt.show()

        # one-vs-rest ROC
        fp_rate = {}
        tp_rate = {}
        area = {}

        for c in range(n_cls):
            fp_rate[c], tp_rate[c], _ = roc_curve((t_te == c).astype(int), prob[:, c])
            area[c] = auc(fp_rate[c], tp_rate[c])

        plt.figure(figsize=(10, 8))
        for c in range(n_cls):
            plt.plot(fp_rate[c], tp_rate[c], label=f'class {c} AUC {area[c]:.2f}')

        plt.plot([0, 1], [0, 1], 'k--')
        plt.xlabel('FPR')
        plt.ylabel('TPR')
        plt.title('ROC')
        plt.legend(loc='best')
        plt.show()


        for c in range(10):
            true_name = enc.inverse_transform([t_te[c]])[0]
            guess_name = pred_names[c]

            logging.info(f'true {true_name} guessed {guess_name}')

        names = enc.classes_
        return f_tr, f_te, t_tr, t_te, enc, names

    def cross_validate(self, k):
        feats, _, tgt, _, _ = self.prepare()
        cv = cross_val_score(self.net, feats, tgt, cv=k)
        logging.info(f'cross-validated accuracy {np.mean(cv)}')
