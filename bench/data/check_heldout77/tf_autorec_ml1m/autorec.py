import tensorflow as tf
from tensorflow import keras
import argparse
from functions import rating_loader
import pandas as pd
import matplotlib.pyplot as plt
from datetime import datetime

#################### options ####################
def read_options():
    p = argparse.ArgumentParser(description="AutoRec on MovieLens ratings.")
    p.add_argument('--path', nargs='?', default='./datasets/ml-1m/',
                   help='folder of the rating file.')
    p.add_argument('--dataset', nargs='?', default='ratings.dat',
                   help='rating file name.')
    p.add_argument('--kind', nargs='?', default='I',
                   help='item-based ("I") or user-based ("U") AutoRec')
    p.add_argument('--layers', nargs='+', default=[300],
                   help='hidden widths of the encoder')
    p.add_argument('--epochs', type=int, default=30,
                   help='passes over the matrix.')
    p.add_argument('--batch_size', type=int, default=32,
                   help='rows per step.')
    p.add_argument('--reg', type=float, default=0.01,
                   help='l2 weight on the dense kernels.')
    p.add_argument('--lr', type=float, default=0.001,
                   help='step size.')
    p.add_argument('--test_size', type=float,default=0.2,
                   help="held-out share of the rows")
    p.add_argument('--learner', nargs='?', default='sgd',
                   help='adagrad, adam, rmsprop or sgd')
    p.add_argument('--patience', type=int, default=10,
                   help='early stopping patience')
    p.add_argument('--out', type=int, default=1,
                   help='keep the best checkpoint (1 or 0).')

    return p.parse_args()


class AutoRec(keras.Model):
    def __init__(self,n_inputs,reg=0.1,layers = [300],**kwargs):
        super().__init__(**kwargs)
        self.n_inputs=n_inputs
        self.depth = len(layers)
        self.widths = list(map(int, layers))
        self.stack = []
        for k in range(self.depth):
            dense = keras.layers.Dense(self.widths[k],
                                       kernel_regularizer=keras.regularizers.l2(reg),
                                       activation=keras.activations.relu,
                                       name=f'layer{k}')
            self.stack.append(dense)
        self.stack.append(keras.layers.Dense(n_inputs,
                                             kernel_regularizer=keras.regularizers.l2(reg),
                                             ))

    def call(self, inputs):
        h = inputs
        for dense in self.stack:
            h = dense(h)

        return h

def observed_mse(y_true,y_pred):
    seen = y_true != 0
    # 1 where a rating exists, 0 elsewhere
    seen_f = tf.cast(seen,tf.float32)
    err = tf.reduce_mean(tf.pow(tf.subtract(seen_f * y_pred,y_true),2))
    # unrated cells do not count
    return err


    cost2 = tf.reduce_sum(tf.pow(predicted-Y, 2))/(num_instances)


if __name__ == "__main__":
    opts = read_options()
    layers = opts.layers
    reg = opts.reg

    learner = opts.learner
    lr = opts.lr
    epochs = opts.epochs
    batch_size = opts.batch_size
    patience = opts.patience

    loader = rating_loader.RatingLoader(opts.path,opts.dataset,opts.test_size)

    if opts.kind.lower() =="u":
        train_m,test_m = loader.user_rows()
        n_inputs = loader.n_items

    elif opts.kind.lower() =="i":
        train_m,test_m  = loader.item_rows()
        n_inputs = loader.n_users

    net = AutoRec(n_inputs,reg,layers)

    if learner.lower() == "adagrad":
        net.compile(optimizer=keras.optimizers.Adagrad(lr=lr), loss= observed_mse,
                    metrics=[keras.metrics.RootMeanSquaredError()])
    elif learner.lower() == "rmsprop":
        net.compile(optimizer=keras.optimizers.RMSprop(lr=lr), lloss= observed_mse,
                    metrics=[keras.metrics.RootMeanSquaredError()])
    elif learner.lower() == "adam":
        net.compile(optimizer=keras.optimizers.Adam(lr=lr), loss= observed_mse,
                    metrics=[keras.metrics.RootMeanSquaredError()])
    else:
        net.compile(optimizer=keras.optimizers.SGD(lr=lr), loss= observed_mse,
                    metrics=[keras.metrics.RootMeanSquaredError()])

    stopper = keras.callbacks.EarlyStopping(patience=patience,restore_best_weights=True)
    ckpt_file = '%s-AutoRec%s.h5' % (opts.kind,datetime.now().strftime('%Y-%m-%d-%h-%m-%s'))
    saver = keras.callbacks.ModelCheckpoint(ckpt_file, save_best_only=True)

    if opts.out:
        history = net.fit(train_m, train_m, batch_size=batch_size, epochs=epochs,
                          validation_data=(test_m, test_m), callbacks=[stopper,
                                                                       saver]
                          )
    else:
        history = net.fit(train_m, train_m, batch_size=batch_size, epochs=epochs,
                          validation_data=(test_m, test_m), callbacks=[stopper]

                          )

    pd.DataFrame(history.history["val_root_mean_squared_error"]).plot()
    plt.show()
