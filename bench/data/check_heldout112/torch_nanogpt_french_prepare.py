import os
import requests
import tiktoken
import numpy as np

with open('E:\\fr.txt', 'r',encoding="utf-8") as src:

    corpus=src.read(int(1.5*10**9))
print(corpus[:500])
print(len(corpus))

total =len(corpus)
train_text = corpus[:int(total*0.9)]
val_text = corpus[int(total*0.9):]

print("freeing the full corpus")
del corpus

# gpt2 byte-pair encoding from tiktoken
bpe = tiktoken.get_encoding("gpt2")
# write the token files
train_tokens = np.array(bpe.encode_ordinary(train_text), dtype=np.uint16)
train_tokens.tofile(os.path.join(os.path.dirname(__file__), 'train.bin'))
print(f"train split: {len(train_tokens):,} tokens")

del train_tokens
del train_text

val_tokens = bpe.encode_ordinary(val_text)
val_tokens = np.array(val_tokens, dtype=np.uint16)
val_tokens.tofile(os.path.join(os.path.dirname(__file__), 'val.bin'))
print(f"val split: {len(val_tokens):,} tokens")

# read limit 1.5e9 characters
# train split about 482.5M tokens
# val split about 53.7M tokens


