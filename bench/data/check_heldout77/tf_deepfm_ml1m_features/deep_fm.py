import pandas as pd

from feature_loader import FeatureLoader
from wide_layer import wide_part
from deep_layer import deep_part
import tensorflow as tf
from tensorflow import keras
import argparse
from datetime import datetime

def read_options():
    p = argparse.ArgumentParser(description="DeepFM")
    p.add_argument('--path', nargs = '?' , default = './dataset/',
                   help= "folder of the data sets")
    p.add_argument('--dataset', nargs='?', default='ml-1m',
                   help='data set folder')
    p.add_argument('--embedding_size', type= int, default = 8,
                   help = "FM embedding width")
    p.add_argument('--dropout_rate', type=float, default=0.5,
                   help='dropout probability.')
    p.add_argument('--epochs', type = int, default = 10,
                   help = "passes over the ratings")
    p.add_argument('--batch_size', type = int, default = 32,
                   help = "rows per step")
    p.add_argument('--lr', type=float, default=0.01,
                   help='step size.')
    p.add_argument('--learner', nargs = '?', default= 'adam',
                   help = "adagrad, adam, rmsprop or sgd")
    p.add_argument('--layers', nargs='+', default=[400, 400, 400],
                   help='widths of the dense tower ')
    p.add_argument('--activation', nargs = '?', default = "relu",
                   help = "activation of the dense tower")
    p.add_argument('--patience', type=int, default=10,
                   help='early stopping patience')
    p.add_argument('--out', type=int, default=1,
                   help='keep the best checkpoint (1 or 0).')
    p.add_argument('--test_size',type=float, default=0.1,
                   help='held-out share')
    return p.parse_args()

class DeepFMNet(keras.Model):
    def __init__(self, V, n_fields, field_of_column, layer_list=[400, 400, 400], dropout_rate=0.5,
                 activation="relu", **kwargs):
        super().__init__(**kwargs)
        self.fm_side = wide_part(V, n_fields, field_of_column)
        self.dnn_side = deep_part(layer_list, dropout_rate, activation)
        self.head = keras.layers.Dense(1, activation="sigmoid",name = "final_output")

    def call(self, inputs):
        # inputs = (None,108)
        fm_out, embedded = self.fm_side(inputs)
        dnn_out = self.dnn_side(embedded)

        both = keras.layers.Concatenate(axis=1)([fm_out, dnn_out])
        out = self.head(both)
        return out


if __name__ == "__main__":
    opts = read_options()
    embedding_size = opts.embedding_size
    learner = opts.learner
    lr = opts.lr
    epochs = opts.epochs
    batch_size = opts.batch_size
    dropout_rate =  opts.dropout_rate
    layers = opts.layers
    activation = opts.activation
    patience = opts.patience
    test_size = opts.test_size
    loader = FeatureLoader(opts.path + opts.dataset)

    n_fields = loader.get_num_fields()
    field_of_column = loader.get_embedding_lookup_index()
    net = DeepFMNet(embedding_size,n_fields,field_of_column, layer_list=layers, dropout_rate=dropout_rate,
                    activation=activation)

    if learner.lower() == "adagrad":
        net.compile(optimizer=keras.optimizers.Adagrad(lr=lr), loss=keras.losses.binary_crossentropy,
                    metrics=[keras.metrics.AUC(), keras.metrics.BinaryAccuracy()])
    elif learner.lower() == "rmsprop":
        net.compile(optimizer=keras.optimizers.RMSprop(lr=lr), lloss=keras.losses.binary_crossentropy,
                    metrics=[keras.metrics.AUC(), keras.metrics.BinaryAccuracy()])
    elif learner.lower() == "adam":
        net.compile(optimizer=keras.optimizers.Adam(lr=lr), loss=keras.losses.binary_crossentropy,
                    metrics=[keras.metrics.AUC(), keras.metrics.BinaryAccuracy()])
    else:
        net.compile(optimizer=keras.optimizers.SGD(lr=lr), loss=keras.losses.binary_crossentropy,
                    metrics=[keras.metrics.AUC(), keras.metrics.BinaryAccuracy()])


    stopper = keras.callbacks.EarlyStopping(patience=patience, restore_best_weights=True)
    ckpt_file = 'deep_FM%s.h5' % (datetime.now().strftime('%Y-%m-%d-%h-%m-%s'))
    saver = keras.callbacks.ModelCheckpoint(ckpt_file, save_best_only=True)
    x_tr,x_te,y_tr,y_te = loader.make_binary_set(test_size= test_size)

    if opts.out:
        history = net.fit(x_tr, y_tr, batch_size=batch_size, epochs=epochs,
                          validation_data=(x_te, y_te), callbacks=[stopper,
                                                                   saver]
                          )
    else:
        history = net.fit(x_tr, y_tr, batch_size=batch_size, epochs=epochs,
                          validation_data=(x_te, y_te), callbacks=[stopper]
                          )
    pd.DataFrame(history.history).plot()
