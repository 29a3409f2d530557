import os
import h5py
import numpy as np
from torch.utils.data import Dataset


def read_h5(filename):
    with h5py.File(filename, 'r') as f:
        data = f['data'][:]
        label = f['label'][:]

    f.close()
    return data, label

class Shapes40(Dataset):

    def __init__(self, data_dir, split='train', num_points=1024):
        self.data_dir = data_dir
        self.split = split
        self.num_points = num_points

        if self.split == 'train':
            list_path = os.path.join(self.data_dir, 'train_files.txt')
        else:
            list_path = os.path.join(self.data_dir, 'test_files.txt')

        with open(list_path, 'r') as f:
            self.shards = [line.strip() for line in f]

        self.data, self.labels = self.load_data()

    def load_data(self):
        chunks = []
        tags = []
        for shard in self.shards:
            data, label = read_h5(shard)
            chunks.append(data)
            tags.append(label)

        chunks = np.concatenate(chunks, axis=0)
        tags = np.concatenate(tags, axis=0)

        return chunks, tags.squeeze()

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, idx):
        cloud = self.data[idx]
        pick = np.random.choice(cloud.shape[0], self.num_points, replace=False)
        pts = cloud[pick, :]
        # a random subset of the 2048 stored points (FPS would be nicer)

        label = self.labels[idx]

        return pts, label
