import numpy as np
from sklearn.metrics import roc_auc_score
from keras.callbacks import Callback


def gini_raw(truth, score, c_truth = 0, c_score = 1):
    assert(len(truth) == len(score))
    tbl = np.asarray(np.c_[truth, score, np.arange(len(truth))], dtype=np.float)
    tbl = tbl[np.lexsort((tbl[:,2], -1*tbl[:,1]))]
    pos_total = tbl[:,0].sum()
    acc = tbl[:,0].cumsum().sum() / pos_total
    acc -= (len(truth) + 1) / 2.

    return acc / len(truth)


def xgb_gini(p, yy):
    yy = yy.get_label()

    return 'norm_gini', gini_raw(yy, p) / gini_raw(yy, yy)


def gini_norm(p, yy):
    return gini_raw(yy, p) / gini_raw(yy, yy)


def gini_lgb(p, dset):
    yy = list(dset.get_label())
    val = gini_raw(yy, p) / gini_raw(yy, yy)

    return 'norm_gini', val, True


class roc_auc_callback(Callback):
    def __init__(self, training_data, validation_data):
        self.x = training_data[0]
        self.yy = training_data[1]
        self.x_val = validation_data[0]
        self.y_val = validation_data[1]

    def on_train_begin(self, logs={}):
        return

    def on_train_end(self, logs={}):
        return

    def on_epoch_begin(self, epoch, logs={}):
        return

    def on_epoch_end(self, epoch, logs={}):
        p_fit = self.model.predict_proba(self.x, verbose=0)
        auc_fit = roc_auc_score(self.yy, p_fit)
        logs['roc_auc'] = roc_auc_score(self.yy, p_fit)
        logs['norm_gini'] = 2 * roc_auc_score(self.yy, p_fit) - 1

        p_val = self.model.predict_proba(self.x_val, verbose=0)
        auc_val = roc_auc_score(self.y_val, p_val)
        logs['roc_auc_val'] = roc_auc_score(self.y_val, p_val)
        logs['norm_gini_val'] = 2 * roc_auc_score(self.y_val, p_val) - 1

        print('\rauc fit %s | auc val %s | gini fit %s | gini val %s'
            %(str(round(auc_fit, 5)), str(round(auc_val, 5)),
            str(round((auc_fit*2-1),5)), str(round((auc_val*2-1),5))), end=10*' '+'\n')
        return

    def on_batch_begin(self, batch, logs={}):
        return

    def on_batch_end(self, batch, logs={}):
        return
