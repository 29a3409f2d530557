import glob
import os
import re
import h5py
from keras.preprocessing import text, sequence
from keras.utils import to_categorical
import numpy as np

def read_all_texts(pattern="./shakespeare/*.txt"):
    paths = glob.glob(pattern)
    contents = []
    for p in paths:
        fh = open(p)
        contents.append(fh.read())
        fh.close()
    return contents
    
    
def save_arrays(arrays, tag, cache_dir, verbose=False):
    if verbose:
        print("Writing cache "+cache_dir+tag+".hdf5"+" : ", end="", flush=True)
    if not os.path.isdir(cache_dir):
        os.makedirs(cache_dir)
    with h5py.File(cache_dir+tag+".hdf5", "a") as store:
        for key, arr in arrays.items():
            store[key] = arr
    if verbose:
        print("ok")
        
        
def load_arrays(tag, cache_dir, verbose=False):
    arrays = dict()
    if verbose:
        print("Reading cache "+cache_dir+tag+".hdf5"+" : ", end="", flush=True)
    with h5py.File(cache_dir+tag+".hdf5", "r") as store:
        for key, arr in store.items():
            arrays[key] = arr[:]
    if verbose:
        print("ok")
    return arrays

    
    
def build_windows(pattern="./shakespeare/*.txt", cache_dir = "./processed_data/", verbose=False, lower=True, char_level=False, seq_size=1):
    tag = re.sub(r'\W+', '', pattern)+'_cl'+str(int(char_level))+'_ss'+str(seq_size)
    if verbose:
        print("Reading and fitting the tokenizer : ", end="", flush=True)
    texts = read_all_texts(pattern)
    tok = text.Tokenizer(lower=lower, char_level=char_level)
    tok.fit_on_texts(texts)
    if verbose:
        print("ok")
        
        
    if(os.path.exists(cache_dir +tag+".hdf5")):
        if verbose:
            print("Cache found.")
        arrays = load_arrays(tag, cache_dir, verbose=verbose)
        x_all = arrays['x_plays']
        y_all = arrays['y_plays']
            
            
    else:
        if verbose:
            print("No cache, building windows.")
        id_texts = tok.texts_to_sequences(texts)
        windows = list()
        if verbose:
            print("Cutting windows : ", end="", flush=True)
        for ids in id_texts:
            for k in range(1, len(ids)):
                lo = k-seq_size
                if(lo<0):
                    lo = 0
                win = ids[lo:k+1]
                windows.append(win)
                
                
        if verbose:
            print("ok")  
            print("Padding : ", end="", flush=True)
        win_array = sequence.pad_sequences(windows)
        if verbose:
            print("ok")  
            print("Shuffling : ", end="", flush=True)
        np.random.shuffle(win_array)
        if verbose:
            print("ok")  
            print("Splitting inputs and targets : ", end="", flush=True)
        x_all = win_array[:,0:-1]
        y_all = win_array[:,-1]
        if verbose:
            print("ok")
            
            
        arrays = {'x_plays': x_all, 'y_plays':y_all}
        save_arrays(arrays, tag, cache_dir, verbose=verbose)
        
        
    return x_all, y_all, tok


def ids_to_string(ids, tok, char_level=False):
    inverse = {v: k for k,v in tok.word_index.items()}
    out = ""
    for i in ids:
        if i != 0:
            out += inverse[i]
        if not char_level: out += "1"
    return out



def sample_text(epoch,logs,model, tok, sample_len = 500, seq_size=50, char_level=False, verbose=False):
    print('sampling some text')
    if verbose:
        print("Sampling : ", end="", flush=True)

    context = np.zeros([1,seq_size])
    produced = ""
    for  _  in range(sample_len):
        guess = model.predict_classes(context, verbose = 0)
        #print(guess)
        piece = ids_to_string([guess[0]], tok, char_level)
        produced += piece
        context = np.append(context[:,1:],[guess], axis=1)

    if verbose:
        print("ok")
    print("-"*40 + 'sample start' + '-'*40)
    print(produced)
    print("-"*40 + 'sample end' + '-'*40)

