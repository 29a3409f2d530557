from torch.utils.data import DataLoader, Dataset
import torch
from transformers import AutoTokenizer

class MdCellDataset(Dataset):

    def __init__(self, md_df, backbone_name, max_total_len, max_md_len, code_ctx):
        super().__init__()
        self.md_df = md_df.reset_index(drop=True)
        self.max_md_len = max_md_len
        self.max_total_len = max_total_len  # longest sequence the encoder accepts
        self.tokenizer = AutoTokenizer.from_pretrained(backbone_name)
        self.code_ctx = code_ctx

    def __getitem__(self, index):
        rec = self.md_df.iloc[index]

        inputs = self.tokenizer.encode_plus(
            rec.source,
            None,
            add_special_tokens=True,
            max_length=self.max_md_len,
            padding="max_length",
            return_token_type_ids=True,
            truncation=True
        )
        code_enc = self.tokenizer.batch_encode_plus(
            [str(x) for x in self.code_ctx[rec.id]["codes"]],
            add_special_tokens=True,
            max_length=23,
            padding="max_length",
            truncation=True
        )
        n_md_cells = self.code_ctx[rec.id]["total_md"]
        n_code_cells = self.code_ctx[rec.id]["total_md"]
        if n_md_cells + n_code_cells == 0:
            code_ctx = torch.FloatTensor([0])
        else:
            code_ctx = torch.FloatTensor([n_md_cells / (n_md_cells + n_code_cells)])

        token_ids = inputs['input_ids']
        for x in code_enc['input_ids']:
            token_ids.extend(x[:-1])
        token_ids = token_ids[:self.max_total_len]
        if len(token_ids) != self.max_total_len:
            token_ids = token_ids + [self.tokenizer.pad_token_id, ] * (self.max_total_len - len(token_ids))
        token_ids = torch.LongTensor(token_ids)

        attn_mask = inputs['attention_mask']
        for x in code_enc['attention_mask']:
            attn_mask.extend(x[:-1])
        attn_mask = attn_mask[:self.max_total_len]
        if len(attn_mask) != self.max_total_len:
            attn_mask = attn_mask + [self.tokenizer.pad_token_id, ] * (self.max_total_len - len(attn_mask))
        attn_mask = torch.LongTensor(attn_mask)

        assert len(token_ids) == self.max_total_len

        return token_ids, attn_mask, code_ctx, torch.FloatTensor([rec.pct_rank])

    def __len__(self):
        return self.md_df.shape[0]