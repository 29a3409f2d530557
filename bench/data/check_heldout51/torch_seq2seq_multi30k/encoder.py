import torch
from torch import nn 

class SourceEncoder(nn.Module):
    def __init__(self, input_size, embedding_dim, hidden_dim, num_layers, dropout, padding_idx):
        super(SourceEncoder, self).__init__()
        self.hidden_dim = hidden_dim
        self.num_layers = num_layers
        # input_size = source vocabulary size
        self.embedding = nn.Embedding(input_size, embedding_dim, padding_idx= padding_idx)
        self.rnn = nn.LSTM(embedding_dim, hidden_dim, num_layers, dropout= dropout, batch_first= True)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        # x: [batch, max_length] padded ids
        emb = self.dropout(self.embedding(x))
        outs, (h, c) = self.rnn(emb)
        return h, c
