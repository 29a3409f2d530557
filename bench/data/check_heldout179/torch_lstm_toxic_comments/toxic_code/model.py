from imports import *

class LstmNet(nn.Module):
    """BiLSTM over frozen GloVe vectors with mean+max pooling and two dense layers."""
    def __init__(self, glove_embeddings, num_lstm_units, device, frozen=True):
        super(LstmNet, self).__init__()
        self.device = device
        self.embeddings = nn.Embedding.from_pretrained(torch.from_numpy(
            glove_embeddings), freeze=True)
        self.num_lstm_units = num_lstm_units
        self.embeddings_dim = glove_embeddings.shape[1]
        self.bilstm = nn.LSTM(input_size=self.embeddings_dim,
                              hidden_size=self.num_lstm_units,
                              batch_first=True, bidirectional=True)
        self.dense_1 = nn.Linear(800, 128)
        self.dense1_dropout = nn.Dropout(0.5)
        self.dense_2 = nn.Linear(128, 64)
        self.dense2_dropout = nn.Dropout(0.5)
        self.output = nn.Linear(64,6)
        self.to(device)

    def init_hidden(self, batch_size):
        """Random initial hidden and cell states."""
        hidden_a = torch.randn(1*2, batch_size, self.num_lstm_units).to(
            self.device)
        hidden_b = torch.randn(1*2, batch_size, self.num_lstm_units).to(
            self.device)

    def forward(self, x):
        """Embed, run the BiLSTM, pool over time, classify six labels."""
        batch_size = x.shape[0]
        self.hidden = self.init_hidden(batch_size)
        X = self.embeddings(x).float()
        X, self.hidden = self.bilstm(X, self.hidden)
        X1 = torch.mean(X, 1)
        X2,_ = torch.max(X, 1)
        X = torch.cat((X1, X2),1)
        X = F.relu(self.dense_1(X))
        X = self.dense1_dropout(X)
        X = F.relu(self.dense_2(X))
        X = self.dense2_dropout(X)
        X = F.sigmoid(self.output(X))
        return X
