# Reads the whole text, builds the char vocabulary and splits 90/10 into integer arrays.
import torch
import numpy as np

with open("input.txt", "r", encoding="utf-8") as f:
    text = f.read()

chars = sorted(list(set(text)))
vocab_size = len(chars)

stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
encode = lambda s: [
    stoi[c] for c in s
]
decode = lambda l: "".join([itos[i] for i in l])

data = np.asarray(encode(text))

n = int(0.9 * len(data))
train_data = data[:n]
val_data = data[n:]
