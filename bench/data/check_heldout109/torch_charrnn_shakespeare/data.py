import codecs
import os
import numpy as np
import torch.utils.data


class CharLines(torch.utils.data.Dataset):
    def __init__(self, text, cfg):
        self.alphabet = sorted(list(set(text)))
        self.vocab_size = len(self.alphabet)
        self.to_id = dict(zip(self.alphabet, range(len(self.alphabet))))
        self.to_char = dict(zip(range(len(self.alphabet)), self.alphabet))

        ids = np.array(list(map(self.to_id.get, text)))

        # cut the tail so the length is a multiple of seq_length
        self.n_rows = int(len(ids) / cfg.seq_length)
        ids = ids[
            :self.n_rows * cfg.seq_length
        ]

        src = ids.copy()
        tgt = ids.copy()
        tgt[:-1] = ids[1:]
        tgt[-1] = ids[0]

        self.src_rows = src.reshape(self.n_rows, cfg.seq_length)
        self.tgt_rows = tgt.reshape(self.n_rows, cfg.seq_length)

    def __getitem__(self, i):
        a = torch.LongTensor(self.src_rows[i])
        b = torch.LongTensor(self.tgt_rows[i])
        return a, b

    def __len__(self):
        return self.n_rows


def build_loader(cfg):
    """ read the corpus and return the Dataset and its DataLoader """
    path = os.path.join(cfg.data_dir, "input.txt")
    with codecs.open(path, "r", encoding="utf-8") as fh:
        text = fh.read()

    corpus = CharLines(text=text, cfg=cfg)
    cfg.vocab_size = corpus.vocab_size
    loader = torch.utils.data.DataLoader(
        corpus, batch_size=cfg.batch_size, shuffle=True,
        num_workers=1, pin_memory=cfg.cuda,
    )
    return corpus, loader
