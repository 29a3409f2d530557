import re
import spacy
from torchtext.data import Field, BucketIterator
from torchtext.datasets import Multi30k


def load_dataset(batch_size):
    nlp_de = spacy.load('de')
    nlp_en = spacy.load('en')
    url_pattern = re.compile('(<url>.*</url>)')

    def split_german(text):
        return [tok.text for tok in nlp_de.tokenizer(url_pattern.sub('@URL@', text))]

    def split_english(text):
        return [tok.text for tok in nlp_en.tokenizer(url_pattern.sub('@URL@', text))]

    SRC = Field(tokenize=split_german, include_lengths=True,
               init_token='<sos>', eos_token='<eos>')
    TRG = Field(tokenize=split_english, include_lengths=True,
               init_token='<sos>', eos_token='<eos>')
    train_data, val_data, test_data = Multi30k.splits(exts=('.de', '.en'), fields=(SRC, TRG))
    SRC.build_vocab(train_data.src, min_freq=2)
    TRG.build_vocab(train_data.trg, max_size=10000)
    train_iter, val_iter, test_iter = BucketIterator.splits(
            (train_data, val_data, test_data), batch_size=batch_size, repeat=False)
    return train_iter, val_iter, test_iter, SRC, TRG
