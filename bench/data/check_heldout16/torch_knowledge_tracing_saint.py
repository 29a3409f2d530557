from config import Settings
from dataset import build_loaders

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
import pytorch_lightning as pl
from torch import nn
import torch
import torch.nn.functional as F



class Settings:
    run_device = torch.device("cuda")
    SEQ_CAP = 100
    D_MODEL = 512
    ENC_N_HEADS = DEC_N_HEADS = 8
    ENC_DEPTH = DEC_DEPTH = 4
    BATCH_N = 32
    TRAIN_CSV = "../input/riiid-test-answer-prediction/train.csv"
    N_ITEMS = 13523
    N_PARTS = 10000


from torch.utils.data import Dataset, DataLoader
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
import gc


class LearnerSeqDataset(Dataset):
    def __init__(self, user_groups, seq_cap):
        super().__init__()
        self.user_groups = user_groups
        self.seq_cap = seq_cap
        self.seq_data = []
        for uid in self.user_groups.index:
            item_ids, correct_seq, elapsed_seq, part_seq = self.user_groups[uid]
            if len(item_ids) > seq_cap:
                for off in range((len(item_ids)+seq_cap-1)//seq_cap):
                    self.seq_data.append(
                        (item_ids[off:off+seq_cap], correct_seq[off:off+seq_cap], elapsed_seq[off:off+seq_cap], part_seq[off:off+seq_cap]))
            elif len(item_ids) < self.seq_cap and len(item_ids) > 50:
                self.seq_data.append((item_ids, correct_seq, elapsed_seq, part_seq))
            else:
                continue

    def __len__(self):
        return len(self.seq_data)

    def __getitem__(self, idx):
        q_ids, correct_seq, elapsed_seq, part_ids = self.seq_data[idx]
        seq_n = len(q_ids)

        item_ids = np.zeros(self.seq_cap, dtype=int)
        answer_pad = np.zeros(self.seq_cap, dtype=int)
        elapsed_pad = np.zeros(self.seq_cap, dtype=int)
        part_pad = np.zeros(self.seq_cap, dtype=int)
        if seq_n < self.seq_cap:
            item_ids[-seq_n:] = q_ids
            answer_pad[-seq_n:] = correct_seq
            elapsed_pad[-seq_n:] = elapsed_seq
            part_pad[-seq_n:] = part_ids
        else:
            item_ids[:] = q_ids[-self.seq_cap:]
            answer_pad[:] = correct_seq[-self.seq_cap:]
            elapsed_pad[:] = elapsed_seq[-self.seq_cap:]
            part_pad[:] = part_ids[-self.seq_cap:]

        lag_time = np.zeros(self.seq_cap, dtype=int)
        lag_time = np.insert(elapsed_pad, 0, 0)
        lag_time = np.delete(lag_time, -1)

        feats = {"input_ids": item_ids, "input_rtime": lag_time.astype(
            np.int), "input_cat": part_pad}
        return feats, answer_pad


def build_loaders():
    col_types = {'timestamp': 'int64', 'user_id': 'int32', 'content_id': 'int16',
              'answered_correctly': 'int8', "content_type_id": "int8",
              "prior_question_elapsed_time": "float32", "task_container_id": "int16"}
    print("reading the interaction table")
    train_table_df = pd.read_csv(Settings.TRAIN_CSV, usecols=[
                           1, 2, 3, 4, 5, 7, 8], dtype=col_types, nrows=90e6)
    print("rows x cols:", train_table_df.shape)

    train_table_df = train_table_df[train_table_df.content_type_id == 0]
    train_table_df.prior_question_elapsed_time.fillna(0, inplace=True)
    train_table_df.prior_question_elapsed_time /= 1000
    # optional clipping of the lag column (off)
    train_table_df.prior_question_elapsed_time = train_table_df.prior_question_elapsed_time.astype(
        np.int)

    train_table_df = train_table_df.sort_values(
        ["timestamp"], ascending=True).reset_index(drop=True)
    n_items = train_table_df.content_id.nunique()
    print("distinct items:", n_items)
    print("after dropping lectures:", train_table_df.shape)

    # one tuple of arrays per learner
    print("collecting per-learner sequences")
    per_user = train_table_df[["user_id", "content_id", "answered_correctly", "prior_question_elapsed_time", "task_container_id"]]\
        .groupby("user_id")\
        .apply(lambda rows: (rows.content_id.values, rows.answered_correctly.values,
                          rows.prior_question_elapsed_time.values, rows.task_container_id.values))
    del train_table_df
    gc.collect()
    print("holding out 20%")
    train_part, val_part = train_test_split(per_user, test_size=0.2)
    print("train part", train_part.shape, "validation part", val_part.shape)
    train_seq_dataset = LearnerSeqDataset(train_part, seq_cap=Settings.SEQ_CAP)
    val_seq_dataset = LearnerSeqDataset(val_part, seq_cap=Settings.SEQ_CAP)
    train_batch_loader = DataLoader(train_seq_dataset,
                              batch_size=Settings.BATCH_N,
                              num_workers=8,
                              shuffle=True)
    val_batch_loader = DataLoader(val_seq_dataset,
                            batch_size=Settings.BATCH_N,
                            num_workers=8,
                            shuffle=False)
    del train_seq_dataset, val_seq_dataset
    gc.collect()
    return train_batch_loader, val_batch_loader


class PointwiseFF(nn.Module):
    def __init__(self, width):
        super(PointwiseFF, self).__init__()
        self.fc_in = nn.Linear(width, width)
        self.fc_out = nn.Linear(width, width)

    def forward(self, x):
        pred = F.relu(self.fc_in(x))
        pred = self.fc_out(pred)
        return pred


class ExerciseEmbed(nn.Module):
    def __init__(self, n_items_total, n_parts_total, d_model, seq_n):
        super(ExerciseEmbed, self).__init__()
        self.d_model = d_model
        self.seq_n = seq_n
        self.item_emb = nn.Embedding(n_items_total, d_model)
        self.part_emb = nn.Embedding(n_parts_total, d_model)
        self.pos_emb = nn.Embedding(seq_n, d_model)

    def forward(self, item_seq, part_seq):
        emb_e = self.item_emb(item_seq)
        emb_c = self.part_emb(part_seq)
        positions = torch.arange(self.seq_n, device=Settings.run_device).unsqueeze(0)
        emb_p = self.pos_emb(positions)
        return emb_p + emb_c + emb_e


class ResponseEmbed(nn.Module):
    def __init__(self, n_answer_kinds, d_model, seq_n):
        super(ResponseEmbed, self).__init__()
        self.d_model = d_model
        self.seq_n = seq_n
        self.answer_emb = nn.Embedding(n_answer_kinds, d_model)
        self.lag_emb = nn.Linear(1, d_model, bias=False)
        self.pos_emb = nn.Embedding(seq_n, d_model)

    def forward(self, answer_seq):
        emb_e = self.answer_emb(answer_seq)
        positions = torch.arange(self.seq_n, device=Settings.run_device).unsqueeze(0)
        emb_p = self.pos_emb(positions)
        return emb_p + emb_e


class AttnStack(nn.Module):
    def __init__(self, depth, d_model, heads, seq_n, attn_per_block=1, drop_p=0.0):
        super(AttnStack, self).__init__()
        self.depth = depth
        self.attn_per_block = attn_per_block
        self.d_model = d_model
        self.norm = nn.LayerNorm(d_model)
        # each of the depth blocks holds attn_per_block attention layers
        self.attn_blocks = nn.ModuleList(depth*[nn.ModuleList(attn_per_block*[nn.MultiheadAttention(embed_dim=d_model,
                                                                                                         num_heads=heads,
                                                                                                         dropout=drop_p), ]), ])
        self.ff_blocks = nn.ModuleList(depth*[PointwiseFF(d_model)])
        self.causal_mask = torch.triu(torch.ones(seq_n, seq_n),
                               diagonal=1).to(dtype=torch.bool)

    def forward(self, q_in, k_in, v_in, enc_out=None, cross_at=None):
        for blk in range(self.depth):
            for sub in range(self.attn_per_block):
                qn = self.norm(q_in)
                kn = self.norm(k_in)
                vn = self.norm(v_in)
                attn_out, _ = self.attn_blocks[blk][sub](query=qn.permute(1, 0, 2),
                                                                          key=kn.permute(
                                                                              1, 0, 2),
                                                                          value=vn.permute(
                                                                              1, 0, 2),
                                                                          attn_mask=self.causal_mask.to(Settings.run_device))
                attn_out = attn_out.permute(1, 0, 2)
                # both cross inputs would be needed here
                if enc_out != None and sub == cross_at:
                    assert cross_at <= sub, "cross_at must be a valid layer index"
                    k_in = v_in = enc_out
                    q_in = q_in + attn_out
                else:
                    q_in = q_in + attn_out
                    k_in = k_in + attn_out
                    v_in = v_in + attn_out
            normed = self.norm(attn_out)
            ff_out = self.ff_blocks[blk](normed)
            ff_out = ff_out + attn_out
        # at the end the three streams coincide
        return ff_out


class SaintPlusLit(pl.LightningModule):
    def __init__(self):
        # sizes come from Settings
        super(SaintPlusLit, self).__init__()
        self.bce = nn.BCEWithLogitsLoss()
        self.enc_stack = AttnStack(depth=Settings.DEC_DEPTH,
                                                        d_model=Settings.D_MODEL,
                                                        heads=Settings.DEC_N_HEADS,
                                                        seq_n=Settings.SEQ_CAP,
                                                        attn_per_block=1, drop_p=0.0)
        self.dec_stack = AttnStack(depth=Settings.ENC_DEPTH,
                                                        d_model=Settings.D_MODEL,
                                                        heads=Settings.ENC_N_HEADS,
                                                        seq_n=Settings.SEQ_CAP,
                                                        attn_per_block=2, drop_p=0.0)
        self.enc_embed = ExerciseEmbed(n_items_total=Settings.N_ITEMS,
                                                  n_parts_total=Settings.N_PARTS,
                                                  d_model=Settings.D_MODEL, seq_n=Settings.SEQ_CAP)
        self.dec_embed = ResponseEmbed(
            n_answer_kinds=3, d_model=Settings.D_MODEL, seq_n=Settings.SEQ_CAP)
        self.lag_proj = nn.Linear(1, Settings.D_MODEL)
        self.head = nn.Linear(Settings.D_MODEL, 1)

    def forward(self, x, y):
        enc_emb = self.enc_embed(
            item_seq=x["input_ids"], part_seq=x['input_cat'])
        dec_emb = self.dec_embed(answer_seq=y)
        elapsed_pad = x["input_rtime"].unsqueeze(-1).float()
        elapsed_seq = self.lag_proj(elapsed_pad)
        dec_emb = dec_emb + elapsed_seq
        # exercise stream
        enc_out = self.enc_stack(k_in=enc_emb,
                                            q_in=enc_emb,
                                            v_in=enc_emb)
        # response stream, attending to the exercise stream
        dec_out = self.dec_stack(k_in=dec_emb,
                                            q_in=dec_emb,
                                            v_in=dec_emb,
                                            enc_out=enc_out,
                                            cross_at=1)
        # per-position logit
        pred = self.head(dec_out)
        return pred.squeeze()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())

    def training_step(self, batch_in, step_idx):
        feats, label_seq = batch_in
        item_mask = (feats["input_ids"] != 0)
        pred = self(feats, label_seq)
        step_loss = self.bce(pred.float(), label_seq.float())
        pred = torch.masked_select(pred, item_mask)
        pred = torch.sigmoid(pred)
        label_seq = torch.masked_select(label_seq, item_mask)
        self.log("train_loss", step_loss, on_step=True, prog_bar=True)
        return {"loss": step_loss, "outs": pred, "labels": label_seq}

    def training_epoch_end(self, train_outputs):
        pred = np.concatenate([i["outs"].cpu().detach().numpy()
                              for i in train_outputs]).reshape(-1)
        label_seq = np.concatenate([i["labels"].cpu().detach().numpy()
                                 for i in train_outputs]).reshape(-1)
        auc_score = roc_auc_score(label_seq, pred)
        self.print("auc on train", auc_score)
        self.log("train_auc", auc_score)

    def validation_step(self, batch_in, step_idx):
        feats, label_seq = batch_in
        item_mask = (feats["input_ids"] != 0)
        pred = self(feats, label_seq)
        step_loss = self.bce(pred.float(), label_seq.float())
        pred = torch.masked_select(pred, item_mask)
        pred = torch.sigmoid(pred)
        label_seq = torch.masked_select(label_seq, item_mask)
        self.log("val_loss", step_loss, on_step=True, prog_bar=True)
        packed = {"outs": pred, "labels": label_seq}
        return {"val_loss": step_loss, "outs": pred, "labels": label_seq}

    def validation_epoch_end(self, val_outputs):
        pred = np.concatenate([i["outs"].cpu().detach().numpy()
                              for i in val_outputs]).reshape(-1)
        label_seq = np.concatenate([i["labels"].cpu().detach().numpy()
                                 for i in val_outputs]).reshape(-1)
        auc_score = roc_auc_score(label_seq, pred)
        self.print("auc on validation", auc_score)
        self.log("val_auc", auc_score)


if __name__ == "__main__":
    train_batch_loader, val_batch_loader = build_loaders()
    saint_model = SaintPlusLit()
    pl_trainer = pl.Trainer(gpus=-1, max_epochs=5, progress_bar_refresh_rate=21)
    pl_trainer.fit(model=saint_model,
                train_dataloader=train_batch_loader,
                val_dataloaders=[val_batch_loader, ])
