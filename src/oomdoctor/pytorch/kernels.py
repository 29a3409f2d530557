"""The kernels CUDA would choose, where the CPU trace would choose others that hold different memory.

``scaled_dot_product_attention`` is the one that matters: on a CPU it falls
back to the math path (softmax of the full L x L score matrix, kept for the
backward pass: 384 MiB per GPT-2 layer at batch 8), while on an Ampere or
newer GPU it runs FlashAttention (float16/bfloat16, no mask) or the
memory-efficient kernel (any float dtype, with a mask), which keep only the
output and one log-sum-exp per query row. The choice follows
``sdp_utils.cpp``'s default order: flash, then memory-efficient, then math.
For the trace, the AutogradCPU kernel of ``aten::scaled_dot_product_attention``
is replaced by one that calls the chosen CUDA op, whose meta kernel and
derivative formula are what the GPU would run.

Dropout too: on a CPU ``aten::dropout`` draws a float mask the size of its
input and keeps it for the backward pass (``_dropout_impl``); on a CUDA device
it runs the fused ``native_dropout``, which keeps a one-byte boolean mask
(``is_fused_kernel_acceptable`` in aten/src/ATen/native/Dropout.cpp).
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Iterator


def _attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, *, scale=None,
               enable_gqa=False):
    import torch

    aten = torch.ops.aten
    head_dim = query.shape[-1]
    same_heads = query.shape[-3:-2] == key.shape[-3:-2] or not enable_gqa
    if (query.dim() == 4 and same_heads and head_dim % 8 == 0 and head_dim <= 256
            and query.dtype in (torch.float16, torch.bfloat16) and attn_mask is None):
        return aten._scaled_dot_product_flash_attention(query, key, value, dropout_p, is_causal, scale=scale)[0]
    if query.dim() == 4 and same_heads and query.dtype in (torch.float16, torch.bfloat16, torch.float32):
        if attn_mask is not None and attn_mask.dtype == torch.bool:
            # sdpa turns a boolean mask into an additive one of the query's dtype
            attn_mask = torch.zeros(attn_mask.shape, dtype=query.dtype, device=query.device)
        if attn_mask is not None:
            attn_mask = attn_mask.to(query.dtype).expand(query.shape[0], query.shape[1], query.shape[2],
                                                         key.shape[2])
        compute_log_sumexp = any(t.requires_grad for t in (query, key, value))
        return aten._scaled_dot_product_efficient_attention(query, key, value, attn_mask, compute_log_sumexp,
                                                            dropout_p, is_causal, scale=scale)[0]
    return aten.scaled_dot_product_attention.default.decompose(query, key, value, attn_mask, dropout_p, is_causal,
                                                               scale=scale, enable_gqa=enable_gqa)


def _dropout(input, p, train):
    import torch

    if train and 0 < p < 1 and input.numel() > 0:
        return torch.ops.aten.native_dropout(input, p, train)[0]
    return torch.ops.aten.dropout.default.decompose(input, p, train)


@contextlib.contextmanager
def cuda_kernels() -> Iterator[None]:
    """While active, CPU-traced attention and fused dropout take the kernels CUDA would (their
    memory-efficient forms), so the trace keeps what a GPU step keeps."""
    import torch

    library = torch.library.Library("aten", "IMPL")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            library.impl("scaled_dot_product_attention", _attention, "AutogradCPU")
            library.impl("dropout", _dropout, "AutogradCPU")
        yield
    finally:
        library._destroy()
