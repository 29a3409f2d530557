import torch
from sklearn.preprocessing import LabelEncoder
from torch_geometric.data import Data
from torch_geometric.data import InMemoryDataset
from tqdm import tqdm

# from config import clicks_path, click_cols

click_df = torch.load('data/yoochoose_click_binary_1M_sess.dataset')


class SessionGraphs(InMemoryDataset):
    def __init__(self, root, transform=None, pre_transform=None):
        super(SessionGraphs, self).__init__(root, transform, pre_transform)
        self.data, self.slices = torch.load(self.processed_paths[0])

    @property
    def raw_file_names(self):
        return []

    @property
    def processed_file_names(self):
        return ['yoochoose_click_binary_1M_sess.dataset']

    def download(self):
        pass

    def process(self):
        graphs = []

        # one small graph per session
        by_session = click_df.groupby('session_id')
        for sid, rows in tqdm(by_session):
            local_ids = LabelEncoder().fit_transform(rows.item_id)
            rows = rows.reset_index(drop=True)
            rows['local_id'] = local_ids
            node_items = rows.loc[rows.session_id == sid, ['local_id', 'item_id']].sort_values(
                'local_id').item_id.drop_duplicates().values

            node_items = torch.LongTensor(node_items).unsqueeze(1)
            dst = rows.local_id.values[1:]
            src = rows.local_id.values[:-1]

            edges = torch.tensor([src,
                                       dst], dtype=torch.long)
            feats = node_items

            target = torch.FloatTensor([rows.label.values[0]])

            g = Data(x=feats, edge_index=edges, y=target)
            graphs.append(g)

        data, slices = self.collate(graphs)
        torch.save((data, slices), self.processed_paths[0])
