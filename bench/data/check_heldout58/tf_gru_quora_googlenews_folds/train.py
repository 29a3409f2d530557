from build import make_weights_and_splits,make_net
from gensim.models import KeyedVectors
import pandas as pd
import os

if __name__ == '__main__':

    dim = 300 
    vocab_cap = 30000 
    seq_len = 64
    
    os.environ['TF_FORCE_GPU_ALLOW_GROWTH'] = 'true'
    w2v_file = 'GoogleNews-vectors-negative300.bin'
    w2v = KeyedVectors.load_word2vec_format(w2v_file, binary=True)
    
    table = pd.read_csv('Data/clean_ex_folds.csv')

    for k in range(5):
        weights,x_tr,x_va,y_tr,y_va = make_weights_and_splits(table,k,w2v,seq_len,vocab_cap,dim)
        net = make_net(weights,seq_len,vocab_cap,dim)
        net.fit(x_tr, y_tr, batch_size=32, epochs=2, validation_data=(x_va, y_va))
        net.save(f'model_{k}.h5')
