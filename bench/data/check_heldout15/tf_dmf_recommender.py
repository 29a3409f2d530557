import numpy as np
import tensorflow as tf
from keras import initializers
from keras.models import Model
from keras.layers import Embedding, Input, Dense, Flatten, concatenate, Dot, Lambda, multiply, Reshape, merge
from keras.optimizers import Adagrad, Adam, SGD, RMSprop
from keras import backend as K
from evaluate import evaluate_model
from time import time
import argparse

import scipy.sparse as sp

class RatingDataset(object):

    def __init__(self, data_path):
        self.train_mat = self.read_train_matrix_file(data_path + ".train.rating")
        self.test_pairs = self.read_test_pairs_file(data_path + ".test.rating")
        self.test_negs = self.read_negatives_file(data_path + ".test.negative")
        assert len(self.test_pairs) == len(self.test_negs)
        
        self.n_users, self.n_items = self.train_mat.shape
        
    def read_test_pairs_file(self, file_path):
        pairs = []
        with open(file_path, "r") as fh:
            row = fh.readline()
            # read until the file runs out
            while row is not None and row != "":
                fields = row.split("\t")
                uid, iid = int(fields[0]), int(fields[1])
                pairs.append([uid, iid])
                row = fh.readline()
        return pairs
    
    def read_negatives_file(self, file_path):
        neg_rows = []
        with open(file_path, "r") as fh:
            row = fh.readline()
            # read until the file runs out
            while row is not None and row != "":
                fields = row.split("\t")
                negs = []
                for tok in fields[1:]:
                    negs.append(int(tok))
                neg_rows.append(negs)
                row = fh.readline()
        return neg_rows
    
    def read_train_matrix_file(self, file_path):
        # first pass: largest user and item ids
        n_users, n_items = 0, 0
        with open(file_path, "r") as fh:
            row = fh.readline()
            # one rating per row
            while row is not None and row != "":
                fields = row.split("\t")
                uid, i = int(fields[0]), int(fields[1])
                n_users = max(n_users, uid)
                n_items = max(n_items, i)
                row = fh.readline()
        # second pass: fill a sparse 0/1 matrix
        sparse_mat = sp.dok_matrix((n_users+1, n_items+1), dtype=np.float32)
        with open(file_path, "r") as fh:
            row = fh.readline()
            # one rating per row
            while row is not None and row != "":
                fields = row.split("\t")
                uid, iid, score = int(fields[0]), int(fields[1]), float(fields[2])
                if score > 0:
                    sparse_mat[uid, iid] = 1.0
                row = fh.readline()    
        return sparse_mat


def read_cli():
    cli_parser = argparse.ArgumentParser(description="Deep matrix factorisation trainer.")
    cli_parser.add_argument('--path', nargs='?', default='Data/',
                        help='folder holding the rating files')
    cli_parser.add_argument('--dataset', nargs='?', default='ml-1m',
                        help='data set name (file prefix)')
    cli_parser.add_argument('--epochs', type=int, default=20,
                        help='how many passes over the data')
    cli_parser.add_argument('--batch_size', type=int, default=256,
                        help='examples per step')
    cli_parser.add_argument('--userlayers', nargs='?', default='[512, 64]',
                        help="widths of the user tower")
    cli_parser.add_argument('--itemlayers', nargs='?', default='[1024, 64]',
                        help="widths of the item tower")
    cli_parser.add_argument('--num_neg', type=int, default=4,
                        help='sampled negatives drawn for each positive')
    cli_parser.add_argument('--lr', type=float, default=0.0001,
                        help='step size')
    cli_parser.add_argument('--learner', nargs='?', default='adam',
                        help='optimizer: adagrad, adam, rmsprop or sgd')
    cli_parser.add_argument('--verbose', type=int, default=1,
                        help='evaluate every this many epochs')
    cli_parser.add_argument('--out', type=int, default=1,
                        help='1 to keep the best weights on disk')
    return cli_parser.parse_args()


def build_dmf_model(train_mat, n_users, n_items, user_dims=[512, 64], item_dims=[1024, 64]):
    depth = len(user_dims)  # tower depth
    user_rows_const = K.constant(dense_train_matrix(train_mat))
    item_rows_const = K.constant(dense_train_matrix(train_mat).T)

    # one user id and one item id per example
    user_id_in = Input(shape=(1,), dtype='int32', name='user_input')
    item_id_in = Input(shape=(1,), dtype='int32', name='item_input')

    # look up each id's full interaction row as its input vector
    user_vec = Lambda(lambda row_id: tf.gather(user_rows_const, tf.to_int32(row_id)))(user_id_in)
    item_vec = Lambda(lambda row_id: tf.gather(item_rows_const, tf.to_int32(row_id)))(item_id_in)
    user_vec = Reshape((n_items, ))(user_vec)
    item_vec = Reshape((n_users, ))(item_vec)
    print(user_vec.shape, item_vec.shape)
    
    # the two towers
    u_dense = Dense(user_dims[0], activation="linear" , name='user_layer0')
    i_dense = Dense(item_dims[0], activation="linear" , name='item_layer0')
    user_z = u_dense(user_vec)
    item_z = i_dense(item_vec)
    print(user_z.shape, item_z.shape)
    for depth_i in range(1, depth):
        u_dense = Dense(user_dims[depth_i], activation='relu', name='user_layer%d' % depth_i)
        i_dense = Dense(item_dims[depth_i], activation='relu', name='item_layer%d' % depth_i)
        user_z = u_dense(user_z)
        item_z = i_dense(item_z)
        print(user_z.shape, item_z.shape)

    joint = multiply([user_z, item_z])
    score_out = Dense(1, activation='sigmoid',
                       kernel_initializer=initializers.lecun_normal(), name='prediction')(joint)

    print(score_out.shape)

    dmf_model = Model(inputs=[user_id_in, item_id_in],
                   outputs=score_out)
    
    return dmf_model

def dense_train_matrix(train_mat):
    n_users, n_items = train_mat.shape
    dense_mat = np.zeros([n_users, n_items], dtype=np.int32)
    for (uid, i) in train_mat.keys():
        dense_mat[uid][i] = 1
    return dense_mat

def sample_train_data(train_mat, neg_per_pos):
    users_col, items_col, label_col = [], [], []
    n_users = train_mat.shape[0]
    for (uid, i) in train_mat.keys():
        # the observed pair
        users_col.append(uid)
        items_col.append(i)
        label_col.append(1)
        # pairs never observed, drawn at random
        for _t in range(neg_per_pos):
            neg_item = np.random.randint(n_items)
            while (uid, neg_item) in train_mat.keys():
                neg_item = np.random.randint(n_items)
            users_col.append(uid)
            items_col.append(neg_item)
            label_col.append(0)
    return users_col, items_col, label_col


if __name__ == '__main__':
    cli = read_cli()
    data_path = cli.path
    rating_dataset = cli.dataset
    user_dims = eval(cli.userlayers)
    item_dims = eval(cli.itemlayers)
    neg_per_pos = cli.num_neg
    opt_name = cli.learner
    lr_val = cli.lr
    batch_n = cli.batch_size
    n_epochs = cli.epochs
    eval_every = cli.verbose
    
    top_k = 10
    n_eval_threads = 1  # single process
    print("settings: %s " %(cli))
    weights_file = 'Pretrain/%s_DMF_%d.h5' %(cli.dataset, time())
    
    # read the rating files
    t_start = time()
    rating_dataset = RatingDataset(cli.path + cli.dataset)
    train_mat, test_pairs, test_negs = rating_dataset.train_mat, rating_dataset.test_pairs, rating_dataset.test_negs

    n_users, n_items = train_mat.shape
    print("data read in %.1f s: %d users, %d items, %d train pairs, %d test pairs" 
          % (time()-t_start, n_users, n_items, train_mat.nnz, len(test_pairs)))
    
    # network and optimizer
    dmf_model = build_dmf_model(train_mat, n_users, n_items, user_dims, item_dims)
    if opt_name.lower() == "adagrad": 
        dmf_model.compile(optimizer=Adagrad(lr=lr_val), loss='binary_crossentropy')
    elif opt_name.lower() == "rmsprop":
        dmf_model.compile(optimizer=RMSprop(lr=lr_val), loss='binary_crossentropy')
    elif opt_name.lower() == "adam":
        dmf_model.compile(optimizer=Adam(lr=lr_val), loss='binary_crossentropy')
    else:
        dmf_model.compile(optimizer=SGD(lr=lr_val), loss='binary_crossentropy')    
    
    # score before any training
    t_start = time()
    (hit_list, ndcg_list) = evaluate_model(dmf_model, test_pairs, test_negs, top_k, n_eval_threads)
    hit_rate, ndcg_val = np.array(hit_list).mean(), np.array(ndcg_list).mean()
    print('untrained: HR %.4f, NDCG %.4f (%.1f s)' % (hit_rate, ndcg_val, time()-t_start))
    best_hit_rate, best_ndcg_val, best_epoch = hit_rate, ndcg_val, -1
    
    # one fit call per epoch, fresh negatives each time
    for epoch in range(n_epochs):
        t_start = time()
        # positives plus sampled negatives
        users_col, items_col,  label_col = sample_train_data(train_mat, neg_per_pos)
        fit_hist = dmf_model.fit([np.array(users_col), np.array(items_col)],  # user and item ids
                         np.array(label_col),  # 1 observed, 0 sampled
                         batch_size=batch_n, epochs=1, verbose=0, shuffle=True)
        t_fit = time()

        # leave-one-out ranking metrics
        if epoch % eval_every == 0:
            (hit_list, ndcg_list) = evaluate_model(dmf_model, test_pairs, test_negs, top_k, n_eval_threads)
            hit_rate, ndcg_val, loss_val = np.array(hit_list).mean(), np.array(ndcg_list).mean(), fit_hist.history['loss'][0]
            print('epoch %d (%.1f s): HR %.4f, NDCG %.4f, loss %.4f (eval %.1f s)' 
                  % (epoch,  t_fit-t_start, hit_rate, ndcg_val, loss_val, time()-t_fit))
            if hit_rate > best_hit_rate:
                best_hit_rate, best_ndcg_val, best_epoch = hit_rate, ndcg_val, epoch
                if cli.out > 0:
                    dmf_model.save_weights(weights_file, overwrite=True)

    print("finished; best epoch %d with HR %.4f, NDCG %.4f" %(best_epoch, best_hit_rate, best_ndcg_val))
    if cli.out > 0:
        print("best weights written to %s" % weights_file)
