from torch.utils.data import Dataset

class GraphListDataset(Dataset):
    def __init__(self, graphs):
        self.graphs = graphs
        print('dataset holds {:d} graphs'.format(len(graphs)))

    def __len__(self):
        return len(self.graphs)

    def __getitem__(self, k):
        return self.graphs[k]
