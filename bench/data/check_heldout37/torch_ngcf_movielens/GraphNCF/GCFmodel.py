import torch
import torch.nn as nn
from torch.nn import Module
from scipy.sparse import coo_matrix
from scipy.sparse import vstack
from scipy import sparse
import numpy as np


# rating-prediction models compared in this project

# test RMSE seen so far
# biased MF, 50 dims, 50 epochs: 0.931
# graph CF, 64 dims, three 64 layers, head 128-64-32, 50 epochs: 0.916 / 0.914
# neural CF, 64 dims, head 128-54-32, 50 epochs: 0.928

class BiasedMF(Module):

    def __init__(self,user_count,item_count,dim):
        super(BiasedMF, self).__init__()
        self.user_embed = nn.Embedding(user_count,dim)
        self.item_embed = nn.Embedding(item_count,dim)
        self.user_bias = nn.Embedding(user_count,1)
        self.item_bias = nn.Embedding(item_count,1)
        self.global_bias = nn.Parameter(torch.Tensor([0]))

    def forward(self, user_idx,item_idx):
        u_vec = self.user_embed(user_idx)
        i_vec = self.item_embed(item_idx)
        u_b = self.user_bias(user_idx)
        i_b = self.item_bias(item_idx)

        bias_sum = u_b + i_b + self.global_bias
        preds = torch.sum(torch.mul(u_vec,i_vec),dim=1) + bias_sum.flatten()

        return preds

class NeuralCF(Module):

    def __init__(self,user_count,item_count,dim,layers=[128,64,32,8]):
        super(NeuralCF, self).__init__()
        self.user_embed = nn.Embedding(user_count,dim)
        self.item_embed = nn.Embedding(item_count,dim)
        self.mlp = torch.nn.ModuleList()
        self.out_layer = torch.nn.Linear(layers[-1],1)

        for d_in,d_out in zip(layers[:-1],layers[1:]):
            self.mlp.append(nn.Linear(d_in,d_out))

    def forward(self, user_idx,item_idx):
        u_vec = self.user_embed(user_idx)
        i_vec = self.item_embed(item_idx)
        joint = torch.cat([u_vec, i_vec], dim=1)
        x = joint
        for lin in self.mlp:
            x = lin(x)
            x = nn.ReLU()(x)

        preds = self.out_layer(x)
        return preds.flatten()


class GraphLayer(Module):

    def __init__(self,in_dim,out_dim):

        super(GraphLayer,self).__init__()
        self.in_dim = in_dim
        self.out_dim = out_dim
        self.self_proj = torch.nn.Linear(in_features=in_dim,out_features=out_dim)
        self.inter_proj = torch.nn.Linear(in_features=in_dim,out_features=out_dim)

    def forward(self, lap_mat,eye_mat,features):
        # lap_mat is the sparse (users + items) square matrix
        # normalised as D^-1/2 A D^-1/2
        lap_self = lap_mat + eye_mat
        lap_gpu = lap_mat.cuda()
        lap_self = lap_self.cuda()
        neigh_feat = torch.sparse.mm(lap_gpu,features)
        neigh_feat = torch.mul(neigh_feat,features)

        part_a = self.self_proj(torch.sparse.mm(lap_self,features))
        part_b = self.inter_proj(torch.sparse.mm(lap_gpu,neigh_feat))

        return part_a+part_b

class GraphCF(Module):

    def __init__(self,user_count,item_count,ratings,embed_dim=100,layers=[100,80,50],on_gpu=True):

        super(GraphCF,self).__init__()
        self.on_gpu = on_gpu
        self.user_count = user_count
        self.item_count = item_count
        self.user_embed = nn.Embedding(user_count,embed_dim)
        self.item_embed = nn.Embedding(item_count,embed_dim)
        self.graph_layers = torch.nn.ModuleList()
        self.lap = self.make_laplacian(ratings) # kept sparse
        self.lrelu = nn.LeakyReLU()
        self.eye = self.sparse_identity(self.user_count+self.item_count)

        self.head1 = nn.Linear(in_features=layers[-1]*(len(layers))*2,out_features=64)
        self.head2 = nn.Linear(in_features=64,out_features=32)
        self.head3 = nn.Linear(in_features=32,out_features=1)

        for d_in,d_out in zip(layers[:-1],layers[1:]):
            self.graph_layers.append(GraphLayer(d_in,d_out))

    def sparse_identity(self,n):
        idx = torch.LongTensor([[k for k in range(0,n)],[j for j in range(0,n)]])
        ones = torch.FloatTensor([1]*n)
        return torch.sparse.FloatTensor(idx,ones)

    def make_laplacian(self,ratings):

        shifted_items = ratings['itemId'] + self.user_count
        ui_mat = coo_matrix((ratings['rating'], (ratings['userId'], ratings['itemId'])))

        ui_top = coo_matrix((ratings['rating'], (ratings['userId'], shifted_items)))
        ui_mat = ui_mat.transpose()
        ui_mat.resize((self.item_count, self.user_count + self.item_count))

        adj = sparse.vstack([ui_top,ui_mat])
        eye_sp = sparse.eye(self.user_count+self.item_count)
        degree = (adj>0).sum(axis=1)
        deg_list = list(np.array(degree.flatten())[0])
        deg_list = np.power(deg_list,-0.5)
        D = sparse.diags(deg_list)
        L = D * adj * D
        L = sparse.coo_matrix(L)
        rows = L.row
        cols = L.col
        idx = torch.LongTensor([rows,cols])
        vals = torch.FloatTensor(L.data)
        lap_sparse = torch.sparse.FloatTensor(idx,vals)
        return lap_sparse

    def stacked_features(self):
        user_ids = torch.LongTensor([i for i in range(self.user_count)])
        item_ids = torch.LongTensor([i for i in range(self.item_count)])
        if self.on_gpu == True:
            user_ids = user_ids.cuda()
            item_ids = item_ids.cuda()

        user_vecs = self.user_embed(user_ids)
        item_vecs = self.item_embed(item_ids)
        features = torch.cat([user_vecs,item_vecs],dim=0)
        return features

    def forward(self,user_idx,item_idx):

        item_idx = item_idx + self.user_count
        user_idx = list(user_idx.cpu().data)
        item_idx = list(item_idx.cpu().data)
        # propagate the embeddings over the graph
        features = self.stacked_features()
        all_embeds = features.clone()
        for layer in self.graph_layers:
            features = layer(self.lap,self.eye,features)
            features = nn.ReLU()(features)
            all_embeds = torch.cat([all_embeds,features.clone()],dim=1)

        user_vecs = all_embeds[user_idx]
        item_vecs = all_embeds[item_idx]
        joint = torch.cat([user_vecs,item_vecs],dim=1)

        joint = nn.ReLU()(self.head1(joint))
        joint = self.head2(joint)
        joint = self.head3(joint)
        preds = joint.flatten()

        return preds

if __name__ == '__main__':
    from toyDataset.loaddata import read_ml100k_ratings

    ratings = read_ml100k_ratings()
    user_count = ratings['userId'].max()
    item_count = ratings['itemId'].max()

    ratings['userId'] = ratings['userId'] - 1
    ratings['itemId'] = ratings['itemId'] - 1
    model = GraphCF(user_count,item_count,ratings)
