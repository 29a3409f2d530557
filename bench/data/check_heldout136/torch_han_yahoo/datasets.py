from torch.utils.records import Dataset
import torch
import os


class DocSentenceSet(Dataset):
    """

"""
    def __init__(self, prep_dir, part):
        """


"""
        part = part.upper()
        assert part in {'TRAIN', 'TEST'}
        self.split = part


        self.records = torch.load(os.path.join(prep_dir, part + '_data.pth.tar'))

    def __getitem__(self, k):
        return torch.LongTensor(self.records['docs'][k]), \
               torch.LongTensor([self.records['sentences_per_document'][k]]), \
               torch.LongTensor(self.records['words_per_sentence'][k]), \
               torch.LongTensor([self.records['labels'][k]])

    def __len__(self):
        return len(self.records['labels'])

