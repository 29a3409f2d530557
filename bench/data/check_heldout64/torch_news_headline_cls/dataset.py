import torch
from torch.utils.data import Dataset
from transformers import AutoTokenizer

class HeadlineSet(Dataset):
    def __init__(self, texts, labels, tokenizer_name="google/bert_uncased_L-4_H-512_A-8", max_length=128):
        self.texts = texts
        self.labels = labels
        self.tok = AutoTokenizer.from_pretrained(tokenizer_name)
        self.max_length = max_length

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, i):
        line = str(self.texts[i])
        y = self.labels[i]

        enc = self.tok.encode_plus(
            line,
            add_special_tokens=True,
            max_length=self.max_length,
            padding='max_length',
            truncation=True,
            return_attention_mask=True,
            return_tensors='pt'
        )

        return {
            'input_ids': enc['input_ids'].flatten(),
            'attention_mask': enc['attention_mask'].flatten(),
            'label': torch.tensor(y, dtype=torch.long)
        }
