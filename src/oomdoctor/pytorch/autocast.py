"""CUDA's autocast rules, applied to the CPU fake tensors the step is traced on.

There is no GPU here, so the step runs on fake CPU tensors under
``torch.autocast("cpu")``. CPU autocast casts the same compute-heavy ops to
bfloat16/float16 as CUDA's (convolutions, matmuls, ``linear``, attention) and
caches the cast copies of the weights the same way, but it keeps fewer ops
in float32: on CUDA ``layer_norm``, ``softmax``, ``exp``, ``pow`` and the
losses run in float32 and return float32 tensors, which the next matmul must
cast again. Those allocations are real on the GPU, so for the duration of a
trace the AutocastCPU kernels of CUDA's float32 ops are replaced by kernels
that follow CUDA's policy.

The op lists are ``AT_FORALL_FP32`` and ``AT_FORALL_FP32_SET_OPT_DTYPE`` of
``ATen/autocast_mode.h`` (torch 2.13); the CUDA kernels there are generated
from these lists, so they are the policy, not a summary of it.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Iterator

# Run in float32 whatever their inputs (casts lower-precision inputs up).
FP32 = (
    "acos", "asin", "cosh", "erfinv", "exp", "expm1", "log", "log10", "log2", "log1p", "reciprocal",
    "rsqrt", "sinh", "tan", "pow", "softplus", "layer_norm", "native_layer_norm", "group_norm", "rms_norm",
    "frobenius_norm", "nuclear_norm", "cosine_similarity", "poisson_nll_loss", "cosine_embedding_loss",
    "nll_loss", "nll_loss2d", "hinge_embedding_loss", "kl_div", "l1_loss", "smooth_l1_loss", "huber_loss",
    "mse_loss", "margin_ranking_loss", "multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss",
    "multi_margin_loss", "binary_cross_entropy_with_logits", "dist", "pdist", "cdist", "renorm", "logsumexp",
    "upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d", "upsample_linear1d",
    "upsample_bilinear2d", "upsample_trilinear3d", "upsample_bicubic2d",
)
# Given a lower-precision input and no dtype, run with dtype=float32.
FP32_SET_OPT_DTYPE = ("softmax", "log_softmax", "cumsum", "cumprod", "prod", "sum",
                      "linalg_vector_norm", "linalg_matrix_norm")


def _lower(value) -> bool:
    import torch

    return isinstance(value, torch.Tensor) and value.dtype in (torch.bfloat16, torch.float16)


def _fp32_kernel(op):
    import torch

    keys = torch._C.DispatchKeySet(torch._C.DispatchKey.AutocastCPU)

    def kernel(*args, **kwargs):
        with torch._C._ExcludeDispatchKeyGuard(keys):
            args = [a.float() if _lower(a) else a for a in args]
            kwargs = {k: v.float() if _lower(v) else v for k, v in kwargs.items()}
            return op(*args, **kwargs)

    return kernel


def _set_opt_dtype_kernel(op, dtype_index: int):
    import torch

    keys = torch._C.DispatchKeySet(torch._C.DispatchKey.AutocastCPU)

    def kernel(*args, **kwargs):
        with torch._C._ExcludeDispatchKeyGuard(keys):
            given = args[dtype_index] if len(args) > dtype_index else kwargs.get("dtype")
            if args and _lower(args[0]) and given is None:
                if len(args) > dtype_index:
                    args = (*args[:dtype_index], torch.float32, *args[dtype_index + 1:])
                else:
                    kwargs = {**kwargs, "dtype": torch.float32}
            return op(*args, **kwargs)

    return kernel


@contextlib.contextmanager
def cuda_policy() -> Iterator[None]:
    """Within this block, CPU autocast treats CUDA's float32 ops as CUDA does."""
    import torch

    library = torch.library.Library("aten", "IMPL")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "overriding a previously registered kernel"
            for name in FP32 + FP32_SET_OPT_DTYPE:
                packet = getattr(torch.ops.aten, name, None)
                if packet is None:
                    continue
                for overload_name in packet.overloads():
                    overload = getattr(packet, overload_name)
                    schema = overload._schema
                    if any(a.is_out for a in schema.arguments) or not schema.returns:
                        continue
                    qualified = name if overload_name == "default" else f"{name}.{overload_name}"
                    if name in FP32:
                        kernel = _fp32_kernel(overload)
                    else:
                        names = [a.name for a in schema.arguments]
                        if "dtype" not in names:
                            continue
                        kernel = _set_opt_dtype_kernel(overload, names.index("dtype"))
                    library.impl(qualified, kernel, "AutocastCPU")
        yield
    finally:
        library._destroy()
