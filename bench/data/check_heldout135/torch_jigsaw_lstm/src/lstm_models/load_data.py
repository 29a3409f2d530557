from nltk.stem import PorterStemmer, SnowballStemmer
from nltk.stem.lancaster import LancasterStemmer
import numpy as np

porter = PorterStemmer()
lancaster = LancasterStemmer()
snowball = SnowballStemmer('english')


def read_vectors(vec_file, token_ids: dict, max_features: int, embed_size: int):

    def split_line(cand, *vals):
        return cand, np.asarray(vals, dtype='float32')

    vec_by_word = dict(split_line(*ln.strip().split(' ')) for ln in open(vec_file))
    
    # ids come from our own vocabulary builder
    n_rows = min(max_features + 2, len(token_ids))
    weights = np.zeros((n_rows, embed_size))

    for tok, i in token_ids.items():
        cand = tok
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = tok.lower()
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = tok.upper()
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = tok.capitalize()
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = porter.stem(tok)
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = lancaster.stem(tok)
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue
        cand = snowball.stem(tok)
        vec = vec_by_word.get(cand)
        if vec is not None:
            weights[i] = vec
            continue

    return weights
