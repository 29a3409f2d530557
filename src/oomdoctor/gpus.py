"""GPUs by name, with the memory a training job can really use."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import OomdoctorError
from .i18n import _
from .units import LARGEST_SIZE, MiB, format_bytes, magnitude, parse_size

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
    # What XLA's GPU compiler is told about the card (oomdoctor compiles for it without one):
    # None for a GPU given only by its memory, which is compiled for as a Hopper card.
    compute_capability: tuple[int, int] | None = None
    sm_count: int | None = None
    memory_bandwidth: int | None = None  # bytes per second
    clock_ghz: float | None = None
    l2_bytes: int | None = None

    @property
    def hopper_or_newer(self) -> bool:
        """Hopper and newer get larger cuBLAS workspaces (and cuDNN engines); unknown cards count as Hopper."""
        return self.compute_capability is None or self.compute_capability >= (9, 0)

    @property
    def usable_bytes(self) -> int:
        """Memory left for the framework's allocator after the CUDA context."""
        return max(self.total_bytes - CUDA_CONTEXT_BYTES, 0)

    def capacity_words(self) -> str:
        """'the 15.0 GiB of T4', or 'the GPU's 12.0 GiB' for one given by its size (its name says the size)."""
        if self.name not in CATALOG:
            return _("the GPU's {size}").format(size=format_bytes(self.total_bytes))
        return _("the {size} of {gpu}").format(size=format_bytes(self.total_bytes), gpu=self.name)

    def describe(self) -> str:
        """The GPU's name, with its memory when the name does not already say it."""
        if self.name not in CATALOG:  # "GPU with 12.0 GiB" already says its size
            return self.name
        return f"{self.name} ({format_bytes(self.total_bytes)})"


# Per card: nvidia-smi's "Total" in MiB, compute capability, SMs, memory bandwidth in GB/s, boost
# clock in GHz, L2 in MiB (NVIDIA's data sheets). XLA's fusion cost model reads the bandwidth: told
# 2 TB/s instead of an H200's 4.8, it fused MobileNet-v2's step into a 100 MB smaller buffer.
_CATALOG_SPECS: dict[str, tuple[int, tuple[int, int], int, int, float, float]] = {
    "T4": (15360, (7, 5), 40, 320, 1.59, 4),
    "P100": (16384, (6, 0), 56, 732, 1.48, 4),
    "V100-16GB": (16384, (7, 0), 80, 900, 1.53, 6),
    "V100-32GB": (32768, (7, 0), 80, 900, 1.53, 6),
    "A10": (23028, (8, 6), 72, 600, 1.695, 6),
    "A10G": (23028, (8, 6), 80, 600, 1.71, 6),
    "L4": (23034, (8, 9), 58, 300, 2.04, 48),
    "L40S": (46068, (8, 9), 142, 864, 2.52, 96),
    "A6000": (49140, (8, 6), 84, 768, 1.8, 6),
    "A100-40GB": (40960, (8, 0), 108, 1555, 1.41, 40),
    "A100-80GB": (81920, (8, 0), 108, 2039, 1.41, 40),
    "H100-80GB": (81559, (9, 0), 132, 3350, 1.98, 50),
    "H200": (143771, (9, 0), 132, 4800, 1.98, 60),
    "RTX 2080 Ti": (11264, (7, 5), 68, 616, 1.545, 5.5),
    "RTX 3060": (12288, (8, 6), 28, 360, 1.777, 3),
    "RTX 3070": (8192, (8, 6), 46, 448, 1.725, 4),
    "RTX 3080": (10240, (8, 6), 68, 760, 1.71, 5),
    "RTX 3090": (24576, (8, 6), 82, 936, 1.695, 6),
    "RTX 4060": (8188, (8, 9), 24, 272, 2.46, 24),
    "RTX 4060 Ti-16GB": (16380, (8, 9), 34, 288, 2.54, 32),
    "RTX 4070": (12282, (8, 9), 46, 504, 2.475, 36),
    "RTX 4080": (16376, (8, 9), 76, 717, 2.505, 64),
    "RTX 4090": (24564, (8, 9), 128, 1008, 2.52, 72),
    "RTX 5090": (32607, (12, 0), 170, 1792, 2.41, 96),
}
CATALOG: dict[str, GPU] = {name: GPU(name, mib * MiB, cc, sms, int(bandwidth * 1e9), clock, int(l2 * MiB))
                           for name, (mib, cc, sms, bandwidth, clock, l2) in _CATALOG_SPECS.items()}

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
    """The catalogued GPU named ``name`` (letters and digits compared, an NVIDIA or GeForce prefix
    dropped); a one-line error listing the names otherwise."""
    found = _LOOKUP.get(_key(name))
    if found is None:
        raise OomdoctorError(
            _("Unknown GPU {name!r}.").format(name=name),
            _("Use one of: {names}; or give its memory with --gpu-memory 12GiB.").format(names=", ".join(CATALOG)),
        )
    return CATALOG[found]


def gpu_with_memory(size: str | int) -> GPU:
    """A GPU of ``size``: text with a unit ('12GiB'), or a number of bytes."""
    if isinstance(size, int) and not isinstance(size, bool):
        if not 0 < size <= LARGEST_SIZE:
            raise OomdoctorError(_("A GPU's memory must be a positive number of bytes, not {size}.").format(
                size=size if abs(size) < 10**30 else magnitude(size)),
                _("Give it like 12 * 2**30 or '12GiB'."))
        total = size
    else:
        total = parse_size(size)
    return GPU(_("GPU with {size}").format(size=format_bytes(total)), total)


def resolve_gpu(gpu: str | int | GPU | None) -> GPU | None:
    """A catalog name, a size ('12GiB' or bytes), or a GPU."""
    if gpu is None or isinstance(gpu, GPU):
        return gpu
    if isinstance(gpu, int) and not isinstance(gpu, bool):
        return gpu_with_memory(gpu)
    if not isinstance(gpu, str):
        from .arguments import type_error

        raise type_error("gpu", gpu, _("a GPU name ('T4'), a size ('12GiB'), a number of bytes or an oomdoctor.GPU"))
    if _key(gpu) not in _LOOKUP and re.fullmatch(r"\s*[0-9.]+\s*[a-z]*\s*", gpu, re.IGNORECASE):
        return gpu_with_memory(gpu)  # a size; "4090" is a card
    return gpu_by_name(gpu)


def past_every_gpu(device_total_bytes: int) -> str | None:
    """A sentence when no GPU in the catalog holds ``device_total_bytes`` on one device, else None."""
    largest = max(CATALOG.values(), key=lambda gpu: gpu.total_bytes)
    if device_total_bytes <= largest.total_bytes:
        return None
    return _("No GPU in the catalog holds this step: it needs about {need} on one device, and the largest, {gpu}, "
             "has {have}. Spread it over several GPUs (--strategy, --find-devices) or make it smaller (see what "
             "would help).").format(need=format_bytes(device_total_bytes), gpu=largest.name,
                                   have=format_bytes(largest.total_bytes))


def resolve_auto(gpu):
    """``gpu`` as ``oomdoctor.estimate`` takes it: "auto" becomes this machine's GPU 0, in bytes (what
    ``largest_batch`` and the training callbacks of every framework accept); anything else is returned as is."""
    return local_gpu_bytes() if isinstance(gpu, str) and gpu.strip().lower() == "auto" else gpu


def local_gpu_bytes() -> int:
    """GPU 0's memory less what other processes hold on it, from nvidia-smi (it reads NVML)."""
    import os
    import subprocess

    def query(*arguments: str) -> list[list[str]]:
        try:
            done = subprocess.run(["nvidia-smi", *arguments, "--format=csv,noheader,nounits"], capture_output=True,
                                  text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise OomdoctorError(_("gpu='auto' found no GPU here: nvidia-smi could not run ({error}).").format(
                error=f"{type(exc).__name__}: {exc}"), _auto_fix()) from None
        if done.returncode != 0:
            raise OomdoctorError(_("gpu='auto' found no GPU here: nvidia-smi said {said!r}.").format(
                said=(done.stdout + done.stderr).strip()[:200]), _auto_fix())
        return [[cell.strip() for cell in line.split(",")] for line in done.stdout.splitlines() if line.strip()]

    gpus = query("--query-gpu=uuid,memory.total")
    if not gpus:
        raise OomdoctorError(_("gpu='auto' found no GPU here: nvidia-smi lists none."), _auto_fix())
    uuid, total_mib = gpus[0][0], gpus[0][1]
    others = sum(int(used) for gpu_uuid, pid, used in query("--query-compute-apps=gpu_uuid,pid,used_memory")
                 if gpu_uuid == uuid and int(pid) != os.getpid() and used.isdigit())
    return (int(total_mib) - others) * 2**20


def _auto_fix() -> str:
    return _("Name the GPU you will train on instead: gpu='A100-40GB', or its memory, gpu='16GiB'.")


__all__ = ["GPU", "CATALOG", "past_every_gpu", "CUDA_CONTEXT_BYTES", "gpu_by_name", "gpu_with_memory", "resolve_gpu", "resolve_auto",
           "local_gpu_bytes"]


def gpu_total_bytes() -> int | None:
    """Total memory of GPU 0 without initialising a framework (NVML, else nvidia-smi)."""
    try:
        import pynvml

        pynvml.nvmlInit()
        return int(pynvml.nvmlDeviceGetMemoryInfo(pynvml.nvmlDeviceGetHandleByIndex(0)).total)
    except Exception:
        pass
    try:
        import subprocess

        out = subprocess.run(["nvidia-smi", "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=30).stdout
        return int(out.split()[0]) * 2**20
    except Exception:
        return None
