import torch
from torch import nn 

class TargetDecoder(nn.Module):
    def __init__(self, output_size, embedding_dim, hidden_dim, num_layers, dropout, padding_idx):
        super(TargetDecoder, self).__init__()
        self.hidden_dim = hidden_dim
        self.num_layers = num_layers
        # output_size = target vocabulary size
        self.output_size = output_size
        self.embedding = nn.Embedding(output_size, embedding_dim, padding_idx= padding_idx)
        self.rnn = nn.LSTM(embedding_dim, hidden_dim, num_layers, dropout= dropout, batch_first= True)
        self.dropout = nn.Dropout(dropout)
        self.fc = nn.Linear(hidden_dim, output_size)

    def forward(self, x, h, c):
        # x: [batch]
        x = x.unsqueeze(1)
        # x: [batch, 1]

        emb = self.dropout(self.embedding(x))
        # emb: [batch, 1, embedding_dim]

        outs, (h_new, c_new) = self.rnn(emb, (h, c))
        # outs: [batch, 1, hidden_dim]

        outs = outs.squeeze(1)
        logits = self.fc(outs)
        # logits: [batch, output_size]
        return logits, h_new, c_new
