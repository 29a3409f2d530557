import torch.nn as nn
import numpy as np
import torch
from sklearn.metrics import roc_auc_score

WINDOW = 180
N_TAGS = 188
P_DROP = 0.2

# ----------------------------------------
SEED = 42
torch.manual_seed(SEED)
torch.cuda.manual_seed(SEED)
torch.cuda.manual_seed_all(SEED) # every device
torch.backends.cudnn.deterministic = True  # for repeatable kernels
torch.backends.cudnn.benchmark = False
# ----------------------------------------


class PointwiseFF(nn.Module):
    def __init__(self, state_size=200, forward_expansion=1, bn_size=WINDOW-1, dropout=0.2):
        super(PointwiseFF, self).__init__()
        self.state_size = state_size
        
        self.fc_in = nn.Linear(state_size, forward_expansion * state_size)
        self.relu = nn.ReLU()
        self.bn = nn.BatchNorm1d(bn_size)
        self.fc_out = nn.Linear(forward_expansion * state_size, state_size)
        self.dropout = nn.Dropout(dropout)
        
    def forward(self, z):
        z = self.relu(self.fc_in(z))
        z = self.bn(z)
        z = self.fc_out(z)
        return self.dropout(z)


def causal_mask(n):
    causal_mask = (np.triu(np.ones([n, n]), k = 1)).astype('bool')
    return torch.from_numpy(causal_mask)


class AttnBlock(nn.Module):
    def __init__(self, embed_dim, heads=8, dropout=P_DROP, forward_expansion=1):
        super(AttnBlock, self).__init__()
        self.mha = nn.MultiheadAttention(embed_dim=embed_dim, num_heads=heads, dropout=dropout)
        self.dropout = nn.Dropout(dropout)
        self.norm1 = nn.LayerNorm(embed_dim)
        self.ff = PointwiseFF(embed_dim, forward_expansion = forward_expansion, dropout=dropout)
        self.norm2 = nn.LayerNorm(embed_dim)
        

    def forward(self, v_in, k_in, q_in, att_mask):
        h, attn_w = self.mha(v_in, k_in, q_in, attn_mask=att_mask)
        h = self.dropout(self.norm1(h + v_in))
        h = h.permute(1, 0, 2) # to batch-first
        z = self.ff(h)
        z = self.dropout(self.norm2(z + h))
        return z.squeeze(-1), attn_w
    

class SeqEncoder(nn.Module):
    def __init__(self, n_q, max_seq=100, embed_dim=128, dropout=P_DROP, forward_expansion=1, num_layers=1, heads=8, pretrained_tags=None, max_tags_len=6):
        super(SeqEncoder, self).__init__()
        self.n_q, self.embed_dim, self.max_tags_len = n_q, embed_dim, max_tags_len
        self.ia_emb = nn.Embedding(2 * n_q + 1, embed_dim, padding_idx=0)
        self.pos_emb = nn.Embedding(max_seq + 1, embed_dim, padding_idx=0)
        self.q_emb = nn.Embedding(n_q + 1, embed_dim, padding_idx=0)

        self.tag_emb = nn.Embedding.from_pretrained(pretrained_tags, freeze=False, padding_idx=N_TAGS)
        self.q_blocks = nn.ModuleList([AttnBlock(embed_dim, forward_expansion=forward_expansion) for _ in range(num_layers)])

        self.blocks = nn.ModuleList([AttnBlock(embed_dim, forward_expansion=forward_expansion) for _ in range(num_layers)])
        self.dropout = nn.Dropout(dropout)

    def positions_from_mask(self, ids, padding_idx=0):
        nonpad = ids.ne(padding_idx).int()
        return (
            torch.cumsum(nonpad, dim=1).type_as(nonpad) * nonpad
        ).long() + padding_idx
        
    def forward(self, z, q_next, tag_next):
        device = z.device

        pos = self.positions_from_mask(z)

        z = self.ia_emb(z)

        pos_v = self.pos_emb(pos)
        
        z = self.dropout(z + pos_v)
        z = z.permute(1, 0, 2) # to sequence-first

        q_e = self.q_emb(q_next)
        q_seq = q_e.permute(1, 0, 2)

        tag_seq = self.tag_emb(tag_next)
        tag_seq = tag_seq.sum(dim=2).permute(1, 0, 2).float()

        for blk in self.q_blocks:
            q_causal = causal_mask(tag_seq.size(0)).to(device)
            q_ctx, q_attn_w = blk(q_seq, tag_seq, tag_seq, att_mask=q_causal)
            q_ctx = q_ctx.permute(1, 0, 2)

        for blk in self.blocks:
            att_mask = causal_mask(q_ctx.size(0)).to(device)
            z, attn_w = blk(q_ctx, z, z, att_mask=att_mask)
            z = z.permute(1, 0, 2)
        z = z.permute(1, 0, 2)
        return z, attn_w, q_attn_w


class KTAttnNet(nn.Module):
    def __init__(self, n_q, max_seq=100, embed_dim=128, dropout=P_DROP, forward_expansion=1, enc_layers=1, heads=8, pretrained_tags=None):
        super(KTAttnNet, self).__init__()
        self.enc = SeqEncoder(n_q, max_seq, embed_dim, dropout, forward_expansion, num_layers=enc_layers, pretrained_tags=pretrained_tags)
        self.head = nn.Linear(embed_dim, 1)
        
    def forward(self, z, q_next, tag_next):
        z, attn_w, q_attn_w = self.enc(z, q_next, tag_next)
        z = self.head(z)
        return z.squeeze(-1), attn_w, q_attn_w


def run_train_epoch(net, loader, opt, sched, bce, device="cpu"):
    net.train()

    losses = []
    n_right = 0
    n_seen = 0
    all_y = []
    all_logit = []

    for batch in loader:
        z = batch[0].to(device).long()
        q_b = batch[1].to(device).long()
        y = batch[2].to(device).float()
        tag_ids_b = batch[3].to(device)
        keep = (q_b != 0)

        opt.zero_grad()
        logit, attn_w, q_attn_w = net(z, q_b, tag_ids_b)

        # drop padded steps
        y = y[keep]
        logit = logit[keep]

        loss_v = bce(logit, y)
        loss_v.backward()
        opt.step()
        sched.step()
        losses.append(loss_v.item())

        # (masked_select did the same)
        # for logits and labels
        hard = (torch.sigmoid(logit) >= 0.5).long()
        
        n_right += (hard == y).sum().item()
        n_seen += len(y)

        all_y.extend(y.view(-1).data.cpu().numpy())
        all_logit.extend(logit.view(-1).data.cpu().numpy())

    acc_v = n_right / n_seen
    auc_v = roc_auc_score(all_y, all_logit)
    loss_v = np.mean(losses)

    return loss_v, acc_v, auc_v

def run_valid_epoch(net, loader, bce, device="cpu"):
    net.eval()

    losses = []
    n_right = 0
    n_seen = 0
    all_y = []
    all_logit = []

    for batch in loader:
        z = batch[0].to(device).long()
        q_b = batch[1].to(device).long()
        y = batch[2].to(device).float()
        tag_ids_b = batch[3].to(device)
        keep = (q_b != 0)

        logit, attn_w, q_attn_w = net(z, q_b, tag_ids_b)

        # drop padded steps
        y = y[keep]
        logit = logit[keep]

        loss_v = bce(logit, y)
        losses.append(loss_v.item())

        # (masked_select did the same)
        # for logits and labels
        hard = (torch.sigmoid(logit) >= 0.5).long()
        
        n_right += (hard == y).sum().item()
        n_seen += len(y)

        all_y.extend(y.view(-1).data.cpu().numpy())
        all_logit.extend(logit.view(-1).data.cpu().numpy())

    acc_v = n_right / n_seen
    auc_v = roc_auc_score(all_y, all_logit)
    loss_v = np.mean(losses)

    return loss_v, acc_v, auc_v