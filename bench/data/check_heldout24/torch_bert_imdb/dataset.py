import config
import torch


class ReviewDataset:
    def __init__(self, review_texts, labels):
        self.review_texts = review_texts
        self.labels = labels
        self.tok = config.BERT_TOKENIZER
        self.seq_len = config.MAX_TOKENS

    def __len__(self):
        return len(self.review_texts)

    def __getitem__(self, idx):
        text = str(self.review_texts[idx])
        text = " ".join(text.split())

        encoded = self.tok.encode_plus(
            text,
            None,
            add_special_tokens=True,
            max_length=self.seq_len,
            pad_to_max_length=True,
        )

        token_ids = encoded["input_ids"]
        attn_mask = encoded["attention_mask"]
        segment_ids = encoded["token_type_ids"]

        return {
            "ids": torch.tensor(token_ids, dtype=torch.long),
            "mask": torch.tensor(attn_mask, dtype=torch.long),
            "token_type_ids": torch.tensor(segment_ids, dtype=torch.long),
            "targets": torch.tensor(self.labels[idx], dtype=torch.float),
        }
