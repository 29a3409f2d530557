import torch
import torch.nn as nn

class PriceLSTM(nn.Module):
    def __init__(self, n_inputs, hidden_dim, n_layers, out_dim, dropout=0.2):
        super(PriceLSTM, self).__init__()
        self.hidden_dim = hidden_dim
        self.n_layers = n_layers
        self.rnn = nn.LSTM(n_inputs, hidden_dim, n_layers, batch_first=True, dropout=dropout)
        self.head = nn.Linear(hidden_dim, out_dim)
        self.act = nn.ReLU()
    
    def forward(self, x):
        h_init = torch.zeros(self.n_layers, x.size(0), self.hidden_dim).to(x.device)
        c_init = torch.zeros(self.n_layers, x.size(0), self.hidden_dim).to(x.device)
        out, _ = self.rnn(x, (h_init, c_init))
        out = self.act(out[:, -1, :])
        out = self.head(out)
        return out