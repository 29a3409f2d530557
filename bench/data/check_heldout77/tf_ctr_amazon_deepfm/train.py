#coding:utf-8
import pickle
import tensorflow as tf
import sys
import os



if not os.path.exists('../dataset.pkl'):
    print('build dataset.pkl first (build_dataset.py)')
    sys.exit(1)

if len(sys.argv) < 2 or sys.argv[1] not in ['lr', 'lrcross', 'deepfm', 'dnn', 'widedeep']:
    print('run as: train.py lr|lrcross|dnn|widedeep|deepfm')
    sys.exit(1)

with open('../dataset.pkl', 'rb') as fh:
    tr_rows = pickle.load(fh)
    te_rows = pickle.load(fh)
    item_cate = pickle.load(fh)
    n_users, n_items, n_cates = pickle.load(fh)


if sys.argv[1] == 'deepfm':
    from deepfm import DeepFM
    net = DeepFM(user_count=n_users, item_count=n_items, cate_count=n_cates, cate_list=item_cate)
elif sys.argv[1] == 'lr':
    from lr import LR
    net = LR(user_count=n_users, item_count=n_items, cate_count=n_cates, cate_list=item_cate)
elif sys.argv[1] == 'lrcross':
    from lrcross import LR
    net = LR(user_count=n_users, item_count=n_items, cate_count=n_cates, cate_list=item_cate)
elif sys.argv[1] == 'dnn':
    from dnn import DNN
    net = DNN(user_count=n_users, item_count=n_items, cate_count=n_cates, cate_list=item_cate)
elif sys.argv[1] == 'widedeep':
    from widedeep import WideDeep
    net = WideDeep(user_count=n_users, item_count=n_items, cate_count=n_cates, cate_list=item_cate)
else:
    print('run as: train.py lr|dnn|widedeep|deepfm')
    sys.exit(1)



with tf.Session() as sess:
    ## variables first
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())

    net.fit(sess, tr_rows, te_rows)
