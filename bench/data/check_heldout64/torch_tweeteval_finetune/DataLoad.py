from datasets import load_dataset
from transformers import AutoTokenizer
from torch.utils.data import DataLoader


def make_loaders(name, token_name, train_length, batch_size):
    # batched tokenisation used by .map
    def encode_batch(rows):
        tok = AutoTokenizer.from_pretrained(token_name)
        return tok(rows["text"], padding="max_length", truncation=True)
    # fetch the tweet_eval subset
    raw = load_dataset('tweet_eval', name, cache_dir="./dataset")
    # tokenise every split
    encoded = raw.map(encode_batch, batched=True)
    encoded = encoded.rename_column("label", "labels")
    encoded.set_format("torch")
    # first rows of train, full test
    tr_set = encoded["train"].select(range(train_length))
    te_set = encoded["test"]

    # shuffled train loader
    tr_loader = DataLoader(tr_set, shuffle=True, batch_size=batch_size)
    te_loader = DataLoader(te_set, batch_size=batch_size)

    return tr_loader, te_loader, tr_set, te_set
