import torch
import torch.nn as nn
import torch.nn.functional as F
from sparse_softmax import SparseMaxAttn
from torch.nn import Parameter
from torch_geometric.data import Data
from torch_geometric.nn.conv import MessagePassing
from torch_geometric.nn.pool.topk_pool import topk, filter_adj
from torch_geometric.utils import softmax, dense_to_sparse, add_remaining_self_loops
from torch_scatter import scatter_add
from torch_sparse import spspmm, coalesce


class AddTwoHopEdges(object):
    def __call__(self, graph):
        edges, edge_w = graph.edge_index, graph.edge_attr
        n_nodes = graph.num_nodes

        big = 1e16
        vals = edges.new_full((edges.size(1),), big, dtype=torch.float)

        two_hop, vals = spspmm(edges, vals, edges, vals, n_nodes, n_nodes, n_nodes, True)

        edges = torch.cat([edges, two_hop], dim=1)
        if edge_w is None:
            graph.edge_index, _ = coalesce(edges, None, n_nodes, n_nodes)
        else:
            vals = vals.view(-1, *[1 for _ in range(edge_w.dim() - 1)])
            vals = vals.expand(-1, *list(edge_w.size())[1:])
            edge_w = torch.cat([edge_w, vals], dim=0)
            graph.edge_index, edge_w = coalesce(edges, edge_w, n_nodes, n_nodes, op='min', fill_value=big)
            edge_w[edge_w >= big] = 0
            graph.edge_attr = edge_w

        return graph

    def __repr__(self):
        return '{}()'.format(self.__class__.__name__)


class PlainGCN(MessagePassing):
    def __init__(self, c_in, c_out, use_cache=False, with_bias=True, **extra):
        super(PlainGCN, self).__init__(aggr='add', **extra)

        self.c_in = c_in
        self.c_out = c_out
        self.use_cache = use_cache
        self.cache_value = None
        self.cache_edge_count = None

        self.weight = Parameter(torch.Tensor(c_in, c_out))
        nn.init.xavier_uniform_(self.weight.data)

        if with_bias:
            self.bias = Parameter(torch.Tensor(c_out))
            nn.init.zeros_(self.bias.data)
        else:
            self.register_parameter('bias', None)

        self.reset_parameters()

    def reset_parameters(self):
        self.cache_value = None
        self.cache_edge_count = None

    @staticmethod
    def sym_normalize(edges, n_nodes, edge_w, as_dtype=None):
        if edge_w is None:
            edge_w = torch.ones((edges.size(1),), dtype=as_dtype, device=edges.device)

        src, dst = edges
        degree = scatter_add(edge_w, src, dim=0, dim_size=n_nodes)
        inv_sqrt_deg = degree.pow(-0.5)
        inv_sqrt_deg[inv_sqrt_deg == float('inf')] = 0

        return edges, inv_sqrt_deg[src] * edge_w * inv_sqrt_deg[dst]

    def forward(self, x, edges, edge_w=None):
        x = torch.matmul(x, self.weight)

        if self.use_cache and self.cache_value is not None:
            if edges.size(1) != self.cache_edge_count:
                raise RuntimeError(
                    'cache holds {} edges, this graph has {}'.format(self.cache_edge_count, edges.size(1)))

        if not self.use_cache or self.cache_value is None:
            self.cache_edge_count = edges.size(1)
            edges, coef = self.sym_normalize(edges, x.size(0), edge_w, x.dtype)
            self.cache_value = edges, coef

        edges, coef = self.cache_value

        return self.propagate(edges, x=x, norm=coef)

    def message(self, x_j, norm):
        return norm.view(-1, 1) * x_j

    def update(self, aggregated):
        if self.bias is not None:
            aggregated = aggregated + self.bias
        return aggregated

    def __repr__(self):
        return '{}({}, {})'.format(self.__class__.__name__, self.c_in, self.c_out)


class InfoScore(MessagePassing):
    def __init__(self, improve_flag=False, use_cache=False, **extra):
        super(InfoScore, self).__init__(aggr='add', **extra)

        self.improve_flag = improve_flag
        self.use_cache = use_cache
        self.cache_value = None
        self.cache_edge_count = None

    @staticmethod
    def sym_normalize(edges, n_nodes, edge_w, as_dtype=None):
        if edge_w is None:
            edge_w = torch.ones((edges.size(1),), dtype=as_dtype, device=edges.device)

        src, dst = edges
        degree = scatter_add(edge_w, src, dim=0, dim_size=n_nodes)
        inv_sqrt_deg = degree.pow(-0.5)
        inv_sqrt_deg[inv_sqrt_deg == float('inf')] = 0

        edges, edge_w = add_remaining_self_loops(edges, edge_w, 0, n_nodes)

        src, dst = edges
        self_loop_ind = torch.zeros((edge_w.size(0),), dtype=as_dtype, device=edges.device)
        self_loop_ind[-n_nodes:] = torch.ones((n_nodes,), dtype=as_dtype, device=edges.device)

        return edges, self_loop_ind - inv_sqrt_deg[src] * edge_w * inv_sqrt_deg[dst]

    def forward(self, x, edges, edge_w):
        if self.use_cache and self.cache_value is not None:
            if edges.size(1) != self.cache_edge_count:
                raise RuntimeError(
                    'cache holds {} edges, this graph has {}'.format(self.cache_edge_count, edges.size(1)))

        if not self.use_cache or self.cache_value is None:
            self.cache_edge_count = edges.size(1)
            edges, coef = self.sym_normalize(edges, x.size(0), edge_w, x.dtype)
            self.cache_value = edges, coef

        edges, coef = self.cache_value

        return self.propagate(edges, x=x, norm=coef)

    def message(self, x_j, norm):
        return norm.view(-1, 1) * x_j

    def update(self, aggregated):
        return aggregated


class StructPool(torch.nn.Module):
    def __init__(self, c_in, keep_ratio=0.8, use_sampling=False, use_sparsemax=False, learn_structure=True, lam=1.0, leak=0.2):
        super(StructPool, self).__init__()
        self.c_in = c_in
        self.keep_ratio = keep_ratio
        self.use_sampling = use_sampling
        self.use_sparsemax = use_sparsemax
        self.learn_structure = learn_structure
        self.leak = leak
        self.lam = lam

        self.attn_vec = Parameter(torch.Tensor(1, self.c_in * 2))
        nn.init.xavier_uniform_(self.attn_vec.data)
        self.sparsemax_attn = SparseMaxAttn()
        self.two_hop = AddTwoHopEdges()
        self.info_score = InfoScore()

    def forward(self, x, edges, edge_w, batch_vec=None):
        if batch_vec is None:
            batch_vec = edges.new_zeros(x.size(0))

        info = self.info_score(x, edges, edge_w)
        node_score = torch.sum(torch.abs(info), dim=1)

        # keep the top-scoring nodes
        x_before = x
        keep_idx = topk(node_score, self.keep_ratio, batch_vec)
        x = x[keep_idx]
        batch_vec = batch_vec[keep_idx]
        sub_edges, sub_edge_w = filter_adj(edges, edge_w, keep_idx, num_nodes=node_score.size(0))

        # without structure learning the induced subgraph is the result
        if self.learn_structure is False:
            return x, sub_edges, sub_edge_w, batch_vec

        # learn new edge weights
        if self.use_sampling:
            # sampled variant, meant for big graphs:
            # scoring every node pair would be slow there, so
            # only pairs within a few hops of each other in the
            # input graph get a learned weight.
            hops = 3
            if edge_w is None:
                edge_w = torch.ones((edges.size(1),), dtype=torch.float, device=edges.device)

            hop_graph = Data(x=x_before, edge_index=edges, edge_attr=edge_w)
            for _ in range(hops - 1):
                hop_graph = self.two_hop(hop_graph)
            hop_edges = hop_graph.edge_index
            hop_edge_w = hop_graph.edge_attr
            out_edges, out_edge_w = filter_adj(hop_edges, hop_edge_w, keep_idx, num_nodes=node_score.size(0))

            out_edges, out_edge_w = add_remaining_self_loops(out_edges, out_edge_w, 0, x.size(0))
            src, dst = out_edges
            scores = (torch.cat([x[src], x[dst]], dim=1) * self.attn_vec).sum(dim=-1)
            scores = F.leaky_relu(scores, self.leak) + out_edge_w * self.lam
            dense_adj = torch.zeros((x.size(0), x.size(0)), dtype=torch.float, device=x.device)
            dense_adj[src, dst] = scores
            out_edges, scores = dense_to_sparse(dense_adj)
            src, dst = out_edges
            if self.use_sparsemax:
                out_edge_w = self.sparsemax_attn(scores, src)
            else:
                out_edge_w = softmax(scores, src, x.size(0))
            # edges whose weight came out zero are dropped
            dense_adj[src, dst] = out_edge_w
            out_edges, out_edge_w = dense_to_sparse(dense_adj)
            # free the dense matrix on the GPU
            del dense_adj
            torch.cuda.empty_cache()
        else:
            # dense variant: every node pair inside each pooled graph gets a weight (slower).
            if edge_w is None:
                sub_edge_w = torch.ones((sub_edges.size(1),), dtype=x.dtype,
                                               device=sub_edges.device)
            nodes_per_graph = scatter_add(batch_vec.new_ones(x.size(0)), batch_vec, dim=0)
            graph_starts = torch.cat([nodes_per_graph.new_zeros(1), nodes_per_graph.cumsum(dim=0)[:-1]], dim=0)
            graph_ends = nodes_per_graph.cumsum(dim=0)
            dense_adj = torch.zeros((x.size(0), x.size(0)), dtype=torch.float, device=x.device)
            # one all-ones block per graph on the diagonal
            for lo, hi in zip(graph_starts, graph_ends):
                dense_adj[lo:hi, lo:hi] = 1.0
            out_edges, _ = dense_to_sparse(dense_adj)
            src, dst = out_edges

            scores = (torch.cat([x[src], x[dst]], dim=1) * self.attn_vec).sum(dim=-1)
            scores = F.leaky_relu(scores, self.leak)
            dense_adj[src, dst] = scores
            sub_src, sub_dst = sub_edges

            dense_adj[sub_src, sub_dst] += sub_edge_w * self.lam
            scores = dense_adj[src, dst]
            if self.use_sparsemax:
                out_edge_w = self.sparsemax_attn(scores, src)
            else:
                out_edge_w = softmax(scores, src, x.size(0))
            # edges whose weight came out zero are dropped
            dense_adj[src, dst] = out_edge_w
            out_edges, out_edge_w = dense_to_sparse(dense_adj)
            # free the dense matrix on the GPU
            del dense_adj
            torch.cuda.empty_cache()

        return x, out_edges, out_edge_w, batch_vec
