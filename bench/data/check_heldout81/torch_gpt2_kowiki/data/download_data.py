# data/download_data.py

import os
from datasets import load_dataset
from tokenizer.tokenizer import GPTTokenizer
from utils.config import load_config

def clean_text(s):
    """
    Light text cleanup.
    Extend here if more normalisation is needed,
    e.g. whitespace squeezing or lower-casing.
    """
    s = ' '.join(s.split())  # squeeze whitespace
    return s

def fetch_and_encode(cfg):
    hf_name = cfg['data']['name']        # hub data set id
    hf_split = cfg['data']['split']              # which split (train / validation / test)
    out_dir = cfg['data']['dir']
    raw_file = cfg["data"]["raw_path"]
    ids_file = cfg["data"]["processed_path"]
    hf_subset = cfg["data"]["subset_name"]
    
    os.makedirs(out_dir, exist_ok=True)
    
    if not os.path.isfile(ids_file):
        print("loading the hub data set...")
        try:
            if hf_subset:
                corpus = load_dataset(hf_name, hf_subset, split=hf_split)
            else:
                corpus = load_dataset(hf_name, split=hf_split)
        except Exception as e:
            print(f"load failed: {e}")
            return
        
        print(f"'{hf_name}' loaded, {len(corpus)} rows")
        
        with open(raw_file, 'w', encoding='utf-8') as fh:
            fh.write(' '.join(map(str, corpus['text'])))
        
        tok = GPTTokenizer(cfg)
        n_vocab = tok.get_vocab_size()
        
        ids = []
        print("encoding...")
        for k, doc in enumerate(corpus['text']):

            # skip empty documents
            if not doc.strip():
                continue  

            if k % 1000 == 0 and k > 0:
                print(f"encoded {k} / {len(corpus)}")

            if k == 1000:
                break
                
            doc = clean_text(doc)
            enc = tok.encode(doc)
            
            if len(enc) == 0:
                continue

            if max(enc) >= n_vocab:
                raise ValueError(f"token {max(enc)} exceeds vocab_size {n_vocab}")
            ids.extend(enc)
        print("encoding finished.")
        
        print(f"writing ids to '{ids_file}'...")
        with open(ids_file, 'w', encoding='utf-8') as fh:
            fh.write(' '.join(map(str, ids)))  # whitespace separated ids
        print("ids written.")
    else:
        print(f"'{ids_file}' already present.")

def main():
    cfg = load_config()
    fetch_and_encode(cfg)

if __name__ == "__main__":
    main()
