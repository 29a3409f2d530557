from keras.layers import Dense, Activation, Dropout
from keras.models import Model, Sequential
from keras.regularizers import l2
from keras.optimizers import Adam
import keras.backend as K
import numpy as np

from utils import *
from keras_dgl.layers import GraphAttentionCNN


# graph, features, one-hot classes
feats, adj, onehot = load_data_attention(dataset='cora')
adj = np.array(adj.todense())

_, onehot_val, _, tr_idx, va_idx, te_idx, tr_mask = get_splits(onehot)
tr_idx = np.array(tr_idx)
va_idx = np.array(va_idx)
te_idx = np.array(te_idx)
cls = np.argmax(onehot, axis=1) + 1

onehot_tr = np.zeros(onehot.shape)
cls_tr = np.zeros(cls.shape)
onehot_tr[tr_idx] = onehot[tr_idx]
cls_tr[tr_idx] = cls[tr_idx]

onehot_te = np.zeros(onehot.shape)
cls_te = np.zeros(cls.shape)
onehot_te[te_idx] = onehot[te_idx]
cls_te[te_idx] = cls[te_idx]


# propagation filters: identity, A and A^2 stacked
n_filters = 3
filters = np.concatenate([np.eye(adj.shape[0]), adj, np.matmul(adj, adj)], axis=0)
filters = K.constant(filters)


# two attention layers
gat = Sequential()
gat.add(Dropout(0.6, input_shape=(feats.shape[1],)))
gat.add(GraphAttentionCNN(8, adj, n_filters, filters, num_attention_heads=8, attention_combine='concat', attention_dropout=0.6, activation='elu', kernel_regularizer=l2(5e-4)))
gat.add(Dropout(0.6))
gat.add(GraphAttentionCNN(onehot.shape[1], adj, n_filters, filters, num_attention_heads=1, attention_combine='average', attention_dropout=0.6, activation='elu', kernel_regularizer=l2(5e-4)))
gat.add(Activation('softmax'))
gat.compile(loss='categorical_crossentropy', optimizer=Adam(lr=0.005), metrics=['accuracy'])

EPOCHS = 1000

for ep in range(1, EPOCHS + 1):
    gat.fit(feats, onehot_tr, sample_weight=tr_mask, batch_size=adj.shape[0], epochs=1, shuffle=False, verbose=0)
    probs = gat.predict(feats, batch_size=adj.shape[0])
    _, tr_acc = evaluate_preds(probs, [onehot_tr], [tr_idx])
    _, te_acc = evaluate_preds(probs, [onehot_te], [te_idx])
    print("ep {:04d}".format(ep), "train acc {:.4f}".format(tr_acc[0]), "test acc {:.4f}".format(te_acc[0]))

# the original ends with a pasted log of the last epochs
# (around 0.84 test accuracy)
#
#
#
#
#
#
#
#
#
