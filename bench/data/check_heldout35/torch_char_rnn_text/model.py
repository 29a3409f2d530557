# character-level RNN text model, network

import torch
import torch.nn as nn
from torch.autograd import Variable

class CharRecurrentNet(nn.Module):
    def __init__(self, input_size, hidden_size, output_size, cell="gru", n_layers=1):
        super(CharRecurrentNet, self).__init__()
        self.cell_type = cell.lower()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.output_size = output_size
        self.n_layers = n_layers

        self.embed = nn.Embedding(input_size, hidden_size)
        if self.cell_type == "gru":
            self.recurrent = nn.GRU(hidden_size, hidden_size, n_layers)
        elif self.cell_type == "lstm":
            self.recurrent = nn.LSTM(hidden_size, hidden_size, n_layers)
        self.proj = nn.Linear(hidden_size, output_size)

    def forward(self, input, hidden):
        batch_size = input.size(0)
        embedded = self.embed(input)
        out, hidden = self.recurrent(embedded.view(1, batch_size, -1), hidden)
        out = self.proj(out.view(batch_size, -1))
        return out, hidden

    def forward_single(self, input, hidden):
        embedded = self.embed(input.view(1, -1))
        out, hidden = self.recurrent(embedded.view(1, 1, -1), hidden)
        out = self.proj(out.view(1, -1))
        return out, hidden

    def zero_hidden(self, batch_size):
        if self.cell_type == "lstm":
            return (Variable(torch.zeros(self.n_layers, batch_size, self.hidden_size)),
                    Variable(torch.zeros(self.n_layers, batch_size, self.hidden_size)))
        return Variable(torch.zeros(self.n_layers, batch_size, self.hidden_size))

