import torch
import torch.nn.functional as F
from torch_geometric.nn import GCNConv, SAGEConv, GATConv
from torch_geometric.datasets import Planetoid

cora = Planetoid(root='./data/Cora', name='Cora')

print(cora.num_node_features)
print(cora.num_classes)
print(cora.num_edge_features)
print(cora.data)

class TwoHopGCN(torch.nn.Module):
    def __init__(self, n_feat, n_hid, n_cls):
        super(TwoHopGCN, self).__init__()
        self.first = GCNConv(n_feat, n_hid)
        self.second = GCNConv(n_hid, n_cls)

    def forward(self, g):
        h, edges = g.x, g.edge_index
        h = self.first(h, edges) 
        print(h.shape)
        h = F.relu(h)
        h = F.dropout(h, training=self.training)
        h = self.second(h, edges)
        return F.log_softmax(h, dim=1)

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
net = TwoHopGCN(cora.num_node_features, 16, cora.num_classes).to(dev)
graph = cora[0].to(dev)	
opt = torch.optim.Adam(net.parameters(), lr=0.01)

net.train()
for ep in range(500):
    opt.zero_grad()
    logp = net(graph)
    nll = F.nll_loss(logp[graph.train_mask], graph.y[graph.train_mask])
    nll.backward()
    opt.step()
    print(ep, nll.item())

net.eval()
_, guess = net(graph).max(dim=1)
hits = guess[graph.test_mask].eq(graph.y[graph.test_mask]).sum()
score = int(hits) / int(graph.test_mask.sum())
print('GCN test acc:', score)
