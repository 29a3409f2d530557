import torch
import torch.nn as nn

class AttnGraphLayer(nn.Module):
    # axis constants for the transductive case; an inductive variant might need others
    NODE_AXIS = 0      # axis of the node dimension ("N") in the tensors below
    HEAD_AXIS = 1       # axis of the attention heads

    def __init__(self, in_feature_dim, out_feature_dim, head_count, join_heads=True, act_fn=nn.ELU(),
                 drop_p=0.6, use_skip=True, use_bias=True):
        super().__init__()

        self.head_count = head_count
        self.out_feature_dim = out_feature_dim
        self.join_heads = join_heads  # True: concatenate the heads, False: average them
        self.use_skip = use_skip

        #
        # Learnable tensors: the shared projection W, the two halves of the attention vector a,
        # and an optional output bias (the reference implementation has one too)
        #

        # one matrix standing in for a separate W per head
        self.feature_proj = nn.Linear(in_feature_dim, head_count * out_feature_dim, bias=False)

        # The additive score of an edge uses a over the concatenation [Wh_i || Wh_j]; splitting a into a source
        # half and a destination half gives the same value as a sum of two dot products.
        # That way each node is scored once per half and the per-edge score is just an addition
        # of the two lifted node scores, which is far cheaper than concatenating per edge.
        # score_ij = LeakyReLU(a^T [Wh_i || Wh_j]) is therefore computed as
        # LeakyReLU(Wh_i . a_src + Wh_j . a_dst).
        self.attn_vec_dst = nn.Parameter(torch.Tensor(1, head_count, out_feature_dim))
        self.attn_vec_src = nn.Parameter(torch.Tensor(1, head_count, out_feature_dim))

        # the bias is optional and matters little for the results
        if use_bias and join_heads:
            self.out_bias = nn.Parameter(torch.Tensor(head_count * out_feature_dim))
        elif use_bias and not join_heads:
            self.out_bias = nn.Parameter(torch.Tensor(out_feature_dim))
        else:
            self.register_parameter('out_bias', None)

        if use_skip:
            self.skip_linear = nn.Linear(in_feature_dim, head_count * out_feature_dim, bias=False)
        else:
            self.register_parameter('skip_linear', None)

        #
        # (no more learnable tensors below)
        #

        self.leaky_act = nn.LeakyReLU(0.2)  # negative slope fixed at 0.2
        self.act_fn = act_fn
        # a single dropout module is reused on the input features, the projections and the
        # attention weights; separate modules would behave the same way.
        self.drop_layer = nn.Dropout(p=drop_p)

        self.init_weights()
        
    def forward(self, packed_data):
        #
        # part 1: project the features (with dropout)
        #

        node_features_in, edges = packed_data  # features and edge list travel together
        node_count = node_features_in.shape[self.NODE_AXIS]
        assert edges.shape[0] == 2, f'edge list must be shaped (2, E), got {edges.shape}'

        # (N, FIN): one input vector per node
        # dropout on every input feature, as the reference does
        # on Cora the inputs are very sparse, so its benefit there is doubtful
        node_features_in = self.drop_layer(node_features_in) # reference code applies it here too

        # (N, FIN) x (FIN, NH*FOUT) -> (N, NH, FOUT)
        # each node gets NH separate projected vectors, one per head
        # i.e. every head sees its own view of the node
        projected_features = self.feature_proj(node_features_in).reshape(-1, self.head_count, self.out_feature_dim)

        projected_features = self.drop_layer(projected_features) # reference code applies it here too

        #
        # part 2: attention logits per edge
        #

        # elementwise product with each half of a, then a sum over the last axis
        # (N, NH, FOUT) * (1, NH, FOUT) -> (N, NH, FOUT) -> (N, NH)
        # summing the last axis leaves one score per node and head
        # the learnable halves attn_vec_src and attn_vec_dst give the two scores
        # [this is the split form of the additive attention score described above]
        src_scores = (projected_features * self.attn_vec_src).sum(dim=-1) # (N, NH, FOUT) -> (N, NH)
        dst_scores = (projected_features * self.attn_vec_dst).sum(dim=-1) # (N, NH)
        
        # copy each node's scores (and projected features) onto the edges that use it, following the edge
        # list; only the pairs that are actual edges are built, not all N x N of them
        # (the edge list decides which).
        # per-edge scores: (E, NH); per-edge features: (E, NH, FOUT); E is the edge count
        # scores of the source and destination end of every edge
        src_scores_per_edge, dst_scores_per_edge, edge_features = self.expand_to_edges(src_scores, dst_scores, projected_features, edges)
        edge_logits = self.leaky_act(src_scores_per_edge + dst_scores_per_edge)

        # (E, NH) -> (E, NH, 1), the extra axis makes the later elementwise product broadcast
        # normalise the logits into attention weights over each node's neighbours
        edge_attn = self.softmax_over_neighbours(edge_logits, edges[1], node_count)
        # dropout on the attention weights themselves
        edge_attn = self.drop_layer(edge_attn)

        #
        # part 3: combine the neighbours
        #

        # elementwise product (same as torch.mul)
        # (E, NH, FOUT) * (E, NH, 1) -> (E, NH, FOUT), the 1 broadcasting over FOUT
        # every edge's projected features are scaled by its attention weight
        weighted_edge_features = edge_features * edge_attn

        # sum the weighted edge features into their destination nodes
        # result: (N, NH, FOUT)
        node_features_out = self.pool_neighbours(weighted_edge_features, edges, node_features_in, node_count)

        #
        # part 4: skip connection, head merge, bias
        #

        node_features_out = self.finish_output(node_features_in, node_features_out)

        return (node_features_out, edges)
    
    def init_weights(self):
        """
        Xavier-uniform (Glorot) start values, the default initialiser of the
        TensorFlow code the original authors released.
        
        That is also what TensorFlow uses when no initialiser is named;
        see the TensorFlow documentation on default variable initialisers.

        """
        nn.init.xavier_uniform_(self.feature_proj.weight)
        nn.init.xavier_uniform_(self.attn_vec_dst)
        nn.init.xavier_uniform_(self.attn_vec_src)

        if self.out_bias is not None:
            torch.nn.init.zeros_(self.out_bias)

    def expand_to_edges(self, src_scores, dst_scores, proj_feature_matrix, edges):
        """
        Copy node-level tensors onto edges, indexed by the edge list.
        The node axis (size N) becomes an edge axis (size E).
        Source scores and features follow edges[0],
        destination scores follow edges[1].
        N counts nodes, E counts edges.

        """
        # on Cora the sources look like 0, 0, 0, ..., 2707, 2707, 2707
        # and the destinations like 633, 1862, 2582, ..., 598, 1473, 2706
        src_ids = edges[0]
        dst_ids = edges[1]

        # src_scores starts as (2708, 8)
        src_scores = src_scores.index_select(self.NODE_AXIS, src_ids)
        # and is (10556, 8) afterwards
        dst_scores = dst_scores.index_select(self.NODE_AXIS, dst_ids)
        # the projected features are (2708, 8, 8) here
        edge_feature_matrix = proj_feature_matrix.index_select(self.NODE_AXIS, src_ids)
        # and (10556, 8, 8) once copied per edge

        return src_scores, dst_scores, edge_feature_matrix

    def softmax_over_neighbours(self, edge_logits, dst_index, node_count):
        """
        Softmax of the edge logits among the edges that share a destination.
        """

        # numerator: shift the logits so that the largest is 0, keeping exp() at most 1
        # (subtracting the maximum keeps the exponentials from overflowing)
        edge_logits = edge_logits - edge_logits.max()
        exp_logits = edge_logits.exp()

        # denominator per edge, shape (E, NH)
        neighbour_denominator = self.neighbour_exp_sums(exp_logits, dst_index, node_count)

        # the 1e-16 only guards against a division by zero
        edge_attn = exp_logits / (neighbour_denominator + 1e-16)
        # (E, NH) -> (E, NH, 1) so it multiplies the per-edge features elementwise

        return edge_attn.unsqueeze(-1)
    
    def neighbour_exp_sums(self, exp_logits, dst_index, node_count):
        # repeat the destination ids across the heads
        # E -> (E, NH)
        dst_index_wide = self.broadcast_like(dst_index, exp_logits)

        # (N, NH)
        sums_shape = list(exp_logits.shape)  # a list, so one entry can be replaced
        sums_shape[self.NODE_AXIS] = node_count
        per_node_sums = torch.zeros(sums_shape, dtype=exp_logits.dtype, device=exp_logits.device)

        # add every edge's exp value into the row of its destination node,
        # which leaves each node with the sum over its incoming edges
        per_node_sums.scatter_add_(self.NODE_AXIS, dst_index_wide, exp_logits)

        # hand each edge the sum of its destination node again
        # (every edge into node i gets node i's sum)
        # (N, NH) -> (E, NH)
        return per_node_sums.index_select(self.NODE_AXIS, dst_index)

    def pool_neighbours(self, weighted_edge_features, edges, node_features_in, node_count):
        # (E, NH, FOUT) -> (N, NH, FOUT)
        node_features_out = torch.zeros(node_count, *weighted_edge_features.shape[1:], dtype=node_features_in.dtype, device=node_features_in.device)

        # (E) -> (E, NH, FOUT)
        dst_index_wide = self.broadcast_like(edges[1], weighted_edge_features)
        # sum the weighted per-edge features into their destination nodes, for every head
        # (E, NH, FOUT) -> (N, NH, FOUT)
        node_features_out.scatter_add_(self.NODE_AXIS, dst_index_wide, weighted_edge_features)

        return node_features_out

    def broadcast_like(self, small, big):
        # append size-1 axes until both have the same rank
        for _ in range(small.dim(), big.dim()):
            small = small.unsqueeze(-1) # one more trailing axis

        # expand is a view: nothing is copied, the size-1 axes just repeat
        return small.expand_as(big)
    
    def finish_output(self, node_features_in, node_features_out):
        if self.use_skip:  # residual path
            if node_features_out.shape[-1] == node_features_in.shape[-1]:  # FIN equals FOUT
                # (N, FIN) -> (N, 1, FIN) broadcasts over the NH heads of (N, NH, FOUT),
                # so the input vector is added once per head
                node_features_out += node_features_in.unsqueeze(1)
            else:
                # sizes differ: project the input to NH*FOUT first; this extra matrix adds
                # many parameters and can make the model overfit
                node_features_out += self.skip_linear(node_features_in).reshape(-1, self.head_count, self.out_feature_dim)
        if self.join_heads:
            # (N, NH, FOUT) -> (N, NH*FOUT)
            node_features_out = node_features_out.reshape(-1, self.head_count * self.out_feature_dim)
        else:
            # (N, NH, FOUT) -> (N, FOUT)
            node_features_out = node_features_out.mean(dim=self.HEAD_AXIS)

        if self.out_bias is not None:
            node_features_out += self.out_bias

        return node_features_out if self.act_fn is None else self.act_fn(node_features_out)