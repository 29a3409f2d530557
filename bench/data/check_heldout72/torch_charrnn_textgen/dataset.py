
from torch import LongTensor
from torch.utils.data import Dataset


class TextWindowDataset(Dataset):

    def __init__(self, path, window_len):
        super(TextWindowDataset, self).__init__()

        self.window_len = window_len

        with open(path, 'r') as fh:
            self.text = fh.read()

        self.idx_to_char = sorted(list(set(self.text)))
        self.char_to_idx = {ch: k for k, ch in enumerate(self.idx_to_char)}

        self.input_size = len(self.idx_to_char)

    def __len__(self):
        return len(self.text) - self.window_len

    def __getitem__(self, pos):
        src = self.text[pos:pos+self.window_len-1]
        dst = self.text[pos+1:pos+self.window_len]
        return self.encode(src), self.encode(dst)

    def encode(self, chars):
        return LongTensor([self.char_to_idx[ch] for ch in chars])
