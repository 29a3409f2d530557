import os
import numpy as np
import pandas as pd
from shutil import copyfile

import torch
from torch_geometric.data import InMemoryDataset, Data


class SpeedGraphs(InMemoryDataset):
    """
    Windows of sensor speeds as graph samples.
    """

    def __init__(
        self, cfg, adj, root="./data/root/", transform=None, pre_transform=None
    ):
        self.cfg = cfg
        self.adj = adj
        super().__init__(root, transform, pre_transform)
        self.data, self.slices, self.n_nodes_, self.mean, self.sigma = torch.load(
            self.processed_paths[0]
        )

    @property
    def raw_file_names(self):
        return [
            os.path.join(self.raw_dir, "PeMSD7_V_228.csv")
        ]  # speeds, 12672 steps x 228 sensors

    @property
    def processed_file_names(self):
        return ["data.pt"]

    def download(self):  # speeds file
        copyfile(
            "./data/raw/PeMSD7_V_228.csv",
            os.path.join(self.raw_dir, "PeMSD7_V_228.csv"),
        )

    def process(self):
        """
        Turn the raw speed table into one collated .pt file.
        Attributes set here are absent when the .pt file is loaded instead.
        """
        # read and scale
        data = pd.read_csv(self.raw_file_names[0], header=None).values
        # scaling uses every split here; a stricter setup would
        # take the statistics from training days only
        mean = np.mean(data)
        sigma = np.std(data)
        data = (data - np.mean(data)) / np.std(data)  # z-scored

        _, n_nodes_ = data.shape  # steps x sensors
        span = (
            self.cfg["HORIZON"] + self.cfg["LOOKBACK"]
        )  # 12 in + 9 out = 21

        # adjacency to a 2 x E index list
        edge_index = torch.zeros((2, n_nodes_**2), dtype=torch.long)  # coordinate list
        # one weight per edge
        edge_attr = torch.zeros((n_nodes_**2, 1))
        n_e = 0
        for d in range(n_nodes_):
            for s in range(n_nodes_):
                if self.adj[d, s] != 0:
                    edge_index[0, n_e] = d
                    edge_index[1, n_e] = s
                    edge_attr[n_e] = self.adj[d, s]
                    n_e += 1
        # trim to the edges actually present
        edge_index = edge_index.resize_(2, n_e)
        edge_attr = edge_attr.resize_(n_e, 1)

        graphs = []
        # time x feature x sensor
        for d in range(self.cfg["DAYS"]):  # each day
            for s in range(self.cfg["WINDOWS_PER_DAY"]):  # each start in that day
                # one graph sample per start position
                # (a torch_geometric Data object)
                gr = Data()
                gr.__num_nodes__ = n_nodes_

                gr.edge_index = edge_index
                gr.edge_attr = edge_attr

                t0 = d * self.cfg["STEPS_PER_DAY"] + s
                t1 = t0 + span  # span = in + out steps
                win = np.swapaxes(
                    data[t0:t1, :],
                    0,
                    1,  # to sensors x steps
                )  # transpose
                gr.x = torch.FloatTensor(
                    win[:, 0 : self.cfg["LOOKBACK"]]
                )  # sensors x input steps
                gr.y = torch.FloatTensor(
                    win[:, self.cfg["LOOKBACK"] : :]
                )  # sensors x target steps
                graphs += [gr]

        # build the stored set
        data, slices = self.collate(graphs)  # merge all samples
        # offsets of each of the 11792 samples
        # (9112 fit, 1340 val, 1340 test)
        # merged x, y, edge_index, edge_attr
        torch.save((data, slices, n_nodes_, mean, sigma), self.processed_paths[0])