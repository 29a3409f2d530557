import numpy as np
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
from tqdm import tqdm
from torch.utils.data import DataLoader
import torch.nn.functional as F


class TokenCharacterEncoder(nn.Module):
    """see module notes


"""

    def __init__(self, num_embeddings: int, pad_value: int=0):
        super(TokenCharacterEncoder, self).__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim=30)
        self.conv = nn.Conv1d(30, 30, kernel_size=3, padding=1)

        self.conv2 = nn.Conv1d(30, 30, kernel_size=3, padding=1)
        self.conv3 = nn.Conv1d(30, 30, kernel_size=3, padding=1)
        self.conv4 = nn.Conv1d(30, 30, kernel_size=3, padding=1)

        self.maxpool = nn.AdaptiveMaxPool1d(output_size=1)
        self.character_pad_value = pad_value

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        """see module notes

"""
        mask = (h == self.character_pad_value)
        mask = mask.repeat(30, 1, 1, 1).permute(1, 2, 3, 0)
        mask = mask.flatten(0, 1).permute(0, 2, 1).to(h.device)

        B, L = h.shape[:2]
        h = h.flatten(0, 1)
        #
        h = self.embedding(h)
        #
        h = h.permute(0, 2, 1)
        #
        h = F.relu(self.conv(h))
        h = F.relu(self.conv2(h))
        h = F.relu(self.conv3(h))
        h = F.relu(self.conv4(h))

        h = h.masked_fill(mask, float("-inf"))
        #
        h = self.maxpool(h).squeeze(-1)
        #
        h = h.unflatten(0, (B, L))
        #
        return h


class BlstmCnn(nn.Module):

    def __init__(self,
                 glove_embeddings: np.ndarray,
                 num_char_embeddings: int=100,
                 token_padding_idx:int=0) -> None:

        super(BlstmCnn, self).__init__()

        #
        self.glove_encoder = nn.Embedding.from_pretrained(
            torch.from_numpy(glove_embeddings).float(),
            padding_idx=token_padding_idx
        )

        #
        self.token_encoder = TokenCharacterEncoder(num_embeddings=num_char_embeddings)

        #
        self.bilstm = nn.LSTM(input_size=100+30+1+3, hidden_size=256,
                              num_layers=1, batch_first=True, bidirectional=True)

        self.lstm_dropout = nn.Dropout(0.33)

        #
        self.linear_elu = nn.Sequential(nn.Linear(2*256, 128), nn.ELU())

        #
        self.classifier = nn.Sequential(nn.Linear(128, 9))


    def forward(self,
                w_ids: torch.Tensor,
                c_ids: torch.Tensor,
                case_feats: torch.Tensor,
                lens: torch.Tensor) -> torch.Tensor:
        glove_embeddings = self.glove_encoder(w_ids)

        char_feats = self.token_encoder(c_ids)

        hseq = torch.cat((glove_embeddings, char_feats, case_feats), dim=-1)

        #
        hseq = pack_padded_sequence(hseq, lens, batch_first=True, enforce_sorted=False)
        hseq, _s = self.bilstm(hseq)
        hseq, _s = pad_packed_sequence(hseq, batch_first=True)
        hseq = self.lstm_dropout(hseq)
        #
        hseq = self.linear_elu(hseq)

        #
        hseq = self.classifier(hseq)
        return hseq


    def predict(net: nn.Module,
         loader: DataLoader,
         dev: str="cpu") -> list[list[int]]:
        """see module notes




"""
        #
        net.eval()
        preds_all = []

        for mb in tqdm(loader):
            with torch.no_grad():

                w_ids = mb['word_encodings'].to(dev)
                c_ids = mb['char_encodings'].to(dev)
                case_feats = mb['capital_mask'].to(dev)
                lens = mb['lengths']

                scores: torch.Tensor = net(w_ids, c_ids, case_feats, lens)
                pred = scores.argmax(-1)
                pred = pred.tolist()
                pred = [p[:ln] for p, ln in zip(pred, lens)]

                preds_all.extend(pred)

        return preds_all


def train_step(net: BlstmCnn,
          loss_fn: nn.Module,
          opt: torch.optim.Optimizer,
          loader: DataLoader,
          dev: str="cpu") -> float:
    """see module notes






"""
    acc = 0.0
    #
    net.train()
    for mb in tqdm(loader):

        w_ids = mb['word_encodings'].to(dev)
        c_ids = mb['char_encodings'].to(dev)

        case_feats = mb['capital_mask'].to(dev)

        lens = mb['lengths']
        tag_encodings = mb['tag_encodings'].to(dev)

        #
        scores: torch.Tensor = net(w_ids, c_ids, case_feats, lens)

        #
        ce: torch.Tensor = loss_fn(scores.permute(0, 2, 1), tag_encodings)

        with torch.no_grad():
            acc += ce.item()

        #
        opt.zero_grad()
        ce.backward()
        torch.nn.utils.clip_grad.clip_grad_norm_(net.parameters(), max_norm=1)
        opt.step()

    return acc


def eval_step(net: nn.Module,
             loss_fn: nn.Module,
             loader: DataLoader,
             dev: str="cpu") -> float:
    """see module notes





"""
    #
    net.eval()
    n_batches = len(loader)
    acc: float = 0.0

    for mb in tqdm(loader):
        with torch.no_grad():

            w_ids = mb['word_encodings'].to(dev)
            c_ids = mb['char_encodings'].to(dev)
            case_feats = mb['capital_mask'].to(dev)
            lens = mb['lengths']
            tag_encodings = mb['tag_encodings'].to(dev)

            #
            scores = net(w_ids, c_ids, case_feats, lens)

            #
            ce = loss_fn(scores.permute(0, 2, 1), tag_encodings)
            acc += ce.item()

    result = acc
    return result
