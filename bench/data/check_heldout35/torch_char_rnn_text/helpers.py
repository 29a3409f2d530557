# character-level RNN text model, shared helpers

import unidecode
import string
import random
import time
import math
import torch

# corpus reading, folded to ASCII

alphabet_chars = string.printable
n_alphabet = len(alphabet_chars)

def read_corpus_file(filename):
    corpus_text = unidecode.unidecode(open(filename).read())
    return corpus_text, len(corpus_text)

# characters -> tensor of ids

def chars_to_ids(text):
    ids = torch.zeros(len(text)).long()
    for c in range(len(text)):
        try:
            ids[c] = alphabet_chars.index(text[c])
        except:
            continue
    return ids

# wall-clock time since a start, as text

def elapsed_str(since):
    s = time.time() - since
    m = math.floor(s / 60)
    s -= m * 60
    return '%dm %ds' % (m, s)

