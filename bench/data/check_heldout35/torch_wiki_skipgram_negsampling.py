import io
import os
import sys
import requests
import math
import random
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import numpy as np
import pandas as pd
from pandas.core.interchange.from_dataframe import primitive_column_to_ndarray
from torch.utils.data import Dataset, DataLoader
import torch.nn.functional as F
import matplotlib.pyplot as plt
import time
import os
os.environ["KMP_DUPLICATE_LIB_OK"] = "TRUE"


np.random.seed(42)
torch.manual_seed(42)
device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
print(device)
def read_corpus_data():
    with open('fil9','r') as fh:
        raw_text = fh.read()
        # print(raw_text[:100])
        word_list = raw_text.split()[:2000000]
        # print(word_list[:100])
        print('words kept: ', len(word_list))
        return word_list

def count_word_freqs(word_list):
    freq_by_word = {}
    for w in word_list:
        if w in freq_by_word:
            freq_by_word[w] += 1
        elif w not in freq_by_word:
            freq_by_word[w] = 1
    freqs_sorted = sorted(freq_by_word.items(), key=lambda kv: kv[1], reverse=True)
    # print(freqs_sorted[:10])
    return freqs_sorted

def make_vocab_maps(word_list):
    freq_by_word = {}
    freqs_sorted = count_word_freqs(word_list)
    for w, n in freqs_sorted:
        freq_by_word[w] = n

    id_of_word = {}
    word_of_id = {}

    for rank, (w, n) in enumerate(freqs_sorted):
        id_of_word[w] = rank
        word_of_id[rank] = w

    print('distinct words: ', len(id_of_word))

    # for _, (w, i) in zip(range(20), id_of_word.items()):
    #     print('word: ', w, 'id: ', i, 'count: ', freq_by_word[w])

    return freq_by_word, id_of_word, word_of_id


def words_to_ids(word_list, id_of_word):
    id_list = []
    for w in word_list:
        id_list.append(id_of_word[w])

    # print(id_list[:20])

    return id_list


def drop_frequent_words(word_list, freq_by_word):
    word_list = [w for w in word_list if not np.random.rand() < (1 - (np.sqrt(1e-5 * len(word_list) / freq_by_word[w])))]
    print('words left after subsampling: ', len(word_list))
    return word_list


def make_pair_dataset(word_list, id_of_word, word_of_id, negative_sample_size = 10, max_window_size = 3):
    pair_data = []
    for center_pos, center_id in enumerate(word_list):
        win = np.random.randint(1, max_window_size+1)
        ctx_span = (max(0, center_pos - win), min(len(word_list) - 1, center_pos + win))
        ctx_ids = [word_list[p] for p in range(ctx_span[0], ctx_span[1]+1) if p != center_pos]

        for ctx_id in ctx_ids:
            pair_data.append((center_id, ctx_id, 1))

        candidate_ids = np.arange(len(id_of_word))
        in_window = word_list[ctx_span[0]: ctx_span[1]+1]
        candidate_ids = np.delete(candidate_ids, in_window)
        neg_ids = np.random.choice(candidate_ids, size=negative_sample_size, replace=False)
        for neg_id in neg_ids:
            pair_data.append((center_id, neg_id, 0))

    print('first 20 training pairs')
    for i in range(20):
        print('center:', word_of_id[pair_data[i][0]], 'other:', word_of_id[pair_data[i][1]], 'label',
              pair_data[i][2])
    return pair_data


class PairDataset(Dataset):
    def __init__(self, pair_data):
        self.center_ids = [p[0] for p in pair_data]
        self.target_ids = [p[1] for p in pair_data]
        self.labels = [p[2] for p in pair_data]

    def __len__(self):
        return len(self.center_ids)

    def __getitem__(self, idx):
        return (torch.tensor(self.center_ids[idx], dtype=torch.int64, device=device), torch.tensor(self.target_ids[idx], dtype=torch.int64, device=device),
                torch.tensor(self.labels[idx], dtype=torch.float32, device=device, requires_grad=True))


class SkipGramNegModel(nn.Module):
    def __init__(self, vocab_size, embedding_size):
        super(SkipGramNegModel, self).__init__()
        self.vocab_size = vocab_size
        self.embedding_size = embedding_size
        self.in_embed = nn.Embedding(self.vocab_size, self.embedding_size)
        self.out_embed = nn.Embedding(self.vocab_size, self.embedding_size)

        bound = (1 / embedding_size) ** 0.5
        nn.init.uniform_(self.in_embed.weight, -bound, bound)
        nn.init.uniform_(self.out_embed.weight, -bound, bound)

    def forward(self, center_ids, target_ids, label):
        center_vec = self.in_embed(center_ids)
        target_vec = self.in_embed(target_ids)
        score = torch.mul(center_vec, target_vec)
        score = torch.sum(score, dim=1, keepdim=False)
        loss = F.binary_cross_entropy_with_logits(score, label,reduction='sum')
        return loss

def train(vocab_size, pair_data):
    sg_model = SkipGramNegModel(vocab_size = vocab_size, embedding_size=300)
    sg_model.to(device)
    train_dataset = PairDataset(pair_data)
    train_loader = DataLoader(train_dataset, batch_size=64, shuffle=True)
    sg_optimizer = optim.Adam(sg_model.parameters(), lr=0.001)
    epochs = 10
    epoch_losses = []
    t0 = time.time()

    for epoch in range(epochs):
        loss_sum = 0
        n_seen = 0
        for center_ids, target_ids, label in train_loader:
            loss = sg_model(center_ids, target_ids, label)
            sg_optimizer.zero_grad()
            loss.backward()
            sg_optimizer.step()
            loss_sum += loss.item()
            n_seen += len(center_ids)
        print(f'pass {epoch+1}: mean loss {loss_sum/n_seen}, elapsed {time.time() - t0 : .2f}s')
        epoch_losses.append(loss_sum/n_seen)
    plt.plot(np.arange(1, epochs + 1),epoch_losses)
    plt.title('Training loss per pass')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.xticks(np.arange(1, epochs + 1))
    plt.savefig('loss_curve.png')
    plt.show()
    torch.save(sg_model.state_dict(), 'skip_gram.pt')

def predict(word, vocab_size, id_of_word):
    if word not in id_of_word:
        print(f"'{word}' is not in the vocabulary.")
        return None
    sg_model = SkipGramNegModel(vocab_size = vocab_size, embedding_size=300)
    sg_model.load_state_dict(torch.load('skip_gram.pt'))
    sg_model.to(device)
    sg_model.eval()
    wid = torch.tensor(id_of_word[word], device=device, dtype=torch.int64)
    print(
        f"Vector learned for '{word}':\n{sg_model.in_embed(wid)}"
    )

def nearest_words(word, vocab_size, id_of_word, word_of_id, neighbors = 5):
    if word not in id_of_word:
        print(f"'{word}' is not in the vocabulary.")
        return None
    sg_model = SkipGramNegModel(vocab_size=vocab_size, embedding_size=300)
    sg_model.load_state_dict(torch.load('skip_gram.pt', weights_only=True))
    sg_model.to(device)
    sg_model.eval()
    wid = torch.tensor(id_of_word[word], device=device, dtype=torch.int64)
    query_vec = sg_model.in_embed(wid)
    cosine_by_word = {}
    for other_id in id_of_word.values():
        other_vec = sg_model.in_embed(torch.tensor(other_id, device=device, dtype=torch.int64))
        cos = torch.matmul(query_vec, other_vec)/(torch.norm(query_vec, dim=0, keepdim=False) * torch.norm(other_vec, dim=0, keepdim=False))
        cosine_by_word[word_of_id[other_id]] = cos.item()
    closest = sorted(cosine_by_word.items(), key=lambda kv: kv[1], reverse=True)[:5]
    print(closest)
    return closest


if __name__ == '__main__':
    word_list = read_corpus_data()
    freq_by_word, id_of_word, word_of_id = make_vocab_maps(word_list)
    word_list = drop_frequent_words(word_list, freq_by_word)
    word_list = words_to_ids(word_list, id_of_word)
    # pair_data = make_pair_dataset(word_list, id_of_word, word_of_id, negative_sample_size = 10)
    # train(len(id_of_word), pair_data)
    predict('sport', len(id_of_word), id_of_word)
    nearest_words('sport', len(id_of_word), id_of_word, word_of_id, neighbors = 5)
# pass 1: 1.1638301322539766 after  358.33 s
# pass 2: 1.423060077407835 after  716.48 s
# pass 3: 3.5354185104784226 after  1074.58 s
# pass 4: 13.870041244686394 after  1433.45 s
# pass 5: 39.63488978511493 after  1792.24 s
