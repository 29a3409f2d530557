import torch.utils.data as tordata
import random


class TripletSampler(tordata.sampler.Sampler):
    def __init__(self, source, batch_size):
        self.source = source
        self.batch_size = batch_size

    def __iter__(self):
        while (True):
            picked = list()
            subjects = random.sample(
                list(self.source.label_set),
                self.batch_size[0])
            for sid in subjects:
                idx = self.source.index_dict.loc[sid, :, :].values
                idx = idx[idx > 0].flatten().tolist()
                idx = random.choices(
                    idx,
                    k=self.batch_size[1])
                picked += idx
            yield picked

    def __len__(self):
        return self.source.data_size
