import torch.nn as nn

class GenderMLP(nn.Module):
    def __init__(self, in_features):
        super(GenderMLP, self).__init__()
        self.layers_seq = nn.Sequential(
            nn.BatchNorm1d(in_features),
            nn.Linear(in_features, 100),
            nn.ReLU(),
            nn.Dropout(0.5),
            nn.Linear(100, 200),
            nn.ReLU(),
            nn.Dropout(0.5),
            nn.Linear(200, 1),
            nn.Sigmoid()
        )

    def forward(self, feats):
        return self.layers_seq(feats)
