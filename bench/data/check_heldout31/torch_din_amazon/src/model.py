import torch
import torch.nn.functional as F

from typing import List
from torch import nn
from src.config import DinConfig


class ScoringMLP(nn.Module):
    def __init__(self,
                 in_dim: int,
                 layer_sizes: List[int],
                 act_name: str):
        super().__init__()
        widths = [in_dim] + layer_sizes

        # Dice is not written yet; only the named activation works
        ActLayer = nn.LeakyReLU if act_name == "LeakyReLU" else "Dice"

        mods = [nn.BatchNorm1d(in_dim)]
        for i in range(len(widths) - 1):
            mods.append(nn.Linear(widths[i], widths[i + 1]))
            mods.append(nn.BatchNorm1d(widths[i + 1]))
            mods.append(ActLayer(0.1))
        mods.append(nn.Linear(layer_sizes[-1], 2))

        self.net = nn.Sequential(*mods)

    def forward(self, feats):
        return self.net(feats)


class AttentionActivationUnit(nn.Module):
    def __init__(self,
                 emb_dim: int,
                 layer_sizes: List[int],
                 act_name: str):
        super().__init__()

        # Dice is not written yet; only the named activation works
        ActLayer = nn.Sigmoid if act_name == "Sigmoid" else "Dice"
        widths = [8 * emb_dim] + layer_sizes
        mods = []
        for i in range(len(widths) - 1):
            mods.append(nn.Linear(widths[i], widths[i + 1]))
            mods.append(ActLayer())
        mods.append(nn.Linear(layer_sizes[-1], 1))
        self.net = nn.Sequential(*mods)

    def forward(self,
                target_item: torch.FloatTensor,  # (batch, 2*emb)
                history_items: torch.FloatTensor,  # (batch, steps, 2*emb)
                mask: torch.FloatTensor):
        n_batch, n_steps, pair_dim = history_items.size()
        target_item = target_item.unsqueeze(1).expand(n_batch, n_steps, pair_dim)  # (batch, steps, 2*emb)
        feature_concat = torch.cat([
            target_item,
            history_items,
            target_item - history_items,
            target_item * history_items
        ], dim=2)  # (batch, steps, 8*emb)

        attn_logits = self.net(feature_concat).squeeze()  # (batch, steps)
        neg_fill = torch.ones_like(attn_logits) * (-2 ** 31)
        masked_logits = torch.where(mask == 1, attn_logits, neg_fill)
        attn_probs = F.softmax(masked_logits, dim=-1) * mask  # (batch, steps)
        return torch.matmul(attn_probs.unsqueeze(1), history_items).squeeze()  # (batch, emb)


class DinNetwork(nn.Module):
    def __init__(self, din_config: DinConfig):
        super().__init__()
        self.user_emb = nn.Embedding(din_config.num_users, din_config.embedding_dim)
        self.item_emb = nn.Embedding(din_config.num_materials, din_config.embedding_dim)
        self.cat_emb = nn.Embedding(din_config.num_categories, din_config.embedding_dim)

        self.attention_unit = AttentionActivationUnit(emb_dim=din_config.embedding_dim,
                                             layer_sizes=din_config.lau_hidden_sizes,
                                             act_name=din_config.lau_activation_layer)

        self.top_mlp = ScoringMLP(in_dim=7 * din_config.embedding_dim,
                             layer_sizes=din_config.mlp_hidden_sizes,
                             act_name=din_config.mlp_activation_layer)

    def forward(self,
                uid: torch.FloatTensor,
                mid: torch.FloatTensor,
                cat: torch.FloatTensor,
                historical_mid: torch.FloatTensor,
                historical_cat: torch.FloatTensor,
                mask: torch.LongTensor):
        user_vec = self.user_emb(uid)  # (batch, emb)
        item_vec = self.item_emb(mid)  # (batch, emb)
        cat_vec = self.cat_emb(cat)  # (batch, emb)

        hist_item_vecs = self.item_emb(historical_mid)  # (batch, steps, emb)
        hist_cat_vecs = self.cat_emb(historical_cat)  # (batch, steps, emb)

        target_vec = torch.cat([item_vec, cat_vec], dim=1)  # (batch, steps, 2*emb)
        hist_vecs = torch.cat([hist_item_vecs,
                                               hist_cat_vecs], dim=2)  # (batch, steps, 2*emb)

        attended_vec = self.attention_unit(target_vec, hist_vecs, mask)

        hist_sum = (hist_vecs * mask.unsqueeze(2)).sum(dim=1)
        hist_mean = hist_sum / mask.sum(dim=1, keepdim=True)

        feature_concat = torch.cat([
            user_vec,
            target_vec,
            attended_vec,
            hist_mean
        ], dim=-1)  # (batch, 7*emb)

        logits = self.top_mlp(feature_concat)
        return logits
