import torch

class TranslationDataset:
    """see module notes



"""
    def __init__(self, src_list, tgt_list, src_vocab, tgt_vocab, max_src_len_percentile=0.95, max_tgt_len_percentile=0.95, max_src_len=80, max_tgt_len=80):
        self.src_sentences = src_list
        self.tgt_sentences = tgt_list
        self.src_vocab = src_vocab
        self.tgt_vocab = tgt_vocab
        self.max_src_len_percentile = max_src_len_percentile
        self.max_tgt_len_percentile = max_tgt_len_percentile
        self.max_src_len = max_src_len
        self.max_tgt_len = max_tgt_len

        #
        if isinstance(self.max_src_len_percentile, float) and 0 < self.max_src_len_percentile < 1:
            src_lens = [len(self.src_vocab.numericalize(x)) for x in src_list]
            src_lens.sort()
            self.src_limit = max(1, int(src_lens[int(len(src_lens) * self.max_src_len_percentile)]))
        else:
            self.src_limit = self.max_src_len

        if isinstance(self.max_tgt_len_percentile, float) and 0 < self.max_tgt_len_percentile < 1:
            tgt_lens = [len(self.tgt_vocab.numericalize(x)) for x in tgt_list]
            tgt_lens.sort()
            self.tgt_limit = max(1, int(tgt_lens[int(len(tgt_lens) * self.max_tgt_len_percentile)]))
        else:
            self.tgt_limit = self.max_tgt_len

    def __len__(self):
        return len(self.src_sentences)

    def __getitem__(self, i):
        src_str = self.src_sentences[i]
        tgt_str = self.tgt_sentences[i]

        #
        src_ids = [self.src_vocab.SOS_IDX] + self.src_vocab.numericalize(src_str) + [self.src_vocab.EOS_IDX]
        tgt_ids = [self.tgt_vocab.SOS_IDX] + self.tgt_vocab.numericalize(tgt_str) + [self.tgt_vocab.EOS_IDX]

        #
        src_ids = src_ids[:self.src_limit]
        tgt_ids = tgt_ids[:self.tgt_limit]

        return torch.tensor(src_ids), torch.tensor(tgt_ids)
