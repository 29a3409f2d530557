import torch
from torch.utils.data import Dataset

class qg_pairs(Dataset):
    def __init__(self, rows, tok, max_length=512):
        self.rows = rows
        self.tok = tok
        self.max_length = max_length

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        rec = self.rows[i]
        passage = rec['context']
        q = rec['question']
        a = rec['answers']['text'][0]

        src = f"context: {passage} question: {q}"
        tgt = f"{q} <sep> {a}"

        src_enc = self.tok.encode_plus(
            src,
            max_length=self.max_length,
            padding='max_length',
            truncation=True,
            return_tensors='pt'
        )

        tgt_enc = self.tok.encode_plus(
            tgt,
            max_length=self.max_length,
            padding='max_length',
            truncation=True,
            return_tensors='pt'
        )

        return {
            'input_ids': src_enc['input_ids'].squeeze(),
            'attention_mask': src_enc['attention_mask'].squeeze(),
            'labels': tgt_enc['input_ids'].squeeze()
        }
