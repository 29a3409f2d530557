"""
Graph attention network, after Velickovic et al., ICLR 2018.

Original TensorFlow code: https://github.com/PetarV-/GAT
Layer follows the PyTorch port at https://github.com/gordicaleksa/pytorch-GAT
"""

import torch.nn as nn

from layer import AttnGraphLayer

class GraphAttnModel(nn.Module):
    def __init__(self, in_feature_dim, class_count, use_skip=True, use_bias=True, drop_p=0.6):
        super().__init__()

        self.layer_stack = nn.Sequential(
            AttnGraphLayer(
                in_feature_dim=in_feature_dim,  # raw node features go in
                out_feature_dim=8,
                head_count=8,
                join_heads=True,
                act_fn=nn.ELU(),
                drop_p=drop_p,
                use_skip=use_skip,
                use_bias=use_bias
            ),
            AttnGraphLayer(
                in_feature_dim=8 * 8,  # 8 heads of 8 features, concatenated
                out_feature_dim=class_count,
                head_count=1,
                join_heads=False,  # the output layer averages its heads instead of concatenating
                act_fn=None,  # raw class scores (logits) come out
                drop_p=drop_p,
                use_skip=use_skip,
                use_bias=use_bias
            )
        )

    # the input is one (node features, edge list) tuple, since nn.Sequential hands a single
    # argument from layer to layer
    def forward(self, packed_data):
        return self.layer_stack(packed_data)