import torch
import random
from src.data.dataset import TranslationDataset

class TranslationDataLoader:
    """see module notes








"""
    def __init__(self, ds, batch_size=32, shuffle=True, pad_idx=0):
        self.dataset = ds
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.pad_idx = pad_idx

    def _pad(self, seqs, fill):
        """see module notes









"""
        #
        longest = max(len(s) for s in seqs)

        #
        out = torch.full((len(seqs), longest), fill, dtype=torch.long)
        for r, s in enumerate(seqs):
            out[r, :len(s)] = s

        return out

    def __len__(self):
        """see module notes"""
        return (len(self.dataset) + self.batch_size - 1) // self.batch_size

    def __iter__(self):
        """see module notes


"""
        #
        order = list(range(len(self.dataset)))

        #
        if self.shuffle:
            random.shuffle(order)

        #
        for st in range(0, len(order), self.batch_size):
            sel = order[st : st + self.batch_size]

            #
            src_list = []
            tgt_list = []
            for ix in sel:
                a, b = self.dataset[ix]
                src_list.append(a)
                tgt_list.append(b)

            #
            src_mat = self._pad_batch(src_list, self.pad_idx)
            tgt_mat = self._pad_batch(tgt_list, self.pad_idx)

            yield src_mat, tgt_mat


def get_dataloader(src_txt, tgt_txt, src_vocab, tgt_vocab, batch_size=32, max_src_len_percentile=0.95, max_tgt_len_percentile=0.95, max_src_len=80, max_tgt_len=80):
    """see module notes"""
    ds = TranslationDataset(src_txt, tgt_txt, src_vocab, tgt_vocab, max_src_len_percentile, max_tgt_len_percentile, max_src_len, max_tgt_len)
    ld = TranslationDataLoader(
        ds,
        batch_size=batch_size,
        shuffle=True,
        pad_idx=src_vocab.PAD_IDX
    )
    return ld
