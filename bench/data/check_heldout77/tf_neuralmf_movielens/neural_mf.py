#GMF + MLP fused
from datetime import datetime

import tensorflow as tf
from tensorflow import keras
from functions.pair_loader import PairLoader
import matplotlib.pyplot as plt
import pandas as pd
import argparse
from GMF import GMF
from MLP import MLP
import numpy as np

#################### options ####################
def read_options():
    p = argparse.ArgumentParser(description="NeuMF.")
    p.add_argument('--path', nargs='?', default='/dataset/',
                   help='folder of the rating file.')
    p.add_argument('--dataset', nargs='?', default='ratings.csv',
                   help='rating file name.')
    p.add_argument('--layers', nargs='+', default=[64,32,16,8],
                   help='MLP widths; the MLP embedding is half the first one ')
    p.add_argument('--num_factors', type=int, default=8,
                   help='GMF embedding width.')
    p.add_argument('--epochs', type=int, default=10,
                   help='passes over the pairs.')
    p.add_argument('--batch_size', type=int, default=32,
                   help='pairs per step.')
    p.add_argument('--gmf_regs', type=float, default=0,
                   help='l2 on the GMF embeddings.')
    p.add_argument('--mlp_regs', nargs='+', default=[0,0,0,0],
                   help="l2 on the MLP embeddings and layers.")
    p.add_argument('--lr', type=float, default=0.001,
                   help='step size.')
    p.add_argument('--learner', nargs='?', default='adam',
                   help='adagrad, adam, rmsprop or sgd')
    p.add_argument('--out', type=int, default=1,
                   help='keep the best checkpoint (1 or 0).')
    p.add_argument('--patience', type=int, default=10,
                   help='early stopping patience')
    p.add_argument('--pretrain_gmf', nargs='?', default='',
                   help='')
    p.add_argument('--pretrain_mlp', nargs='?', default='',
                   help='weights file of a trained MLP; empty means start from scratch')
    p.add_argument('--alpha', type=float, default=0.5,
                   help='mix of the pretrained heads, GMF:alpha and MLP:1-alpha ')
    return p.parse_args()

class NeuMF:

    def __init__(self,n_users,n_items,gmf_dim=8,layers = [64,32,16,8] ,gmf_regs=0,mlp_regs= [0,0,0,0]):
        self.n_users = n_users
        self.n_items = n_items
        #gmf
        self.gmf_dim = gmf_dim
        self.gmf_regs = gmf_regs
        #mlp
        self.layers = list(map(int,layers))
        self.depth = len(layers)
        self.mlp_regs = list(map(float,mlp_regs))

        #two id inputs
        u_in = keras.layers.Input(shape=(1,),dtype = 'int32')
        i_in = keras.layers.Input(shape=(1,),dtype = 'int32')

        #GMF tables : width gmf_dim
        u_gmf = keras.layers.Embedding(n_users, self.gmf_dim,
                                       embeddings_regularizer=keras.regularizers.l2(self.gmf_regs),
                                       name = 'user_embedding_gmf')(u_in)
        i_gmf = keras.layers.Embedding(n_items, self.gmf_dim,
                                       embeddings_regularizer=keras.regularizers.l2(self.gmf_regs),
                                       name = 'item_embedding_gmf')(i_in)
        u_gmf_flat = keras.layers.Flatten()(u_gmf)
        i_gmf_flat = keras.layers.Flatten()(i_gmf)

        gmf_vec = keras.layers.Multiply()([u_gmf_flat,i_gmf_flat])

        #MLP tables : width layers[0]/2
        u_mlp = keras.layers.Embedding(n_users,int(self.layers[0]/2),embeddings_regularizer=keras.regularizers.l2(self.mlp_regs[0]),
                                       name = 'user_embedding_mlp')(u_in)
        i_mlp = keras.layers.Embedding(n_items,int(self.layers[0]/2),embeddings_regularizer=keras.regularizers.l2(self.mlp_regs[0]),
                                       name = 'item_embedding_mlp')(i_in)

        u_mlp_flat = keras.layers.Flatten()(u_mlp)
        i_mlp_flat = keras.layers.Flatten()(i_mlp)

        mlp_vec = keras.layers.concatenate([u_mlp_flat,i_mlp_flat])

        #MLP tower
        for k in range(self.depth):
            dense = keras.layers.Dense(layers[k],kernel_regularizer=keras.regularizers.l2(self.mlp_regs[k]),
                                       activation = keras.activations.relu,
                                       name = f'layer{k}')
            mlp_vec =dense(mlp_vec)


        #join both heads
        joint = keras.layers.concatenate([gmf_vec,mlp_vec])

        #rating output
        out = keras.layers.Dense(1,kernel_initializer=keras.initializers.lecun_uniform(),
                                 name='output'
                                 )(joint)

        self.model = keras.Model(inputs = [u_in,i_in],
                                 outputs = [out])


    def get_model(self):
        model = self.model
        return model


def copy_pretrained(model, gmf_model, mlp_model, depth,alpha):
    # GMF tables
    gmf_u = gmf_model.get_layer('user_embedding').get_weights()
    gmf_i = gmf_model.get_layer('item_embedding').get_weights()
    model.get_layer('user_embedding_gmf').set_weights(gmf_u)
    model.get_layer('item_embedding_gmf').set_weights(gmf_i)

    # MLP tables
    mlp_u = mlp_model.get_layer('user_embedding').get_weights()
    mlp_i = mlp_model.get_layer('item_embedding').get_weights()
    model.get_layer('user_embedding_mlp').set_weights(mlp_u)
    model.get_layer('item_embedding_mlp').set_weights(mlp_i)

    # MLP tower
    for k in range(depth):
        w = mlp_model.get_layer(f'layer{k}').get_weights()

        model.get_layer(f'layer{k}').set_weights(w)


    # output layer mixed with alpha
    gmf_head = gmf_model.get_layer('output').get_weights()
    mlp_head = mlp_model.get_layer('output').get_weights()


    mixed_w = np.concatenate((alpha * gmf_head[0], (1-alpha)*mlp_head[0]), axis=0)
    mixed_b = alpha * gmf_head[1] + (1-alpha)*mlp_head[1]
    model.get_layer('output').set_weights([mixed_w, mixed_b])
    return model


if __name__ =="__main__":
        #options
        opts = read_options()
        layers = opts.layers
        gmf_dim = opts.num_factors
        mlp_regs = opts.mlp_regs
        gmf_regs = opts.gmf_regs
        learner = opts.learner
        lr = opts.lr
        epochs = opts.epochs
        batch_size = opts.batch_size
        patience = opts.patience
        pretrain_gmf = opts.pretrain_gmf
        pretrain_mlp = opts.pretrain_mlp
        alpha = opts.alpha

        #pairs
        loader = PairLoader(opts.path + opts.dataset)
        x_tr,y_tr = loader.train_pairs()
        x_te,y_te =loader.test_pairs()

        #callbacks
        stopper = keras.callbacks.EarlyStopping(patience=10, restore_best_weights=True)
        ckpt_file = 'Pretrain/NeuralMF_%s.h5' % (datetime.now().strftime('%Y-%m-%d-%h-%m-%s'))
        saver = keras.callbacks.ModelCheckpoint(ckpt_file, save_best_only=True)

        #network
        model = NeuMF(loader.n_users,loader.n_items,gmf_dim,layers,gmf_regs,mlp_regs).get_model()

        if pretrain_gmf != '' and pretrain_mlp != '':
            gmf_model = GMF(loader.n_users, loader.n_items,gmf_dim,gmf_regs).get_model()
            gmf_model.load_weights(pretrain_gmf)
            mlp_model = MLP(loader.n_users, loader.n_items, layers, mlp_regs).get_model()
            mlp_model.load_weights(pretrain_mlp)
            model = copy_pretrained(model, gmf_model, mlp_model, len(layers), alpha =alpha)
            print(f"pretrained GMF ({pretrain_gmf}) and MLP ({pretrain_mlp}) copied in. ")



        if learner.lower() == "adagrad":
            model.compile(optimizer=keras.optimizers.Adagrad(lr=lr), loss='mse')
        elif learner.lower() == "rmsprop":
            model.compile(optimizer=keras.optimizers.RMSprop(lr=lr), loss='mse')
        elif learner.lower() == "adam":
            model.compile(optimizer=keras.optimizers.Adam(lr=lr), loss='mse')
        else:
            model.compile(optimizer=keras.optimizers.SGD(lr=lr), loss='mse')
        #fit
        if opts.out:
            history = model.fit([x_tr[:,0],x_tr[:,1]],y_tr,
                      epochs=epochs,
                      batch_size=batch_size,
                      validation_data=([x_te[:,0],x_te[:,1]],y_te),
                                callbacks=[stopper,
                                           saver]
                      )
        else :
            history = model.fit([x_tr[:, 0], x_tr[:, 1]], y_tr,
                                epochs=epochs,
                                batch_size=batch_size,
                                validation_data=([x_te[:, 0], x_te[:, 1]], y_te),
                                callbacks=[stopper]
                                )

        pd.DataFrame(history.history).plot(figsize= (8,5))
        plt.show()
        few = x_te[:10]
        few_y = y_te[:10]
        print(model.predict([few[:,0],few[:,1]]))
        print(few_y)
