from torch.utils.data import Dataset, DataLoader
import numpy as np

MIN_HISTORY = 4

class SAKTDataset(Dataset):
    def __init__(self, group, n_skill, max_seq=100):
        super(SAKTDataset, self).__init__()
        self.samples, self.n_skill, self.max_seq = {}, n_skill, max_seq

        self.keys = []
        for k, uid in enumerate(group.index):
            if (k % 10000 == 0):
                print(f'{k} users done')
            qs, ok = group[uid] # two numpy arrays
            if len(qs) >= MIN_HISTORY: # skip very short histories
                if len(qs) > self.max_seq:
                    n_q = len(qs)
                    n_full = n_q // self.max_seq
                    for part in range(n_full):
                        key = f"{uid}_{part}"
                        self.keys.append(key)
                        lo = part * self.max_seq
                        hi = (part + 1) * self.max_seq
                        self.samples[key] = (qs[lo:hi], ok[lo:hi])
                    if len(qs[hi:]) >= MIN_HISTORY:
                        key = f"{uid}_{n_full + 1}"
                        self.keys.append(key)
                        self.samples[key] = (qs[hi:], ok[hi:])
                else:
                    key = f'{uid}'
                    self.keys.append(key)
                    self.samples[key] = (qs, ok)

    def __len__(self):
        return len(self.keys)

    def __getitem__(self, index):
        key = self.keys[index]
        qs, ok = self.samples[key]
        n = len(qs)

        q_pad = np.zeros(self.max_seq, dtype=int)
        ok_pad = np.zeros(self.max_seq, dtype=int)
        if n >= self.max_seq:
            q_pad[:] = qs[-self.max_seq:]
            ok_pad[:] = ok[-self.max_seq:]
        else:
            q_pad[-n:] = qs
            ok_pad[-n:] = ok

        next_q = q_pad[1:]
        target = ok_pad[1:]

        past = q_pad[:-1].copy()
        past += (ok_pad[:-1] == 1) * self.n_skill

        return past, next_q, target
