"""see module notes

"""
import os
import torch


class Configurations(object):
    def __init__(self):
        self.device = torch.device('cuda:0')

        #
        #
        #
        #

        #
        self.src_vocab = '../data/cn.voc.pkl'
        self.tar_vocab = '../data/en.voc.pkl'
        self.src_train_path = '../data/cn.txt'
        self.tar_train_path = '../data/en.txt'
        self.src_val_path = '../data/cn.test.txt'
        self.tar_val_path = '../data/en.test.txt'

        #
        self.SOS = 0
        self.EOS = 1
        self.PAD = 2
        self.UNK = 3

        self.batch_size = 64
        self.emb_dim = 512
        self.hid_dim = 1024
        self.n_layers = 1
        self.dropout = 0.4
        self.learning_rate = 0.0005
        self.max_output_len = 35
        self.num_steps = 5000
        self.store_steps = 200
        self.summary_steps = 200
        self.load_model = False
        self.store_model_path = "../ckpt_v1.0"
        self.load_model_path = None
        self.data_path = "../cmn-eng"
        self.attention = True
