from torch.utils.data import Dataset, DataLoader
from vocab import WordTable
import pandas as pd
import datasets
from utils import batch_to_tensors

class PairSet(Dataset):
    def __init__(self, rows, table_en: WordTable, table_de: WordTable):
        super(PairSet, self).__init__()
        '''
            rows: one split of bentrevett/multi30k (train, validation or test)
            each row looks like: [
                {
                    'en': ... ,
                    'de': ...
                }, ...
            ]
        '''
        # keep the two sides as separate lists
        self.en_texts = [r['en'] for r in rows]
        self.de_texts = [r['de'] for r in rows]

        self.table_en = table_en
        self.table_de = table_de

    def __len__(self):
        return len(self.en_texts)
    
    def __getitem__(self, i):
        en = self.en_texts[i]
        de = self.de_texts[i]

        en_ids = self.table_en.encode(en)
        de_ids = self.table_de.encode(de)

        return {
            'en_sentence': en,
            'de_sentence': de,
            'en_ids': en_ids,
            'de_ids': de_ids
        }
    

class Splits:
    def __init__(self, hub_name, max_length, batch_size):
        self.hub = datasets.load_dataset(hub_name)
        self.batch_size = batch_size

        tr_rows = list(self.hub["train"])
        va_rows = list(self.hub["validation"])
        te_rows = list(self.hub["test"])

        # word tables for English and German
        en_texts = [r['en'] for r in tr_rows]
        de_texts = [r['de'] for r in tr_rows]

        self.table_en = WordTable(en_texts, max_length= max_length)
        self.table_de = WordTable(de_texts, max_length= max_length)

        self.tr_set = PairSet(rows= tr_rows, table_en= self.table_en, table_de= self.table_de)
        self.va_set = PairSet(rows= va_rows, table_en= self.table_en, table_de= self.table_de)
        self.te_set = PairSet(rows= te_rows, table_en= self.table_en, table_de= self.table_de)

    def train_valid_loaders(self):
        tr_loader = DataLoader(self.tr_set,
                                      batch_size= self.batch_size,
                                      shuffle= True,
                                      collate_fn= batch_to_tensors)
        
        va_loader = DataLoader(self.va_set,
                                      batch_size= self.batch_size,
                                      shuffle= False,
                                      collate_fn= batch_to_tensors)
        
        return tr_loader, va_loader
    
    def test_loader(self):
        te_loader = DataLoader(self.te_set,
                                     batch_size= self.batch_size,
                                     shuffle= False,
                                     collate_fn= batch_to_tensors)
        
        return te_loader
