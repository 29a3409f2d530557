import torch.nn.functional as F
import torch.nn as nn
import torch
from transformers import AutoModel, AutoTokenizer, AdamW, get_linear_schedule_with_warmup


class MdRankModel(nn.Module):
    def __init__(self, backbone_path):
        super(MdRankModel, self).__init__()
        self.encoder = AutoModel.from_pretrained(backbone_path)
        self.head = nn.Linear(769, 1)

    def forward(self, token_ids, attn_mask, code_ctx):
        x = self.encoder(token_ids, attn_mask)[0]
        x = torch.cat((x[:, 0, :], code_ctx), 1)
        x = self.head(x)
        return x
