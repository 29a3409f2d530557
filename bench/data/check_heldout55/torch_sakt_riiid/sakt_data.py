from torch.utils.data import Dataset, DataLoader
import numpy as np
from tqdm import tqdm

MIN_WINDOW = 1
TAGS_PER_Q = 6
N_TAGS = 188


class KTWindows(Dataset):
    def __init__(self, per_user, q_tags, n_q, max_seq=100):
        super(KTWindows, self).__init__()
        self.windows, self.n_q, self.max_seq = {}, n_q, max_seq
        
        self.keys = []
        for n, uid in enumerate(tqdm(per_user.index)):
            qids, correct = per_user[uid]

            # q ids were shifted by one
            t_rows = [q_tags[q - 1] for q in qids]

            # cut long histories into full windows
            if len(qids) > self.max_seq:
                n_total = len(qids)
                head_len = n_total % self.max_seq

                if head_len >= MIN_WINDOW:
                    self.keys.append(f"{uid}_0")
                    self.windows[f"{uid}_0"] = (qids[:head_len], correct[:head_len], t_rows[:head_len])
                
                for w in range(n_total // self.max_seq):
                    self.keys.append(f"{uid}_{w+1}")
                    begin = head_len + w * self.max_seq
                    stop = begin + self.max_seq
                    self.windows[f"{uid}_{w+1}"] = (qids[begin:stop], correct[begin:stop], t_rows[begin:stop])
            else:
                uid = str(uid)
                self.keys.append(uid)
                self.windows[uid] = (qids, correct, t_rows)
                
    def __len__(self):
        return len(self.keys)

    def __getitem__(self, index):
        uid = self.keys[index]
        qids, correct, t_rows = self.windows[uid]
        n_seen = len(qids)
        
        qids_w = np.zeros(self.max_seq, dtype=int)
        correct_w = np.zeros(self.max_seq, dtype=int)
        t_w = np.full((self.max_seq, TAGS_PER_Q), fill_value=N_TAGS, dtype=int)

        if n_seen >= self.max_seq:
            qids_w[:] = qids[-self.max_seq:]
            correct_w[:] = correct[-self.max_seq:]
            t_w[:] = t_rows[-self.max_seq:]
        else:
            qids_w[-n_seen:] = qids
            correct_w[-n_seen:] = correct
            t_w[-n_seen:] = t_rows
            
        q_next = qids_w[1:]
        y = correct_w[1:]
        t_next = t_w[1:]
        
        inp = qids_w[:-1].copy()
        inp += (correct_w[:-1] == 1) * self.n_q
        
        return inp, q_next, y, t_next

class KTQueries(Dataset):
    def __init__(self, windows, rows, questions_df, n_q, max_seq=100):
        super(KTQueries, self).__init__()
        self.windows = windows
        self.keys = [inp for inp in rows["user_id"].unique()]
        self.rows = rows
        self.questions_df = questions_df
        self.n_q = n_q
        self.max_seq = max_seq

    def __len__(self):
        return self.rows.shape[0]
    
    def __getitem__(self, index):
        row = self.rows.iloc[index]
        
        uid = row['user_id']
        q_next = row['content_id']
        
        qids_w = np.zeros(self.max_seq, dtype=int)
        correct_w = np.zeros(self.max_seq, dtype=int)
        
        if uid in self.windows.index:
            qids, correct = self.windows[uid]
            n_seen = len(qids)
            
            if n_seen >= self.max_seq:
                qids_w = qids[-self.max_seq:]
                correct_w = correct[-self.max_seq:]
            else:
                qids_w[-n_seen:] = qids
                correct_w[-n_seen:] = correct
                
        inp = qids_w[1:].copy()
        inp += (correct_w[1:] == 1) * self.n_q
        
        q_tags = np.append(qids_w[2:], [q_next])
        
        return inp, q_tags