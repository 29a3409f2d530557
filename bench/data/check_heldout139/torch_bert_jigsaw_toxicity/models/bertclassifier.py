# BERT encoder with a two-way linear head
# course project, spring term
#   
# Layout follows the official PyTorch
# transformer tutorial

import torch
import torch.nn as nn
from transformers import BertModel

class BertClassifier(nn.Module):
    def __init__(self):
        super(BertClassifier, self).__init__()

        self.encoder = BertModel.from_pretrained('bert-base-uncased')
        self.drop = nn.Dropout(p = 0.3)
        self.head = nn.Linear(self.encoder.config.hidden_size, 2)
    
    def forward(self, ids, att):

        h = self.encoder(ids, att)
        h = h[1]
        h = self.drop(h)
        h = self.head(h)

        return h
