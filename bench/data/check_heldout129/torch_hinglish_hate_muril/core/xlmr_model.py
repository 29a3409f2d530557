from loguru import logger
import transformers
import pandas as pd
import numpy as np
import torch
from torch import nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

class CLSStackClassifier(nn.Module):
    def __init__(self, encoder, n_labels, p_drop=0.25, freeze=False):
        super().__init__()
        self.encoder = encoder

        # concatenation of the last four [CLS] vectors
        self.cat_dim = encoder.config.hidden_size * 4

        # hidden projection
        self.drop = nn.Dropout(p_drop)
        self.proj = nn.Linear(self.cat_dim, encoder.config.hidden_size)

        # output layer
        self.out = nn.Linear(encoder.config.hidden_size, n_labels)

        # optionally freeze the encoder
        for p in self.encoder.parameters():
            p.requires_grad = not freeze

        # init the new layers
        torch.nn.init.xavier_uniform_(self.proj.weight)
        torch.nn.init.xavier_uniform_(self.out.weight)

    def forward(self, ids, mask):

        enc_out = self.encoder(input_ids=ids,
                                  attention_mask=mask,
                                  output_hidden_states=True)

        # all layer outputs
        layers = enc_out['hidden_states']

        # each is [batch, seq, 768]
        c1 = layers[-1][:, 0, :]
        c2 = layers[-2][:, 0, :]
        c3 = layers[-3][:, 0, :]
        c4 = layers[-4][:, 0, :]

        feats = torch.cat([c1, c2, c3, c4], dim=-1)

        z = self.drop(feats)
        z = self.proj(z)

        z = torch.tanh(z)
        z = self.drop(z)
        z = self.out(z)

        return z
    
    
def build_xlmr(n_labels):
    '''
    XLM-RoBERTa encoder plus the stacked-CLS head,
    no fine-tuned checkpoint
    '''
    logger.info(f"tokenizer : xlm-roberta-base")
    logger.info(f"encoder : xlm-roberta-base")
    tokenizer = transformers.AutoTokenizer.from_pretrained('xlm-roberta-base')
    encoder = transformers.AutoModel.from_pretrained('xlm-roberta-base')
    encoder.to(device)
    model = CLSStackClassifier(encoder, n_labels, freeze=False)
    model.to(device)
    return model, tokenizer


# build at import
model , tokenizer = build_xlmr(n_labels=2)
logger.success("XLM-R ready")
