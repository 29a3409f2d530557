# src/ann_model.py
import torch.nn as nn

class LeafMLP(nn.Module):
    def __init__(self, n_inputs, n_classes):
        super(LeafMLP, self).__init__()
        self.flatten = nn.Flatten()
        
        # plain fully connected stack
        self.network = nn.Sequential(
            # every pixel of the 300 x 300 x 3 image (270,000 values) into 512 units
            nn.Linear(n_inputs, 512),
            nn.ReLU(),
            nn.Dropout(0.3), # some dropout against overfitting
            
            # second hidden layer
            nn.Linear(512, 256),
            nn.ReLU(),
            
            # one score per class (38)
            nn.Linear(256, n_classes)
        )

    def forward(self, x):
        x = self.flatten(x)
        return self.network(x)
