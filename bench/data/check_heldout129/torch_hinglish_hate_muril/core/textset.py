import torch
from loguru import logger
from torch.utils.data import DataLoader, Dataset

class TextSet(Dataset):
    def __init__(self, frame, tokenizer):
        self.data = frame
        self.tokenizer = tokenizer

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        post = self.data.iloc[i]["Text"]
        y = torch.tensor(self.data.iloc[i]['Hate'].tolist(), dtype=torch.float)

        ids, attn = self.encode(post)

        return dict(index=i, ids=ids, mask=attn, labels=y)

    def encode(self, text):
        enc = self.tokenizer.encode_plus(text,
                                add_special_tokens=True,
                                max_length=256,
                                padding='max_length',
                                truncation=True,
                                return_attention_mask=True,
                                return_tensors='pt')
        
        ids = enc["input_ids"].flatten()
        attn = enc["attention_mask"].flatten()
        return (ids, attn)
    
