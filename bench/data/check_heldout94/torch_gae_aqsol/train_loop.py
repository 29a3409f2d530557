#fetch the data
import pandas as pd
from tdc.single_pred import ADME

#read and split (TDC default 0.7 / 0.1 / 0.2)
bench = ADME(name = 'Solubility_AqSolDB')
bench = bench.get_split()
tr_df = bench['train']
va_df = bench['valid']
te_df = bench['test']

#featurisation helpers
from smiles_to_tensors import *
#network
from encoder_model import *

### graph autoencoder
# sizes & data
emb_dim = 2

# molecule graphs
tr_graphs = create_pytorch_geometric_graph_data_list_from_smiles_and_labels(tr_df['Drug'], tr_df['Y'])
print(tr_graphs[0].__getattr__)
# variant with split edges (unused)
#tr_graphs = [train_test_split_edges(g) for g in tr_graphs]
#print(tr_graphs[0].__getattr__)
tr_loader = DataLoader(dataset=tr_graphs, batch_size=8, shuffle=False)

n_feat = tr_graphs[0].num_features
print(f"node feature width: {n_feat}")

# network
net = GAE(GCNEncoder(n_feat, emb_dim)) # inner-product decoder by default
print(net.parameters)

# objective = GAE reconstruction loss

# device (CPU for now)
dev = 'cpu' #kept on CPU for the moment #torch.device('cuda' if torch.cuda.is_available() else 'cpu')
net = net.to(dev)

# optimiser
opt = torch.optim.Adam(net.parameters(), lr=0.01)

### LOOP ###

def fit_epoch(loader, net, opt):
    n_items = len(loader.dataset)
    # training mode (no dropout/BN here, kept anyway)
    # harmless for this model
    net.train()
    for (b, g) in enumerate(loader):
        opt.zero_grad()
        g = g.to(dev)
        print(f'batch graph: {g}')
        # embed and score
        emb = net.encode(g.x, g.edge_index)
        print(f'embedding: {emb}')
        loss = net.recon_loss(emb, g.edge_index)
        # gradients
        loss.backward()
        opt.step()
    return float(loss)

def evaluate(pos_edges, neg_edges):
    net.eval()
    with torch.no_grad():
        emb = net.encode(x, train_pos_edge_index)
    return net.test(emb, pos_edges, neg_edges)

# quick run
n_epochs = 10
for ep in range(n_epochs):
    print(f"epoch {ep+1}\n-------------------------------")
    fit_epoch(tr_loader, net, opt)
    #auc, ap = evaluate(bench.test_pos_edge_index, bench.test_neg_edge_index)
    #print(f'AUC: {auc} | AP: {ap}')
print("finished")
