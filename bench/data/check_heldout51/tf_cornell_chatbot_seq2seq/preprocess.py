import pandas as pd
import numpy as np
import nltk
import json
import re
import tensorflow as tf 
from nltk.tokenize import word_tokenize




nltk.download('punkt')

saved_net_path = 'D:/projects/dialogue-bot/saved_chatbot.h5'


def read_dialogue(tsv_path):
    try:
        frame = pd.read_csv(tsv_path, sep='\t', header=None, names=['line_id', 'character_id', 'movie_id', 'character_name', 'dialogue'], on_bad_lines='skip')
        print(frame.head()) 
    except Exception as err:
        print(f"could not read the file: {err}")
        return pd.DataFrame()  
    
    prompts = frame['dialogue'][:-1].tolist()  
    replies = frame['dialogue'][1:].tolist()  
    
    return pd.DataFrame({'input': prompts, 'response': replies})

def normalise(line):
    if isinstance(line, str):  
        line = line.lower()  
        line = re.sub(r'[^a-zA-Z0-9\s]', '', line)  
    else:
        line = ''  
    return line


def prepare_pairs(tsv_path):
    
    frame = read_dialogue(tsv_path)

    
    frame.dropna(subset=['input', 'response'], inplace=True)
    
    prompts = frame['input'].tolist()
    replies = frame['response'].tolist()

    
    clean_prompts = [normalise(t) for t in prompts]
    clean_replies = [normalise(t) for t in replies]

    
    
    prompt_tokens = [word_tokenize(t) for t in clean_prompts]
    reply_tokens = [word_tokenize(t) for t in clean_replies]

    
    words = set(w for toks in prompt_tokens + reply_tokens for w in toks)
    n_words = len(words)

    
    w2i = {w: k for k, w in enumerate(words)}
    i2w = {k: w for w, k in w2i.items()}

    with open('w2i.json', 'w') as fh:
        json.dump(w2i, fh)

    with open('i2w.json', 'w') as fh:
        json.dump(i2w, fh)

    
    enc_seqs = [[w2i[w] for w in toks] for toks in prompt_tokens]
    dec_seqs = [[w2i[w] for w in toks] for toks in reply_tokens]

    
    longest = max(max(len(s) for s in enc_seqs), max(len(s) for s in dec_seqs))
    enc_seqs = np.array([np.pad(s, (0, longest - len(s)), 'constant') for s in enc_seqs])
    dec_seqs = np.array([np.pad(s, (0, longest - len(s)), 'constant') for s in dec_seqs])

    return enc_seqs, dec_seqs, n_words, w2i, i2w


chat_net = tf.keras.models.load_model(saved_net_path)



if __name__ == "__main__":
    tsv_path = r'D:/projects/dialogue-bot/movie_lines.tsv' 
    enc_seqs, dec_seqs, n_words, w2i, i2w = prepare_pairs(tsv_path)
    
    
    print("pairs prepared.")
    print(f"words: {n_words}")
    print("network read from:", saved_net_path)


