import torch
from torch.utils.data import Dataset


class PairDataset(Dataset):
    def __init__(self, en_sents, zh_sents, en_vocab, zh_vocab):
        self.en_sents = en_sents
        self.zh_sents = zh_sents
        self.en_vocab = en_vocab
        self.zh_vocab = zh_vocab

    def __getitem__(self, idx):
        en_tokens = self.en_sents[idx]
        zh_tokens = self.zh_sents[idx]

        # map English words outside the vocabulary to UNK
        for i, tok in enumerate(en_tokens):
            if tok not in self.en_vocab:
                en_tokens[i] = "UNK"
        # same for the Chinese side
        for i, tok in enumerate(zh_tokens):
            if tok not in self.zh_vocab:
                zh_tokens[i] = "UNK"

        en_ids = [self.en_vocab[i] for i in en_tokens]
        zh_ids = [self.zh_vocab[i] for i in zh_tokens]

        return en_ids, zh_ids

    def pad_batch(self, batch_items):
        run_device = "cuda:0" if torch.cuda.is_available() else "cpu"
        en_ids, zh_ids = [], []
        en_lens, zh_lens = [], []

        for en_seq, zh_seq in batch_items:
            en_ids.append(en_seq)
            zh_ids.append(zh_seq)
            en_lens.append(len(en_seq))
            zh_lens.append(len(zh_seq))

        en_max = max(en_lens)
        zh_max = max(zh_lens)

        for en_seq in en_ids:
            for i in range(en_max - len(en_seq)):
                en_seq.append(self.en_vocab["PAD"])

        for zh_seq in zh_ids:
            for i in range(zh_max - len(zh_seq)):
                zh_seq.append(self.zh_vocab["PAD"])

        en_ids = torch.tensor(en_ids, device=run_device)
        zh_ids = torch.tensor(zh_ids, device=run_device)

        return en_ids, zh_ids

    def __len__(self):
        assert len(self.en_sents) == len(self.zh_sents)
        return len(self.zh_sents)
