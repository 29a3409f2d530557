#encoding:utf-8
from os import path
import multiprocessing
ROOT = 'pyword2vec'

configs = {
    'data_path': path.sep.join([ROOT,'dataset/raw/zhihu.txt']),   # the whole text corpus, train and test together
    'model_save_path': path.sep.join([ROOT,'output/checkpoints/word2vec.pth']),

    'vocab_path': path.sep.join([ROOT,'dataset/processed/vocab.pkl']), # vocabulary pickle
    'pytorch_embedding_path': path.sep.join([ROOT,'output/embedding/pytorch_word2vec2.bin']),
    'gensim_embedding_path':path.sep.join([ROOT,'output/embedding/gensim_word2vec.bin']),

    'log_dir': path.sep.join([ROOT, 'output/log']),           # run logs
    'figure_dir': path.sep.join([ROOT, 'output/figure']),     # plots
    'stopword_path': path.sep.join([ROOT,'dataset/stopwords.txt']),

    'vocab_size':30000000,
    'embedding_dim':100,
    'epochs':6,
    'batch_size':256,
    'window_size':5,
    'negative_sample_num':5,
    'n_gpus':[1],
    'min_freq':5,
    'sample':1e-3,

    'num_workers':multiprocessing.cpu_count(),
    'learning_rate':0.025,
    'weight_decay':5e-4,
    'lr_min':0.00001,
    'lr_patience': 3, # epochs without improvement before the rate drops
    'mode': 'min',    # min or max
    'monitor': 'loss',  # watched metric
}
