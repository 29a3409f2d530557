from torch.utils.data import DataLoader
import numpy as np
from torch.utils.data.sampler import SubsetRandomSampler
from torch.utils.data.dataloader import default_collate

class OCRDataLoader(DataLoader):
    def __init__(self, dataset, batch_size=32, shuffle=True, validation_split=0.0, training=True, num_workers=4, collate_fn=default_collate, dropLast = True):
        self.validation_split = validation_split
        self.shuffle = shuffle

        self.batch_idx = 0
        self.n_samples = len(dataset)

        self.sampler, self.valid_sampler = self._split_sampler(self.validation_split)

        self.init_kwargs = {
            'dataset': dataset,
            'batch_size': batch_size,
            'shuffle': self.shuffle,
            'collate_fn': collate_fn,
            'num_workers': num_workers,
        }
        super().__init__(sampler=self.sampler, drop_last = dropLast,**self.init_kwargs)
        
    def _split_sampler(self, split):
        if split == 0.0:
            return None, None

        all_idx = np.arange(self.n_samples)

        np.random.seed(0)
        np.random.shuffle(all_idx)

        if isinstance(split, int):
            assert split > 0
            assert split < self.n_samples, "validation part is larger than the whole set."
            n_valid = split
        else:
            n_valid = int(self.n_samples * split)

        valid_idx = all_idx[0:n_valid]
        fit_idx = np.delete(all_idx, np.arange(0, n_valid))

        fit_sampler = SubsetRandomSampler(fit_idx)
        valid_sampler = SubsetRandomSampler(valid_idx)

        # a sampler and shuffle=True cannot be combined
        self.shuffle = False
        self.n_samples = len(fit_idx)

        return fit_sampler, valid_sampler

    def split_validation(self):
        if self.valid_sampler is None:
            return None
        else:
            return DataLoader(sampler=self.valid_sampler, drop_last = False, **self.init_kwargs)
    def get_dataloader(self):
        return DataLoader(self.dataset, batch_size=self.batch_size, shuffle=self.shuffle, num_workers=self.num_workers)
