from torch_geometric.datasets import Planetoid
import torch
import torch.nn.functional as F
# GCN layer was the first try
from torch_geometric.nn import GATConv
class AttnClassifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.att1 = GATConv(citations.num_node_features, 16)
        self.att2 = GATConv(16, citations.num_classes)

    def forward(self, g):
        h, links = g.x, g.edge_index

        h = self.att1(h, links)
        h = F.relu(h)
        h = F.dropout(h, training=self.training)
        h = self.att2(h, links)

        return F.log_softmax(h, dim=1)
    
citations = Planetoid(root='d:/dataset', name='Cora')

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
clf = AttnClassifier().to(dev)
graph = citations[0].to(dev)
opt = torch.optim.Adam(clf.parameters(), lr=0.01, weight_decay=5e-4)

clf.train()
for it in range(200):
    opt.zero_grad()
    logp = clf(graph)
    nll = F.nll_loss(logp[graph.train_mask], graph.y[graph.train_mask])
    nll.backward()
    opt.step()
    print(nll.detach().cpu().item())
clf.eval()
guess = clf(graph).argmax(dim=1)
hits = (guess[graph.test_mask] == graph.y[graph.test_mask]).sum()
score = int(hits) / int(graph.test_mask.sum())
print(f'test accuracy: {score:.4f}')
