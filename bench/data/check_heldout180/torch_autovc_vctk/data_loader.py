from torch.utils import data
import torch
import numpy as np
import pickle
import os

from multiprocessing import Process, Manager


class Utterances(data.Dataset):
    """Per-speaker collections of mel-spectrogram utterances."""

    def __init__(self, root_dir, len_crop):
        """Read the metadata and pull every utterance into memory."""
        self.root_dir = root_dir
        self.len_crop = len_crop
        self.step = 10

        metaname = os.path.join(self.root_dir, "train.pkl")
        meta = pickle.load(open(metaname, "rb"))

        """Parallel load: one process per group of `step` speakers"""
        manager = Manager()
        meta = manager.list(meta)
        dataset = manager.list(len(meta)*[None])
        processes = []
        for i in range(0, len(meta), self.step):
            p = Process(target=self.load_data,
                        args=(meta[i:i+self.step],dataset,i))
            p.start()
            processes.append(p)
        for p in processes:
            p.join()

        self.train_dataset = list(dataset)
        self.num_tokens = len(self.train_dataset)

        print('Finished loading the dataset...')


    def load_data(self, submeta, dataset, idx_offset):
        for k, sbmt in enumerate(submeta):
            uttrs = len(sbmt)*[None]
            for j, tmp in enumerate(sbmt):
                if j < 2:  # entries 0 and 1: speaker name and speaker embedding
                    uttrs[j] = tmp
                else: # the rest are paths of mel .npy files
                    uttrs[j] = np.load(os.path.join(self.root_dir, tmp))
            dataset[idx_offset+k] = uttrs


    def __getitem__(self, index):
        # one item = one speaker
        dataset = self.train_dataset
        list_uttrs = dataset[index]
        emb_org = list_uttrs[1]

        # random utterance of that speaker, padded or randomly cropped to len_crop
        a = np.random.randint(2, len(list_uttrs))
        tmp = list_uttrs[a]
        if tmp.shape[0] < self.len_crop:
            len_pad = self.len_crop - tmp.shape[0]
            uttr = np.pad(tmp, ((0,len_pad),(0,0)), 'constant')
        elif tmp.shape[0] > self.len_crop:
            left = np.random.randint(tmp.shape[0]-self.len_crop)
            uttr = tmp[left:left+self.len_crop, :]
        else:
            uttr = tmp

        return uttr, emb_org


    def __len__(self):
        """Number of speakers."""
        return self.num_tokens




def get_loader(root_dir, batch_size=16, len_crop=128, num_workers=0):
    """Construct the data set and wrap it in a DataLoader."""

    dataset = Utterances(root_dir, len_crop)

    worker_init_fn = lambda x: np.random.seed((torch.initial_seed()) % (2**32))
    data_loader = data.DataLoader(dataset=dataset,
                                  batch_size=batch_size,
                                  shuffle=True,
                                  num_workers=num_workers,
                                  drop_last=True,
                                  worker_init_fn=worker_init_fn)
    return data_loader
