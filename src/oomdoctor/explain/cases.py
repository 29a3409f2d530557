"""From a log's facts to what happened and what to do: a decision procedure with named cases.

The cases are tried roughly in this order, and the first whose evidence holds names the failure (``choose`` has
the exact order: some evidence is tested early, e.g. another process holding the device comes before a weight's
initializer, and an optimizer's op before an initializer). Each has its own advice, because the usual advice
("use a smaller batch") is wrong for most of them.

===========================  =====================================================  ==========================
case                         evidence                                               first fix
===========================  =====================================================  ==========================
``not-oom``                  no allocation failed (or only warnings that say so)    look elsewhere
``nccl-buffers``             NCCL could not allocate its own buffers (on the GPU,   NCCL's buffer sizes, the
                             or its shared-memory segments in /dev/shm)             room in /dev/shm
``host-memory``              a host allocator ran out (PyTorch's CPU allocator,     host RAM, not the GPU
                             NumPy, TensorFlow's pinned ``cuda_host_bfc``; a
                             pinned block of a few bytes: preallocation, below)
``mps-watermark``            Apple's MPS allocator hit its high watermark           the watermark ratio
``larger-than-device``       one request is larger than the whole device            a shape bug or a model too
                                                                                    large; no batch fixes it
``compile-time``             XLA's autotuning (a candidate's workspace over the     the compiler's settings
                             scratch allocator's own cap, while profiling), a TPU
                             program's requirement, TensorRT's builder timing
                             tactics
``weights-or-loading``       an initializer, a model being loaded or moved, an      the batch is irrelevant
                             array copied to the GPU (XLA's program of one array
                             in and one out: tried only after the limits below)
``optimizer-update``         the optimizer's update or its slots                    less optimizer state
``fragmentation``            free in total but not in one piece                     the allocator's settings
``limit-or-other-process``   the device had room, but a limit or another process    the limit, or the process
                             held it
``preallocation``            a framework took the device at start and a library     memory growth
                             (cuBLAS, cuDNN) or a second framework found none (or
                             the driver no GPU memory to map a tiny pinned block;
                             another allocator in PyTorch's process held it; the
                             pool's own grab at start, the size of the device)
``which-gpu``                several GPUs, and one carries more than the others     balance or pick the GPU
                             (or the other ranks' equal shares on the failing one;
                             llama.cpp's compute buffer on one GPU of a split
                             model; a GPU table with one GPU full and the rest
                             empty in a job of one process per GPU)
``activations-batch``        the step at this batch needs more than is free         batch, precision,
                                                                                    checkpointing
===========================  =====================================================  ==========================
"""

from __future__ import annotations

import re

from ..gpus import CATALOG, CUDA_CONTEXT_BYTES
from ..i18n import _
from ..units import MiB, format_bytes
from .reading import LARGEST, NO_MACHINE_HAS, Facts

CASES = ("not-oom", "nccl-buffers", "host-memory", "mps-watermark", "larger-than-device", "compile-time",
         "weights-or-loading", "optimizer-update", "fragmentation", "limit-or-other-process", "preallocation",
         "which-gpu", "activations-batch")

# A share of the device that is "a lot": memory held elsewhere past this explains a failure
_NOTABLE = 0.10
# How far two sizes a log prints may differ and still be one figure (two decimals of GiB or MiB)
_PRINTED = 0.01
# TensorFlow's BFC pool is what the driver said was free when the process started, less a small reserve: a
# pool under this is less than a GPU of 1 GiB with nothing else on it would give
_SMALL_POOL = 512 * MiB
# ... and a pool under this one holds no model at all (a Jetson's, made of shared memory, has hundreds of MiB): what
# the driver had free was all but gone when TensorFlow started, and the failing op, a weight's or a step's, is no clue
_TINY_POOL = 64 * MiB


# The frameworks whose allocator takes most of the GPU at start: TensorFlow's BFC pool, and XLA's GPU client under JAX
# and under Elixir's EXLA (the same client, its share set by EXLA's own options)
_POOL_AT_START = ("tensorflow", "jax", "exla")


def capacity(facts: Facts) -> int | None:
    """What the allocator could have had: its limit when the log states one, else the device's total."""
    return facts.limit_bytes or facts.total_bytes


def _unused_reserve(facts: Facts) -> int | None:
    """PyTorch: memory its cache holds but no tensor uses."""
    if facts.reserved_bytes is None or facts.allocated_bytes is None:
        return None
    return max(facts.reserved_bytes - facts.allocated_bytes, 0)


def _held_elsewhere(facts: Facts) -> int | None:
    """Device memory that neither this process nor the free pool accounts for: other processes'."""
    if facts.other_process_bytes:
        return facts.other_process_bytes
    if facts.total_bytes and facts.free_bytes is not None and "free_at_start" in facts.clues:
        # TensorFlow's start-up lines: what was not free before this process allocated anything, others held
        return max(facts.total_bytes - facts.free_bytes, 0)
    if facts.total_bytes and facts.free_bytes is not None and facts.in_use_bytes is not None and \
            facts.in_use_bytes >= (facts.allocated_bytes or 0):
        # (a process that holds less than PyTorch allocated in it was not seen: NVML inside a container says 0)
        return max(facts.total_bytes - facts.free_bytes - facts.in_use_bytes, 0)
    if facts.framework == "torch" and facts.total_bytes and facts.free_bytes is not None \
            and facts.reserved_bytes is not None:
        # PyTorch 1.x states what its cache reserved, not what the process holds: add its CUDA context
        return max(facts.total_bytes - facts.free_bytes - facts.reserved_bytes - CUDA_CONTEXT_BYTES, 0)
    if (floor := _free_unstated_floor(facts)) is not None:
        return floor
    if facts.allocator == "cudaMallocAsync" and facts.total_bytes and facts.free_bytes is not None \
            and facts.allocated_bytes is not None:
        # PyTorch's cudaMallocAsync backend states what its tensors hold; the pool serves a request from the memory
        # it keeps, so what CUDA does not count as free beyond them and the context is held outside the process
        return max(facts.total_bytes - facts.free_bytes - facts.allocated_bytes - CUDA_CONTEXT_BYTES, 0)
    return None


def _free_unstated_floor(facts: Facts) -> int | None:
    """PyTorch's message without a free figure (Intel's XPU: "(GPU 0; 15.56 GiB total capacity; 176.00 MiB already
    allocated; 176.00 MiB reserved in total by PyTorch)"): it asks the device for more before it reports, so less than
    the request was free, and at least the device less what PyTorch reserved, the request and a context was held
    outside its cache."""
    if facts.framework != "torch" or facts.free_bytes is not None or not facts.total_bytes or \
            facts.reserved_bytes is None or facts.requested_bytes is None:
        return None
    return max(facts.total_bytes - facts.reserved_bytes - facts.requested_bytes - CUDA_CONTEXT_BYTES, 0)


def _others_hold_it(facts: Facts) -> bool:
    """Whether memory held outside this process is the cause."""
    elsewhere, total = _held_elsewhere(facts), facts.total_bytes
    if not total or elsewhere is None:
        return False
    if facts.other_process_bytes:  # the log names the processes: a tenth of the device is theirs
        return facts.other_process_bytes >= _NOTABLE * total
    # inferred from what is missing, which also holds the display, the driver and rounding: a quarter
    return elsewhere >= 0.25 * total


def _other_ranks_here(facts: Facts) -> bool:
    """Whether the other processes on the failing GPU are copies of one program: several, each holding the same
    memory as printed (the other ranks of a multi-process job, each with its CUDA context on this GPU)."""
    return len(facts.other_processes) >= 2 and len(set(facts.other_processes)) == 1


def _cache_fragmented(facts: Facts) -> bool:
    """PyTorch: whether its cache's unused memory, a notable share of the device, would have held the request, alone
    or with what the device had free. Before it reports an OOM PyTorch has released every cached segment that holds no
    tensor: what stays reserved but unallocated are pieces between live tensors, and a request that fits in them (and
    the free memory) but failed found no piece large enough (expandable segments join them)."""
    requested, unused, free = facts.requested_bytes, _unused_reserve(facts), facts.free_bytes
    if requested is None or unused is None or not facts.total_bytes or unused < 0.05 * facts.total_bytes:
        return False
    # where the device alone had room for it, the request was free: a limit or another process, not the pieces
    # (PyTorch asks the driver for a new segment before it reports an OOM, whatever its cache holds)
    if free is not None and free >= requested * (1 + _PRINTED):
        return False
    return unused >= requested or free is not None and free < requested <= free + unused


def _in_pieces(facts: Facts) -> bool:
    """Free in total but not in one piece: the largest free block is smaller than the request, the free memory not."""
    requested, block, free = facts.requested_bytes, facts.largest_free_block_bytes, facts.free_bytes
    return requested is not None and block is not None and free is not None and block < requested <= free


def _in_process_outside_torch(facts: Facts) -> int | None:
    """PyTorch 2.x: what this process held on the device beyond PyTorch's cache and a CUDA context ("Including
    non-PyTorch memory, this process has 22.18 GiB memory in use", or the one process NVML lists from inside a
    container; "Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is reserved by PyTorch but
    unallocated"): memory another allocator of the same process took (an inference runtime, a second framework, a CUDA
    extension)."""
    if facts.framework != "torch" or facts.in_use_bytes is None or facts.reserved_bytes is None:
        return None
    return max(facts.in_use_bytes - facts.reserved_bytes - CUDA_CONTEXT_BYTES, 0)


def _another_allocator_here(facts: Facts) -> bool:
    """Whether another allocator in this process held a quarter of the device (as much as says another process where
    the holder is inferred), beside PyTorch's cache."""
    outside = _in_process_outside_torch(facts)
    return outside is not None and bool(facts.total_bytes) and outside >= 0.25 * facts.total_bytes


def _holds_nothing(facts: Facts) -> bool:
    """The allocator held no tensor when the request failed: PyTorch with 0 bytes allocated and none cached, asking for
    less than the device has, or a BFC pool (TensorFlow's, XLA's) whose picture in the dump is all free. No step of
    this process filled the device, so a limit (a cap on one allocation, a memory fraction, a pool made small at start)
    or another process did."""
    if "pool_holds_nothing" in facts.clues and facts.framework in _POOL_AT_START:
        return True
    return facts.framework == "torch" and facts.allocated_bytes == 0 and not _unused_reserve(facts) and \
        facts.requested_bytes is not None and facts.total_bytes is not None and \
        facts.requested_bytes < facts.total_bytes


def _pool_held_back(facts: Facts) -> bool:
    """Whether the allocator's limit is not the device: well under its total, or, where the log gives no total,
    a TensorFlow pool smaller than any GPU would give (what others left free when it started)."""
    if not facts.limit_bytes:
        return False
    if facts.total_bytes:
        return facts.limit_bytes < (1 - _NOTABLE) * facts.total_bytes
    return facts.framework == "tensorflow" and facts.limit_bytes < _SMALL_POOL


def _pinned_block_unmapped(facts: Facts) -> bool:
    """A pinned host block of a few bytes that TensorFlow or JAX could not have: not RAM running out. The driver maps
    pinned memory into the GPU's address space, which takes a little GPU memory, and a pool that took the GPU at start
    left none: the tiny direct allocation of the preallocation case, made for the host."""
    return "pinned_host" in facts.clues and facts.requested_bytes is not None and facts.requested_bytes <= MiB \
        and facts.framework in _POOL_AT_START


def _pool_grab(facts: Facts) -> bool:
    """Whether the failing request is TensorFlow's pool itself, asked of the driver at start: StreamExecutor's
    allocation of the size of the device it created ("with 11671 MB memory"), a little over it as the region is
    rounded. It is the pool, not one tensor, that did not fit: no larger than what the device said was free."""
    return {"driver_allocation", "startup"} <= facts.clues and bool(facts.limit_bytes) and \
        facts.requested_bytes is not None and abs(facts.requested_bytes - facts.limit_bytes) <= _PRINTED * \
        facts.limit_bytes


def _largest_gpu() -> int:
    return max(gpu.total_bytes for gpu in CATALOG.values())


def choose(facts: Facts) -> str:
    """The name of the case whose evidence holds first (see the table above)."""
    requested, room = facts.requested_bytes, capacity(facts)
    clues = facts.clues
    if not facts.oom:
        return "not-oom"
    if _pinned_block_unmapped(facts):
        return "preallocation"
    if facts.framework == "nccl":  # NCCL's own buffers, on the GPU or (its shared-memory segments) in RAM
        return "nccl-buffers"
    if requested is not None and requested >= NO_MACHINE_HAS:  # an overflowed size: a shape bug, wherever asked
        return "larger-than-device"
    if "tflite_arena" in clues:  # a buffer of fixed size the program chose, not the machine's RAM
        return "limit-or-other-process"
    if facts.memory == "host":
        return "host-memory"
    if "mps_buffer_limit" in clues:  # one buffer larger than Metal lets any buffer be: no watermark fixes it
        return "larger-than-device"
    if facts.memory == "mps":
        return "mps-watermark"
    # (a scratch allocator's own cap on one request is not the device's room)
    if requested is not None and (requested >= LARGEST or room and requested > room and not _pool_held_back(facts)
                                  and not _pool_grab(facts) and "scratch_limit" not in clues
                                  or facts.total_bytes and requested > facts.total_bytes
                                  or requested > _largest_gpu()):
        return "larger-than-device"
    # Not BufferAssignment's stats: XLA prints them with every run-time failure of a compiled step
    # (PyTorch's programs are compiled by XLA only under PyTorch/XLA: elsewhere the words are Triton's, whose autotune
    # cache a debug line names, not an autotuning that failed)
    if "autotuning" in clues and (facts.framework != "torch" or "torch_xla" in clues) or \
            facts.memory == "tpu" and "compile" in clues and not _in_pieces(facts):
        return "compile-time"
    if _others_hold_it(facts):
        return "which-gpu" if _other_ranks_here(facts) else "limit-or-other-process"
    if "kv_cache_budget" in clues:  # vLLM's share of the GPU (gpu_memory_utilization) left no room for its cache
        # (on one rank only, where another had room: that rank's GPU held something else)
        return "which-gpu" if "uneven_ranks" in clues else "limit-or-other-process"
    if facts.limit_bytes is not None and facts.limit_bytes < _TINY_POOL and facts.framework == "tensorflow":
        return "limit-or-other-process"  # a pool of a few MiB holds neither weights nor a step: others had the GPU
    if "cuda_context" in clues:  # the CUDA context found no room: nothing of this process was on the device yet
        return "limit-or-other-process"
    if "moved_to_gpu" in clues:  # CUDA's own error right after a .cuda() / .to(): a copy found no room
        return "weights-or-loading"
    if "compute_buffer" in clues:  # llama.cpp's graph for the context: its activations, sized by -c and -ub
        # (on one GPU of a model split over several: that GPU's share of the layers left no room for its buffer)
        return "which-gpu" if "split_over_gpus" in clues and facts.gpu_index is not None else "activations-batch"
    if _another_allocator_here(facts):  # a second allocator in this process took the GPU before PyTorch's cache
        return "preallocation"
    if _holds_nothing(facts):
        return "limit-or-other-process"
    if _op_is_optimizer(facts) or "optimizer_innermost" in clues:
        return "optimizer-update"
    if "initializer" in clues or "loading" in clues:
        return "weights-or-loading"
    # the optimizer's words near the end of the log, where the failing op is named and is not the optimizer's: an op
    # TensorFlow lists beside it (a control edge of "training/Adam/..."), not where memory ran out
    if "optimizer" in clues and facts.op is None:
        return "optimizer-update"
    if _cache_fragmented(facts):
        return "fragmentation"
    if _in_pieces(facts) and (not room or facts.free_bytes >= 0.05 * room):
        return "fragmentation"
    # cuBLAS or cuDNN found no memory for its handle: with no request of the framework's allocator beside it (the
    # driver's own failing in the same breath is the same want), the framework's pool had taken the GPU
    if ("cublas" in clues or "cudnn" in clues) and (requested is None or "driver_request" in clues or
                                                    "dnn_workspace" in clues and facts.framework in _POOL_AT_START):
        return "preallocation"  # (MIOpen's buffer beside TensorFlow's pool, whatever its size)
    if "pool_at_start" in clues:  # PaddlePaddle 1.x sizing its first pool chunk as a share of the whole GPU
        return "preallocation"
    if "vllm_whole_gpu" in clues:  # vLLM told to take the whole GPU for its weights and KV cache at start
        return "preallocation"
    if "unified_memory" in clues and facts.framework in _POOL_AT_START:
        # the pool made from unified memory (TF_FORCE_UNIFIED_MEMORY, a memory fraction above 1) at start: the driver
        # could not give the share asked for, GPU and RAM together
        return "preallocation"
    if "driver_allocation" in clues and facts.framework in _POOL_AT_START and (
            "startup" in clues or requested is not None and requested <= MiB):
        # StreamExecutor asked the driver itself: at start TensorFlow reserves its pool; a tiny direct
        # allocation that fails means the pool has taken the GPU
        return "preallocation"
    if "outside_pool" in clues and facts.framework in _POOL_AT_START:
        return "preallocation"  # XLA's direct allocation beside the pool that holds the GPU
    if "driver_allocation" in clues:
        return "limit-or-other-process"  # the driver had less free than the framework expected: someone holds it
    # A request the log prints as large as what was free did not fit: each figure is rounded to a hundredth of
    # its unit (PyTorch's "8.26 GiB"), and the allocator rounds the request up to its block
    if requested is not None and facts.free_bytes is not None and requested * (1 + _PRINTED) < facts.free_bytes \
            and (not room or facts.free_bytes >= 0.05 * room):  # a few bytes "free" are the allocator's rounding
        return "limit-or-other-process"
    if _pool_held_back(facts):
        return "limit-or-other-process"
    if "whole_array_op" in clues:  # XLA's program of one array in, one of its size out: not a step, an array's copy
        return "weights-or-loading"
    if len(facts.gpu_indices) > 1 and ("data_parallel" in clues or facts.gpu_index not in (None, 0)) or \
            "gpu_imbalance" in clues or "ranks_on_one_gpu" in clues:
        return "which-gpu"
    return "activations-batch"


def _op_is_optimizer(facts: Facts) -> bool:
    op = (facts.op or "").lower()
    # tf.gradients names the backward pass's ops under a scope "gradients" (a second call "gradients_1") inside the
    # scope it is called in: Keras 2 on TensorFlow 1.x calls it from the optimizer's get_updates, within "training/Adam"
    # ("training/Adam/gradients/model_2/conv2d_16/convolution_grad/Conv2DBackpropInput"), an op of the step's backward
    # pass, not of the optimizer's update or its slots
    if re.search(r"(?:^|/)gradients(?:_\d{1,4})?/", op):
        return False
    return any(name in op for name in ("adam", "rmsprop", "adagrad", "adadelta", "nadam", "adamax", "lamb",
                                       "momentum", "sgd", "ftrl", "applygradient", "resourceapply"))


def figures(facts: Facts) -> list[str]:
    """The numbers, as sentences: what was asked, what was free, what was held."""
    said = []
    requested, room = facts.requested_bytes, capacity(facts)
    if requested is not None and facts.free_bytes is not None:
        said.append(_("It asked for {requested} when only {free} was free.").format(
            requested=format_bytes(requested), free=format_bytes(facts.free_bytes)))
    elif requested is not None:
        said.append(_("It asked for {requested} and the device could not provide it.").format(
            requested=format_bytes(requested)))
    if room and facts.in_use_bytes is not None and facts.in_use_bytes > room:
        # "this process has 17179869184.00 GiB memory in use": 2^64 bytes, the driver's count gone wrong (NVML under
        # WSL), not a figure of this job's
        said.append(_("The log says {in_use} was in use on a device of {capacity}: more than the device holds, a "
                      "figure the driver got wrong (WSL's driver is known to report 16 EiB), so it is left "
                      "out.").format(in_use=format_bytes(facts.in_use_bytes), capacity=format_bytes(room)))
    elif room and facts.in_use_bytes is not None:
        said.append(_("{in_use} of {capacity} was already in use.").format(
            in_use=format_bytes(facts.in_use_bytes), capacity=format_bytes(room)))
    return said


def advise(case: str, facts: Facts) -> tuple[list[str], list[str]]:
    """What the case means for this log (diagnosis) and what to do (fixes), most useful first."""
    say, fix = _advise(case, facts)
    if facts.framework == "llama.cpp" and facts.memory == "gpu":
        # ggml allocates one buffer per device for the weights, the KV cache and the compute graph: its own options
        # size them, not a training step's batch
        if "split_over_gpus" in facts.clues:  # split already: which-gpu's fix says how to share it out
            fix.insert(0, _("llama.cpp: offload fewer layers to the GPUs (--n-gpu-layers), use a shorter context "
                            "(--ctx-size) or a smaller batch (--ubatch-size) for the compute buffer, or a smaller "
                            "quantization of the model."))
        else:
            fix.insert(0, _("llama.cpp: offload fewer layers to the GPU (--n-gpu-layers), use a shorter context "
                            "(--ctx-size) or a smaller batch (--ubatch-size) for the compute buffer, a smaller "
                            "quantization of the model, or split it over several GPUs (--tensor-split)."))
    if facts.framework == "llama.cpp" and facts.memory == "host":
        # the CPU backend's buffers (weights not offloaded, the KV cache, the compute graph) are in RAM: no data set,
        # no DataLoader, so host-memory's advice for a training job does not apply
        fix[:] = [_("llama.cpp: use a shorter context (--ctx-size; recent builds size the KV cache to the model's "
                    "whole training context unless told), a smaller quantization of the model, or a machine with "
                    "more RAM; the KV cache grows with the context times the layers.")]
    if facts.framework == "tensorflow" and facts.memory == "gpu":
        say.append(_("TensorFlow reserves nearly all GPU memory at start unless memory growth is on, so nvidia-smi "
                     "always looks full; the numbers above are what the job itself used."))
    return say, fix


def _advise(case: str, facts: Facts) -> tuple[list[str], list[str]]:
    say: list[str] = []
    fix: list[str] = []
    requested = facts.requested_bytes
    room = capacity(facts)
    framework = facts.framework
    tensor = _tensor_words(facts)
    if case == "not-oom":
        if "triton_shared_memory" in facts.clues:
            say.append(_("Triton found no configuration of this kernel whose shared memory fits one streaming "
                         "multiprocessor (\"out of resource ... Required ... Hardware limit\"): a limit of the "
                         "on-chip memory each block of threads gets, not of the GPU's memory, which did not run "
                         "out."))
            fix.append(_("Give the kernel smaller blocks or fewer pipeline stages (BLOCK_M, BLOCK_N, num_stages; for "
                         "flex_attention, its kernel_options), or let it fall back to another kernel; a smaller batch "
                         "does not change it."))
        elif facts.warnings_only:
            say.append(_("These are TensorFlow's allocation warnings, not a failure: it says \"the caller indicates "
                         "that this is not a failure\", retried with less memory, and went on."))
            fix.append(_("If the run did stop, its error is elsewhere in the log: give that part."))
        else:
            say.append(_("No out-of-memory error from TensorFlow, XLA/JAX or PyTorch was found in this text."))
        return say, fix
    if case == "host-memory" and "xla_cpu" in facts.clues:
        say.append(_("XLA ran this program on the CPU, where its arrays and buffers live in RAM: one buffer of "
                     "{requested} could not be allocated.").format(
            requested=format_bytes(requested) if requested else _("its request")))
        fix.append(_("Shrink what one call computes (the batch, the resolution, the sequence length, the model), "
                     "or run it on a GPU or TPU that has that much memory, or on a machine with more RAM: XLA on "
                     "the CPU has no memory fraction or preallocation to change."))
        return say, fix
    if case == "host-memory" and "paging_file" in facts.clues:
        say.append(_("Windows could not commit more memory: RAM and the paging file together (its commit limit) "
                     "were spoken for. Loading a library's DLLs commits memory too: a framework's CUDA libraries "
                     "can commit gigabytes in each process that loads them."))
        fix.append(_("Let Windows manage the paging file's size (or enlarge it, on a drive with free space) and "
                     "restart; use fewer DataLoader workers (num_workers), each of which imports the framework and "
                     "its CUDA libraries again; close other programs."))
        return say, fix
    if case == "host-memory" and "js_heap" in facts.clues:
        held = _(" (it held {held} after its last full collection)").format(held=format_bytes(facts.in_use_bytes)) \
            if facts.in_use_bytes else ""
        say.append(_("Node's JavaScript heap reached its limit{held}: V8 caps the heap of a process (about 2-4 GiB by "
                     "default, whatever the machine's RAM), and the objects the program kept filled it. A model's "
                     "weights read into JavaScript arrays, or a whole data set, are held there.").format(held=held))
        fix.append(_("Raise the limit: node --max-old-space-size=8192 script.js (or NODE_OPTIONS=--max-old-space-size"
                     "=8192); in TensorFlow.js keep tensors out of plain arrays, dispose of them (tf.tidy, "
                     "tensor.dispose()), and load a model from files (tfjs-node's file://) rather than one buffer."))
        return say, fix
    if case == "host-memory" and "worker_shm" in facts.clues:
        say.append(_("A DataLoader worker could not write its batch into shared memory (/dev/shm, which is RAM): "
                     "workers hand every batch to the main process through it, and a container gives it 64 MiB "
                     "unless told otherwise."))
        fix.append(_("Give /dev/shm more room (docker run --shm-size=8g, or --ipc=host), or use fewer DataLoader "
                     "workers or smaller batches; num_workers=0 uses no shared memory at all."))
        return say, fix
    if case == "host-memory":
        if "evicted" in facts.clues:
            say.append(_("Kubernetes evicted the pod: the node ran short of memory, and the kubelet ended the "
                         "containers that used the most beyond their memory request. The program could not report "
                         "it."))
            fix.append(_("Give the container a memory request as large as what it uses (resources.requests.memory, "
                         "and a limit), or run it on a node with more memory; kubectl describe pod and kubectl get "
                         "events show what was evicted and how much it used."))
        elif "ray_memory_monitor" in facts.clues:
            say.append(_("Ray's memory monitor killed a worker: the node's RAM passed its threshold (0.95 of the "
                         "node's memory by default), and Ray ended the task scheduled last. The worker's program "
                         "could not report it."))
            fix.append(_("Run fewer tasks at once on the node (ask more CPUs, or memory=..., per task or actor), "
                         "make each hold less (smaller blocks or batches in Ray Data), or use nodes with more RAM; "
                         "ray logs raylet.out shows what each worker used."))
        elif "slurm_oom" in facts.clues:
            say.append(_("Slurm's job ran out of its memory: it used more RAM than it asked for (or than the node "
                         "had, where other jobs share it), and the kernel's OOM killer in the job's memory cgroup, or "
                         "Slurm's own accounting, ended a process. The program could not report it."))
            fix.append(_("Ask Slurm for more memory (#SBATCH --mem=..., or --mem-per-cpu=...), or a node of its own "
                         "(--exclusive); sacct -j <jobid> --format=JobID,State,ReqMem,MaxRSS shows what each step used "
                         "against what it asked for."))
        elif "oom_killer" in facts.clues and not requested:
            say.append(_("The process was killed for the host's RAM: Linux's OOM killer ends the largest process when "
                         "RAM runs out (the shell then prints Killed), and nothing in the program can report it."))
        elif "sigkill" in facts.clues:
            say.append(_("A process was killed with SIGKILL (signal 9) from outside: on Linux the kernel's OOM killer "
                         "does this when RAM runs out, and nothing in the program can report it."))
            fix.append(_("See whether it was the OOM killer: dmesg -T | grep -i 'killed process' (or journalctl -k) "
                         "names the process and its memory; a scheduler's limit (Slurm, Kubernetes) kills with "
                         "SIGKILL too, and says so in its own log."))
        else:
            say.append(_("The host's memory ran out, not the GPU's: {what} could not get {requested} of RAM.").format(
                what=_host_allocator(facts), requested=format_bytes(requested) if requested else _("its request")))
        if framework == "onnxruntime":
            # an inference session: one node's buffer for this input, from an arena that grows and keeps what it took
            fix.append(_("A smaller input (image size, batch) needs less; SessionOptions.enable_cpu_mem_arena = "
                         "False frees each buffer after its run instead of keeping the arena's largest; or a machine "
                         "with more RAM."))
            return say, fix
        fix.append(_("Hold less in RAM: stream the data set from disk instead of loading it whole "
                     "(tf.data from files, a torch Dataset that reads each item in __getitem__), use fewer "
                     "DataLoader workers, or a machine with more RAM. GPU settings and the batch size on the "
                     "GPU do not change this."))
        if "bad_alloc" in facts.clues:
            # operator new throws the same for a size that makes no sense (a negative length taken as unsigned)
            fix.append(_("If it dies on one input (a server on a request, a loader on a file), look at that input's "
                         "size first: std::bad_alloc is also thrown for a size computed wrong, which no RAM holds."))
        if facts.allocator and "host" in facts.allocator.lower() or "pinned_host" in facts.clues:
            fix.append(_("This is pinned (page-locked) memory for copies to the GPU: the system limits it below "
                         "total RAM; smaller prefetch buffers and fewer parallel copies need less."))
        return say, fix
    if case == "mps-watermark" and "metal_command_buffer" in facts.clues:
        say.append(_("Metal could not give the Apple GPU the memory a command buffer needed: the GPU may use only "
                     "part of the unified memory (its recommended working set), and the model, its caches and this "
                     "step's buffers did not fit in it."))
        if facts.framework == "llama.cpp":
            fix.append(_("llama.cpp (and Ollama): a smaller context (-c, num_ctx), fewer layers on the GPU (-ngl, "
                         "num_gpu) or a smaller quantization of the model."))
        else:
            fix.append(_("Use smaller inputs or a smaller batch, or a smaller or quantized model."))
        fix.append(_("On macOS 14 and later, sudo sysctl iogpu.wired_limit_mb=<MB> lets the GPU wire more of the "
                     "unified memory, at the risk of leaving the system too little."))
        return say, fix
    if case == "mps-watermark":
        say.append(_("Apple's MPS allocator refused to pass its limit of {limit} (it had {allocated} allocated)."
                     ).format(limit=format_bytes(room) if room else "?",
                              allocated=format_bytes(facts.allocated_bytes) if facts.allocated_bytes else "?"))
        if facts.mps_other_bytes and room and facts.mps_other_bytes >= _NOTABLE * room:
            # Metal counts a device's allocations per process: "other" is this process's, outside PyTorch's pool
            say.append(_("{other} of that limit was allocated by this process outside PyTorch's MPS allocator "
                         "(Metal's own buffers and graph caches, other GPU libraries).").format(
                other=format_bytes(facts.mps_other_bytes)))
            fix.append(_("Free what else this process holds on the GPU (other models, torch.mps.empty_cache()) "
                         "before changing the batch size."))
        fix.append(_("Use a smaller batch or a smaller model; PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 lifts the "
                     "limit, but then the whole system can run out of memory and swap or freeze."))
        return say, fix
    if case == "nccl-buffers" and "nccl_shm" in facts.clues:
        say.append(_("NCCL could not make the shared-memory segment ({requested}) that GPUs of one machine exchange "
                     "data through: /dev/shm, which is RAM, was full or too small.").format(
            requested=format_bytes(requested) if requested is not None else "?"))
        fix.append(_("Give /dev/shm more room: a Docker container has 64 MiB unless it is started with "
                     "--shm-size=16g (or --ipc=host); or NCCL_SHM_DISABLE=1 to send through the network instead."))
        return say, fix
    if case == "nccl-buffers":
        say.append(_("NCCL, which moves gradients between GPUs, could not allocate its own buffers: the GPU was "
                     "already full when the collective started."))
        fix.append(_("Leave NCCL room: a smaller batch or model on each GPU; NCCL_BUFFSIZE (default 4 MiB per "
                     "channel) and NCCL_MAX_NCHANNELS shrink its buffers; with JAX or TensorFlow, do not "
                     "preallocate the whole GPU (XLA_PYTHON_CLIENT_MEM_FRACTION, memory growth)."))
        return say, fix
    say.extend(figures(facts))
    if case == "larger-than-device":
        if "mps_buffer_limit" in facts.clues:
            say.append(_("One buffer of {requested} is larger than Metal lets any single buffer be on this Mac (its "
                         "maxBufferLength, a share of the unified memory): the MPS allocator refuses it whatever is "
                         "free, and PYTORCH_MPS_HIGH_WATERMARK_RATIO does not change that limit.").format(
                requested=format_bytes(requested) if requested is not None else _("that size")))
            fix.append(_("Make that one tensor smaller: a smaller batch, image or tile size for the step that failed "
                         "(tiled sampling or attention slicing, where the tool has them), or run that step on the "
                         "CPU."))
            return say, fix
        if requested is not None and requested >= LARGEST:
            say.append(_("It asked for more memory than exists: a size computed from a wrong shape or an "
                         "overflowing number."))
        elif requested is not None and requested >= NO_MACHINE_HAS:
            say.append(_("No machine has that much memory, GPU or RAM: a size computed from a wrong shape, an "
                         "uninitialised value or an overflowing number."))
            fix.append(_("Print the sizes given to the call that failed: one of them is not what you meant (a "
                         "dimension read from the wrong field of a configuration or a file, a negative number taken "
                         "as unsigned)."))
            return say, fix
        elif "rematerialization" in facts.clues and facts.limit_bytes and facts.program_bytes:
            say.append(_("XLA may use {limit} on this device, and recomputing activations (rematerialisation) brought "
                         "the program down only to {program}: one allocation of {requested} is more than all of it."
                         ).format(limit=format_bytes(facts.limit_bytes), program=format_bytes(facts.program_bytes),
                                  requested=format_bytes(requested)))
        elif room:
            say.append(_("One allocation{tensor} needs {requested}, more than the whole device ({room}): no batch "
                         "size or setting makes it fit.").format(tensor=tensor, requested=format_bytes(requested),
                                                                 room=format_bytes(room)))
        else:
            say.append(_("One allocation{tensor} needs {requested}, more than any GPU has (the largest hold "
                         "{largest}): no batch size or setting makes it fit.").format(
                tensor=tensor, requested=format_bytes(requested), largest=format_bytes(_largest_gpu())))
        if _integer(facts.dtype):
            fix.append(_("An integer tensor this large is rarely a weight or an activation: look for a shape bug "
                         "(a broadcast of two vectors into a matrix, indices the size of a vocabulary times the "
                         "batch, a missing reshape)."))
        elif _looks_like_flatten_dense(facts):
            fix.append(_flatten_words(facts))
        else:
            fix.append(_("Find the layer or operation that makes this tensor (oomdoctor explain LOG --model "
                         "... names it): if its shape is not what you meant, it is a shape bug; if it is a "
                         "weight, the model is too large for this GPU: shrink that layer or shard the model."))
        return say, fix
    if case == "compile-time":
        if facts.memory == "tpu" and "program_load" in facts.clues:
            say.append(_("The TPU was loading the compiled program, which needs that HBM for itself, and the "
                         "memory in use was held by buffers already on the chip (the arguments and outputs of the "
                         "steps, arrays kept on the TPU): the program fits the chip, not beside them."))
            fix.append(_("Free what stays on the TPU between steps (outputs kept from every step, an earlier model, "
                         "arrays no longer needed), donate the step's inputs (donate_argnums), or shrink the "
                         "per-core batch so that the buffers and the program fit together."))
        elif facts.memory == "tpu":
            if facts.total_bytes is None and facts.free_bytes is not None:
                # the compiler's early abort states what the chip has free, not its whole HBM
                say.append(_("The TPU compiler estimated that the whole program needs {program} of HBM, more than "
                             "the {free} available on the chip, and stopped compiling: it failed before the first "
                             "step ran.").format(
                    program=format_bytes(facts.program_bytes) if facts.program_bytes else "?",
                    free=format_bytes(facts.free_bytes)))
            elif facts.program_bytes is None and facts.total_bytes is None:
                # only the compiler's list of the program's largest buffers survived in the paste, not its figures
                say.append(_("The TPU compiler listed the program's largest buffers in HBM, which it prints when the "
                             "compiled program does not fit the chip: it failed before the first step ran."))
            else:
                say.append(_("The TPU compiler found that the whole program needs {program} of HBM, more than the "
                             "{total} the chip has: it failed before the first step ran.").format(
                    program=format_bytes(facts.program_bytes) if facts.program_bytes else "?",
                    total=format_bytes(facts.total_bytes) if facts.total_bytes else "?"))
            fix.append(_("Shrink the per-chip batch, use bfloat16, rematerialise (jax.checkpoint), or shard "
                         "the weights and optimizer state over more chips."))
        elif "tensorrt_engine" in facts.clues:
            say.append(_("It failed while TensorRT was building the engine, timing each layer's candidate kernels "
                         "(tactics), before the engine ran: some tactics need large scratch buffers (the "
                         "workspace), and the builder holds the weights and activations of the profile's largest "
                         "shapes."))
            fix.append(_("TensorRT: cap the builder's workspace (IBuilderConfig::setMemoryPoolLimit, "
                         "setMaxWorkspaceSize before 8.4, trtexec --memPoolSize=workspace:N, torch2trt's "
                         "max_workspace_size), lower the optimization profile's largest shapes, build in FP16 or "
                         "INT8, or build the engine on a GPU with more free memory."))
        else:
            say.append(_("It failed while XLA was autotuning (trying convolution or matrix-product algorithms), "
                         "before the step ran: some candidates need large scratch buffers."))
            if "scratch_limit" in facts.clues and facts.limit_bytes:
                say.append(_("One candidate's workspace ({requested}) is over the {limit} that the scratch allocator "
                             "allows one request: a cap of its own, not the GPU being full.").format(
                    requested=format_bytes(requested) if requested else "?", limit=format_bytes(facts.limit_bytes)))
                fix.append(_("TensorFlow: raise the cap on cuDNN's workspace (TF_CUDNN_WORKSPACE_LIMIT_IN_MB, 4096 by "
                             "default) or turn off cuDNN's autotuning (TF_CUDNN_USE_AUTOTUNE=0); float32 or another "
                             "layout may pick algorithms that need less."))
            fix.append(_("Lower the autotuning level (XLA_FLAGS=--xla_gpu_autotune_level=0 or 1), or leave XLA "
                         "more room (XLA_PYTHON_CLIENT_MEM_FRACTION, a smaller batch)."))
        return say, fix
    if case == "weights-or-loading":
        say.append(_("It failed while creating or loading weights, or copying an array to the GPU, not in a "
                     "training step: the batch size does not matter here."))
        if "whole_array_op" in facts.clues:
            say.append(_("XLA's program here takes one array and returns one of the same size, with no scratch "
                         "memory: an operation on a whole array run by itself (a weight cast or copied as it is "
                         "loaded, a data set converted at once), not a compiled training step."))
        if "_eagerconst" in (facts.message or "").lower() or "dst tensor" in (facts.message or "").lower():
            fix.append(_("A NumPy array was copied to the GPU whole (model.fit(x=array) or "
                         "from_tensor_slices(array)): keep the data on the CPU (with tf.device('/CPU:0')) or "
                         "stream it with tf.data from files."))
        fix.append(_("The model's weights (with the optimizer's state) do not fit: `oomdoctor estimate` shows "
                     "the largest weights; shrink them, load in half precision, or free what an earlier model "
                     "left on the GPU (keras.backend.clear_session(), del model; torch.cuda.empty_cache())."))
        return say, fix
    if case == "optimizer-update":
        say.append(_("It failed inside the optimizer update{op}: the optimizer's state and its temporaries are "
                     "the size of the weights.").format(op=_(" ({op})").format(op=facts.op) if facts.op else ""))
        if _looks_like_flatten_dense(facts):
            fix.append(_flatten_words(facts))
        fix.append(_("Use an optimizer with less state (SGD with momentum keeps one copy of the weights, Adam "
                     "two; Adafactor far less), or fewer or smaller weights: the batch size barely changes this."))
        return say, fix
    if case == "fragmentation":
        unused = _unused_reserve(facts)
        if unused is not None and requested is not None and unused >= requested:
            say.append(_("PyTorch's cache held {unused} that no tensor used, in pieces smaller than the {requested} "
                         "asked for: the pool is fragmented.").format(unused=format_bytes(unused),
                                                                        requested=format_bytes(requested)))
        elif unused is not None and requested is not None and facts.free_bytes is not None:
            say.append(_("PyTorch's cache held {unused} that no tensor used, in pieces between its tensors, and the "
                         "device had {free} free: together more than the {requested} asked for, but not in one "
                         "piece.").format(unused=format_bytes(unused), free=format_bytes(facts.free_bytes),
                                          requested=format_bytes(requested)))
        else:
            say.append(_("{free} was free in total, but the largest free piece was {block}: the pool is "
                         "fragmented.").format(free=format_bytes(facts.free_bytes or 0),
                                               block=format_bytes(facts.largest_free_block_bytes or 0)))
        if facts.memory == "tpu":  # the TPU runtime's allocator, under JAX, TensorFlow and PyTorch/XLA alike
            fix.append(_("On a TPU: free the arrays kept on the chip between steps (del them, donate the step's "
                         "inputs with donate_argnums) so that what is free lies in larger pieces, or shrink the "
                         "buffer (the per-core batch)."))
        elif framework == "torch" and "windows" in facts.clues:
            fix.append(_("Set PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128 before the first CUDA call "
                         "(expandable_segments, the better fix, does not work on Windows)."))
        elif framework == "torch":
            fix.append(_("Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True before the first CUDA call."))
        elif framework == "tensorflow":
            fix.append(_("Set TF_GPU_ALLOCATOR=cuda_malloc_async before TensorFlow starts."))
        elif framework == "exla":
            fix.append(_exla_pool_words())
        else:
            fix.append(_("JAX: set XLA_PYTHON_CLIENT_ALLOCATOR=platform to allocate exactly what is needed."))
        return say, fix
    if case == "limit-or-other-process":
        elsewhere = _held_elsewhere(facts)
        if "kv_cache_budget" in facts.clues:
            say.append(_("vLLM found no room for its KV cache: the cache gets what is left of gpu_memory_utilization "
                         "times the GPU's memory once the weights and a profiling run's activations are in."))
            fix.append(_("Raise gpu_memory_utilization (0.9 by default) where nothing else uses the GPU; otherwise "
                         "free the GPU (nvidia-smi shows who holds it), or lower max_model_len or max_num_seqs, or "
                         "serve a smaller or quantized model."))
            return say, fix
        if "tflite_arena" in facts.clues:
            say.append(_("TensorFlow Lite for Microcontrollers plans every tensor inside the arena the program gives "
                         "it, a buffer of fixed size: the model's tensors need more than that buffer holds."))
            fix.append(_("Make the tensor arena larger (the array given to MicroInterpreter, kTensorArenaSize in the "
                         "examples), as far as the board's RAM allows; otherwise a smaller model or an int8-quantized "
                         "one."))
            return say, fix
        if "cuda_context" in facts.clues:
            say.append(_("Not even the CUDA context (a few hundred MiB) could be created: this process had nothing on "
                         "the GPU yet, so its memory was held by another process (or the GPU is in exclusive mode "
                         "for another one)."))
            fix.append(_("Find what holds it with nvidia-smi, and stop it (another training, a notebook kernel, "
                         "a TensorFlow or JAX program that took the whole GPU at start)."))
        elif _free_unstated_floor(facts) and elsewhere >= _NOTABLE * facts.total_bytes:
            say.append(_("PyTorch held {reserved} of the device's {total} and asked for {requested}, which the device "
                         "could not give: at least {elsewhere} was neither free nor PyTorch's. Another process held "
                         "it, or a limit stood in the way (a memory fraction, or the platform's cap on one process or "
                         "one allocation).").format(
                reserved=format_bytes(facts.reserved_bytes), total=format_bytes(facts.total_bytes),
                requested=format_bytes(requested), elsewhere=format_bytes(elsewhere)))
            fix.append(_("Check what else holds the device (nvidia-smi, rocm-smi, xpu-smi) and the limits on this "
                         "process (a memory fraction, a driver's cap on one allocation, a container's or WSL2's "
                         "share of memory)."))
        elif facts.total_bytes and elsewhere is not None and elsewhere >= _NOTABLE * facts.total_bytes:
            say.append(_("{elsewhere} of the GPU's {total} was held outside this process's allocator: another "
                         "process (or another framework in this one) has it.").format(
                elsewhere=format_bytes(elsewhere), total=format_bytes(facts.total_bytes)))
            fix.append(_("Find what holds it with nvidia-smi, and stop it (another training, a notebook kernel, "
                         "a TensorFlow or JAX program that took the whole GPU at start)."))
        elif facts.limit_bytes and not facts.total_bytes and _pool_held_back(facts):
            say.append(_("TensorFlow's allocator had {limit} in all, less than any GPU would give it: its pool is "
                         "what was free on the GPU when the process started, so another process held the rest "
                         "then (or a memory limit was set).").format(limit=format_bytes(facts.limit_bytes)))
            fix.append(_("Find what holds it with nvidia-smi, and stop it (another training, a notebook kernel, "
                         "a TensorFlow or JAX program that took the whole GPU at start)."))
        elif facts.limit_bytes and facts.total_bytes and facts.limit_bytes < facts.total_bytes:
            say.append(_("The allocator was limited to {limit} of the GPU's {total}.").format(
                limit=format_bytes(facts.limit_bytes), total=format_bytes(facts.total_bytes)))
            fix.append(_("Raise or remove the limit (torch.cuda.set_per_process_memory_fraction, "
                         "XLA_PYTHON_CLIENT_MEM_FRACTION, TensorFlow's memory_limit)."))
        else:
            say.append(_("The device had room for the request, but the allocator could not get it: a memory limit, "
                         "a memory fraction or another process stood in the way."))
            fix.append(_("Check nvidia-smi for other processes, and the limits you set (memory fraction, "
                         "memory_limit, CUDA_VISIBLE_DEVICES)."))
        if framework == "tensorflow":
            fix.append(_("Turn on memory growth before building the model: oomdoctor.configure_gpu_memory()."))
        return say, fix
    if case == "preallocation" and "pool_at_start" in facts.clues:
        say.append(_("PaddlePaddle 1.x takes its first pool as a share of the whole GPU "
                     "(FLAGS_fraction_of_gpu_memory_to_use) and checks it against what is free: the pool did not "
                     "fit, before any batch ran."))
        fix.append(_("Lower FLAGS_fraction_of_gpu_memory_to_use, or let the pool grow as needed: "
                     "FLAGS_allocator_strategy=auto_growth."))
        fix.append(_("Run one GPU program at a time, or give each its share of the GPU."))
        return say, fix
    if case == "preallocation" and "vllm_whole_gpu" in facts.clues:
        say.append(_("vLLM was told to take the whole GPU (gpu_memory_utilization=1): its weights and KV cache take "
                     "all of it at start, so whatever needs memory after that (CUDA graphs, the sampler's buffers, "
                     "NCCL's) finds none."))
        fix.append(_("Leave vLLM some headroom: gpu_memory_utilization=0.9 (its default), and if the KV cache is then "
                     "too small, a shorter --max-model-len or more GPUs (--tensor-parallel-size)."))
        return say, fix
    if case == "preallocation" and _another_allocator_here(facts):
        say.append(_("This process held {in_use} of the device's {total}, and PyTorch's allocator only {reserved} of "
                     "it: beyond a CUDA context, {outside} was another allocator's in the same process (an inference "
                     "runtime such as TensorRT or TensorRT-LLM, a second framework, CuPy, a CUDA extension), which had "
                     "taken the GPU before PyTorch asked for it.").format(
            in_use=format_bytes(facts.in_use_bytes), total=format_bytes(facts.total_bytes),
            reserved=format_bytes(facts.reserved_bytes), outside=format_bytes(_in_process_outside_torch(facts))))
        fix.append(_("Give that allocator a smaller share of the GPU (TensorRT-LLM's kv_cache_free_gpu_mem_fraction, "
                     "JAX's XLA_PYTHON_CLIENT_MEM_FRACTION, TensorFlow's memory growth, CuPy's pool limit), or run it "
                     "in another process."))
        return say, fix
    if case == "preallocation":
        say.append(_("The GPU was already taken when a library needed memory: TensorFlow and JAX take most of the "
                     "GPU at start, so cuBLAS, cuDNN, a second framework or a second process find none."))
        if framework == "jax":
            fix.append(_("JAX reserves 75 % of the GPU at start; XLA_PYTHON_CLIENT_PREALLOCATE=false turns it off, "
                         "XLA_PYTHON_CLIENT_MEM_FRACTION sets the share."))
        elif framework == "exla":
            fix.append(_exla_pool_words())
        else:
            fix.append(_("Turn on memory growth before building the model: oomdoctor.configure_gpu_memory()."))
        fix.append(_("Run one GPU program at a time, or give each its share of the GPU."))
        if "module_load" in facts.clues:
            say.append(_("The CUDA driver could not load the compiled program's kernels (its CUBIN or PTX module): "
                         "it puts them in GPU memory of its own, outside the framework's pool, and the pool had left "
                         "none. However small the program, nothing fits beside a pool that holds the GPU."))
        elif "outside_pool" in facts.clues:
            say.append(_("XLA copies a compiled program's constants to the GPU with allocations of their own, "
                         "outside its pool: here {requested} found no room beside the pool.").format(
                requested=format_bytes(requested) if requested else _("its request")))
        if "unified_memory" in facts.clues:
            say.append(_("The pool was to be made of unified memory (TF_FORCE_UNIFIED_MEMORY), which may be larger "
                         "than the GPU and spill into RAM: the driver could not give the share asked for (a memory "
                         "fraction above 1 times the GPU), and each retry asked for less."))
            fix.insert(0, _("Lower the share (XLA_PYTHON_CLIENT_MEM_FRACTION, TensorFlow's "
                            "per_process_gpu_memory_fraction) to what the GPU and the free RAM can hold together, or "
                            "turn unified memory off."))
        if _pinned_block_unmapped(facts):
            say.append(_("It could not get {requested} of pinned host memory: so small a block is not RAM running "
                         "out. The CUDA driver maps pinned memory into the GPU's address space, which needs a little "
                         "GPU memory: a GPU taken whole at start leaves none.").format(requested=format_bytes(facts.requested_bytes)))
        if "handle_status" in facts.clues:
            say.append(_("cuDNN or cuBLAS could not create its handle, and said so with another status than "
                         "ALLOC_FAILED: a GPU without free memory is the usual cause, not the only one."))
            fix.append(_("If it still fails once the framework no longer takes the whole GPU and nothing else "
                         "runs on it, the CUDA, cuDNN and driver versions do not match the framework's build."))
        return say, fix
    if case == "which-gpu" and _other_ranks_here(facts):
        say.append(_("{count} other processes each hold {each} on GPU {index}, the same amount: copies of one program, "
                     "the other ranks of a multi-process job (DDP, torchrun), that made their CUDA context (and "
                     "perhaps tensors) on this GPU instead of their own.").format(
            count=len(facts.other_processes), each=format_bytes(facts.other_processes[0]),
            index=facts.gpu_index if facts.gpu_index is not None else "?"))
        fix.append(_("Give each rank its own GPU before any CUDA work: torch.cuda.set_device(local_rank) (or "
                     "CUDA_VISIBLE_DEVICES set per rank), the rank's device in .to(...) rather than .cuda() or "
                     "\"cuda\", and map_location in torch.load for checkpoints saved from GPU 0."))
        return say, fix
    if case == "which-gpu" and "uneven_ranks" in facts.clues:
        say.append(_("vLLM's workers found unequal room for the KV cache: one had none left, another had plenty. "
                     "Each rank holds the same share of the model, so the first one's GPU held something else: "
                     "another process, or another part of the pipeline placed on it."))
        fix.append(_("Check each GPU with nvidia-smi and give vLLM GPUs that nothing else uses (CUDA_VISIBLE_DEVICES), "
                     "or move the other process or stage off that GPU; lowering max_model_len does not help a rank "
                     "with no room at all."))
        return say, fix
    if case == "which-gpu" and "ranks_on_one_gpu" in facts.clues:
        say.append(_("The GPUs' table shows GPU {index} full and every other GPU all but empty, in a job of one "
                     "process per GPU: the ranks all put their work on GPU {index}.").format(index=facts.gpu_index))
        fix.append(_("Pin each rank to its own GPU before it allocates anything: Horovod's "
                     "config.gpu_options.visible_device_list = str(hvd.local_rank()) (TensorFlow 2: "
                     "tf.config.set_visible_devices(gpus[hvd.local_rank()], 'GPU')), "
                     "torch.cuda.set_device(local_rank), or CUDA_VISIBLE_DEVICES set per rank."))
        return say, fix
    if case == "which-gpu" and "gpu_imbalance" in facts.clues:
        say.append(_("PyTorch warned that the GPUs differ: one has less than 75 % of another's memory or cores, "
                     "and nn.DataParallel gives each the same share of the batch, so the smaller one runs out "
                     "first."))
        fix.append(_("Leave the smaller GPU out: device_ids in nn.DataParallel, or CUDA_VISIBLE_DEVICES."))
        return say, fix
    if case == "which-gpu" and "split_over_gpus" in facts.clues:
        say.append(_("llama.cpp split the model over several GPUs and GPU {index} had no room left for its compute "
                     "buffer: each GPU gets a share of the layers (by its free memory when the model is loaded), and "
                     "the buffer for the context comes on top of that share.").format(index=facts.gpu_index))
        fix.append(_("Give GPU {index} fewer layers (--tensor-split, e.g. -ts 3,3,1), leave it out "
                     "(CUDA_VISIBLE_DEVICES), or shrink the compute buffer (--ctx-size, --ubatch-size; in Ollama "
                     "num_ctx).").format(index=facts.gpu_index))
        return say, fix
    if case == "which-gpu":
        say.append(_("The log names several GPUs and it failed on GPU {index}.").format(
            index=facts.gpu_index if facts.gpu_index is not None else "?"))
        if "data_parallel" in facts.clues:
            fix.append(_("nn.DataParallel gathers every output and the loss on GPU 0, which then needs more than "
                         "the others: use DistributedDataParallel (one process per GPU)."))
        else:
            fix.append(_("Check which GPU each process uses (CUDA_VISIBLE_DEVICES, the device in .to(...), "
                         "LOCAL_RANK): two processes on one GPU, or all on GPU 0, is a common cause."))
        return say, fix
    # activations-batch: the ordinary case (an inference engine's own buffers: sized when the engine is built, from
    # its maximums, with the paged KV cache taking a share of what is free once the engine is loaded)
    if framework == "tensorrt-llm":
        say.append(_("TensorRT-LLM's runtime could not allocate one of its GPU buffers: an engine's activations and "
                     "inputs are sized when it is built, for its largest batch and sequence, and the paged KV cache "
                     "takes most of what is free after the weights."))
        fix.append(_("TensorRT-LLM: rebuild the engine with smaller maximums (--max_batch_size, --max_num_tokens, "
                     "--max_seq_len or --max_input_len and --max_output_len), or give the KV cache a smaller share of "
                     "the free memory (kv_cache_free_gpu_mem_fraction, KvCacheConfig's free_gpu_memory_fraction, 0.9 "
                     "by default) so that the runtime's own buffers fit beside it."))
        return say, fix
    if framework == "fastertransformer":
        say.append(_("FasterTransformer could not allocate one of its GPU buffers, which it sizes for the largest "
                     "batch and sequence it is given."))
        fix.append(_("Lower max_batch_size and the input and output lengths (max_seq_len), or serve a smaller model "
                     "or split it over more GPUs (tensor_para_size)."))
        return say, fix
    if framework == "lmdeploy":
        say.append(_("LMDeploy's TurboMind engine could not allocate one of its GPU buffers: the KV cache takes a "
                     "share of the memory free after the weights when the engine starts, and the engine's own "
                     "buffers for its largest batch and session must fit in the rest."))
        fix.append(_("LMDeploy: give the KV cache a smaller share (--cache-max-entry-count, 0.8 of the free memory "
                     "by default), or lower --max-batch-size and --session-len; a quantized model (AWQ, "
                     "--model-format awq) leaves more room."))
        return say, fix
    if framework == "candle" and "mistralrs" in facts.clues:
        say.append(_("mistral.rs could not allocate on the GPU while serving: by default on CUDA its paged-attention "
                     "KV cache takes 90 % of the available GPU memory, and each request's activations must "
                     "fit in the rest."))
        fix.append(_("mistral.rs: give the KV cache a smaller budget (--pa-memory-fraction or --pa-memory-mb; "
                     "--pa-gpu-mem-usage or --pa-gpu-mem in older releases) or a shorter context (--pa-context-len), "
                     "or load the model quantized (in-situ quantization, --isq)."))
        return say, fix
    if facts.program_bytes and room:
        say.append(_("XLA planned the whole step at {program} (its BufferAssignment), against {room} for the "
                     "allocator.").format(program=format_bytes(facts.program_bytes), room=format_bytes(room)))
    if _looks_like_flatten_dense(facts):
        fix.append(_flatten_words(facts))
    if requested is not None and room and requested > 0.25 * room and "scratch_limit" not in facts.clues:
        say.append(_("One tensor of {requested} is {share:.0%} of the device: a single layer or weight "
                     "dominates.").format(requested=format_bytes(requested), share=requested / room))
    else:
        say.append(_("The training step needs more than the device has free at this batch size: activations "
                     "kept for the backward pass grow with the batch."))
    fix.append(_("Use a smaller batch (with gradient accumulation to keep the effective batch), or mixed precision; "
                 "`oomdoctor estimate` shows how much each change saves."))
    fix.append(_("Recompute activations instead of keeping them (gradient checkpointing) when the batch cannot "
                 "shrink."))
    return say, fix


def _exla_pool_words() -> str:
    return _("EXLA (Elixir's Nx) takes 90 % of the GPU at start: set preallocate: false, or a smaller memory_fraction, "
             "in its client's configuration (config :exla, :clients, cuda: [platform: :cuda, preallocate: false]); "
             "JAX's XLA_PYTHON_CLIENT_* variables do not apply to it.")


def _tensor_words(facts: Facts) -> str:
    if facts.shape is not None:
        return _(" (a tensor of shape {shape}{dtype})").format(
            shape=facts.shape, dtype=f" {facts.dtype}" if facts.dtype else "")
    return ""


def _looks_like_flatten_dense(facts: Facts) -> bool:
    """A 2-D shape with far more rows than columns: the kernel of a Dense layer after Flatten."""
    shape = facts.shape
    return bool(shape and len(shape) == 2 and shape[1] > 0 and shape[0] > 100 * shape[1]
                and not _integer(facts.dtype))


def _integer(dtype: str | None) -> bool:
    """Whether an element type is an integer or boolean one, by the frameworks' names or XLA's (s32, u8, pred)."""
    return bool(dtype) and (dtype.startswith(("int", "uint", "bool"))
                            or re.fullmatch(r"[su]\d{1,2}|pred", dtype) is not None)


def _flatten_words(facts: Facts) -> str:
    return _("The shape {shape} looks like the kernel of a Dense layer after Flatten: pool before the head "
             "(GlobalAveragePooling2D or MaxPooling2D) to shrink it.").format(shape=facts.shape)


def _host_allocator(facts: Facts) -> str:
    if facts.allocator:
        return _("TensorFlow's allocator {name}").format(name=facts.allocator)
    if "bad_alloc" in facts.clues:
        return _("C++'s operator new (std::bad_alloc)")
    if facts.framework == "torch":
        return _("PyTorch's CPU allocator")
    if facts.framework == "onnxruntime":
        return _("ONNX Runtime's CPU arena")
    return _("the host allocator")
