import torch.utils.data as data
import numpy as np
import torch
import pdb


class PairTriples(data.Dataset):
    def __init__(self, path, num_neg):
        # positives per user, and the items each user never touched (for negatives)
        uids = []
        iid_lists = []
        neg_pool = {}
        top_item = -1
        self.num_neg = num_neg

        with open(path, "r") as fh:
            for ln in fh.readlines():
                parts = ln.strip().split(" ")
                parts = [int(tok) for tok in parts]
                uids.append(parts[0])
                iid_lists.append(np.array(parts[1:]))
                top_item = max(top_item, np.max(parts[1:]))

        if num_neg > 0:
            for k in range(len(uids)):
                seen_mask = np.ones(top_item + 1)
                seen_mask[iid_lists[k]] = 0
                
                neg_pool[uids[k]] = np.argwhere(seen_mask > 0.5).reshape(-1)

          
        # flat user/item columns plus per-user spans
        uid_chunks = []
        self.start_of = {}
        self.end_of = {}
        cursor = 0
        for k in range(len(uids)):
            self.start_of[uids[k]] = cursor
            uid_chunks.append(np.array([uids[k]] * len(iid_lists[k])))
            cursor += len(np.array([uids[k]] * len(iid_lists[k])))
            self.end_of[uids[k]] = cursor

        self.uid_col = np.concatenate(uid_chunks)
        self.iid_col = np.concatenate(iid_lists)
        self.item_max = top_item
        self.user_max = np.max(self.uid_col)
        
        
        self.has_negs = False
        if num_neg > 0:
            draws = []
            for k in range(len(self.uid_col)):
                uid = self.uid_col[k]
                draws.append(np.random.choice(neg_pool[uid], (num_neg,)))
            self.neg_col = np.stack(draws)
            self.has_negs = True
            #print('first negatives', self.neg_col[0])

        self.positives = {}
        for k in range(len(uids)):
            self.positives[uids[k]] = iid_lists[k]

        self.distinct_users = np.unique(uids)
        self.neg_pool = neg_pool

    def refresh_negs(self):
        if self.num_neg > 0:
            #print('redrawing negatives')
            draws = []
            for k in range(len(self.uid_col)):
                uid = self.uid_col[k]
                draws.append(np.random.choice(self.neg_pool[uid], (self.num_neg,)))
            self.neg_col = np.stack(draws)
            self.has_negs = True
            #print('first negatives', self.neg_col[0])
                  

    def __len__(self):
        return len(self.uid_col)

    def __getitem__(self, j):
        if j == 0:
            self.redraw_negatives()
        if self.has_negs:
            return self.uid_col[j], self.iid_col[j], self.neg_col[j]
        else:
            return self.uid_col[j], self.iid_col[j], None


class OneUserSlice(data.Dataset):
    def __init__(self, full, owner):
        self.full = full
        self.owner = owner

    def __len__(self):
        return self.full.end_of[self.owner] - self.full.start_of[self.owner]

    def refresh_user_negs(self):
        if self.full.num_neg > 0:
            #print('redrawing negatives of one user')
            lo = self.full.start_of[self.owner]
            hi = self.full.end_of[self.owner]
            for k in range(lo, hi):
                uid = self.full.uid_col[k]
                assert(uid == self.owner)
                self.full.neg_col[k,:] = np.random.choice(self.full.neg_pool[uid], (self.full.num_neg,))
            self.full.has_negs = True
            #print('user negatives', self.owner, self.full.neg_col[lo][0])

    def __getitem__(self, j):
        lo = self.full.start_of[self.owner]
        hi = self.full.end_of[self.owner]
        
        gi = j + lo
        if j == 0:
            self.redraw_owner_negatives()
        if self.full.has_negs:
            return self.full.uid_col[gi], self.full.iid_col[gi], self.full.neg_col[gi]
        else:
            return self.full.uid_col[gi], self.full.iid_col[gi], None


if __name__ == '__main__':
    ds = PairTriples("./data/debug_m1/train.txt", 2)

    print("------------ full ---------------")
    print(ds.uid_col)
    print(ds.iid_col)
    print(ds.neg_col)
    print(ds.distinct_users)
    print("------------ xxxx ---------------")
  
    for rnd in range(2):
        print ("pass", rnd)
        for uid in ds.distinct_users:
            one = OneUserSlice(ds, uid)
            dl = data.DataLoader(one, batch_size=1)
            print("rows of", one.owner, "n:", one.__len__(), len(one))
            for k, bt in enumerate(dl):
                print(bt)
    
            print("------------ full ---------------")
            print(ds.uid_col)
            print(ds.iid_col)
            print(ds.neg_col)
            print(ds.distinct_users)
            print("------------ xxxx ---------------")
