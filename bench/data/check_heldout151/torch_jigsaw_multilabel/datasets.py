import torch
import pandas as pd
from transformers import AutoTokenizer
from config import ConfigSeq2SeqMultiLabel


class MultiLabelTextDataset(torch.utils.data.Dataset):
    def __init__(self,
                 df: pd.DataFrame,
                 tokenizer: AutoTokenizer,
                 config: ConfigSeq2SeqMultiLabel,
                 inference_mode: bool = False,
                 text_column: str = ''
                 ):
        self.df = df
        self.inference_mode = inference_mode
        self.tok = tokenizer
        self.max_length = config.MAX_LENGTH
        self.pad_mode = 'max_length'
        self.cfg = config
        self.text_column = text_column

    def __getitem__(self, i):
        text = self.df[self.text_column].iloc[i]
        y = torch.Tensor([float('NaN')]) if self.inference_mode else \
        self.df[self.cfg.LABEL_COLUMNS].iloc[i].values
        enc = self.tok.encode_plus(text,
                                                   truncation=True,
                                                   add_special_tokens=True,
                                                   max_length=self.max_length,
                                                   padding=self.pad_mode)

        return {'input_ids': torch.tensor(enc['input_ids'], dtype=torch.long),
                'attention_mask': torch.tensor(enc['attention_mask'], dtype=torch.long),
                'labels': torch.Tensor([float('NaN')]) if self.inference_mode else torch.tensor(y,
                                                                                                dtype=torch.float)}

    def __len__(self):
        return len(self.df)
