"""
Sparsemax (Martins & Astudillo, "From Softmax to Sparsemax", ICML 2016),
applied per group: the entries that share a batch index are normalised together.
A reference version without groups lives in OpenNMT-py
(onmt/modules/sparse_activations.py).

Adapted here so that it works on scattered inputs, one simplex per group
of the batch vector.

Example:
>> vals = torch.tensor([ 1.7301,  0.6792, -1.0565,  1.6614, -0.3196, -0.7790, -0.3877, -0.4943,
         0.1831, -0.0061])
>> groups = torch.tensor([0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
>> attn = SparseMaxAttn()
>> out = attn(vals, groups)
>> print(out)
tensor([0.5343, 0.0000, 0.0000, 0.4657, 0.0612, 0.0000, 0.0000, 0.0000, 0.5640,
        0.3748])

"""
import torch
import torch.nn as nn
from torch.autograd import Function
from torch_scatter import scatter_add, scatter_max


def grouped_sort_desc(vals, batch_vec, pad_value=-1e16):
    group_sizes = scatter_add(batch_vec.new_ones(vals.size(0)), batch_vec, dim=0)
    n_groups, widest = group_sizes.size(0), group_sizes.max().item()

    starts = torch.cat([group_sizes.new_zeros(1), group_sizes.cumsum(dim=0)[:-1]], dim=0)

    slot = torch.arange(batch_vec.size(0), dtype=torch.long, device=vals.device)
    slot = (slot - starts[batch_vec]) + (batch_vec * widest)

    padded = vals.new_full((n_groups * widest,), pad_value)
    padded[slot] = vals
    padded = padded.view(n_groups, widest)

    sorted_vals, _ = padded.sort(dim=-1, descending=True)
    running_sum = sorted_vals.cumsum(dim=-1)
    running_sum = running_sum.view(-1)

    sorted_vals = sorted_vals.view(-1)
    real = sorted_vals != pad_value

    sorted_vals = sorted_vals[real]
    running_sum = running_sum[real]

    return sorted_vals, running_sum


def _ranks_within_groups(batch_vec):
    group_sizes = scatter_add(batch_vec.new_ones(batch_vec.size(0)), batch_vec, dim=0)
    ranks = [torch.arange(1, i + 1, dtype=torch.long, device=batch_vec.device) for i in group_sizes]
    ranks = torch.cat(ranks, dim=0)

    return ranks


def _sparsemax_tau(vals, batch_vec):
    """Threshold of sparsemax for each group.
    In:
        vals: scores to normalise
        batch_vec: group of each score
    Out:
        the per-group threshold and support size
    """
    group_sizes = scatter_add(batch_vec.new_ones(vals.size(0)), batch_vec, dim=0)
    starts = torch.cat([group_sizes.new_zeros(1), group_sizes.cumsum(dim=0)[:-1]], dim=0)

    srt, csum = grouped_sort_desc(vals, batch_vec)
    csum = csum - 1.0
    k_vals = _ranks_within_groups(batch_vec).to(vals.dtype)
    in_support = k_vals * srt > csum

    n_support = scatter_add(in_support.to(batch_vec.dtype), batch_vec)
    # negative positions (group ids not starting at 0, or with gaps) are clamped to 0
    last_pos = n_support + starts - 1
    bad_mask = last_pos < 0
    last_pos[bad_mask] = 0
    thresh = csum.gather(0, last_pos)
    thresh /= n_support.to(vals.dtype)

    return thresh, n_support


class SparseMaxFn(Function):

    @staticmethod
    def forward(ctx, vals, batch_vec):
        """Grouped sparsemax, forward pass.
        In:
            ctx: autograd context
            vals (Tensor): 1-D scores
            batch_vec: group of each score
        Out:
            tensor of the same shape, summing to 1 per group
        """
        group_max, _ = scatter_max(vals, batch_vec)
        vals -= group_max[batch_vec]
        thresh, n_supp = _sparsemax_tau(vals, batch_vec)
        result = torch.clamp(vals - thresh[batch_vec], min=0)
        ctx.save_for_backward(n_supp, result, batch_vec)

        return result

    @staticmethod
    def backward(ctx, grad_out):
        n_supp, result, batch_vec = ctx.saved_tensors
        grad_in = grad_out.clone()
        grad_in[result == 0] = 0

        mean_grad = scatter_add(grad_in, batch_vec) / n_supp.to(result.dtype)
        grad_in = torch.where(result != 0, grad_in - mean_grad[batch_vec], grad_in)

        return grad_in, None


sparse_max_apply = SparseMaxFn.apply


class SparseMaxAttn(nn.Module):

    def __init__(self):
        super(SparseMaxAttn, self).__init__()

    def forward(self, vals, batch_vec):
        return sparse_max_apply(vals, batch_vec)


if __name__ == '__main__':
    attn = SparseMaxAttn()
    demo_x = torch.tensor([1.7301, 0.6792, -1.0565, 1.6614, -0.3196, -0.7790, -0.3877, -0.4943, 0.1831, -0.0061])
    demo_batch = torch.cat([torch.zeros(4, dtype=torch.long), torch.ones(6, dtype=torch.long)], dim=0)
    demo_out = attn(demo_x, demo_batch)
    print(demo_out)
