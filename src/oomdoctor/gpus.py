"""GPUs by name, with the memory a training job can really use."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import OomdoctorError
from .i18n import _
from .units import MiB, format_bytes, parse_size

# What the CUDA context, cuBLAS/cuDNN kernels and handles take before the
# framework allocates anything. Measured on an H200 (CUDA 13, lazy module
# loading): nvidia-smi's process figure minus the allocator's reserved pool was
# 742-760 MiB for torch jobs and ~750 MiB for JAX ones. Older GPUs and CUDA
# versions load fewer kernels; using the larger figure stays on the safe side.
CUDA_CONTEXT_BYTES = 760 * MiB


@dataclass(frozen=True)
class GPU:
    name: str
    total_bytes: int  # what nvidia-smi shows as "Total"

    @property
    def usable_bytes(self) -> int:
        """Memory left for the framework's allocator after the CUDA context."""
        return max(self.total_bytes - CUDA_CONTEXT_BYTES, 0)

    def describe(self) -> str:
        if self.name not in CATALOG:  # "GPU with 12.0 GiB" already says its size
            return self.name
        return f"{self.name} ({format_bytes(self.total_bytes)})"


# nvidia-smi's "Total" for each card, in MiB.
_CATALOG_MIB: dict[str, int] = {
    "T4": 15360,
    "P100": 16384,
    "V100-16GB": 16384,
    "V100-32GB": 32768,
    "A10": 23028,
    "A10G": 23028,
    "L4": 23034,
    "L40S": 46068,
    "A6000": 49140,
    "A100-40GB": 40960,
    "A100-80GB": 81920,
    "H100-80GB": 81559,
    "H200": 143771,
    "RTX 2080 Ti": 11264,
    "RTX 3060": 12288,
    "RTX 3070": 8192,
    "RTX 3080": 10240,
    "RTX 3090": 24576,
    "RTX 4060": 8188,
    "RTX 4060 Ti-16GB": 16380,
    "RTX 4070": 12282,
    "RTX 4080": 16376,
    "RTX 4090": 24564,
    "RTX 5090": 32607,
}
CATALOG: dict[str, GPU] = {name: GPU(name, mib * MiB) for name, mib in _CATALOG_MIB.items()}

# Names people type: "a100", "A100 80GB", "rtx4090", "4090", "v100".
_ALIASES = {"V100": "V100-16GB", "A100": "A100-40GB", "H100": "H100-80GB", "4060 Ti": "RTX 4060 Ti-16GB"}


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower()).removeprefix("nvidia").removeprefix("geforce")


_LOOKUP: dict[str, str] = {}
for _name in CATALOG:
    _LOOKUP[_key(_name)] = _name
    _LOOKUP[_key(_name.removeprefix("RTX "))] = _name
for _alias, _name in _ALIASES.items():
    _LOOKUP[_key(_alias)] = _name


def gpu_by_name(name: str) -> GPU:
    found = _LOOKUP.get(_key(name))
    if found is None:
        raise OomdoctorError(
            _("Unknown GPU {name!r}.").format(name=name),
            _("Use one of: {names}; or give its memory with --gpu-memory 12GiB.").format(names=", ".join(CATALOG)),
        )
    return CATALOG[found]


def gpu_with_memory(size: str | int) -> GPU:
    total = size if isinstance(size, int) else parse_size(size)
    return GPU(_("GPU with {size}").format(size=format_bytes(total)), total)


def resolve_gpu(gpu: str | int | GPU | None) -> GPU | None:
    """A catalog name, a size ('12GiB' or bytes), or a GPU."""
    if gpu is None or isinstance(gpu, GPU):
        return gpu
    if isinstance(gpu, int) or re.fullmatch(r"\s*[0-9.]+\s*[kmgt]?i?b?\s*", str(gpu), re.IGNORECASE):
        return gpu_with_memory(gpu)
    return gpu_by_name(gpu)


__all__ = ["GPU", "CATALOG", "CUDA_CONTEXT_BYTES", "gpu_by_name", "gpu_with_memory", "resolve_gpu"]
