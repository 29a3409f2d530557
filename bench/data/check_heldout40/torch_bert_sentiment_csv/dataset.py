import torch
from torch.utils.data import DataLoader, Dataset
from transformers import BertTokenizer
import pandas as pd
from sklearn.model_selection import train_test_split

SEQ_LEN = 128
BS = 16

class SentenceSet(Dataset):
    def __init__(self, texts, targets, tokenizer, seq_len):
        self.texts = texts
        self.targets = targets
        self.tokenizer = tokenizer
        self.seq_len = seq_len
        self.class_ids = {'neutral': 0, 'positive': 1, 'negative': 2}

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, k):
        text = str(self.texts[k])
        target = self.class_ids[self.targets[k]]

        enc = self.tokenizer.encode_plus(
            text,
            add_special_tokens=True,
            max_length=self.seq_len,
            return_token_type_ids=False,
            pad_to_max_length=True,
            return_attention_mask=True,
            return_tensors='pt',
        )

        return {
            'comment_text': text,
            'input_ids': enc['input_ids'].flatten(),
            'attention_mask': enc['attention_mask'].flatten(),
            'labels': torch.tensor(target, dtype=torch.long)
        }

def make_loaders():
    frame = pd.read_csv('data/data.csv')
    train_frame, val_frame = train_test_split(frame, test_size=0.1, random_state=42)

    tok = BertTokenizer.from_pretrained('bert-base-uncased')

    train_set = SentenceSet(
        texts=train_frame['Sentence'].to_numpy(),
        targets=train_frame['Sentiment'].to_numpy(),
        tokenizer=tok,
        seq_len=SEQ_LEN
    )

    val_set = SentenceSet(
        texts=val_frame['Sentence'].to_numpy(),
        targets=val_frame['Sentiment'].to_numpy(),
        tokenizer=tok,
        seq_len=SEQ_LEN
    )

    train_dl = DataLoader(train_set, batch_size=BS, shuffle=True)
    val_dl = DataLoader(val_set, batch_size=BS, shuffle=False)

    return train_dl, val_dl

if __name__ == '__main__':
    make_loaders()
