import torch
import torch.nn.functional as F
from torch_geometric.nn import global_mean_pool as mean_readout, global_max_pool as max_readout
from torch_geometric.nn import GCNConv

from layers import PlainGCN, StructPool


class GraphPoolModel(torch.nn.Module):
    def __init__(self, opts):
        super(GraphPoolModel, self).__init__()
        self.opts = opts
        self.in_features = opts.n_features
        self.hidden = opts.nhid
        self.n_classes = opts.n_classes
        self.keep_ratio = opts.pooling_ratio
        self.drop_p = opts.dropout_ratio
        self.use_sampling = opts.sample_neighbor
        self.use_sparsemax = opts.sparse_attention
        self.learn_structure = opts.structure_learning
        self.lam = opts.lamb

        self.gconv1 = GCNConv(self.in_features, self.hidden)
        self.gconv2 = PlainGCN(self.hidden, self.hidden)
        self.gconv3 = PlainGCN(self.hidden, self.hidden)

        self.hpool1 = StructPool(self.hidden, self.keep_ratio, self.use_sampling, self.use_sparsemax, self.learn_structure, self.lam)
        self.hpool2 = StructPool(self.hidden, self.keep_ratio, self.use_sampling, self.use_sparsemax, self.learn_structure, self.lam)

        self.fc1 = torch.nn.Linear(self.hidden * 2, self.hidden)
        self.fc2 = torch.nn.Linear(self.hidden, self.hidden // 2)
        self.fc3 = torch.nn.Linear(self.hidden // 2, self.n_classes)

    def forward(self, graph_batch):
        x, edges, batch_vec = graph_batch.x, graph_batch.edge_index, graph_batch.batch
        edge_w = None

        x = F.relu(self.gconv1(x, edges, edge_w))
        x, edges, edge_w, batch_vec = self.hpool1(x, edges, edge_w, batch_vec)
        r1 = torch.cat([max_readout(x, batch_vec), mean_readout(x, batch_vec)], dim=1)

        x = F.relu(self.gconv2(x, edges, edge_w))
        x, edges, edge_w, batch_vec = self.hpool2(x, edges, edge_w, batch_vec)
        r2 = torch.cat([max_readout(x, batch_vec), mean_readout(x, batch_vec)], dim=1)

        x = F.relu(self.gconv3(x, edges, edge_w))
        r3 = torch.cat([max_readout(x, batch_vec), mean_readout(x, batch_vec)], dim=1)

        x = F.relu(r1) + F.relu(r2) + F.relu(r3)

        x = F.relu(self.fc1(x))
        x = F.dropout(x, p=self.drop_p, training=self.training)
        x = F.relu(self.fc2(x))
        x = F.dropout(x, p=self.drop_p, training=self.training)
        x = F.log_softmax(self.fc3(x), dim=-1)

        return x
