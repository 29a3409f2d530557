"""Read the facts out of an out-of-memory log: which memory ran out, the numbers, the context.

Every framework prints its own message, and most print several over the years (``reading`` knows
TensorFlow 1.x-2.x and its BFC allocator dump, XLA/JAX on GPUs and TPUs, PyTorch 0.4-2.x on CUDA,
ROCm and Apple's MPS, PyTorch's host allocator, NCCL, the CUDA driver's own errors). A reader
returns numbers and clues, never advice: the advice follows from the facts in ``cases``.

Time is linear in the log's length. Markers are found with plain substring searches over the
text (and its lower-case copy, for messages whose case changed between versions); the regular
expressions then run only over a window after each marker, so no pattern scans a long run of
digits, dots or newlines from every position in it.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

from ..units import MiB, EiB, itemsize

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
# Past this every sum and ratio is clamped, so that a log stating 10^400 bytes stays a float
LARGEST = 1024 * EiB
# No machine's RAM or device has this much: a request past it is a size that overflowed (a shape bug), and a free
# figure past it a count that went below zero
NO_MACHINE_HAS = 64 * 2**40
# How much text after a marker belongs to its message (an allocator dump is read from its own marker)
_WINDOW = 2000
# How many of a marker's last occurrences are read: the error that ended the run is at the end of the log
_LAST = 8

# "20.00 MiB", "2.87GiB", "3.77G", "0 bytes", "17.73 GB". Every framework prints binary sizes, whatever
# the suffix says (PyTorch's MPS allocator divides by 1024 and writes "GB"), so every suffix is binary.
# The look-behind lets a match start only where a number starts.
SIZE = r"(?<![\d.])(\d+(?:\.\d+)?)\s?((?:[KMGTPE]i?B?)|[Bb]ytes|B)(?![A-Za-z])"
_FACTOR = {"": 1, "b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40, "p": 1 << 50, "e": 1 << 60}
_TF_DTYPES = {"float": "float32", "half": "float16", "double": "float64", "bfloat16": "bfloat16",
              "int32": "int32", "int64": "int64", "int8": "int8", "uint8": "uint8", "bool": "bool",
              "float16": "float16", "float32": "float32", "float64": "float64"}


@dataclass
class Facts:
    """What a log states. ``None`` is "the log does not say"."""

    oom: bool = False
    framework: str | None = None  # tensorflow, jax, torch, nccl, llama.cpp (ggml's GPU backends), exla (Elixir's
    # XLA), caffe2, onnxruntime, vllm, paddle, opencv, tensorrt, tensorrt-llm, fastertransformer, mxnet, mindspore,
    # theano, cntk, flashlight and arrayfire (its ArrayFire back end's error), caffe, lmdeploy (TurboMind), ray, candle
    # (Rust's cudarc: candle, mistral.rs), mlx and metal (an Apple GPU's command buffer out of memory),
    # numpy and python (their own errors, in a program of no framework), kubernetes and slurm (the scheduler that
    # ended it)
    memory: str | None = None  # gpu, host, tpu, mps
    requested_bytes: int | None = None
    total_bytes: int | None = None
    free_bytes: int | None = None
    in_use_bytes: int | None = None
    limit_bytes: int | None = None
    allocated_bytes: int | None = None
    reserved_bytes: int | None = None
    largest_free_block_bytes: int | None = None
    other_process_bytes: int | None = None
    other_processes: list[int] = field(default_factory=list)  # what each other process on the device holds
    mps_other_bytes: int | None = None  # Apple MPS: "other allocations" beside PyTorch's own
    program_bytes: int | None = None  # XLA's whole program (BufferAssignment's total, a TPU's hbm requirement)
    shape: list[int] | None = None
    dtype: str | None = None
    op: str | None = None
    allocator: str | None = None
    gpu_index: int | None = None
    gpu_indices: set[int] = field(default_factory=set)  # every device the log names
    message: str | None = None  # the line that says it ran out, as printed
    clues: set[str] = field(default_factory=set)  # what the context shows: see _CLUES
    warnings_only: bool = False  # only allocation warnings that the framework says are not a failure


def number(text: str) -> int:
    """A byte count as printed, clamped to ``LARGEST``."""
    return int(text) if len(text) < 25 else LARGEST


def size(value: str, unit: str) -> int:
    """A size as printed (``"2.87"``, ``"GiB"``) in bytes, every suffix read as binary, clamped to ``LARGEST``."""
    if len(value.split(".")[0]) > 24:
        return LARGEST
    key = "" if unit.lower() == "bytes" else unit[:1].lower()
    return min(int(float(value) * _FACTOR[key]), LARGEST)


def _size_after(pattern: str, text: str) -> int | None:
    """The size that ``pattern`` (which holds ``SIZE``) finds in ``text``."""
    match = re.search(pattern, text)
    return size(*match.groups()[:2]) if match else None


def _positions(haystack: str, needle: str) -> list[int]:
    """Where ``needle`` starts in ``haystack``: its last ``_LAST`` occurrences, in order."""
    found, end = [], len(haystack)
    while len(found) < _LAST:
        at = haystack.rfind(needle, 0, end)
        if at < 0:
            break
        found.append(at)
        end = at + len(needle) - 1
    return found[::-1]


def _window(text: str, at: int, before: int = 0, after: int = _WINDOW) -> str:
    """The text around position ``at``, with line breaks and runs of spaces made one space.

    A message wrapped by a terminal or a web page ("Resource\\nexhausted") reads as printed.
    """
    return re.sub(r"\s+", " ", text[max(at - before, 0):at + after])


# How much of the log's end the clues are read from: a traceback and its error message
_CLUE_TAIL = 8000
# Words in the log that say where the allocation happened. Each names a clue that ``cases`` reads.
_CLUES = {
    "initializer": ("initializer", "assign_op.h", "random_op.cc", "convert_to_eager_tensor", "failed copying input tensor", "random_uniform", "randomuniform", "truncated_normal", "truncatednormal",
                    # a RandomNormal initializer's op (Keras's default for a RetinaNet head's kernels)
                    "randomstandardnormal", "random_normal",
                    "glorot", "he_normal", "variablev2", "varhandleop", "_eagerconst", "eagerconst",
                    "dst tensor is not initialized", "zeros_like", "build(", "add_weight", "_create_slots",
                    # a variable's constructor (TensorFlow 1.x's RefVariable, 2.x's ResourceVariable): its initial value
                    "_init_from_args",
                    # TensorFlow 1.x's executor makes each node's kernel when the graph is set up, a Const node's
                    # value (a frozen graph's weights) placed on the device then, before any batch
                    "executor failed to create kernel",
                    # Keras calling a layer on a symbolic input while a functional model is built: the layer builds its
                    # weights then
                    "_functional_construction_call",
                    # Caffe2's net that fills a model's parameters (workspace.RunNetOnce(model.param_init_net))
                    "param_init_net"),
    "loading": ("load_state_dict", "from_pretrained", "torch.load", "load_model", "loadmodel", "load_weights",
                # a frame of the script's own data loading (", in load_datasets"): a data set put on the device
                ", in load_data",
                "model.to(", "model.cuda(", "module._apply", "in _apply\n", "_apply calls", "return t.to(",
                # nn.Module's .to(), .cuda(), .half(), .bfloat16(), ... each one line, "return self._apply(...)": the
                # code line a traceback prints under the method, the model moved or cast where it lies
                "return self._apply(",
                "safetensors", "from_preset",  # KerasHub's (KerasNLP's) constructor that loads a preset's weights
                # llama.cpp's loader, which allocates each device's buffer for the model's weights
                "llama_model_load", "load_tensors",
                # DistributedDataParallel's constructor: its Reducer makes the gradient buckets, as large as the
                # model's parameters together, when the model is wrapped, before any batch (its code line, "self.reducer =
                # dist.Reducer(", where a paste keeps only the traceback's last lines)
                "_ddp_init_helper", "dist.reducer(",
                # DeepSpeed ZeRO-3 gathering a sub-module's partitioned parameters onto the GPU before its forward or
                # backward (partitioned_param_coordinator's fetch_sub_module, __all_gather_params; partition_parameters'
                # _allgather_params): the whole weights of that module, not the batch's activations
                "fetch_sub_module", "all_gather_params", "allgather_params"),
    # the optimizer's own frames and ops; "adam" alone is everywhere (the compile() line, the model's name)
    "optimizer": ("optimizer.step", "optimizer_step", "apply_gradients", "exp_avg", "_multi_tensor_adam",
                  "_single_tensor_adam", "resourceapply", "/adam/", "adam/", "_create_slots", "add_slot",
                  "torch/optim/",
                  # DeepSpeed ZeRO making the optimizer's states (stage_1_and_2.py's initialize_optimizer_states), as
                  # its frame or the user's own words say ("occurs during ZeRO optimizer state initialization")
                  "initialize_optimizer_states", "optimizer state initializ", "optimizer states initializ"),
    "autotuning": ("autotun", "conv_algorithm_picker", "gemm_algorithm_picker", "best cudnn convolution",
                   "algorithm_picker", "redzone", "triton_autotun"),
    "compile": ("compile permanent error", "program hbm requirement", "bufferassignment", "while compiling",
                "compilation failure", "compile_and_load", "backend_compile"),
    "data_parallel": ("data_parallel", "dataparallel", "parallel_apply", "scatter_gather", "comm.gather"),
    # nn.DataParallel's warning that one GPU has less than 75 % of another's memory or cores
    "gpu_imbalance": ("there is an imbalance between your gpus",),
    "windows": ("c:\\", "d:\\", "\\site-packages\\", "win32", "win_amd64", "windows", "..\\c10\\"),
    "cublas": ("cublas_status_alloc_failed", "cublas_status_not_initialized", "failed to create cublas handle"),
    "cudnn": ("cudnn_status_alloc_failed", "cudnn_status_internal_error", "could not create cudnn handle",
              "before creating cudnn handle"),
    "startup": ("creating tensorflow device", "created tensorflow device", "created device"),
}


# A traceback's frame line, 'File "...", line N, in f' (also quoted with "> "), up to the function's name; its file
_FRAME_AT = r'^[> \t]{0,12}file "([^"\n]{1,400})", line \d{1,6}, in '
# ... with its function: the last frame a log shows is the innermost, where the allocation failed
_FRAME = re.compile(r'(?im)' + _FRAME_AT + r'([\w<>.]{1,100})')
# A traceback's code line that is a bare call of .to(...) or .cuda(...) on a name, its result not kept
# ("pipe.to(device)", "self.transformer.to(device=device)"; under its frame's 'File "...", line N, in f' line, also
# quoted with "> ", or IPython's "----> 72 "): a tensor's .to() returns a copy, which a bare statement would lose, and
# nn.Module's (a diffusers pipeline's) moves the object's weights in place: the model being moved to the device
_MOVED_IN_PLACE = re.compile(r'(?m)(?:' + _FRAME_AT + r'[^\n]{1,200}\n[> \t]*|'
                             r'^-{1,6}> ?\d{1,6} {1,4})[a-z_][\w.]{0,200}\.(?:to|cuda)\('
                             r'(?:[^()\n]|\([^()\n]{0,100}\)){0,200}\)[ \t]*$')
# A loader that catches the error and says what it was loading, on a line of its own just after the message (which a
# terminal may have wrapped over a few lines): SGLang's ComponentLoader ("Error while loading customized transformer,
# falling back to native version", "Error while loading component: transformer, ..."), an app's "Failed to load model"
_LOADER_REPORT = re.compile(r"out of memory[^\n]{0,1200}\n(?:[^\n]{0,400}\n){0,5}[^\n]{0,80}?"
                            r"(?:error while loading|failed to load) ")
# ComfyUI's error report names the node that raised ("- **Node Type:** CLIPTextEncode"): a loader node's work is
# loading a model, and a text-encode node's is first loading its text encoder(s) onto the GPU (CLIP.encode_from_tokens
# calls load_model() before it encodes a prompt of a few tokens)
_COMFY_LOADING_NODE = re.compile(r"node type:\**[ \t]{0,4}[a-z0-9_]{0,60}(?:textencode|loader)")
_SEQUENTIAL_BUILT = re.compile(r'sequential\.py(?:"?, line \d{1,6},|:\d{1,6},)? in (?:sequential\.)?(?:__init__|add)\b')


_WINDOWS_PTX_NOTE = re.compile(r"[^\n]{0,300}invoking gpu asm compilation is supported on cuda non-windows[^\n]{0,200}")


def _clues(lower: str, facts: Facts) -> None:
    # The clues come from the end of the log, where the failing traceback and the error are: a long log's
    # beginning mentions optimizers and checkpoints that have nothing to do with the failure.
    tail = lower[-_CLUE_TAIL:]
    # TensorFlow on Windows says at its first convolution that its redzone checker cannot compile PTX there
    # ("redzone_allocator.cc:312] Internal: Invoking GPU asm compilation is supported on Cuda non-Windows platforms
    # only"): a note of every run, not autotuning that ran out
    tail = _WINDOWS_PTX_NOTE.sub("", tail)
    for clue, words in _CLUES.items():
        if any(word in tail for word in words):
            facts.clues.add(clue)
    # An optimizer making its state (state['exp_avg'] = torch.zeros_like(p)) names an initializer's word too: the
    # frame nearer the error, the optimizer's on the same line, is what failed
    # Keras's Sequential being made: its __init__ adds each layer, and add() builds a layer whose input shape is known
    # (its weights made there, before any batch), in a script's traceback ('sequential.py", line 129, in add'),
    # IPython's ('sequential.py in __init__(self, layers, name)') and Keras 3's ('sequential.py:89, in Sequential.add')
    if _SEQUENTIAL_BUILT.search(tail):
        facts.clues.add("initializer")
    # ... and PyTorch's: a module's constructor making its weights (torch/nn/modules/conv.py's __init__, its
    # reset_parameters, torch/nn/init.py filling them) as the traceback's innermost frame: on the GPU where the program
    # made CUDA tensors the default (torch.set_default_tensor_type('torch.cuda.FloatTensor'), a device context)
    innermost = _last_match(_FRAME, tail)
    if innermost and re.search(r"torch[/\\]nn[/\\](?:modules[/\\]\w{1,40}\.py|init\.py)$", innermost.group(1)) and \
            (innermost.group(2) in ("__init__", "reset_parameters") or innermost.group(1).endswith("init.py")):
        facts.clues.add("initializer")
    if _MOVED_IN_PLACE.search(tail) or _LOADER_REPORT.search(tail) or _COMFY_LOADING_NODE.search(tail):
        facts.clues.add("loading")
    if {"optimizer", "initializer"} <= facts.clues and \
            _last_line(tail, _CLUES["optimizer"]) >= _last_line(tail, _CLUES["initializer"]):
        facts.clues.add("optimizer_innermost")
    # an eager op (TF 2's "[Op:Mul]", PyTorch's kernels) names no scope: the traceback says whose code ran it, and where
    # an optimizer's own module is the innermost library frame named (optimizer_v2/adam.py's _resource_apply_sparse,
    # torch/optim/adam.py), after every layer's and every backward pass's, the update is what ran out
    # (its load_state_dict restoring a checkpoint is loading, not an update)
    optimizer_frame = _last_line(tail, _OPTIMIZER_MODULES)
    if optimizer_frame >= 0 and optimizer_frame > _last_line(tail, _PASS_MODULES) and \
            "state_dict" not in tail.split("\n")[optimizer_frame]:  # (_last_line counts "\n" alone, as split does)
        facts.clues.add("optimizer_innermost")
    # vLLM told to take the whole GPU (gpu_memory_utilization=1, as a pasted call or command line shows): its weights
    # and KV cache take all of it at start, and what else needs memory later (CUDA graphs, the sampler, NCCL) finds none
    if _VLLM_WHOLE_GPU.search(lower):
        facts.clues.add("vllm_whole_gpu")


# An optimizer's own modules, as traceback frames name them (Windows' separators too)
_OPTIMIZER_MODULES = ("torch/optim/", "torch\\optim\\", "optimizer_v2/", "optimizer_v2\\", "keras/optimizers/",
                      "keras\\optimizers\\", "keras/src/optimizers/", "keras\\src\\optimizers\\", "/optax/",
                      "\\optax\\")
# The forward and backward passes' modules and frames: an optimizer's frame above them did not run out itself
_PASS_MODULES = ("torch/nn/modules/", "torch\\nn\\modules\\", "torch/autograd/", "torch\\autograd\\",
                 "keras/layers/", "keras\\layers\\", "keras/src/layers/", "keras\\src\\layers\\", "backprop.py",
                 "/engine/training.py", "\\engine\\training.py", ", in forward", ", in call\n", "in _call_impl",
                 "in __call__")


_VLLM_WHOLE_GPU = re.compile(r"gpu[_-]memory[_-]utilization[\"']?[ \t]{0,4}[=: ][ \t]{0,4}(?:1(?:\.0{1,4})?|0\.99\d{0,3})"
                             r"(?![\d.])")


def _last_match(pattern: re.Pattern[str], text: str, start: int = 0) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text`` from ``start``: a log's final error is the one it ended on."""
    found = None
    for found in pattern.finditer(text, start):
        pass
    return found


def _last_line(text: str, words: tuple[str, ...]) -> int:
    """The number of the last line of ``text`` that holds one of ``words`` (-1 for none)."""
    last = max((text.rfind(word) for word in words), default=-1)
    return -1 if last < 0 else text.count("\n", 0, last)


def _optimizer_frame(lower: str, facts: Facts) -> None:
    """A library's own optimizer, not torch.optim's: a traceback frame named for an optimizer's step or update
    (``in optim_background_step``, ``in optimizer_update``), with no forward or backward pass below it."""
    tail = lower[-_CLUE_TAIL:]
    frames = list(re.finditer(r", in \w{0,40}optim(?:izer)?_\w{0,40}", tail))
    if frames and re.search(r"step|update", frames[-1].group(0)) and not re.search(
            r", in (?:forward|backward|_call_impl)\b", tail[frames[-1].end():]):
        facts.clues.add("optimizer")


def _jax_init(lower: str, facts: Facts) -> None:
    """JAX makes a model's parameters by calling a function named init (Flax's ``model.init(rng, x)``, Haiku's
    ``init_fn``, a model's own ``self.init_params(...)``): a traceback through one failed creating the weights."""
    # (called, or handed to a transformation: jax.pmap(updater.init)(rng, batch), jax.jit(model.init))
    if re.search(r"(?<!\w)init(?:_\w{1,40})?\(|\.init\)|, in init(?:_\w{1,40})?\r?\n", lower[-_CLUE_TAIL:]):
        facts.clues.add("initializer")


def _devices(text: str, facts: Facts) -> None:
    tail = text[-200_000:]
    # (tensorflow-directml names its devices DML: "on /job:localhost/replica:0/task:0/device:DML:0"; a copy to the
    # device that failed, "Failed copying input tensor from ...device:CPU:0 to ...device:GPU:0 in order to run
    # Identity: Dst tensor is not initialized.", quoted from its destination on: "GPU:0 in order to run Identity")
    # PyTorch's ImageNet example (pytorch/examples, and the many trainers copied from it) says which GPU it took:
    # "Use GPU: 0 for training"
    for pattern in (r"GPU_(\d{1,3})_bfc", r"device:(?:[GX]PU|DML):(\d{1,3})", r"\bGPU:(\d{1,3}) in order to run ",
                    r"Use GPU: (\d{1,3}) for training",
                    r"\(GPU (\d{1,3});",
                    r"GPU (\d{1,3}) has a total",
                    r"cuda:(\d{1,3})", r"/gpu:(\d{1,3})", r"device ordinal (\d{1,3})", r"GPU (\d{1,3})\b"):
        for match in re.finditer(pattern, tail):
            facts.gpu_indices.add(int(match.group(1)))
    # fairseq's multi-GPU trainer (0.x) catches the error and names the device of the replica whose step ran out:
    # "| WARNING: ran out of memory on GPU #2, skipping batch"
    stated = _last_match(_FAIRSEQ_DEVICE, tail)
    if stated and facts.gpu_index is None:
        facts.gpu_index = int(stated.group(1))
        facts.gpu_indices.add(facts.gpu_index)


_FAIRSEQ_DEVICE = re.compile(r"ran out of memory on GPU #(\d{1,3}), skipping batch")


# --- TensorFlow and its BFC allocator (XLA's GPU client uses the same allocator and prints the same dump) ---

def _read_bfc(text: str, lower: str, facts: Facts) -> bool:
    """``Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.87GiB (rounded to ...)`` and its dump
    (TensorFlow 1.0 began the sentence with it: ``Ran out of memory trying to allocate 192.00MiB.``)."""
    fatal = warned = False
    for at in _positions(lower, "ran out of memory trying to allocate"):
        window = _window(text, at, before=120, after=600)
        # "... The caller indicates that this is not a failure, but may mean that there could be performance
        # gains if more memory were available": TensorFlow retries with less; nothing failed
        sentence = window[:window.find(".", window.find("trying to allocate") + 40) + 400]
        if "not a failure" in sentence[:500]:
            warned = True
            continue
        fatal = True
        match = re.search(r"Allocator \((\w+)\) ran out", window)
        facts.allocator = match.group(1) if match else facts.allocator
        requested = re.search(r"trying to allocate " + SIZE + r"(?: \(rounded to (\d+)(?: Bytes)?\))?", window)
        if requested:
            value, unit, rounded = requested.groups()
            facts.requested_bytes = number(rounded) if rounded else size(value, unit)
        # the op's name on the same line: XLA's allocator prints "requested by op " with none, and the next line
        # (a timestamp, a quote's "> ") is not one
        op = re.search(r"requested by op:?[ \t]?([^\s,]+)", text[at:at + 600])
        facts.op = op.group(1) if op else facts.op
        facts.message = facts.message or window[:200]
        if _pool_holds_nothing(text[at:at + 2000]):
            facts.clues.add("pool_holds_nothing")
    _read_bfc_stats(text, facts)
    if warned and not fatal:
        facts.warnings_only = True
    return fatal


def _pool_holds_nothing(dump: str) -> bool:
    """The dump's picture of the pool (``RenderOccupancy``: 100 characters over the memory the pool has taken, ``_``
    free, ``*`` and ``x`` a chunk in use, one character at least however small) drawn all free, or ``<allocator
    contains no memory>``: no tensor of this allocator was alive when the request failed."""
    if "<allocator contains no memory>" in dump:
        return True
    bar = re.search(r"\] ?([_*x]{50,100})[ \t]*$", dump, re.MULTILINE)
    return bar is not None and set(bar.group(1)) == {"_"}


def _read_bfc_stats(text: str, facts: Facts) -> None:
    """The dump's summary: ``Limit: ... InUse: ... LargestFreeBlock: ...``, ``memory_limit_: ...``."""
    for marker in ("Stats:", "Limit:"):
        places = _positions(text, marker)
        if places:
            window = text[places[-1]:places[-1] + 1500]
            for key, name in (("Limit", "limit_bytes"), ("InUse", "in_use_bytes"),
                              ("LargestFreeBlock", "largest_free_block_bytes")):
                match = re.search(r"\b" + key + r":[ \t]+(\d+)", window)
                if match and (key != "Limit" or match.group(1) != "0"):  # the async allocator prints 0: unset
                    setattr(facts, name, number(match.group(1)))
            # a pool that never made an allocation ("InUse: 0 ... NumAllocs: 0", its dump "<allocator contains no
            # memory>"): read also where the paste begins below the allocator's "ran out of memory" line
            if facts.in_use_bytes == 0 and (re.search(r"\bNumAllocs:[ \t]+0[ \t]*$", window, re.MULTILINE)
                                            or _pool_holds_nothing(window)):
                facts.clues.add("pool_holds_nothing")
            break
    if facts.limit_bytes is None:
        places = _positions(text, "memory_limit_:")
        if places:
            match = re.match(r"memory_limit_:\s*(\d+)", text[places[-1]:places[-1] + 80])
            facts.limit_bytes = number(match.group(1)) if match else None
    if facts.in_use_bytes is None:
        places = _positions(text, "Sum Total of in-use chunks:")
        if places:
            facts.in_use_bytes = _size_after(r"chunks: " + SIZE, text[places[-1]:places[-1] + 80])
    if facts.limit_bytes is not None and facts.in_use_bytes is not None and facts.free_bytes is None:
        facts.free_bytes = max(facts.limit_bytes - facts.in_use_bytes, 0)


def _read_device_properties(text: str, facts: Facts) -> None:
    """TensorFlow's start-up lines: ``Total memory: 4.00GiB`` / ``Free memory: 3.35GiB`` (1.x),
    ``totalMemory: 10.92GiB freeMemory: 10.76GiB`` (later)."""
    places = _positions(text, "otal memory:") + _positions(text, "otalMemory:")
    if places and facts.total_bytes is None:
        window = text[places[-1] - 1:places[-1] + 200]
        facts.total_bytes = _size_after(r"[Tt]otal ?[Mm]emory: ?" + SIZE, window)
        if facts.free_bytes is None:
            facts.free_bytes = _size_after(r"[Ff]ree ?[Mm]emory: ?" + SIZE, window)
            # what was free before this process allocated anything, on the one GPU the log describes
            if facts.free_bytes is not None and len(set(re.findall(r"Found device (\d{1,3}) with properties",
                                                                   text[-200000:]))) <= 1:
                facts.clues.add("free_at_start")
    cuda = re.search(r"Free memory/Total memory: (\d+)/(\d+)", text[-50000:])  # XLA's async allocator
    if cuda:
        facts.free_bytes, facts.total_bytes = number(cuda.group(1)), number(cuda.group(2))
    created = re.search(r"device:GPU:\d{1,3} with (\d{1,9}) MB memory\)", text[-200000:])
    if created and facts.limit_bytes is None:  # TensorFlow's pool for the device: memory_limit >> 20 MiB
        facts.limit_bytes = int(created.group(1)) << 20
    device = re.search(r"Found device (\d{1,3}) with properties", text[-20000:])
    if device and facts.gpu_index is None:
        facts.gpu_index = int(device.group(1))
    _read_xla_pool(text, facts)


def _read_xla_pool(text: str, facts: Facts) -> None:
    """XLA's GPU client sizes each device's pool at start and says so (an INFO line that JAX and EXLA print when
    their logs show INFO): ``XLA backend allocating 10251200102 bytes on device 0 for BFCAllocator.`` (preallocated),
    ``XLA backend will use up to N bytes on device 0 for BFCAllocator.`` (grown as needed), the same ``for
    CudaAsyncAllocator.``: the allocator's limit on that device, the memory fraction of what was free (or of the
    total)."""
    pools = {int(device): number(size_) for size_, device in re.findall(
        r"XLA backend (?:allocating|will use up to) (\d{1,25}) bytes on device (\d{1,3}) for \w{1,40}Allocator",
        text[-200_000:])}
    if not pools or facts.limit_bytes is not None:
        return
    if facts.gpu_index in pools:
        facts.limit_bytes = pools[facts.gpu_index]
    elif facts.gpu_index is None and len(pools) == 1:
        (facts.gpu_index, facts.limit_bytes), = pools.items()


# procps' ``free -h``, pasted beside a host allocation that failed: its header, then the "Mem:" row's total, used and
# free (then shared, buff/cache, available), each scaled to three digits with its unit ("15Gi", "3.6Gi", "641Mi"; before
# procps-ng 3.3.10 "15G"; busybox's and toybox's -h the same letters). Without -h the unit is not printed (procps'
# KiB, toybox's bytes): no figure
_FREE_UNIT = r"[ \t]{1,24}(\d{1,4}(?:\.\d{1,3})?)([kmgtp]i?|b)(?![\w.])"
_FREE_HUMAN = re.compile(r"(?m)^[ \t]{0,40}total[ \t]{1,24}used[ \t]{1,24}free[ \t]{1,24}shared[^\n]{0,80}\n"
                         r"[ \t]{0,8}mem:" + _FREE_UNIT * 3)


def _read_free_table(lower: str, facts: Facts) -> None:
    """The host's RAM as ``free -h`` printed it: its total, what was used and what was free (the column so named;
    the "available" one, which counts the page cache the kernel can drop, is larger)."""
    if facts.total_bytes is not None or "mem:" not in lower[-50000:]:
        return
    table = _last_match(_FREE_HUMAN, lower[-50000:])
    if table is None:
        return
    total, used, free = (size(table.group(i), table.group(i + 1)) for i in (1, 3, 5))
    facts.total_bytes, facts.in_use_bytes = total, facts.in_use_bytes if facts.in_use_bytes is not None else used
    facts.free_bytes = facts.free_bytes if facts.free_bytes is not None else free


def _read_nvidia_smi(text: str, facts: Facts) -> None:
    """A pasted nvidia-smi table: ``|  14220MiB / 15109MiB |`` per GPU gives the device's total (each figure padded to
    its column: ``|     98MiB /  1999MiB |``); a table pasted without its first lines still has its column heads
    ("Memory-Usage")."""
    if facts.total_bytes is not None or "NVIDIA-SMI" not in text and "Memory-Usage" not in text:
        return
    totals = [int(total) for _used, total in re.findall(r"\|\s{1,30}(\d{1,9})MiB {1,8}/ {1,8}(\d{1,9})MiB\s{1,30}\|",
                                                        text[-50000:])]
    if totals and len(set(totals)) == 1:  # one kind of card: its total is the device's
        facts.total_bytes = totals[0] << 20


# gpustat's line per GPU: "[0] Tesla K80        | 59'C,   0 % | 10949 / 11439 MB | ubuntu(10909M)" (its MB are MiB)
_GPUSTAT = re.compile(r"(?m)^[ \t]{0,8}\[(\d{1,3})\] [^|\n]{1,80}\|[^|\n]{1,40}\|[ \t]{0,12}(\d{1,9}) / (\d{1,9}) MB"
                      r"[ \t]{0,4}\|")
# Words of a job of several processes, one per GPU (a rank each)
_LAUNCHERS = ("horovod", "hvd.", "mpirun", "torchrun", "torch.distributed", "local_rank", "deepspeed ")


def _read_gpustat(text: str, lower: str, facts: Facts) -> None:
    """A pasted gpustat of several GPUs in a job of one process per GPU: when one GPU is all but full and every other
    holds next to nothing, the ranks all put their work on that one (Horovod's ranks without
    ``config.gpu_options.visible_device_list = str(hvd.local_rank())``): it is the failing GPU, its line the device's
    total and what was in use."""
    rows = {int(index): (int(used) << 20, int(total) << 20) for index, used, total in _GPUSTAT.findall(text[-50000:])}
    if len(rows) < 2 or not any(word in lower for word in _LAUNCHERS):
        return
    full = [index for index, (used, total) in rows.items() if used >= 0.8 * total]
    if len(full) != 1 or facts.gpu_index not in (None, full[0]):
        return
    used, total = rows[full[0]]
    if any(other_used > 0.05 * total for index, (other_used, _total) in rows.items() if index != full[0]):
        return
    facts.gpu_index = full[0]
    facts.total_bytes = facts.total_bytes or total
    facts.in_use_bytes = facts.in_use_bytes or used
    facts.clues.add("ranks_on_one_gpu")


# The message of a ResourceExhaustedError as TensorFlow prints it (the exception's repr, or the status of a C++ op,
# "Resource exhausted: ..."), the rest of its line
_EXHAUSTED = re.compile(r"(?:ResourceExhaustedError(?: \(see above for traceback\))?|Resource exhausted):[ \t]{0,8}"
                        r"([^\n]{0,300})")


def _exhausted_elsewhere(text: str) -> bool:
    """Whether every ResourceExhaustedError the log states is about something other than memory: the status has
    other uses (TF-TRT's op: "Requested batch size is not available and engine cache is full", when its engine cache
    has no room for another batch size), and TensorFlow's hint about allocated tensors follows any of them. A message
    of N root errors states its errors on the lines below, each read in turn."""
    messages = _exhausted_messages(text)
    return bool(messages) and not any(word in message or not message.strip()
                                      for message in messages
                                      for word in ("oom", "memory", "alloc", "root error", "out of"))


def _exhausted_messages(text: str) -> list[str]:
    return [match.group(1).lower() for match in _EXHAUSTED.finditer(text[-100000:])]


def _exhausted_for_memory(text: str) -> bool:
    """Whether a ResourceExhaustedError the log states says memory ran out in its own words ("ResourceExhaustedError:
    failed to allocate memory", "Resource exhausted: OOM when allocating ..."), where a paste cut the hint below it."""
    return any(word in message for message in _exhausted_messages(text)
               for word in ("oom", "memory", "alloc", "out of"))


def _read_tensorflow(text: str, facts: Facts) -> bool:
    found = False
    if _positions(text, "report_tensor_allocations_upon_oom") and not _exhausted_elsewhere(text):
        found = True  # TensorFlow prints this hint only after a ResourceExhaustedError
    if _exhausted_for_memory(text):
        found = True
    if _positions(text, "Sum Total of in-use chunks") or re.search(r"\bLimit:[ \t]+\d+\s+InUse:[ \t]+\d+",
                                                                     text[-100000:]):
        found = True  # the allocator dumps its chunks only when an allocation failed (not for its warnings)
    for at in _positions(text, "OOM when allocating tensor"):
        found = True
        window = _window(text, at)
        match = re.match(r"OOM when allocating tensor (?:with|of) shape ?\[([\d, ]{0,400})\]"
                         r"(?: and type (\w+))?(?: on (\S+))?(?: by allocator (\w+))?", window)
        if match:
            dims, dtype, _device, allocator = match.groups()
            facts.shape = [number(d) for d in dims.replace(" ", "").split(",") if d]
            facts.dtype = _TF_DTYPES.get(dtype or "", dtype)
            facts.allocator = allocator or facts.allocator
        # TensorFlow 0.5-0.6 printed the shape's proto: "with shapedim { size: 10000 } dim { size: 14 }"
        proto = re.match(r"OOM when allocating tensor with shape ?((?:dim \{ size: \d{1,25} \} ?){1,64})", window)
        if proto and not match:
            facts.shape = [number(d) for d in re.findall(r"size: (\d{1,25})", proto.group(1))]
        op = (re.search(r"\[Op:(\w+)\]", window) or re.search(r"\[\[Node: ([^\s=]+) =", window)
              or re.search(r"node \{?\{?node ([^\s}\]()]+)", window)
              or re.search(r"\[\[\{\{node ([^\s}]+)\}\}", window) or re.search(r"\[\[node ([^\s(\]]+)", window)
              # a paste that ends inside 1.x's node name ("[[Node: training/Adam/gradients/model_2/conv2d_16/Co"):
              # the name as far as it goes, its scopes whole
              or len(text) - at <= _WINDOW and re.search(r"\[\[Node: ([^\s=\]]{1,400}) ?\Z", window))
        facts.op = op.group(1) if op else facts.op
        if facts.dtype is None:  # 1.x's line without "and type": the failing node's own type attribute
            facts.dtype = _node_dtype(_first_node(window))
        facts.message = window[:200]
    for at in _positions(text, "Dst tensor is not initialized") + _positions(text, "Failed copying input tensor"):
        # TensorFlow's way of saying that copying a host array to the GPU found no memory
        found = True
        facts.message = facts.message or _window(text, at, before=200, after=100)
        facts.clues.add("initializer")
        node = _first_node(_window(text, at, after=1000))
        # the node that failed to place its tensor: a constant carries it, "value=Tensor<type: float shape: [...]"
        value = re.search(r"value=Tensor<type: (\w+) shape: \[([\d, ]{0,400})\]", node)
        if value and facts.shape is None:
            facts.shape = [number(d) for d in value.group(2).replace(" ", "").split(",") if d]
            facts.dtype = _TF_DTYPES.get(value.group(1))
            name = re.match(r"\[\[Node: ([^\s=]+) =", node)
            facts.op = name.group(1) if name else facts.op
    for at in _positions(text, "Allocator ran out of memory"):  # Intel's extension for TensorFlow
        found = True
        window = _window(text, at)
        facts.requested_bytes = _size_after(r"allocate " + SIZE, window) or facts.requested_bytes
        facts.message = facts.message or window[:200]
    if found and facts.requested_bytes is None and facts.shape is not None and facts.dtype:
        facts.requested_bytes = _bytes_of(facts.shape, facts.dtype)
    return found


def _bytes_of(shape: list[int], dtype: str) -> int:
    """The bytes of a tensor or array of this shape and element type, clamped to ``LARGEST``."""
    elements = 1
    for d in shape:
        elements = min(elements * d, LARGEST)
    return min(elements * itemsize(dtype), LARGEST)


def _first_node(window: str) -> str:
    """The first node a 1.x error names, with its attributes: ``[[Node: name = Op[T=DT_FLOAT, ...](inputs)]]``."""
    start = window.find("[[Node:")
    if start < 0:
        return ""
    end = window.find("]]", start)
    return window[start:end if end > 0 else start + 1000]


def _node_dtype(node: str) -> str | None:
    """A 1.x node's element type: its ``T`` attribute (an op's type), else its ``dtype`` (a constant's, a
    variable's), as ``DT_FLOAT``; None for a type the reader does not name."""
    match = re.search(r"[\[, ]T=DT_([A-Z0-9]+)", node) or re.search(r"[\[, ]dtype=DT_([A-Z0-9]+)", node)
    return _TF_DTYPES.get(match.group(1).lower()) if match else None


# StreamExecutor's ROCm driver refusing a request (ROCMDriver::DeviceAllocate, HostAllocate) prints the words of the
# CUDA driver's with HIP's error: "failed to allocate 7.35G (7889485824 bytes) from device: hipError_t(1002)", its
# name as each version spells it (HIP_ERROR_OutOfMemory, hipErrorOutOfMemory; 1002 is old HIP's
# hipErrorMemoryAllocation, which its ToString did not name)
_ROCM_OOM_ERRORS = ("hip_error_outofmemory", "hiperroroutofmemory", "hiperrormemoryallocation", "hiperror_t(1002)")
_ROCM_DRIVER_OOM = re.compile(r"failed to alloc(?:ate)? [^\n]{1,80}(?:from device|on host): $")


def _rocm_driver_oom(lower: str) -> list[int]:
    """Where the ROCm driver's out-of-memory error of a StreamExecutor allocation is named (its last ``_LAST``)."""
    places = [at for error in _ROCM_OOM_ERRORS for at in _positions(lower, error)
              if _ROCM_DRIVER_OOM.search(lower, max(at - 120, 0), at)]
    return sorted(places)[-_LAST:]


def _read_cuda_driver(text: str, lower: str, facts: Facts) -> bool:
    """The CUDA driver's own errors: ``failed to allocate 3.77G (4046333952 bytes) from device:
    CUDA_ERROR_OUT_OF_MEMORY``, cuMemAllocAsync, cuBLAS/cuDNN handles that found no memory."""
    found = False
    # TensorFlow 2.x making the CUDA context when the first op is placed: "CUDA runtime implicit initialization on
    # GPU:0 failed. Status: out of memory" (the runtime's own words for CUDA_ERROR_OUT_OF_MEMORY)
    for at in _positions(lower, "cuda runtime implicit initialization on gpu:")[-1:]:
        window = _window(text, at, after=120)
        if "out of memory" in window.lower():
            found = True
            facts.clues.add("cuda_context")
            match = re.match(r"CUDA runtime implicit initialization on GPU:(\d{1,3})", window, re.IGNORECASE)
            facts.gpu_index = int(match.group(1)) if match else facts.gpu_index
            facts.memory = "gpu"
            facts.message = window
    for at in sorted(_positions(lower, "cuda_error_out_of_memory") + _rocm_driver_oom(lower)):
        found = True
        window = _window(text, at, before=300, after=300)
        # "failed to alloc 2740606464 bytes unified memory": the pool made from managed memory (TF_FORCE_UNIFIED_MEMORY)
        match = re.search(r"\((\d+) bytes\)", window) or re.search(r"alloc(?:ate)? (\d+) bytes", window)
        if match and facts.requested_bytes is None:
            facts.requested_bytes = number(match.group(1))
            facts.clues.add("driver_request")  # the only request is one made to the driver, not an allocator's
        line = text[text.rfind("\n", 0, at) + 1:at]
        if re.search(r"failed call to cu(?:DevicePrimaryCtxRetain|CtxCreate)", line[-300:]):
            # StreamExecutor could not make the CUDA context, before this process allocated anything: "failed call to
            # cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; total memory reported: 11523260416"
            facts.clues.add("cuda_context")
            total = re.match(r"[^\n]{0,80}?total memory reported: (\d{1,25})", text[at:at + 200])
            facts.total_bytes = number(total.group(1)) if total and facts.total_bytes is None else facts.total_bytes
        if re.search(r"(?i)failed to load (?:in-memory cubin|ptx text as a module)", text[max(at - 200, 0):at]):
            # StreamExecutor loading a compiled program's kernels (GpuDriver::LoadCubin, LoadPtx: cuModuleLoad...):
            # the driver places the module in GPU memory of its own, outside the framework's pool
            facts.clues.update(("outside_pool", "module_load"))
        if "bytes unified memory" in line:
            # StreamExecutor's unified allocation is only ever the allocator's pool, backed off by 0.9 at each retry
            facts.clues.add("unified_memory")
        if "pinned host memory" in window or "on host" in window:
            facts.memory = "host"
        elif re.search(r"(?i)failed to alloc\w* .{0,60}from device", window) and \
                "oom when allocating tensor" not in lower[at:]:
            # StreamExecutor's own request to the driver (not the pool's first reservation at start, shrunk and
            # retried, where the allocator's own failure comes after it)
            facts.clues.add("driver_allocation")
        facts.message = facts.message or window.strip()[:300]
    alloc_failed = False
    # cuBLAS 11.4 and later state a status in words (cublasGetStatusString), which XLA's StreamExecutor prints after
    # "failed to create cublas handle: ": ALLOC_FAILED is "the resource allocation failed", NOT_INITIALIZED "the
    # library was not initialized"
    # (StreamExecutor's cuDNN plugin, when the CUDA call before cudnnCreate failed: "There was an error before
    # creating cudnn handle (2): cudaErrorMemoryAllocation : out of memory")
    for marker in ("cublas_status_alloc_failed", "cudnn_status_alloc_failed",
                   "cublas handle: the resource allocation failed",
                   "before creating cudnn handle (2): cudaerrormemoryallocation"):
        for at in _positions(lower, marker):
            found = alloc_failed = True
            facts.message = facts.message or _window(text, at, before=200, after=100)
    # cudnnCreate / cublasCreate could not make a handle: beside ALLOC_FAILED, a GPU left without room for the
    # handle's own buffers makes cuDNN say INTERNAL_ERROR and cuBLAS NOT_INITIALIZED (TensorFlow's and JAX's
    # documented symptom of a GPU preallocated whole); cuDNN's NOT_INITIALIZED or ARCH_MISMATCH is a driver or
    # a build, not memory
    for marker, statuses in (("could not create cudnn handle", ("cudnn_status_internal_error",)),
                             ("failed to create cublas handle", ("cublas_status_not_initialized",
                                                                 "the library was not initialized"))):
        for at in _positions(lower, marker):
            status = lower[at + len(marker):at + len(marker) + 40]
            if any(word in status for word in statuses):
                # cuDNN's next line says what the GPU had: "Memory usage: 16601251840 bytes free, 16928342016 bytes
                # total." A GPU more than half free was taken by no framework's pool (JAX leaves a quarter, TensorFlow
                # less): the status means a driver or a build that does not match, not memory (a paste cut inside the
                # line still holds both figures whole where a word follows the total: "8589410304 b")
                usage = re.search(r"Memory usage: (\d{1,25}) bytes free, (\d{1,25}) b", text[at:at + 400])
                if usage and number(usage.group(1)) > number(usage.group(2)) / 2:
                    continue
                if usage:
                    facts.free_bytes, facts.total_bytes = number(usage.group(1)), number(usage.group(2))
                found = True
                if not alloc_failed:
                    facts.clues.add("handle_status")  # only another status than ALLOC_FAILED: mostly memory
                facts.message = facts.message or _window(text, at, before=200, after=100)
    # XLA's autotuner tries every cuDNN algorithm; when all fail to run (not to compile), the usual cause is a
    # GPU left without room for cuDNN's workspace: JAX's documented symptom of preallocating the GPU
    for at in _positions(lower, "failed to determine best cudnn convolution algorithm") + _positions(
            lower, "all algorithms tried for"):
        window = lower[at:at + 20000]
        if "cudnn_status_execution_failed" in window or "cudnn_status_alloc_failed" in window or \
                "failed to determine" in window[:60]:
            found = True
            facts.clues.add("cudnn")
            facts.message = facts.message or _window(text, at, after=200)
    for at in _positions(lower, "could not allocate pinned host memory"):
        found = True
        facts.memory = "host"
        facts.clues.add("pinned_host")
        facts.requested_bytes = facts.requested_bytes or _size_after(r"of size:? (\d+)()", text[at:at + 120])
    return found


# --- XLA (JAX, and TensorFlow with jit_compile) ---

# StreamExecutor's INFO line when the driver refuses a request (GpuDriver::DeviceAllocate), in TensorFlow's log format
# ("2020-06-25 11:53:10.941496: I tensorflow/stream_executor/cuda/cuda_driver.cc:831] failed to allocate 4.00G
# (4294967296 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY") or absl's ("I0000 00:00:1700000000.000000 123
# cuda_driver.cc:...] failed to allocate ...")
_DRIVER_INFO = re.compile(r"(?m)(?:: i |^\s{0,8}i\d{4} [^\n\]]{1,120}?)[^\n\]]{1,200}\] failed to alloc[^\n]{1,120}?from "
                          r"device: cuda_error_out_of_memory")


def _driver_retries(lower: str) -> bool:
    """Whether every CUDA_ERROR_OUT_OF_MEMORY of the log is StreamExecutor's INFO line for a request the driver refused:
    beside the BFC allocator's warnings that say "the caller indicates that this is not a failure" (and no failure of
    its own), those are the attempts the warnings speak of (the allocator, cuDNN's autotuner asking for its workspace,
    each trying again with less), not an error."""
    places = _positions(lower, "cuda_error_out_of_memory")
    spans = [match.span() for match in _DRIVER_INFO.finditer(lower, max(places[0] - 400, 0))] if places else []
    # (none at all: what the driver reader found is another failure, a cuBLAS or cuDNN handle the warnings left no
    # room for)
    return bool(places) and all(any(start <= at < end for start, end in spans) for at in places)


def _runs_on_cpu(lower: str) -> bool:
    """Whether the text says the program ran on the CPU: JAX's "No GPU/TPU found, falling back to CPU", or a
    CPU named (the platform, TFRT_CPU_0, CpuDevice) where no GPU or TPU is."""
    tail = lower[-200_000:]
    if "falling back to cpu" in tail:
        return True
    if re.search(r"(?<![a-z])(?:gpu|tpu|cuda|rocm|nvidia)", tail):
        return False
    return re.search(r"(?<![a-z])cpu(?![a-z])|cpudevice", tail) is not None


def _read_xla(text: str, lower: str, facts: Facts) -> bool:
    found = False
    # "RESOURCE_EXHAUSTED", "Resource exhausted", "ResourceExhausted": every spelling ends in "exhausted"
    for at in _positions(lower, "exhausted"):
        window = _window(text, max(at - 9, 0), after=600)
        # TensorFlow's own ResourceExhaustedError is read by _read_tensorflow (its class's name may come a line
        # before: "ResourceExhaustedError: 2 root error(s) found. (0) Resource exhausted: OOM when allocating")
        # (its words "Resource exhausted: OOM" are TensorFlow's, also where a paste cut the line after them)
        if not re.match(r"(?i)resource[ _]?exhausted", window) or "OOM when allocating" in window[:160] or \
                re.match(r"[Rr]esource [Ee]xhausted: {1,2}OOM\b", window):
            continue
        # IPython's header above a traceback names the exception's class, not its message: "ResourceExhaustedError
        # <spaces> Traceback (most recent call last)" (the message is the traceback's last line, read in its turn)
        if re.match(r"(?i)resourceexhaustederror ?traceback \(most recent call last\)", window):
            continue
        found = True
        match = (re.search(r"(?i)out of memory (?:while trying to allocate|allocating) (\d+) ?bytes", window)
                 or re.search(r"(?i)failed to allocate (?:request for )?" + SIZE + r" \((\d+)B\)", window)
                 or re.search(r"(?i)failed to allocate (\d+) bytes", window))
        if match:
            groups = match.groups()
            facts.requested_bytes = number(groups[-1])
            # "Out of memory allocating N bytes." is PjRt's TFRT clients' (AlignedMalloc in the CPU client; the
            # TFRT GPU client of 2025 copied it), not the BFC allocator's "while trying to allocate": the
            # platform the text names decides, and a text that names only the CPU ran out of RAM
            if re.match(r"(?i)out of memory allocating", match.group(0)) and _runs_on_cpu(lower):
                facts.memory = "host"
                facts.clues.add("xla_cpu")
        ordinal = re.search(r"device ordinal (\d{1,3})", window)
        if ordinal:
            facts.gpu_index = int(ordinal.group(1))
        facts.message = window[:300]
    # XLA's GPU executable states what it could not allocate and dumps its buffers ("Out of memory while trying to
    # allocate 2359296 bytes.\nBufferAssignment OOM Debugging."): its own words, also where the paste begins after
    # the status line that said RESOURCE_EXHAUSTED
    for at in [] if found else _positions(lower, "bufferassignment oom debugging")[-1:]:
        match = re.search(r"(?i)out of memory while trying to allocate (\d{1,25}) ?bytes\.?\s{0,8}$",
                          text[max(at - 120, 0):at])
        if match:
            found = True
            facts.requested_bytes = number(match.group(1))
            facts.message = _window(text, max(at - 120, 0) + match.start(), after=120)
    # its list of the peak buffers (BufferAssignment's verbose dump, which XLA prints only for a program that found no
    # room), where the paste keeps only its last entries: "Buffer 15:\n\t\tSize: 4.00MiB\n\t\tEntry Parameter
    # Subshape: f32[2048,512]\n\t\t==========================", each entry closed by that rule
    for at in [] if found else _positions(lower, "==========================")[-1:]:
        if _XLA_PEAK_BUFFER.search(lower, max(at - 600, 0), at):
            found = True
            facts.message = _window(text, max(at - 200, 0), after=230)
    # "INTERNAL: Failed to allocate 7077888 bytes for new constant": XLA's GPU executable copies a program's
    # constants to the device with a direct allocation (xla/service/gpu/gpu_executable.cc), not from the BFC pool;
    # with the pool holding its share of the GPU, what is left may not take even a few MiB
    for at in _positions(lower, "bytes for new constant")[-1:]:
        match = re.search(r"(?i)failed to allocate (\d{1,25}) bytes for new constant$", text[max(at - 60, 0):at + 22])
        if match:
            found = True
            facts.requested_bytes = number(match.group(1))
            facts.clues.add("outside_pool")
            facts.message = _window(text, max(at - 60, 0), after=120)
    for at in _positions(text, "BufferAssignment"):
        window = _window(text, at, after=3000)
        total = _size_after(r"total allocation: " + SIZE, window)
        if total:
            facts.program_bytes = total
        # "parameter allocation: 1000.50MiB ... maybe_live_out allocation: 1000.50MiB ... preallocated temp allocation:
        # 0B": a program that takes an array and returns one of its size with no scratch is one operation on a whole
        # array run by itself (a weight cast or copied as it is loaded, a data set normalised at once); a compiled
        # step takes the weights and the batch and needs temporaries for its activations
        stats = {name: _size_after(name + r" allocation: " + SIZE, window)
                 for name in ("parameter", "maybe_live_out", "preallocated temp")}
        if stats["preallocated temp"] == 0 and stats["parameter"] and stats["parameter"] == stats["maybe_live_out"]:
            facts.clues.add("whole_array_op")
        # "Peak buffers:" each with its "Shape: bf16[3114720,1,1536]" ("Entry Parameter Subshape: f32[14745600]" for a
        # parameter): the one whose bytes are the request's is the array that found no room
        for shape in re.finditer(r"(?:Shape|Subshape): ([a-z]{1,4}\d{0,3})\[([\d,]{0,400})\]", window):
            dims = [number(d) for d in shape.group(2).split(",") if d]
            width = _XLA_ITEMSIZE.get(shape.group(1))
            if facts.shape is None and facts.requested_bytes and dims and width and \
                    min(_bytes_of(dims, "int8") * width, LARGEST) == facts.requested_bytes:
                facts.shape, facts.dtype = dims, shape.group(1)
    return found


_XLA_PEAK_BUFFER = re.compile(r"buffer \d{1,7}:\s{1,16}size: \d{1,7}(?:\.\d{1,4})?[kmgt]?i?b\s{1,16}(?:operator|"
                              r"entry parameter subshape|xla label|shape): [^\n]{1,400}(?:\n[^\n]{0,400}){0,4}\n\s{0,16}$")


# XLA's element types as its shapes print them (xla_data.proto's PrimitiveType), in bytes: not NumPy's names, which
# read "f16" as a 16-byte float and "u8" as an 8-byte integer, and know no "f64"
_XLA_ITEMSIZE = {"pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2, "s32": 4, "u32": 4, "f32": 4,
                 "s64": 8, "u64": 8, "f64": 8, "c64": 8, "c128": 16}


def _read_rematerialization(text: str, facts: Facts) -> None:
    """XLA's rematerialisation pass on a GPU, given the memory the program may use there: ``Can't reduce memory use
    below 23.81GiB (25567444992 bytes) by rematerialization; only reduced to 86.14GiB (92489619062 bytes)``. The
    first figure is that limit (what the allocator may hold; 0 when none was set), the second what the program
    still needs after recomputing all it could. A TPU's compiler states its HBM itself, and is read there."""
    for at in _positions(text, "reduce memory use below")[-1:]:
        match = re.match(r"reduce memory use below " + SIZE + r" \((\d{1,25}) bytes\) by rematerialization; only "
                         r"reduced to " + SIZE + r" \((\d{1,25}) bytes\)", _window(text, at, after=300))
        if not match or match.group(3) == "0":
            continue
        facts.clues.add("rematerialization")
        facts.limit_bytes = facts.limit_bytes if facts.limit_bytes is not None else number(match.group(3))
        facts.program_bytes = facts.program_bytes or number(match.group(6))


def _read_scratch_limit(text: str, facts: Facts) -> None:
    """StreamExecutor's scratch allocators (the workspace of a cuDNN convolution, a cuBLAS call, a cuFFT plan) refuse a
    request over their own cap before they ask the device: ``RESOURCE_EXHAUSTED: Allocating 4718624784 bytes exceeds
    the memory limit of 4294967296 bytes.`` The cap (TF_CUDNN_WORKSPACE_LIMIT_IN_MB for TensorFlow's convolutions, 4 GiB
    by default) is that allocation's limit, not the device's; a request refused while an engine was profiling
    ("Profiling failure on CUDNN engine 1#TC: ...", under "No algorithm worked!") was the autotuner trying it."""
    for at in _positions(text, "bytes exceeds the memory limit of")[-1:]:
        match = re.search(r"Allocating (\d{1,25}) bytes exceeds the memory limit of (\d{1,25}) bytes",
                          text[max(at - 40, 0):at + 60])
        if not match:
            continue
        facts.clues.add("scratch_limit")
        facts.requested_bytes = facts.requested_bytes if facts.requested_bytes is not None else number(match.group(1))
        facts.limit_bytes = facts.limit_bytes if facts.limit_bytes is not None else number(match.group(2))
        if re.search(r"(?i)profiling failure on [^\n]{0,200}$", text[max(at - 300, 0):at]):
            facts.clues.add("autotuning")


def _read_tpu(text: str, lower: str, facts: Facts) -> bool:
    """``Ran out of memory in memory space hbm. Used 20.35G of 15.48G hbm. Exceeded hbm capacity by 4.87G.``"""
    found = False
    for at in _positions(lower, "ran out of memory in memory space"):
        found = True
        window = _window(text, at, after=800)
        used = re.search(r"Used " + SIZE + r" of " + SIZE, window)
        if used:
            facts.program_bytes = size(*used.groups()[:2])
            facts.total_bytes = size(*used.groups()[2:4])
        facts.message = window[:300]
        facts.memory = "tpu"  # hbm, and vmem for a kernel's scratch: both the chip's
    for at in _positions(lower, "program hbm requirement"):
        found = True
        facts.program_bytes = facts.program_bytes or _size_after(r"(?i)requirement " + SIZE, text[at:at + 200])
        facts.memory = "tpu"
    # The TPU compiler giving up before it lays the program out, its estimate far above the HBM: "Compilation failure:
    # Aborting compilation early because it's unlikely to have enough memory. Requires 3.84T, has 90.96G available."
    for at in _positions(lower, "unlikely to have enough memory")[-1:]:
        window = text[at:at + 200]
        needs = re.match(r"unlikely to have enough memory\. ?Requires " + SIZE + r", has " + SIZE + r" available",
                         window, re.IGNORECASE)
        if not needs or "aborting compilation early" not in lower[max(at - 60, 0):at]:
            continue
        found = True
        facts.program_bytes = facts.program_bytes or size(*needs.groups()[:2])
        facts.free_bytes = size(*needs.groups()[2:4])
        facts.message = facts.message or _window(text, max(at - 60, 0), after=200)[:300]
        facts.memory = "tpu"
    # a paste that keeps only the end of the compiler's list of the program's largest buffers (its head, "Ran out of
    # memory in memory space hbm", scrolled away): "20. Size: 512.00M / Operator: ... / Shape: f32[524288,256]{1,0:
    # T(8,128)} / ... / Allocation type: HLO temp", each entry of the list the TPU compiler prints with that error
    for at in [] if found else _positions(lower, "allocation type: ")[-1:]:
        if re.search(r"(?m)^[ \t]{0,12}\d{1,4}\. Size: " + SIZE + r"[ \t]{0,8}$", text[max(at - 1500, 0):at]):
            found = True
            facts.message = _window(text, max(at - 600, 0), after=40)[:300]
            facts.memory = "tpu"
    if found:
        facts.clues.add("compile")
        _read_tpu_largest_buffer(text, facts)
    return _read_tpu_reservation(text, facts) or found


def _read_tpu_largest_buffer(text: str, facts: Facts) -> None:
    """The compiler's list of the program's largest buffers: ``Largest program allocations in hbm:`` then ``1. Size:
    32.00G``, its op, ``Shape: s32[8388608,8,4]{2,1,0:T(8,128)}`` (XLA's element type; the tiles it is padded to). A
    buffer larger than the whole HBM is the one allocation no batch or sharding of the rest makes fit: its size, shape
    and type are the request's."""
    for at in _positions(text, "Largest program allocations in")[-1:]:
        window = text[at:at + 1500]
        largest = _size_after(r"1\. Size: " + SIZE, window)
        if largest is None or not facts.total_bytes or largest <= facts.total_bytes:
            continue
        facts.requested_bytes = largest
        shape = re.search(r"Shape: ([a-z]{1,4}\d{0,3})\[([\d,]{0,400})\]", window)
        if shape:
            facts.dtype = shape.group(1)
            facts.shape = [number(d) for d in shape.group(2).split(",") if d]


def _read_tpu_reservation(text: str, facts: Facts) -> bool:
    """The TPU runtime's allocator: ``Attempting to reserve 3.95G at the bottom of memory. That was not possible.
    There are 1.92G free, 0B reserved, and 1.92G reservable.`` (a program being loaded; ``allocate`` for a buffer),
    then the HBM as it stood: ``HBM capacity 8.00G``, ``Currently allocated: 6.08G (6,532,939,776 bytes)``,
    ``Program requirement: 3.95G (4,237,689,856 bytes)``, ``Max free chunk 1.92G``; a buffer that found the memory in
    pieces says so: ``Due to fragmentation, the largest contiguous region of free memory is 30.56M.``; in bytes, with
    the memory named by its chip and HBM: ``Could not allocate 10485760 bytes in memory 0x0x0_HBM0; 4374528 bytes
    allocatable, 14942208 bytes available`` (what one allocation can get, then all that is free)."""
    for at in _positions(text, "bytes allocatable, ")[-1:]:
        match = re.search(r"Could not allocate (\d{1,25}) bytes in memory \w{0,40}?HBM\d{0,3}; (\d{1,25}) bytes "
                          r"allocatable, (\d{1,25}) bytes available", text[max(at - 160, 0):at + 60])
        if match:
            facts.requested_bytes, facts.largest_free_block_bytes, facts.free_bytes = (
                number(group) for group in match.groups())
            facts.message = facts.message or _window(text, max(at - 160, 0) + match.start(), after=200)[:300]
            facts.memory = "tpu"
            return True
    for at in _positions(text, "That was not possible")[-1:]:
        window = _window(text, at, before=120, after=1500)
        attempt = re.search(r"Attempting to (allocate|reserve) " + SIZE + r"[^.]{0,60}\. That was not possible", window)
        if not attempt:
            continue
        action = attempt.group(1)
        exact = re.search(r"Program requirement: ?" + SIZE + r" ?\( ?([\d,]{1,40}) bytes\)", window)
        facts.requested_bytes = (number(exact.group(3).replace(",", "")) if exact and action == "reserve"
                                 else size(*attempt.groups()[1:3]))
        free = _size_after(r"There are " + SIZE + r" free", window)
        facts.free_bytes = free if free is not None else facts.free_bytes
        facts.total_bytes = _size_after(r"HBM capacity " + SIZE, window) or facts.total_bytes
        held = re.search(r"Currently allocated: ?" + SIZE + r"(?: ?\( ?([\d,]{1,40}) bytes\))?", window)
        if held:
            facts.in_use_bytes = (number(held.group(3).replace(",", "")) if held.group(3)
                                  else size(*held.groups()[:2]))
        # "Due to fragmentation, the largest contiguous region of free memory is 30.56M." (a buffer's allocation)
        # "and 3.33G reservable": what the bottom of memory has in one piece for a program's reservation
        block = _first_size(window, r"Max free chunk " + SIZE, r"largest contiguous region of free memory is " + SIZE,
                            r"reserved, and " + SIZE + r" reservable")
        facts.largest_free_block_bytes = block if block is not None else facts.largest_free_block_bytes
        facts.message = facts.message or window[:300]
        if action == "reserve" or "error loading program" in window.lower():
            facts.clues.update(("program_load", "compile"))  # the compiled program, loaded before it runs
        if action == "reserve" or re.search(r"(?i)hbm|reservable", window):
            facts.memory = "tpu"
        return True
    return False


# --- PyTorch ---

# PyTorch 1.x's figures of the device, which its caching allocator prints only in its out-of-memory message, after
# "Tried to allocate 20.00 MiB ": "(GPU 0; 15.75 GiB total capacity; 79.11 MiB already allocated; 3.62 MiB free; ..."
_TORCH_FIGURES = re.compile(r"(?i)\(GPU \d{1,3}; ?" + SIZE + r" ?total ?capac\w{0,4}; ?" + SIZE + r" already allocated")


def _read_torch(text: str, lower: str, facts: Facts) -> bool:
    found = False
    # "CUDA out of memory. Tried to allocate ...": some pastes keep only "Tried to allocate 20.00 MiB (GPU 0; ..."
    # (also the exception's class name just before it, "OutOfMemoryError: Tried to allocate", where a paste quotes
    # only that much, and a message wrapped at its spaces: "reserved by PyTorch but\nunallocated")
    places = [at for at in _positions(lower, "tried to allocate")
              if re.search(r"total capac|\(GPU \d|allocated by PyTorch|already allocated|more than 1EB|"
                           r"reserved by PyTorch\s{1,4}but", text[at:at + 400], re.I) or
              "out of memory" in lower[max(at - 30, 0):at] or "outofmemoryerror: " in lower[max(at - 30, 0):at]]
    if not places:
        # ... and some only its figures, from "(GPU 0;" on: the message all the same, without its request
        places = [match.start() for at in _positions(lower, "already allocated")
                  if (match := _TORCH_FIGURES.search(text, max(at - 120, 0), at + 17))]
    for at in places[-1:]:
        found = True
        # pytest's short summary cuts the message at the terminal's width ("FAILED test_x - torch.OutOfMemoryError:
        # ... total capacity of 10..."): the same message, printed whole above it, holds the figures
        end = text.find("\n", at)
        if text[at:end if end >= 0 else len(text)].rstrip().endswith("..."):
            at = next((earlier for earlier in reversed(places[:-1]) if lower[earlier:earlier + 40] ==
                       lower[at:at + 40]), at)
        window = _window(text, max(at - 40, 0), after=1200)
        if re.search(r"(?i)tried to allocate more than 1EB", window):
            facts.requested_bytes = LARGEST
        else:
            facts.requested_bytes = _size_after(r"(?i)tried to allocate\s{1,4}" + SIZE, window)
        # 1.x: "(GPU 0; 15.78 GiB total capacity; 13.45 GiB already allocated; 3.75 MiB free; 14.17 GiB reserved
        # in total by PyTorch)", before 1.4 "... cached)"; 2.x: "GPU 0 has a total capacity of 15.77 GiB of which
        # 1.23 GiB is free. Process 1234 has ... memory in use. Including non-PyTorch memory, this process has
        # ... memory in use. Of the allocated memory 9.48 GiB is allocated by PyTorch, and 4.73 GiB is reserved
        # by PyTorch but unallocated." (2.1 printed "total capacty")
        # A message the user retyped or quoted in lower case ("tried to allocate 30.00 mib (gpu 0; 8.00 gib total
        # capacity; ...; 7.28 gib reserved in total by pytorch)") reads the same: its words and units in any case, and
        # its total's two words run together as a retyping leaves them ("1.96GiB totalcapacity;1.33GiB already")
        # (1.x's parenthesis always opens on the total, in PyTorch's own units: a paste that breaks off right after
        # it, cut there or garbled into another line, "(GPU 0; 23.65 GiBry Management and PYTORCH_CUDA_ALLOC_CONF",
        # keeps that figure; one followed by other words, "5.80 GiB total memory", was retyped and is not read)
        facts.total_bytes = (_size_after(r"(?i)" + SIZE + r" total ?capac", window)
                             or _size_after(r"(?i)total capac\w* of " + SIZE, window)
                             or _size_after(r"\(GPU \d{1,3}; ?(\d{1,6}(?:\.\d{1,2})?) ?([KMGT]iB)(?=[A-Za-z]|\s?\Z)",
                                            window))
        facts.free_bytes = _first_size(window, r"(?i)" + SIZE + r" free[;)]", r"(?i)of which " + SIZE + r" is free")
        limit = _size_after(r"(?i)" + SIZE + r" allowed;", window)  # torch.cuda.set_per_process_memory_fraction
        facts.limit_bytes = limit if limit is not None else facts.limit_bytes
        facts.allocated_bytes = _first_size(window, r"(?i)" + SIZE + r" already allocated",
                                            r"(?i)Of the allocated memory " + SIZE + r" is allocated by PyTorch")
        unallocated = _size_after(r"(?i)" + SIZE + r" (?:is )?reserved by PyTorch\s{1,4}but\s{1,4}unallocated", window)
        reserved = _size_after(r"(?i)" + SIZE + r" reserved in total by PyTorch", window)
        # 2.x prints what the cache holds beyond the tensors; so did 1.0-1.3, as "cached" (amount_cached -
        # amount_allocated in THCCachingAllocator): a "cached" smaller than "already allocated" is common
        if unallocated is None:
            unallocated = _size_after(r"(?i)" + SIZE + r" cached\)", window)
        if unallocated is not None and facts.allocated_bytes is not None:
            reserved = facts.allocated_bytes + unallocated
        if reserved is None and unallocated is None and len(text) - max(at - 40, 0) <= 1200:
            reserved = _reserved_cut_off(window)
        facts.reserved_bytes = reserved
        facts.in_use_bytes = _size_after(r"(?i)this process has " + SIZE + r" memory in use", window)
        # (a paste whose author took the PID out: "Process has 22.29 GiB memory in use")
        processes = [size(v, u) for v, u in re.findall(r"(?i)(?<!this )Process (?:\d{1,10} )?has " + SIZE + r" memory in use",
                                                        window)]
        own = _own_process(processes, facts.reserved_bytes) if facts.in_use_bytes is None else None
        if own is not None:
            # In a container, with other programs on the GPU: every PID is "Process N", this one among them, the
            # only one holding what PyTorch reserved plus at most a CUDA context and libraries' buffers
            facts.in_use_bytes = processes[own]
            processes = processes[:own] + processes[own + 1:]
            facts.other_process_bytes = min(sum(processes), LARGEST)
            facts.other_processes = processes
        elif processes and facts.in_use_bytes is None and len(processes) == 1 and (
                facts.reserved_bytes is not None and processes[0] >= facts.reserved_bytes
                or facts.reserved_bytes is None and _all_the_device_uses(facts, processes[0])):
            # In a container NVML sees another PID namespace, and the message names this very process as
            # "Process N" without the "this process has" sentence: its figure holds all PyTorch reserved (where the
            # message is cut before that figure, all the device uses, with no room beside it for this process's own
            # CUDA context)
            facts.in_use_bytes = processes[0]
        elif processes:
            # The list names the other processes on the GPU: PyTorch's reportProcessMemoryInfo prints "Process N
            # has" for every PID NVML lists but its own, which is the "this process has" sentence instead (a figure
            # equal to this process's is another rank's, as DDP's ranks hold alike)
            facts.other_process_bytes = min(sum(processes), LARGEST)
            facts.other_processes = processes
        # (torch_npu's and Intel's XPU messages say NPU 0, XPU 0 where CUDA's say GPU 0)
        gpu = re.search(r"(?i)\((?:GPU|NPU|XPU) (\d{1,3});", window) or \
            re.search(r"(?i)(?:GPU|NPU|XPU) (\d{1,3}) has a total", window)
        if gpu:
            facts.gpu_index = int(gpu.group(1))
        facts.message = window[:240]
        _made_on_the_failing_line(text, text.rfind("\n", 0, at) + 1, facts)
    return found


# What a process holds on a GPU beside PyTorch's reserved memory, at most: its CUDA context, cuBLAS's and cuDNN's
# workspaces, NCCL's buffers
_BESIDE_RESERVED = 2 << 30


def _own_process(processes: list[int], reserved: int | None) -> int | None:
    """Among several "Process N has ... memory in use", the index of the one that is this process: the only one
    holding PyTorch's reserved memory and at most _BESIDE_RESERVED more; None where none or several could be."""
    if len(processes) < 2 or reserved is None:
        return None
    fits = [i for i, held in enumerate(processes) if reserved <= held <= reserved + _BESIDE_RESERVED]
    return fits[0] if len(fits) == 1 else None


# Memory a device uses that no process's figure accounts for, at most: the printed figures' rounding and the driver's
# own, less than any process's CUDA context
_UNLISTED = 64 << 20


def _all_the_device_uses(facts: Facts, held: int) -> bool:
    """Whether ``held`` is all the device's memory in use (its total less what is free, as printed)."""
    return bool(facts.total_bytes) and facts.free_bytes is not None and \
        abs(facts.total_bytes - facts.free_bytes - held) < _UNLISTED


def _reserved_cut_off(window: str) -> int | None:
    """PyTorch 1.x's message cut off at the log's end inside its last words ("...; 0 bytes free; 6.83 GiB rese"): the
    figure after "free;" (or after "allowed;", with a memory fraction set) is the one its reserved-in-total words
    follow, and the cut words begin them."""
    cut = re.search(r"(?:free|allowed); " + SIZE + r" (r[a-z ]{0,30})\Z", window.rstrip())
    if not cut or not "reserved in total by pytorch".startswith(cut.group(3).lower()):
        return None
    return size(*cut.groups()[:2])


# PyTorch's factories given their sizes in numbers: "torch.zeros([1, 1, 32769, 65536], device=device, dtype=dtype)",
# "torch.rand(46000, 10000, dtype=torch.float32, device='xpu')"
_TORCH_FACTORY = re.compile(r"\btorch\.(?:zeros|ones|empty|rand|randn)\(\s*"
                            r"(?:\[([\d\s,]{1,200})\]|\(([\d\s,]{1,200})\)|([\d\s,]{1,200}?))\s*(?:,\s*\w+\s*=|\))")
_TORCH_DTYPES = {"float": "float32", "half": "float16", "double": "float64", "long": "int64", "int": "int32",
                 "short": "int16", "bool": "bool", "cfloat": "complex64", "cdouble": "complex128"}


def _made_on_the_failing_line(text: str, error_line: int, facts: Facts) -> None:
    """The tensor the failing line makes from sizes written in numbers: a traceback's last code line (in the REPL,
    the ">>> " line above "Traceback"). Its shape, and its type where the line names one (else PyTorch's default,
    float32), are the request's when their bytes are what PyTorch asked for (its size rounded as printed, and up to
    its 2 MiB blocks); a type the line does not name in letters is left unsaid."""
    if facts.shape is not None or not facts.requested_bytes:
        return
    lines = text[max(error_line - 2000, 0):error_line].splitlines()
    code = next((line for line in reversed(lines) if line.strip() and not re.match(
        r"\s*(?:Traceback \(most recent call last\)|File \"[^\n]{0,400}\", line \d+|[~^\s]+$)", line)), "")
    factory = _TORCH_FACTORY.search(code)
    if not factory:
        return
    dims = [number(d) for d in re.findall(r"\d{1,25}", next(group for group in factory.groups() if group))]
    named = re.search(r"dtype\s*=\s*(torch\.)?(\w+)", code[factory.start():])
    if named and not named.group(1):
        dtype = None  # dtype=dtype: a variable, whose width the request's bytes may still say
    else:
        dtype = _TORCH_DTYPES.get(named.group(2), named.group(2)) if named else "float32"
    requested = facts.requested_bytes
    widths = [itemsize(dtype)] if dtype else [8, 4, 2, 1]
    if any(abs(_bytes_of(dims, "uint8") * width - requested) <= 0.01 * requested + 2 * 2**20 for width in widths):
        facts.shape = dims
        facts.dtype = dtype


_PINNING = re.compile(r"pin_memory=true|\.pin_memory\(")


_COMFY_ALLOCATION = re.compile(r"!!! exception during processing !!! allocation on device")


def _read_torch_plain(text: str, lower: str, facts: Facts) -> bool:
    """PyTorch's message without its figures, and the CUDA runtime's own error."""
    found = False
    for marker in ("cuda out of memory", "outofmemoryerror"):  # the allocator's message, its figures not pasted
        for at in [at for at in _positions(lower, marker) if marker != "cuda out of memory"
                   or _torch_sentence(text, at)][-1:]:
            found = True
            facts.message = _window(text, at, before=40, after=200)
    # ComfyUI logs the exception by its text alone, without its class: "!!! Exception during processing !!!
    # Allocation on device " is torch.OutOfMemoryError's message (execution.py prints str(ex))
    comfy = _last_match(_COMFY_ALLOCATION, lower)
    if comfy is not None:
        found = True
        facts.message = _window(text, comfy.start(), after=200)
    if found:
        return True
    # The CUDA runtime's own error, not the caching allocator's: the context, a library's workspace or a
    # copy found no memory (PyTorch's tensors fail with "Tried to allocate")
    # PyTorch 0.x's THCudaCheck: "THCudaCheck FAIL file=.../THCStorage.cu line=58 error=2 : out of memory"
    # thrust's, from inside PyTorch's kernels: "after cudaLaunch in triple_chevron_launcher::launch(): out of memory"
    for marker in ("cuda error: out of memory", "cuda runtime error (2) : out of memory", "hip error: out of memory",
                   "cudaerrormemoryallocation", "error=2 : out of memory", "launch(): out of memory"):
        for at in _positions(lower, marker):
            if marker == "cudaerrormemoryallocation" and "stream_executor" in lower[max(at - 300, 0):at]:
                continue  # StreamExecutor's words (XLA's, TensorFlow's): its own reader's
            found = True
            facts.message = _window(text, at, before=40, after=200)
            if re.search(r"\.cuda\(|\.to\(", text[max(at - 300, 0):at]):
                facts.clues.add("moved_to_gpu")
            frame = _last_match(_FRAME, lower[max(at - 2000, 0):at])
            if frame and _PINNING.search(lower, max(at - 2000, 0) + frame.end(), at):
                # the failing line pins host memory (torch.empty(..., pin_memory=True), t.pin_memory()): the driver
                # could not page-lock that much RAM (cudaHostAlloc's error is out of memory too), which WSL and
                # containers limit well below the machine's RAM
                facts.memory = "host"
                facts.clues.add("pinned_host")
    return found


# flashlight's caching memory manager (fl/memory/managers/CachingMemoryManager.cpp), when the device refused a block
# even after it freed its cache's whole blocks: "Failed to allocate memory of size 152.00 MiB (Device: 0, Capacity:
# 14.75 GiB, Allocated: 13.93 GiB, Cached: 721.55 MiB) with error '...'". Its "Allocated" is all it holds from the
# device (its native allocations, as PyTorch's reserved), "Cached" the free pieces of those blocks
_FLASHLIGHT_FAILED = re.compile(r"Failed to allocate memory of size " + SIZE + r" \(Device: (\d{1,3}), Capacity: " +
                                SIZE + r", Allocated: " + SIZE + r", Cached: " + SIZE + r"\)")


def _read_arrayfire(text: str, lower: str, facts: Facts) -> str | None:
    """ArrayFire's error for a device allocation that failed, AF_ERR_NO_MEM (101): ``ArrayFire Exception (Device out
    of memory:101)`` (an ``af::exception``), and flashlight's manager's line before it with its figures. Returns the
    library that said it: flashlight where its manager's words or names are in the log, else ArrayFire."""
    places = _positions(lower, "device out of memory:101") + _positions(lower, "af_err_no_mem")
    if not places:
        return None
    at = max(places)
    facts.memory = "host" if "afcpu" in lower else "gpu"  # ArrayFire's CPU back end (libafcpu) allocates in RAM
    facts.message = _window(text, at, before=200, after=120)
    flashlight = _last_match(_FLASHLIGHT_FAILED, text, max(at - 2000, 0))
    if flashlight:
        facts.requested_bytes = size(*flashlight.groups()[0:2])
        facts.gpu_index = int(flashlight.group(3))
        facts.total_bytes = size(*flashlight.groups()[3:5])
        facts.reserved_bytes = size(*flashlight.groups()[5:7])
        facts.allocated_bytes = max(facts.reserved_bytes - size(*flashlight.groups()[7:9]), 0)
        return "flashlight"
    return "flashlight" if "flashlight" in lower or "fl::" in lower else "arrayfire"


def _read_caffe2(text: str, lower: str, facts: Facts) -> bool:
    """Caffe2's CUDA_ENFORCE (caffe2/core/common_gpu.h): ``[enforce fail at event_gpu.cc:17] error == cudaSuccess. 2 vs
    0. Error at: /pytorch/caffe2/core/event_gpu.cc:17: out of memory``, CUDA's error 2 as cudaGetErrorString words it
    (HIP_ENFORCE the same). Caffe2's own C++, also where it was built inside PyTorch's tree."""
    for at in _positions(lower, "error at: ")[-1:]:
        if re.match(r"error at: [^\n]{1,300}?:\d{1,6}: out of memory", lower[at:at + 360]):
            facts.message = _window(text, at, before=120, after=200)
            facts.memory = "gpu"
            return True
    return False


def _read_tensorrt_llm(text: str, lower: str, facts: Facts) -> str | None:
    """TensorRT-LLM's check of a CUDA call (``tensorrt_llm/common/cudaUtils.h``), cudaGetErrorString's words after the
    call it made: ``[TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of
    memory (/code/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:112)``; FasterTransformer, its predecessor, the
    same without the call: ``[FT][ERROR] CUDA runtime error: out of memory /workspace/src/.../allocator.h:181``. The
    runtime's own buffers on the GPU (the engine's activations and I/O, the paged KV cache), no size printed. Returns
    the framework that said it."""
    for at in _positions(lower, "][error] cuda runtime error")[-1:]:
        start = lower.rfind("[", max(at - 20, 0), at)
        match = re.match(r"\[(tensorrt-llm|ft)\]\[error\] cuda runtime error(?: in [^\n]{1,400}?)?: out of memory",
                         lower[start:at + 460]) if start >= 0 else None
        if match:
            facts.memory = "gpu"
            facts.message = _window(text, start, after=300)
            return "tensorrt-llm" if match.group(1) == "tensorrt-llm" else "fastertransformer"
    # TurboMind, LMDeploy's engine forked from FasterTransformer, throws the same words without the tag: "CUDA runtime
    # error: out of memory /opt/lmdeploy/src/turbomind/utils/allocator.h:231"
    for at in _positions(lower, "cuda runtime error: out of memory")[-1:]:
        if "turbomind" in lower[at:at + 200]:
            facts.memory = "gpu"
            facts.message = _window(text, at, after=200)
            return "lmdeploy"
    return None


# TensorRT's own errors for memory: 8.0 and later name the source as "[file.cpp::function::line]" and the code
# (``[virtualMemoryBuffer.cpp::resizePhysical::145] Error Code 2: OutOfMemory (no further information)``, 10.x with
# ``(Requested size was 22942842880 bytes.)``; a CUDA call's ``[defaultAllocator.cpp::allocate::19] Error Code 1: Cuda
# Runtime (out of memory)``); 7.x as "file.cpp (line) - " and the call (``../rtSafe/safeRuntime.cpp (25) - Cuda Error
# in allocate: 2 (out of memory)``, ``../rtSafe/WeightsPtr.cpp (92) - OutOfMemory Error in allocate: 0``) and the
# builder's ``Out of memory error during getBestTactic: [layer]``. Code 2 of a CUDA call is
# cudaErrorMemoryAllocation; another code, or Error Code 1 with another reason, ran out of nothing.
_TENSORRT_OOM = re.compile(r"\.cpp::[\w:~]{1,200}::\d{1,6}\] error code (?:2: out ?of ?memory|1: cuda (?:runtime|driver) "
                           r"\(out of memory\))|\.cpp \(\d{1,6}\) - (?:cuda error in [\w:~]{1,120}: 2 \(out of memory\)|"
                           r"outofmemory error in [\w:~]{1,120})|out of memory error during getbesttactic")
_TENSORRT_ANCHORS = ("] error code 2: out", "] error code 1: cuda", ") - cuda error in ", ") - outofmemory error in ",
                     "out of memory error during getbesttactic")
# 7.x says first what the failing allocation asked for, at the error's level (8.x prints the same words as a warning
# for each tactic it skips, a workspace it did without: "Requested amount of GPU memory (4294967296 bytes) could not be
# allocated")
_TENSORRT_REQUESTED = re.compile(r"requested amount of (?:gpu )?memory \((\d{1,25}) bytes\) could not be allocated")
# the engine builder timing each layer's candidate kernels (tactics), TensorRT's autotuning
_TENSORRT_BUILDER = ("getbesttactic", "tacticoptimizer", "skipping tactic", "autotuning:", "could not find any "
                     "implementation for node", "workspace size", "buildengine", "build_engine", "build_cuda_engine",
                     "build_serialized_network", "buildserializednetwork")


def _read_tensorrt(text: str, lower: str, facts: Facts) -> str | None:
    """TensorRT's error for memory (``_TENSORRT_OOM``), in a builder or at run time: the size where 10.x states it
    after Error Code 2, or where 7.x's "Requested amount of memory" came just before; the builder's tactic search
    (``_TENSORRT_BUILDER`` near the error) is its autotuning. 8.x's builder says Error Code 2 for a tactic's workspace
    too, then "Skipping tactic 3 due to insufficient memory" and builds on without it: not a failure, unless it then
    found no tactic at all ("Could not find any implementation for node"). Returns the framework: ONNX Runtime where its TensorRT
    execution provider logged it (``E:onnxruntime:Default, tensorrt_execution_provider.h:50 log]``), else TensorRT."""
    found = {}
    for anchor in _TENSORRT_ANCHORS:
        for at in _positions(lower, anchor):
            for match in _TENSORRT_OOM.finditer(lower, max(at - 300, 0), at + len(anchor) + 130):
                found[match.start()] = match
    if not found:
        return None
    last = found[max(found)]
    after = lower[last.end():last.end() + 600]
    if "skipping tactic" in after and "could not find any implementation" not in lower[last.end():last.end() + 4000]:
        return None  # 8.x's builder dropping a tactic whose workspace it could not have, and going on: a warning
    facts.memory = "gpu"
    facts.clues.add("tensorrt_engine")  # TensorRT's, under whichever program ran it (ONNX Runtime, torch2trt)
    facts.message = _window(text, max(last.start() - 40, 0), after=260)
    stated = re.match(r" ?\(requested size was (\d{1,25}) bytes", lower[last.end():last.end() + 60])
    before = _last_match(_TENSORRT_REQUESTED, lower[max(last.start() - 600, 0):last.start()])
    # 8.x and later log the runtime's error first and the allocator's "Requested amount of GPU memory" just after it
    after_it = _TENSORRT_REQUESTED.search(lower, last.end(), last.end() + 400)
    if stated or before or after_it:
        facts.requested_bytes = number((stated or before or after_it).group(1))
    if any(word in lower[max(last.start() - 2000, 0):last.end() + 2000] for word in _TENSORRT_BUILDER):
        facts.clues.add("autotuning")
    return "onnxruntime" if "onnxruntime" in lower else "tensorrt"


def _torch_sentence(text: str, at: int) -> bool:
    """Whether "cuda out of memory" at ``at`` is PyTorch's sentence ("CUDA out of memory." as it prints it, or
    an exception's message cut after it), not someone's words about one ("a cuda out of memory issue")."""
    if text.startswith("CUDA out of memory.", at):
        return True
    line = text[max(at - 80, 0):at]
    return text.startswith("CUDA out of memory", at) and line[line.rfind("\n") + 1:].rstrip().endswith("Error:") \
        and text[at + 18:at + 19] in ("", "\n", "\r")


def _first_size(window: str, *patterns: str) -> int | None:
    for pattern in patterns:
        value = _size_after(pattern, window)
        if value is not None:
            return value
    return None


_DIRECTML = re.compile(r"could not allocate tensor with (\d{1,25}) bytes\. there is not enough gpu video memory")


def _read_directml(text: str, lower: str, facts: Facts) -> bool:
    """torch-directml (PyTorch on DirectX 12: AMD and Intel GPUs on Windows, the Stable Diffusion web UIs' DirectML
    builds): ``RuntimeError: Could not allocate tensor with 4719616 bytes. There is not enough GPU video memory
    available!``, the request and nothing else."""
    found = _last_match(_DIRECTML, lower)
    if found is None:
        return False
    facts.requested_bytes = number(found.group(1))
    facts.memory = "gpu"
    facts.message = text[found.start():found.end() + 11]
    return True


def _read_cuda_malloc_async(text: str, lower: str, facts: Facts) -> bool:
    """PyTorch with ``PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync``: ``Allocation on device 0 would exceed
    allowed memory. (out of memory)`` and a table of figures."""
    places = _positions(lower, "would exceed allowed memory")
    if not places:
        return False
    window = _window(text, max(places[-1] - 30, 0), after=800)
    device = re.search(r"Allocation on device (\d{1,3})", window)
    facts.gpu_index = int(device.group(1)) if device else None
    facts.allocated_bytes = _size_after(r"Currently allocated ?: " + SIZE, window)
    facts.requested_bytes = _size_after(r"Requested ?: " + SIZE, window)
    facts.total_bytes = _size_after(r"Device limit ?: " + SIZE, window)
    facts.free_bytes = _size_after(r"Free \(according to CUDA\) ?: " + SIZE, window)
    # (its line break is a literal "\n" where the message is quoted in another program's Debug string: TGI's router)
    limit = _size_after(r"memory fraction\)(?: ?\\n)? ?: " + SIZE, window)
    # without a fraction PyTorch prints 2^64 bytes as the limit: no limit; a fraction of 1.0 (text-generation-inference
    # sets one, CUDA_MEMORY_FRACTION) is a limit the size of the device, printed as its "Device limit"
    facts.limit_bytes = limit if limit is not None and facts.total_bytes and limit <= facts.total_bytes else None
    facts.allocator = "cudaMallocAsync"
    facts.message = window[:240]
    return True


# Metal's error for a command buffer the GPU could not get memory for (MTLCommandBufferErrorOutOfMemory, code 8), as
# llama.cpp's Metal back end, MLX and wgpu print it: "Insufficient Memory (00000008:kIOGPUCommandBufferCallbackError
# OutOfMemory)"; ggml's own line for the buffer's status, MTLCommandBufferStatusError: "command buffer 6 failed with
# status 5", then "out of memory" or Metal's words
_METAL_STATUS_5 = re.compile(r"failed with status 5\s{0,40}(?:error: )?(?:out of memory|insufficient memory)")


def _read_metal(text: str, lower: str, facts: Facts) -> str | None:
    """An Apple GPU's command buffer that Metal could not give the memory it needed, outside PyTorch's MPS allocator
    (whose own message _read_mps reads): the unified memory's share the GPU may use. Returns who ran it: llama.cpp
    (ggml's Metal back end, Ollama's too), MLX, or Metal where neither is named (wgpu, a program of its own)."""
    places = _positions(lower, "kiogpucommandbuffercallbackerroroutofmemory")
    status = _last_match(_METAL_STATUS_5, lower)
    if not places and status is None:
        return None
    at = max(places[-1:] + ([status.start()] if status else []))
    facts.memory = "mps"
    facts.clues.add("metal_command_buffer")
    facts.message = _window(text, at, before=80, after=160)[:240]
    return "llama.cpp" if "ggml_metal" in lower or "llama" in lower else \
        "mlx" if "[metal]" in lower or "mlx" in lower else "metal"


def _read_mps(text: str, lower: str, facts: Facts) -> bool:
    """``MPS backend out of memory (MPS allocated: 17.73 GB, other allocations: 391.86 MB, max allowed:
    18.13 GB). Tried to allocate 256 bytes on shared pool.``; and ``Invalid buffer size: 19.38 GiB``, the MPS
    allocator refusing one buffer larger than Metal lets a buffer be (the device's maxBufferLength,
    aten/src/ATen/mps/MPSAllocator.mm), whatever is free."""
    places = _positions(lower, "mps backend out of memory")
    if not places:
        for at in _positions(lower, "invalid buffer size: ")[-1:]:
            window = _window(text, at, after=200)
            requested = _size_after(r"Invalid buffer size: " + SIZE, window)
            if requested is None:
                continue
            facts.memory = "mps"
            facts.requested_bytes = requested
            facts.clues.add("mps_buffer_limit")
            facts.message = window[:200]
            return True
        return False
    window = _window(text, places[-1], after=800)
    facts.memory = "mps"
    facts.allocated_bytes = _size_after(r"MPS allocated: " + SIZE, window)
    # what Metal allocated for this process outside PyTorch's MPS allocator (its own buffers, graph caches)
    facts.mps_other_bytes = _size_after(r"other allocations: " + SIZE, window)
    facts.limit_bytes = _size_after(r"max allowed: " + SIZE, window)
    facts.requested_bytes = _size_after(r"Tried to allocate " + SIZE, window)
    facts.message = window[:240]
    return True


def _read_host(text: str, lower: str, facts: Facts) -> bool:
    """PyTorch's host allocator: ``DefaultCPUAllocator: can't allocate memory: you tried to allocate N bytes``; before
    1.0, TH's (THGeneral.cpp): ``$ Torch: not enough memory: you tried to allocate 0GB. Buy new RAM!``, its size in
    whole GiB rounded down, so not a request to read."""
    places = _positions(lower, "defaultcpuallocator")
    if not places:
        th = _positions(lower, "torch: not enough memory: you tried to allocate")
        if not th:
            return False
        facts.memory = "host"
        facts.message = _window(text, th[-1], after=120)[:240]
        return True
    window = _window(text, places[-1], after=300)
    match = re.search(r"you tried to allocate (\d+) bytes", window)
    facts.requested_bytes = number(match.group(1)) if match else facts.requested_bytes
    facts.memory = "host"
    facts.message = window[:240]
    return True


def _read_tflite_arena(text: str, lower: str, facts: Facts) -> bool:
    """TensorFlow Lite for Microcontrollers' tensor arena, a buffer of fixed size the program gives the interpreter:
    ``Failed to allocate tail memory. Requested: 2088, available 1552, missing: 536``, ``Arena size is too small for
    all buffers. Needed 19888 but only 12304 was available.``"""
    requested = _positions(lower, "failed to allocate tail memory. requested:")[-1:] or \
        _positions(lower, "failed to allocate memory. requested:")[-1:]
    arena = _positions(lower, "arena size is too small for all buffers")[-1:]
    if requested:
        at = requested[0]
        match = re.search(r"Requested: (\d{1,25}), available (\d{1,25})", text[at:at + 120])
        if match:
            facts.requested_bytes, facts.free_bytes = number(match.group(1)), number(match.group(2))
    elif arena:
        at = arena[0]
        match = re.search(r"Needed (\d{1,25}) but only (\d{1,25}) was available", text[at:at + 160])
        if match:
            facts.requested_bytes, facts.limit_bytes = number(match.group(1)), number(match.group(2))
    else:
        return False
    facts.memory = "host"
    facts.clues.add("tflite_arena")
    facts.message = _window(text, at, after=160)
    return True


def _read_opencv(text: str, lower: str, facts: Facts) -> bool:
    """OpenCV's host allocator (``cv::fastMalloc`` in ``alloc.cpp``): ``error: (-4:Insufficient memory) Failed to
    allocate 512956604754240 bytes in function 'OutOfMemoryError'``. Its GPU module says ``Gpu API call``
    instead."""
    for at in _positions(lower, "insufficient memory) failed to allocate")[-1:]:
        match = re.match(r"insufficient memory\) failed to allocate (\d{1,25}) bytes", lower[at:at + 80])
        facts.requested_bytes = number(match.group(1)) if match else None
        facts.memory = "host"
        facts.message = _window(text, at, before=80, after=120)
        return True
    return False


def _read_numpy(text: str, lower: str, facts: Facts) -> bool:
    """NumPy could not allocate an array in RAM: ``numpy.core._exceptions._ArrayMemoryError: Unable to allocate
    184. MiB for an array with shape (64, 26, 26, 3, 371) and data type float32`` (before 1.17 ``Unable to allocate
    array with shape ...``), also inside a framework's data pipeline (TensorFlow's ``py_function`` says ``Resource
    exhausted: MemoryError: ...``)."""
    for at in _positions(lower, "unable to allocate")[-1:]:
        window = _window(text, at, after=400)
        # the size as printed is rounded ("184. MiB"): the shape and the type give the bytes
        array = re.match(r"Unable to allocate (?:[\d.]{1,30} ?\w{1,5} for an )?array with shape \(([\d, ]{0,400})\) "
                         r"and data type ([<>|=]?\w{1,20})", window)
        if not array:
            continue
        dims, facts.dtype = array.groups()
        facts.shape = [number(d) for d in dims.replace(" ", "").split(",") if d]
        facts.requested_bytes = _bytes_of(facts.shape, facts.dtype)
        facts.memory = "host"
        facts.message = window[:240]
        return True
    return False


# Python's own words for RAM that ran out, as a traceback's last line: the built-in MemoryError (bare, or with
# NumPy's or a library's message), and the operating system's ENOMEM (fork, mmap: "OSError: [Errno 12] Cannot allocate
# memory"). A framework's "torch.OutOfMemoryError" does not start its line with them. (Ray tags each line with its
# process, "(skyrl_entrypoint pid=819281, ip=172.25.105.154) OSError: ...", and pytest with "E   ".)
_MEMORY_ERROR = re.compile(r"(?m)^(?:\([^()\n]{1,160}\)[ \t]{1,4}|E[ \t]{1,12})?"
                           r"(?:MemoryError(?::[^\n]{0,300})?|(?:OSError|BlockingIOError): \[Errno 12\] "
                           r"Cannot allocate memory[^\n]{0,200})[ \t]*$"
                           # IPython's header, the exception's class first, where a paste stops before its last line
                           r"|^MemoryError[ \t]{2,200}Traceback \(most recent call last\)[ \t]*$"
                           # a system call that failed for it, as strace prints it: "mmap(NULL, 8392704, ...) = -1
                           # ENOMEM (Cannot allocate memory)"
                           r"|= -1 ENOMEM \(Cannot allocate memory\)")


def _read_memory_error(text: str, facts: Facts) -> bool:
    """A traceback that ends in Python's MemoryError or ENOMEM: the process's RAM, whichever library asked."""
    found = _last_match(_MEMORY_ERROR, text[-3000:])
    # Theano's device allocator raises MemoryError for what cudaMalloc returned, also an earlier kernel's error
    # ("Error allocating 4 bytes of device memory (unspecified launch failure)."): the GPU's, read by _read_theano
    if found is None or "bytes of device memory" in found.group(0):
        return False
    facts.memory = "host"
    facts.message = found.group(0).strip()
    return True


# C++'s operator new could not get memory: libstdc++'s terminate handler names the uncaught exception ("terminate called
# after throwing an instance of 'std::bad_alloc'" then "  what():  std::bad_alloc"), a binding passes its what() on
# ("RuntimeError: std::bad_alloc"), a program that caught it says what failed ("Backend load failed: std::bad_alloc",
# Lemonade's router loading a model). Thrust's device allocator's exception says "std::bad_alloc:
# cudaErrorMemoryAllocation: out of memory" and is another class: the GPU's, not RAM's.
_BAD_ALLOC = re.compile(r"(?m)instance of 'std::bad_alloc'|(?:what\(\):|^\w{0,40}Error:|\bfailed:)[ \t]+"
                        r"std::bad_alloc[ \t]*$"
                        # libc++'s terminate handler (macOS, Android): "libc++abi.dylib: terminating with uncaught
                        # exception of type std::bad_alloc: std::bad_alloc"
                        r"|uncaught exception of type std::bad_alloc: std::bad_alloc[ \t]*$")


def _read_bad_alloc(text: str, facts: Facts) -> bool:
    """A C++ program (TensorFlow Serving, a framework's own C++) that ended in std::bad_alloc: RAM's (with what
    macOS's malloc could not map before it, "*** mach_vm_map(size=1800945664) failed (error code=3)")."""
    found = _last_match(_BAD_ALLOC, text, max(len(text) - 3000, 0))
    if found is None:
        return False
    facts.memory = "host"
    facts.clues.add("bad_alloc")
    mapped = _last_match(_MACH_VM_MAP_FAILED, text[max(found.start() - 2000, 0):found.start()])
    if mapped is not None:
        facts.requested_bytes = number(mapped.group(1))
    facts.message = _window(text, found.start(), before=60, after=60).strip()
    return True


# V8's fatal error when the JavaScript heap reached its limit (node's --max-old-space-size, about 2-4 GiB by
# default whatever the RAM): "FATAL ERROR: CALL_AND_RETRY_LAST Allocation failed - JavaScript heap out of memory",
# "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"
_JS_HEAP = "allocation failed - javascript heap out of memory"
# The last garbage collections V8 prints before it: "Mark-Compact (reduce) 1945.8 (1950.7) -> 1945.8 (1949.7) MB"
_JS_HEAP_SIZE = re.compile(r"mark-compact[^\n]{0,40}? (\d{1,7}(?:\.\d)?) \((\d{1,7}(?:\.\d)?)\) -> "
                           r"(\d{1,7}(?:\.\d)?) \((\d{1,7}(?:\.\d)?)\) mb")


def _read_js_heap(text: str, lower: str, facts: Facts) -> bool:
    """Node's V8 stopped at its heap limit: the JavaScript heap, a limit of the process's own, not the machine's RAM
    (which may have had plenty); what its last Mark-Compact kept is what the heap held."""
    places = _positions(lower, _JS_HEAP)
    if not places:
        return False
    facts.memory = "host"
    facts.clues.add("js_heap")
    collected = _last_match(_JS_HEAP_SIZE, lower[max(places[-1] - 3000, 0):places[-1]])
    if collected is not None:
        facts.in_use_bytes = int(float(collected.group(3)) * MiB)
    facts.message = _window(text, places[-1], before=40, after=60).strip()
    return True


_MACH_VM_MAP_FAILED = re.compile(r"mach_vm_map\(size=(\d{1,20})\) failed")


# gperftools' tcmalloc reports each large allocation with the pointer it returned (tcmalloc.cc, ReportLargeAlloc:
# "tcmalloc: large alloc %llu bytes == %p @ " and the caller's stack): glibc prints a null pointer as "(nil)", an
# allocation of RAM that failed; one that succeeded prints its address ("== 0x5bbf0000 @") and is only a warning
_TCMALLOC_FAILED = re.compile(r"tcmalloc: large alloc (\d{1,25}) bytes == \(nil\)")


def _read_tcmalloc(text: str, facts: Facts) -> bool:
    """A process linked with tcmalloc (TensorFlow's and JAX's TPU runtimes, Colab's Python) whose large allocation
    of RAM returned null: ``tcmalloc: large alloc 377396076847104 bytes == (nil) @  0x7fefdec9d680 ...``."""
    found = _last_match(_TCMALLOC_FAILED, text, max(len(text) - 20000, 0))
    if found is None:
        return False
    facts.memory = "host"
    facts.requested_bytes = number(found.group(1))
    facts.message = _window(text, found.start(), after=80).strip()
    return True


# JAX's own libraries, which a log can name without the word "jax": Flax, Optax, Orbax (checkpoints), PaxML
_JAX_LIBRARIES = ("jax", "flax", "optax", "orbax", "paxml")
# Libraries made for PyTorch alone, whose paths and banners a log shows where "torch" itself may not appear:
# bitsandbytes (its CUDA kernels and 8-bit optimizers are PyTorch extensions), DeepSpeed (its launcher, its ZeRO),
# Ultralytics (YOLOv8, YOLO11: its models are torch.nn modules, trained and run by PyTorch; other formats are exports)
_TORCH_LIBRARIES = ("torch", "bitsandbytes", "deepspeed", "ultralytics")
# PyTorch's elastic agent (torch.distributed.elastic.multiprocessing.api, under torchrun, accelerate launch and
# DeepSpeed's launcher) reporting its workers, where a handler prints only the message and not the logger's name:
# "failed (exitcode: -9) local_rank: 5 (pid: 22) of binary: /usr/bin/python", "Sending process 14 closing signal SIGTERM"
# ... and a DataLoader's own words for a worker that died ("DataLoader worker (pid 22358) is killed by signal:
# Killed.", torch/utils/data/_utils/signal_handling.py), where the paste keeps no path of PyTorch's
_TORCH_ELASTIC = re.compile(r"failed \(exitcode: -?\d{1,3}\) local_rank: \d{1,5} \(pid: \d{1,10}\)|"
                            r"sending process \d{1,10} closing signal sig[a-z]{3,4}\b|"
                            r"dataloader worker \(pid\(?s?\)? ?\d{1,10}")


def _named_framework(lower: str) -> str | None:
    """The framework a log names anywhere, for a message that every framework's program can print. TensorFlow's
    runtime names itself by its hint under every ResourceExhaustedError ("add report_tensor_allocations_upon_oom to
    RunOptions"), also where a paste cuts its paths short ("site-packages\\tensorfl")."""
    return "torch" if any(word in lower for word in _TORCH_LIBRARIES) or _TORCH_ELASTIC.search(lower) else \
        "jax" if any(word in lower for word in _JAX_LIBRARIES) else \
        "tensorflow" if "tensorflow" in lower or "report_tensor_allocations_upon_oom" in lower else \
        "mindspore" if "mindspore" in lower else \
        "mxnet" if "mxnet" in lower else None


# A process killed by SIGKILL, as its parent reports it: torchrun's ChildFailedError ("exitcode: -9",
# "Signal 9 (SIGKILL) received by PID 36071"), torch.multiprocessing ("terminated with signal SIGKILL", "<Signals.
# SIGKILL: 9>"), a DataLoader's worker ("is killed by signal: Killed"), Docker and Kubernetes (exit code 137, 128 + 9),
# DeepSpeed's launcher ("[launch.py:315:sigkill_handler] ['python', 'train.py'] exits with return code = -9")
_SIGKILLED = re.compile(r"exitcode\s{0,4}:\s{0,4}-9\b|signal 9 \(sigkill\)|terminated with signal sigkill|"
                        r"<signals\.sigkill: 9>|is killed by signal: killed|exit(?:ed with)? code:? 137\b|"
                        r"exits with return code = -9\b|"
                        # Open MPI's mpirun: "process rank 7 with PID 0 on node host exited on signal 9 (Killed)."
                        r"exited on signal 9 \(killed\)")


# A container's status states why it ended just before its exit code (kubectl describe: "Reason: Error" then "Exit
# Code: 137"): the kubelet and the runtime say OOMKilled where the kernel's OOM killer ended it (``_read_kubernetes``),
# so a SIGKILL under another reason (a failed liveness probe, a kill) is not memory
_STATED_NOT_OOM = re.compile(r"reason:[ \t]{0,20}(?!oomkilled)[a-z]{1,30}[ \t]{0,8}\r?\n[ \t]{0,40}$")


# The shell reports a job killed by SIGKILL with strsignal(SIGKILL), in the user's language: glibc's translations of
# "Killed" (libc.mo), as bash prints them under a Chinese, Japanese, German, ... locale ("已杀死", "強制終了", "Getötet")
_KILLED_WORDS = ("Killed", "已杀死", "強制結束", "強制終了", "죽었음", "Getötet", "Processus arrêté",
                 "Terminado (killed)", "Ucciso", "Morto", "Убито", "Вбито", "Забіты", "Убијен", "Zabit (SIGKILL)",
                 "Zabitý", "Unicestwiony", "Dræbt", "Drept", "Dödad", "Tapettu", "Geëlimineerd", "Σκοτώθηκε",
                 "Kilőve", "Ubijen", "Pobit", "Matat", "Matado", "Buĉita", "Terbunuh", "Bị buộc kết thúc",
                 "Süreç durduruldu", "Nutraukta (killed)", "Безусловно прекъснат")
_SHELL_KILLED = re.compile(r"(?:\[\d+\]\+?\s+)?(?:" + "|".join(re.escape(word) for word in _KILLED_WORDS) +
                           r")(?:\s.{0,80})?")


_BASH_JOB_KILLED = re.compile(r": line \d{1,6}: {1,4}\d{1,8} (?:" + "|".join(re.escape(word) for word in _KILLED_WORDS) +
                              r")[ \t]{1,40}\S")
# zsh's report of a job ended by SIGKILL, its job number, pid, the signal in lower case and the command ("[1]    51630
# killed     ./vgg16.test"), after whatever the program last printed on that line
_ZSH_JOB_KILLED = re.compile(r"\[\d{1,4}\] {1,10}\d{1,8} killed {1,40}\S")


def _read_killed(text: str, lower: str, facts: Facts) -> bool:
    """Linux's OOM killer: the shell prints ``Killed`` as the program's last line (the kernel log says
    ``Out of memory: Killed process``), a parent process that its child died of SIGKILL. Nothing in the program
    could report it. SIGKILL has other senders (a scheduler's time limit, ``kill -9``): the advice says how to
    tell."""
    tail = text[-3000:].rstrip()
    lines = tail.splitlines()
    last_lines = [line.strip() for line in lines[-3:]]
    # a log pasted into an issue between ``` fences and followed by the user's question ("Killed", "```", "Any idea
    # what could be causing it?"): the paste's own last lines are those before its closing fence
    fences = [i for i, line in enumerate(lines) if line.strip().startswith(("```", "~~~"))]
    last_lines += [line.strip() for i in fences[-2:] for line in lines[max(i - 3, 0):i]]
    killed = any(_SHELL_KILLED.fullmatch(line) for line in last_lines)
    # ... or the paste's own end followed by a blank line and the user's words after it ("Killed", "", "- and the RAM
    # use:", "", "RAM 3783/3995MB"): the shell's word, then the user writing, not the program
    killed = killed or any(_SHELL_KILLED.fullmatch(lines[i].strip()) and not lines[i + 1].strip()
                           for i in range(max(len(lines) - 8, 0), len(lines) - 1))
    # a progress bar ends without a newline, so the shell's word comes right after it: "Loading checkpoint shards:
    # 38%|██████▊     | 3/8 [00:02<00:03,  1.28it/s]Killed"
    killed = killed or any(re.search(r"(?:it/s|s/it)\]Killed$", line) for line in last_lines)
    # kernels before 4.19 wrote "Out of memory: Kill process 7248 (python3) score 266 or sacrifice child"; every
    # kernel's report begins "python invoked oom-killer: gfp_mask=0x24280ca, order=0" (mm/oom_kill.c's dump_header),
    # and a paste of dmesg may hold only that line and its call trace, the victim's line further down; Colab's
    # runtime, its kernel killed for the VM's RAM, says so in a banner: "Your session crashed after using all
    # available RAM."; a paste of "dmesg | tail" may keep only the report's end: its task table and the one-line
    # summary the kernel prints as it picks the victim (since 4.19, mm/oom_kill.c: "oom-kill:constraint=
    # CONSTRAINT_MEMCG,nodemask=(null),cpuset=...,oom_memcg=/docker/...", cut before its ",task=")
    # ... and its runtime log shows the kernel dying after tcmalloc's warnings of allocations of a GiB or more
    # ("tcmalloc: large alloc 3011936256 bytes == 0x5bbf0000 @ ...") as Jupyter restarting it ("KernelRestarter:
    # restarting kernel (1/5)"): the VM's RAM, not a crash of the program's own
    restarted = "kernelrestarter: restarting kernel" in lower[-20000:] and "tcmalloc: large alloc" in lower[-20000:]
    # bash's report of a script's job ended by SIGKILL, wherever a CI log prints it ("run.sh: line 3:  3384 Killed
    # python sparse_ops_test.py -v"): the job's pid and command, no other sender of those words
    killed = killed or _BASH_JOB_KILLED.search(text[-20000:]) is not None or \
        any(_ZSH_JOB_KILLED.search(line) for line in last_lines)
    if killed or restarted or any(words in lower[-20000:] for words in (
            "out of memory: killed process", "out of memory: kill process", "invoked oom-killer:",
            "oom-kill:constraint=", "session crashed after using all available ram")):
        facts.memory = "host"
        facts.clues.add("oom_killer")
        facts.message = tail[-200:]
        return True
    signal = _last_match(_SIGKILLED, lower, max(len(lower) - 20000, 0))
    if signal is None or _STATED_NOT_OOM.search(lower[max(signal.start() - 80, 0):signal.start()]):
        return False
    facts.memory = "host"
    facts.clues.add("sigkill")
    facts.message = _window(text, signal.start(), before=80, after=120)
    return True


# The process the OOM killer ended, as the kernel names it (its comm: "Out of memory: Killed process 25315 (python3)",
# before 4.19 "Kill process 7248 (python3) score 266 or sacrifice child"; the summary line before it, "oom-kill:
# constraint=CONSTRAINT_NONE,...,task=python3,pid=25315,uid=0"), or the job the shell reports killed with its command
# ("line 28:  8156 Killed                  python3 main.py --epochs 400")
_KILLED_PROCESS = re.compile(r"kill(?:ed)? process \d{1,10} \(([^()\n]{1,40})\)|,task=([^,\s]{1,40}),pid=|"
                             r"\bkilled[ \t]{1,40}([\w.]{1,40})[ \t]")


def _killed_python(lower: str) -> str | None:
    """``python`` where the process killed for memory (``_KILLED_PROCESS``, the last the log names) is a Python
    interpreter (python, python3, python3.10): a Python program, in a log that names no framework, as for Python's own
    MemoryError."""
    found = _last_match(_KILLED_PROCESS, lower, max(len(lower) - 20000, 0))
    name = next((group for group in found.groups() if group), "") if found else ""
    return "python" if re.fullmatch(r"python(?:\d(?:\.\d{1,2})?)?", name) else None


def _read_paging_file(text: str, lower: str, facts: Facts) -> bool:
    """Windows' commit limit: ``OSError: [WinError 1455] The paging file is too small for this operation to
    complete`` (``DLL load failed: The paging file is too small ...``). Windows backs every committed page with RAM
    or the paging file; when both are spoken for, nothing more can be committed, a DLL mapped or an array made."""
    # (the code, 1455, ERROR_COMMITMENT_LIMIT, whatever language Windows says it in: "[WinError 1455] 页面文件太小，
    # 无法完成操作。")
    places = sorted(_positions(lower, "the paging file is too small") + _positions(lower, "[winerror 1455]"))
    if not places:
        return False
    facts.memory = "host"
    facts.clues.add("paging_file")
    facts.message = _window(text, places[-1], before=80, after=200)
    return True


def _read_miopen(text: str, lower: str, facts: Facts) -> bool:
    """MIOpen, ROCm's cuDNN, finding no room for a convolution's buffer as the framework searches its algorithms:
    ``MIOpen Error: .../handlehip.cpp:70: Memory not available to allocate buffer: 655360000`` (bytes), then
    TensorFlow's ``Unable to find a suitable algorithm``. A library allocating beside the framework's pool: what the
    pool left of the GPU."""
    places = _positions(lower, "memory not available to allocate buffer:")
    if not places:
        return False
    at = places[-1]
    size_given = re.match(r"memory not available to allocate buffer: (\d{1,25})", lower[at:at + 70])
    facts.oom = True
    facts.memory = "gpu"
    facts.requested_bytes = number(size_given.group(1)) if size_given else None
    facts.clues |= {"cudnn", "dnn_workspace"}
    facts.message = _window(text, at, before=80, after=120)
    return True


_NCCL_ALLOCATION = r"Failed to CUDA (?:calloc|malloc|host alloc)(?: async)? (\d{1,25}) bytes"


def _read_nccl(text: str, lower: str, facts: Facts) -> bool:
    if "nccl" not in lower:
        return False
    for marker in ("cuda failure 'out of memory'", "cuda failure \"out of memory\"", "cuda failure 2 'out of memory'"):
        places = _positions(lower, marker)
        if places:
            at = places[-1]
            facts.message = _window(text, at, before=120, after=120)
            calloc = re.search(_NCCL_ALLOCATION, text[at:at + 600])
            facts.requested_bytes = number(calloc.group(1)) if calloc else None
            # NCCL's debug prefix: "host:pid:tid [device] file:line NCCL WARN" (the file as its build names it, a path
            # of a hundred characters and more where bazel built it into a framework: "bazel-out/k8-opt/bin/external/
            # nccl_archive/_virtual_includes/include_hdrs/alloc.h:41")
            device = re.search(r"\[(\d{1,3})\] [^\n\[]{0,400}$", text[max(at - 600, 0):at])
            facts.gpu_index = int(device.group(1)) if device else None
            return True
    # its "Last error:" alone (NCCL 2.12 and later, under "ncclInternalError: Internal check failed"): "Failed to
    # CUDA calloc async 1920 bytes", one of its own buffers
    for at in _positions(lower, "failed to cuda ")[-1:]:
        calloc = re.match(_NCCL_ALLOCATION, text[at:at + 80])
        if calloc:
            facts.requested_bytes = number(calloc.group(1))
            facts.message = _window(text, at, before=120, after=80)
            return True
    return False


# PyTorch's DataLoader, whose workers hand each batch to the main process through shared memory (/dev/shm): a worker
# that cannot grow it dies of SIGBUS, and PyTorch says so in one of these
_WORKER_SHM = ("workers are out of shared memory", "might be caused by insufficient shared memory",
               "unable to write to file </torch_")


def _read_worker_shm(text: str, lower: str, facts: Facts) -> bool:
    """``DataLoader worker (pid 3855) is killed by signal: Bus error. It is possible that dataloader's workers are out
    of shared memory. Please try to raise your shared memory limit.`` (and ``ERROR: Unexpected bus error encountered
    in worker. This might be caused by insufficient shared memory (shm).``): RAM's /dev/shm, a container's 64 MiB
    unless it is given more."""
    places = [at for words in _WORKER_SHM for at in _positions(lower, words)[-1:]]
    if not places:
        return False
    facts.memory = "host"
    facts.clues.add("worker_shm")
    facts.message = _window(text, max(places), before=160, after=120)
    return True


def _read_nccl_shm(text: str, lower: str, facts: Facts) -> bool:
    """NCCL's shared-memory transport could not make its segment in ``/dev/shm`` (RAM; a container's is 64 MiB unless
    it is given more): ``misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 bytes``
    then ``Error while creating shared memory segment /dev/shm/nccl-fjwOOB (size 5967872)`` (before 2.12 only the
    second). NCCL's own buffers, in host memory."""
    if "nccl" not in lower:
        return False
    extend = _positions(lower, "failed to extend /dev/shm")[-1:]
    segment = _positions(lower, "error while creating shared memory segment")[-1:]
    # NCCL 2.4 to 2.7 (include/shm.h): "NCCL WARN Call to posix_fallocate failed : No space left on device"
    fallocate = [at for at in _positions(lower, "call to posix_fallocate failed")[-1:]
                 if "no space left" in lower[at:at + 80]]
    if not extend and not segment and not fallocate:
        return False
    if not extend and segment and _segment_failed_in_cuda(lower, segment[0]):
        return False
    for at in extend:
        match = re.search(r"to (\d{1,25}) bytes", text[at:at + 200])
        facts.requested_bytes = number(match.group(1)) if match else None
        facts.message = _window(text, at, before=80, after=120)
    for at in segment:
        match = re.search(r"\(size (\d{1,25})\)", text[at:at + 200])
        if facts.requested_bytes is None and match:
            facts.requested_bytes = number(match.group(1))
        facts.message = facts.message or _window(text, at, before=80, after=120)
    for at in fallocate:
        facts.message = facts.message or _window(text, at, before=60, after=80)
    facts.memory = "host"
    facts.clues.add("nccl_shm")
    return True


# NCCL's CUDACHECK: "Cuda failure 'invalid argument'" (NCCL 2.19 on: "Cuda failure 1 'invalid argument'"), the words
# of cudaGetErrorString
_NCCL_CUDA_FAILURE = re.compile(r"cuda failure (?:\d{1,4} )?'([^'\n]{1,80})'")


def _segment_failed_in_cuda(lower: str, at: int) -> bool:
    """Whether NCCL's "Error while creating shared memory segment" at ``at`` came from a CUDA call, not from /dev/shm's
    room. ncclShmOpen (misc/shmutils.cc) prints that line on every way out: the file not made, not extended (its own
    "failed to extend" line first), not mapped, or the mapped segment not registered with CUDA (cudaHostRegister, whose
    "Cuda failure '...'" comes just before it). A CUDA error other than out of memory says nothing ran out."""
    failures = list(_NCCL_CUDA_FAILURE.finditer(lower, max(at - 400, 0), at))
    own = lower[at:at + 300].split("\n", 1)[0]
    return bool(failures) and failures[-1].group(1) != "out of memory" and not any(
        words in own for words in ("no space left", "cannot allocate memory"))


_MXNET_POOL_FAILED = re.compile(r"pooled_storage_manager\.h:\d{1,5}:? (?:cudamalloc(?: retry)? failed: out of memory|"
                                r"memory allocation failed)")


def _read_mxnet(text: str, lower: str, facts: Facts) -> bool:
    """MXNet's storage managers (``src/storage/pooled_storage_manager.h``): the GPU pool asks cudaMalloc, frees all it
    keeps and asks again, and says ``cudaMalloc failed: out of memory`` or ``cudaMalloc retry failed: out of memory``
    (cudaGetErrorString's words) in an ``MXNetError``; the CPU's (``cpu_device_storage.h``) throws std::bad_alloc, which
    ``_read_bad_alloc`` reads. The log names MXNet where it prints them: ``mxnet.base.MXNetError``, ``libmxnet.so``,
    the file."""
    if not any(word in lower for word in ("mxnet", "pooled_storage_manager", "storage_manager.h")):
        return False
    places = [at for marker in ("cudamalloc failed: out of memory", "cudamalloc retry failed: out of memory")
              for at in _positions(lower, marker)]
    # the pool's own line, read with the paste's line breaks taken out ("cudaMalloc fail\ned: out of memory"); 0.7's
    # pool said only ``pooled_storage_manager.h:62: Memory allocation failed.`` when its retry after freeing all it
    # kept failed too
    for at in _positions(lower, "pooled_storage_manager.h:"):
        if _MXNET_POOL_FAILED.match(lower[at:at + 120].replace("\r", "").replace("\n", "")):
            places.append(at)
    # before the pool (0.7 to 0.9), GPUDeviceStorage::Alloc checked cudaMalloc itself: ``gpu_device_storage.h:39:
    # Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading CUDA: out of memory``
    places += [at for at in _positions(lower, "gpu_device_storage.h:")
               if "cuda: out of memory" in lower[at:at + 160]]
    if not places:
        return False
    at = max(places)
    facts.memory = "gpu"
    facts.message = _window(text, at, before=100, after=60)
    return True


# Theano's CUDA back end (theano/sandbox/cuda/cuda_ndarray.cu, device_malloc) raises MemoryError with the reason in
# parentheses: cudaGetErrorString's words ("out of memory"), or CNMeM's, the pool Theano's lib.cnmem option turns on
# ("CNMEM_STATUS_OUT_OF_MEMORY"); verbose, it first prints what the driver had: "Error allocating 411041792 bytes of
# device memory (out of memory). Driver report 169512960 bytes free and 2147483648 bytes total" (with
# COMPUTE_GPU_MEM_USED "new total bytes allocated: N." between; before 0.7 "error allocating N bytes ...")
_THEANO_DEVICE_MALLOC = re.compile(r"error allocating (\d{1,25}) bytes of device memory ?[(<] ?([^()<>\n]{1,80}?) ?"
                                   r"[)>](?:[^\n]{0,80}?driver report (\d{1,25}) bytes free and (\d{1,25}) bytes "
                                   r"total)?")


def _read_theano(text: str, lower: str, facts: Facts) -> bool:
    """Theano's device allocator (``_THEANO_DEVICE_MALLOC``): the request, and what the driver had free of its total
    where the verbose line says so. A reason other than memory (a kernel's earlier error, "an illegal memory access was
    encountered", reported at the next allocation) ran out of nothing."""
    found = []
    for at in _positions(lower, "bytes of device memory"):
        start = lower.rfind("error allocating ", max(at - 45, 0), at)
        match = _THEANO_DEVICE_MALLOC.match(lower, start) if start >= 0 else None
        if match and re.search(r"out[ _]of[ _]memory", match.group(2)):
            found.append(match)
    if not found:
        return False
    last = found[-1]
    facts.requested_bytes = number(last.group(1))
    # the driver's figures, on the verbose line that comes before the MemoryError of the same request
    driver = next((match for match in reversed(found) if match.group(3) and match.group(1) == last.group(1)), None)
    if driver:
        facts.free_bytes, facts.total_bytes = number(driver.group(3)), number(driver.group(4))
    facts.memory = "gpu"
    facts.message = _window(text, last.start(), after=200)
    return True


# MindSpore's dynamic memory pool (mem_dynamic_allocator.cc, for the Ascend NPU and the GPU alike) before it extends:
# "TotalUsedMemStatistics : 29356337664 plus TotalUsedByEventMemStatistics : 0 and plus alloc size : 301990400 is more
# than total mem size : 29464985600." (before 2.3 without the event term)
_MINDSPORE_POOL = re.compile(r"TotalUsedMemStatistics : (\d{1,25})(?: plus TotalUsedByEventMemStatistics : "
                             r"(\d{1,25}) and)? plus alloc size : (\d{1,25}) is more than total mem size : (\d{1,25})")
# its runtime when the pool gave nothing: "Device(id:0) memory isn't enough and alloc failed, kernel name: ..., alloc
# size: 1073741824B." (older: "Device memory isn't enough and alloc failed, alloc size:1073741824"); the CPU's says
# "Memory isn't enough and alloc failed"
_MINDSPORE_RUNTIME = re.compile(r"(device(?:\(id:(\d{1,3})\))? )?memory isn't enough and alloc failed[^\n]{0,400}?"
                                r"alloc size: ?(\d{1,25})", re.I)
# and its check of a CUDA call that allocates (CHECK_CUDA_RET...): "cudaHostAlloc failed, ret[2], out of memory"
# (page-locked host memory for the data pipeline's device queue), "cudaMalloc failed, ret[2], out of memory". Other
# calls fail with the same code ("The cudaStreamCreateWithFlags failed, ret[2], out of memory" as the runtime shuts
# down): no memory was asked for there
_MINDSPORE_CUDA = re.compile(r"(cuda\w{0,20}alloc\w{0,20}) failed, ret\[2\], out of memory", re.I)


def _read_mindspore(text: str, lower: str, facts: Facts) -> bool:
    """MindSpore's device memory pool, its runtime and its checks of CUDA calls (``_MINDSPORE_POOL`` and the next)."""
    if "mindspore" not in lower:
        return False
    start = max(len(text) - 200_000, 0)
    found = _last_match(_MINDSPORE_POOL, text, start)
    if found:
        used, event, requested, total = found.groups()
        facts.in_use_bytes, facts.requested_bytes, facts.total_bytes = number(used), number(requested), number(total)
        if event and number(event):
            facts.in_use_bytes = number(used) + number(event)
        facts.memory = "gpu"
        facts.message = found.group(0)
        return True
    found = _last_match(_MINDSPORE_RUNTIME, text, start)
    if found:
        facts.requested_bytes = number(found.group(3))
        facts.memory = "gpu" if found.group(1) else "host"
        facts.gpu_index = int(found.group(2)) if found.group(2) else None
        facts.message = found.group(0)
        return True
    found = _last_match(_MINDSPORE_CUDA, text, start)
    if found:
        facts.memory = "host" if found.group(1).lower() in ("cudahostalloc", "cudamallochost", "cudahostregister") \
            else "gpu"
        facts.message = found.group(0)
        return True
    return False


def _read_kubernetes(text: str, lower: str, facts: Facts) -> bool:
    """Kubernetes ending a container for memory: the kubelet's eviction under node memory pressure (``The node was
    low on resource: memory. Container notebook was using 14Gi, which exceeds its request of 8Gi.``,
    pkg/kubelet/eviction) and the container's status after the kernel's OOM killer in its cgroup (``Reason:
    OOMKilled``). Both are the host's RAM; the program itself never saw it."""
    evicted = _positions(lower, "the node was low on resource: memory")
    # the status as kubectl describe prints it ("Reason:       OOMKilled"), or its JSON/YAML ("reason": "OOMKilled");
    # runc's when the limit is too low for the container to start at all ("container init was OOM-killed (memory
    # limit too low?)"); a Hugging Face Space's status over its container's limit ("Memory limit exceeded (16Gi)")
    killed = [at for at in _positions(lower, "oomkilled")
              if re.search(r"reason\"?:\s{0,20}\"?$", lower[max(at - 40, 0):at])] + \
        _positions(lower, "container init was oom-killed") + _positions(lower, "memory limit exceeded (")
    if not evicted and not killed:
        return False
    at = max(evicted[-1:] + killed[-1:])
    facts.memory = "host"
    facts.clues.add("evicted" if evicted and at == evicted[-1] else "sigkill")
    using = re.search(r"was using (\d{1,20}(?:\.\d{1,6})?)([KMGTPE]i?)?, which exceeds its request",
                      text[at:at + 400])
    if using:
        facts.in_use_bytes = size(using.group(1), using.group(2) or "")
    limit = re.match(r"memory limit exceeded \((\d{1,20}(?:\.\d{1,6})?)([kmgtpe]i?)?\)", lower[at:at + 60])
    if limit:
        facts.limit_bytes = size(limit.group(1), limit.group(2) or "")
    facts.message = _window(text, at, after=200)
    return True


def _read_ray(text: str, lower: str, facts: Facts) -> bool:
    """Ray's memory monitor killing a worker when the node's RAM passes its threshold (``ray.exceptions.
    OutOfMemoryError: Task was killed due to the node running low on memory. Memory on the node (IP: ..., ID: ...)
    where the task was running was 54.86GB / 57.60GB (0.952354), which exceeds the memory usage threshold of 0.95``,
    src/ray/raylet/memory_monitor): the host's RAM, what the node used and had."""
    found = _positions(lower, "due to the node running low on memory")
    if not found:
        return False
    at = found[-1]
    facts.memory = "host"
    facts.clues.add("ray_memory_monitor")
    used = re.search(r"where the (?:task|actor) was running was (\d{1,20}(?:\.\d{1,6})?)([kmgtpe]i?)?b? / "
                     r"(\d{1,20}(?:\.\d{1,6})?)([kmgtpe]i?)?b?", lower[at:at + 600])
    if used:
        facts.in_use_bytes = size(used.group(1), used.group(2) or "")
        facts.total_bytes = size(used.group(3), used.group(4) or "")
    facts.message = _window(text, at, after=200)
    return True


# Slurm ending a job's processes for memory: the step daemon counts the kernel's OOM kills in the step's memory cgroup
# and says so when the step ends (task/cgroup: "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch
# cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.", older "in step 3495064.0
# cgroup"), and srun reports a task whose exit status says so ("srun: error: Orion-01-01: task 4: Out Of Memory",
# "tasks 0-3"); its accounting plugin, where it enforces the limit itself (jobacct_gather's JobAcctGatherParams),
# kills the step and says so ("slurmstepd: error: Job 4107 exceeded memory limit (4283348 > 4096000), being killed",
# newer "StepId=4107.0 exceeded ...", "exceeded virtual memory limit": figures in KiB or bytes by the version). Its
# warnings that the step touched its limit ("Exceeded step memory limit at some point", "hit memory limit at least once
# during execution. This may or may not result in some failure.") killed nothing.
_SLURM_OOM = re.compile(r"detected \d{1,9} oom-kill event|srun: error: [^\n]{1,200}?: tasks? [\d,\-\[\]]{1,100}: "
                        r"out of memory|exceeded (?:virtual )?memory limit \(\d{1,25} > \d{1,25}\), being killed")


def _read_slurm(text: str, lower: str, facts: Facts) -> bool:
    """Slurm's report of a job's processes killed in its memory cgroup (``_SLURM_OOM``): RAM, the job's limit (what it
    asked for with --mem or --mem-per-cpu) or the node's, which the program itself never saw."""
    found = _last_match(_SLURM_OOM, lower, max(len(lower) - 20000, 0))
    if found is None:
        return False
    facts.memory = "host"
    facts.clues.add("slurm_oom")
    facts.message = _window(text, found.start(), before=40, after=200)
    return True


_GGML_BUFFER = re.compile(r"(?:ggml_backend_(\w{1,20}?)_buffer_type_alloc_buffer: )?failed to allocate "
                          r"(?:(\w{1,20}?)(\d{0,3}) )?buffer of size (\d{1,25})")


_GGML_CUDA_CHECK = re.compile(r"cuda error \d{1,4} at ggml-cuda\.cu:\d{1,6}: out of memory")


def _read_ggml(text: str, lower: str, facts: Facts) -> bool:
    """ggml, the tensor library of llama.cpp (and its forks, whisper.cpp): its backends allocate one buffer per
    device for the weights, the KV cache or the compute graph, and print ``ggml_backend_cuda_buffer_type_alloc_buffer:
    allocating 144817.04 MiB on device 0: cudaMalloc failed: out of memory``, then ``alloc_tensor_range: failed to
    allocate CUDA0 buffer of size 151851674624`` (the buffer's backend and device, the exact bytes); a CUDA call that
    failed elsewhere is ``CUDA error: out of memory`` and ``current device: 0, in function ...``."""
    found = False
    for at in _positions(lower, "cudamalloc failed: out of memory")[-1:]:
        found = True
        line = text[max(at - 200, 0):at]
        allocating = re.search(r"allocating " + SIZE + r" on device (\d{1,3}): $", line)
        if allocating:
            facts.requested_bytes = size(*allocating.groups()[:2])
            facts.gpu_index = int(allocating.group(3))
        facts.message = line[line.rfind("\n") + 1:] + text[at:at + 32]
    for at in _positions(text, " buffer of size ")[-1:]:
        # the buffer's backend and device: "CUDA0", "ROCm1", "Vulkan0", "CUDA_Host" (pinned host memory), "CPU"
        # (older builds name the backend only in the function: "ggml_backend_cpu_buffer_type_alloc_buffer: failed
        # to allocate buffer of size 805306368032", the CPU's buffer for a KV cache sized to the model's context)
        match = _last_match(_GGML_BUFFER, text[max(at - 100, 0):at + 41])
        if not match:
            continue
        found = True
        function_backend, backend, device, requested = match.groups()
        backend = backend or (function_backend or "").upper()
        facts.requested_bytes = number(requested)
        if backend.startswith("CPU") or backend.endswith("_Host"):
            facts.memory = "host"
        elif device:
            facts.gpu_index = int(device)
        facts.message = facts.message or match.group(0)
    if found and ("failed to allocate compute" in lower or "graph_reserve: failed" in lower):
        # the context's compute buffer (llama_init_from_model: failed to allocate compute pp buffers), which grows
        # with --ctx-size and --ubatch-size, after the weights were loaded
        facts.clues.add("compute_buffer")
    devices = re.search(r"found (\d{1,3}) (?:CUDA|ROCm|SYCL|Vulkan) devices", text)
    if found and ("pipeline parallelism enabled" in lower or devices and int(devices.group(1)) > 1):
        # the model split over several GPUs (llama.cpp's default, layers by each device's free memory at start; its
        # pipeline parallelism, only ever with more than one device): each GPU holds its share and its own buffers
        facts.clues.add("split_over_gpus")
    # the first CUDA builds (spring 2023) checked each call with CUDA_CHECK: "CUDA error 2 at ggml-cuda.cu:359: out
    # of memory", the runtime's error number, file and line
    check = _last_match(_GGML_CUDA_CHECK, lower)
    if check:
        found = True
        facts.message = facts.message or text[check.start():check.end()]
    for at in _positions(lower, "current device: ")[-1:]:
        if "error: out of memory" not in lower[max(at - 60, 0):at]:  # ggml_cuda_error's two lines
            continue
        found = True
        device = re.match(r"current device: (\d{1,3})", text[at:at + 20])
        facts.gpu_index = int(device.group(1)) if device else facts.gpu_index
        facts.message = facts.message or _window(text, max(at - 60, 0), after=200)
    return found


def _read_onnxruntime(text: str, lower: str, facts: Facts) -> bool:
    """ONNX Runtime's arena: ``onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested
    buffer of size 285081600``. Each execution provider has its own arena, the CPU's in RAM, CUDA's (and ROCm's,
    TensorRT's) on the GPU, and the message is the same: a log that names no GPU provider ran on the CPU. Under a
    limit (``gpu_mem_limit``) the same function says ``Available memory of 0 is smaller than requested bytes of
    1048576``. A failed op's status names the function before its words (``Status Message: .../bfc_arena.cc:376
    void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, ...)``), which every exception it throws is about
    memory: a paste cut there is still the arena's failure, its size lost."""
    if "onnxruntime" not in lower and "bfcarena::" not in lower:  # (its arena's function names it: TF's is BFCAllocator)
        return False
    places = _positions(lower, "failed to allocate memory for requested buffer of size") + \
        _positions(lower, "is smaller than requested bytes of")
    for at in _positions(lower, "bfcarena::allocaterawinternal"):
        line = lower[max(lower.rfind("\n", 0, at), at - 1000, 0):at]
        if "status message:" in line or "non-zero status code" in line or "onnxruntimeerror" in line:
            places.append(at)
    for at in sorted(places)[-1:]:
        match = re.match(r"(?:failed to allocate memory for requested buffer of size|is smaller than requested bytes "
                         r"of) (\d{1,25})", lower[at:at + 90])
        facts.requested_bytes = number(match.group(1)) if match else None
        facts.memory = "gpu" if any(word in lower for word in ("cuda", "gpu", "rocm", "tensorrt")) else "host"
        facts.message = _window(text, at, before=80, after=90)
        return True
    return False


# CNTK's check of a CUDA call (CudaCall, under CUDA_CALL in its Math library) throws "CUDA failure 2: out of memory ;
# GPU=0 ; hostname=MSI ; expr=cudaMalloc((void**) &deviceBufferPtr, ...)": the code, cudaGetErrorString's words, the
# current device, the host and the call. ONNX Runtime's CUDA and ROCm providers kept the format (cuda_call.cc, "HIP
# failure 2: out of memory ; GPU=0 ; hostname=... ; file=... ; line=... ; expr=hipMalloc(...); " with its message
# after the call). Code 2 is cudaErrorMemoryAllocation (hipErrorOutOfMemory); another code (77, an illegal memory
# access that a later call reports) ran out of nothing.
_CUDA_CALL_OOM = re.compile(r"(?:cuda|hip) failure 2: out of memory ; gpu=(\d{1,3}) ;[^\n]{0,600}?expr=(\w{0,40})")


def _read_cuda_call(text: str, lower: str, facts: Facts) -> str | None:
    """CNTK's (and ONNX Runtime's) failed CUDA call of error 2 (``_CUDA_CALL_OOM``): the GPU it was on, and RAM where
    the call allocates page-locked host memory (cudaMallocHost, cudaHostAlloc). Returns the framework that said it:
    ONNX Runtime where the log names it, else CNTK, whose format it is."""
    for at in _positions(lower, "failure 2: out of memory ; gpu=")[-1:]:
        match = _CUDA_CALL_OOM.search(lower, max(at - 5, 0), at + 700)
        if not match:
            continue
        facts.gpu_index = int(match.group(1))
        facts.memory = "host" if re.match(r"(?:cudamallochost|cudahostalloc|hiphostmalloc)", match.group(2)) else "gpu"
        facts.message = _window(text, match.start(), after=300)
        return "onnxruntime" if "onnxruntime" in lower else "cntk"
    return None


def _read_cuda_malloc_error(text: str, lower: str, facts: Facts) -> str | None:
    """A library's own GPU allocator quoting the CUDA runtime's error 2: faiss's ``StandardGpuResources: alloc fail
    type TemporaryMemoryBuffer dev 0 space Device stream 0x... size 1073741824 bytes (cudaMalloc error out of memory
    [2])``; OneFlow's ``oneflow::RuntimeException`` ``Error: out of memory``. Returns the library that said it."""
    for at in _positions(lower, "cudamalloc error out of memory")[-1:]:
        window = _window(text, max(at - 400, 0), after=600)
        requested = re.search(r"size (\d{1,25}) bytes", window)
        device = re.search(r"\bdev (\d{1,3})\b", window)
        facts.requested_bytes = number(requested.group(1)) if requested else None
        facts.gpu_index = int(device.group(1)) if device else None
        facts.memory = "gpu"
        facts.message = _window(text, at, after=200)[:200]
        return "faiss" if "faiss" in lower else _named_framework(lower) or "cuda"
    if "oneflow::runtimeexception" in lower:
        for at in _positions(lower, "error: out of memory")[-1:]:
            facts.memory = "gpu"
            facts.message = _window(text, at, after=200)[:200]
            return "oneflow"
    # Caffe's CUDA_CHECK, a glog CHECK_EQ of the runtime's status ("syncedmem.cpp:56] Check failed: error ==
    # cudaSuccess (2 vs. 0)  out of memory")
    for at in _positions(lower, "cudasuccess (2 vs. 0)")[-1:]:
        facts.memory = "gpu"
        facts.message = _window(text, at, after=200)[:200]
        return "caffe" if "caffe" in lower else _named_framework(lower) or "cuda"
    return None


def _read_gradient_boosting(text: str, lower: str, facts: Facts) -> str | None:
    """XGBoost's and LightGBM's GPU training: XGBoost's device allocator (``Memory allocation error on worker 0:
    std::bad_alloc: cudaErrorMemoryAllocation: out of memory`` with ``- Free memory: N`` and ``- Requested memory: N``
    under it) and thrust's ``parallel_for failed: out of memory``; LightGBM's OpenCL errors through Boost.Compute,
    ``Memory Object Allocation Failure`` (CL_MEM_OBJECT_ALLOCATION_FAILURE, the device's) and ``Out of Host Memory``
    (CL_OUT_OF_HOST_MEMORY, RAM's). Returns the library, where the log names it (or thrust's words, XGBoost's)."""
    library = "xgboost" if "xgboost" in lower else "lightgbm" if "lightgbm" in lower else None
    for marker in ("memory allocation error on worker", "parallel_for failed: out of memory"):
        for at in _positions(lower, marker)[-1:]:
            window = _window(text, at, after=400)
            free = re.search(r"- Free memory: (\d{1,25})", window)
            requested = re.search(r"- Requested memory: (\d{1,25})", window)
            facts.free_bytes = number(free.group(1)) if free else None
            facts.requested_bytes = number(requested.group(1)) if requested else None
            facts.memory = "gpu"
            facts.message = window[:200]
            return library or "xgboost"
    for marker, memory in (("memory object allocation failure", "gpu"), ("out of host memory", "host")):
        for at in _positions(lower, marker)[-1:]:
            if library is None and "boost::compute" not in lower and "opencl" not in lower:
                continue  # (the words alone, in another program's log, are not OpenCL's)
            facts.memory = memory
            facts.message = _window(text, at, before=40, after=160)
            return library or "opencl"
    return None


def _read_paddle(text: str, lower: str, facts: Facts) -> bool:
    """PaddlePaddle's CUDA allocator (``cuda_allocator.cc``): ``Out of memory error on GPU 0. Cannot allocate
    3.125000GB memory on GPU 0, available memory is only 117.750000MB.`` (2.x adds ``, 21.184814GB memory has been
    allocated and`` before the free figure); and 1.x's first pool chunk, a share of the whole GPU
    (``FLAGS_fraction_of_gpu_memory_to_use``) checked against what is free before it is taken (``gpu_info.cc``:
    ``Expected allocating <= available, but received allocating:5403593101 > available:5300944640. Insufficient GPU
    memory to allocation.``); its host allocators' ``Fail to alloc memory of N size`` (RAM)."""
    for at in _positions(lower, "out of memory error on gpu")[-1:]:
        window = _window(text, at, after=300)
        # (a paste may end before the free figure: "... 6.587891GB memory has been allocated")
        match = re.match(r"Out of memory error on GPU (\d{1,3})\. Cannot allocate " + SIZE + r" memory on GPU \d{1,3},"
                         r"(?: " + SIZE + r" memory has been allocated(?: and)?)?(?: available memory is only " + SIZE +
                         ")?", window)
        if match:
            facts.gpu_index = int(match.group(1))
            facts.requested_bytes = size(*match.groups()[1:3])
            if match.group(4):
                facts.allocated_bytes = size(*match.groups()[3:5])
            if match.group(6):
                facts.free_bytes = size(*match.groups()[5:7])
        facts.message = window[:200]
        return True
    # its host allocators (CPUAllocator's posix_memalign, _aligned_malloc on Windows; the pinned ones) say what they
    # asked for in a ResourceExhaustedError, Paddle's own class of that name: ``Fail to alloc memory of 5060694016
    # size, error code is 12.`` (older: without the code)
    for at in _positions(lower, "fail to alloc memory of ")[-1:]:
        match = re.match(r"fail to alloc memory of (\d{1,25}) size", lower[at:at + 50])
        if match:
            facts.requested_bytes = number(match.group(1))
            facts.memory = "host"
            facts.message = _window(text, max(at - 40, 0), after=120)
            return True
    # Fluid before 1.2 states the same check by PADDLE_ENFORCE_LE's words alone: ``enforce allocating <= available
    # failed, 10513462067 > 1369702144`` (``at [.../paddle/fluid/platform/gpu_info.cc:89]``)
    places = _positions(lower, "insufficient gpu memory to allocation") or \
        _positions(lower, "enforce allocating <= available failed")
    for at in places[-1:]:
        window = _window(text, at, before=200, after=90)
        match = re.search(r"allocating:(\d{1,25}) > available:(\d{1,25})|"
                          r"allocating <= available failed, (\d{1,25}) > (\d{1,25})", window)
        if match and match.group(3):
            match = re.search(r"(\d{1,25}) > (\d{1,25})", match.group(0))
        if match:
            facts.requested_bytes, facts.free_bytes = number(match.group(1)), number(match.group(2))
        facts.clues.add("pool_at_start")
        facts.message = window.strip()
        return True
    # Fluid 1.x's multi-GPU executor checks CUDA's last error after each all-reduce and stops with glog's FATAL line,
    # cudaGetErrorString's words and the code (``F0912 ... all_reduce_op_handle.cc:75] cudaGetLastError  out of
    # memory errno:2``): an allocation on the GPU failed, no size printed (a VLOG of the same words, ``I...``, is a
    # test that goes on)
    for match in list(_PADDLE_CUDA_CHECK.finditer(text[-100000:]))[-1:]:
        if re.match(r"I\d{4} ", match.group(1).lstrip()):
            continue
        facts.message = match.group(0).strip()
        return True
    # Paddle v1's CUDA layer (hl_cuda_device.cc) checks every call with glog: ``Check failed: cudaSuccess == cudaStat
    # (0 vs. 2) Cuda Error: out of memory``. Under hl_start / hl_create_global_resources (initPaddle) it was making
    # each device's streams and handles, the CUDA context, before anything of the model was on the GPU
    for at in _positions(text, "Cuda Error: out of memory")[-1:]:
        line = text[max(at - 200, 0):at]
        if not re.search(r"hl_\w{1,40}\.cc:\d{1,6}\] Check failed: cudaSuccess == cudaStat \(0 vs\. 2\) $", line):
            continue
        if any(frame in lower[at:at + 2000] for frame in ("hl_create_global_resources", "hl_start()", "initpaddle")):
            facts.clues.add("cuda_context")
        facts.message = line[line.rfind("\n") + 1:] + text[at:at + 25]
        return True
    return False


_PADDLE_CUDA_CHECK = re.compile(r"(?m)^([^\n]{0,200}?)\bcuda(?:GetLastError|StreamSynchronize)[ \t]{1,4}out of memory"
                                r"(?:[ \t]{1,4}errno:[ \t]{0,2}2\b)?")


def _read_vllm(text: str, lower: str, facts: Facts) -> bool:
    """vLLM's check after its profiling run: the KV cache gets what is left of ``gpu_memory_utilization`` x the GPU
    once the weights and the profiled activations are in (``No available memory for the cache blocks``), and must
    hold one sequence of ``max_model_len`` tokens (``The model's max seq len (32768) is larger than the maximum
    number of tokens that can be stored in KV cache (5072)``). No allocation failed: a budget was too small."""
    for marker in ("no available memory for the cache blocks",
                   "is larger than the maximum number of tokens that can be stored in kv cache"):
        for at in _positions(lower, marker)[-1:]:
            facts.memory = "gpu"
            facts.clues.add("kv_cache_budget")
            facts.message = _window(text, at, before=100, after=160)
            _vllm_ranks(text, facts)
            return True
    # vLLM 0.6 and 0.7 log the same sum on one line: "the current vLLM instance can use total_gpu_memory (8.00GiB) x
    # gpu_memory_utilization (0.70) = 5.60GiB ... the rest of the memory reserved for KV Cache is -1.05GiB."
    for at in _positions(lower, "the rest of the memory reserved for kv cache is -")[-1:]:
        line = text[text.rfind("\n", 0, at) - 400 if text.rfind("\n", 0, at) >= 400 else 0:at + 80]
        budget = re.search(r"total_gpu_memory \(" + SIZE + r"\) x gpu_memory_utilization \([\d.]{1,6}\) = " + SIZE,
                           line)
        if budget:
            facts.total_bytes = size(*budget.groups()[0:2])
            facts.limit_bytes = size(*budget.groups()[2:4])
        facts.memory = "gpu"
        facts.clues.add("kv_cache_budget")
        facts.message = _window(text, at, before=100, after=60)
        return True
    # Each worker logs its budget after profiling, "(Worker_TP1 pid=104299) INFO ... Available KV cache memory: -3.86
    # GiB" (gpu_memory_utilization x the GPU, less the weights, the profiled activations and what else the GPU holds):
    # one below zero is the error that follows it (cut from a paste, or not yet printed)
    budgets = _vllm_ranks(text, facts)
    if budgets and min(budgets.values()) < 0:
        facts.memory = "gpu"
        facts.clues.add("kv_cache_budget")
        at = _positions(lower, "available kv cache memory: -")[-1]
        facts.message = _window(text, at, before=100, after=60)
        return True
    return False


def _vllm_ranks(text: str, facts: Facts) -> dict[str, float]:
    """Each vLLM worker's KV-cache budget in GiB, by the worker its line names ("Worker_TP1 pid=104299"). Under tensor
    parallelism every rank holds the same share of the weights: one rank with no room where another has plenty has
    something else on its GPU (another process, another stage of the model), the which-GPU case."""
    budgets = {}
    for line in re.findall(r"(?m)^[^\n]{0,200}Available KV cache memory: -?\d{1,9}(?:\.\d{1,4})? GiB",
                           text[-200_000:]):
        worker = re.match(r"\(([^)]{1,80})\)", line)
        budgets[worker.group(1) if worker else ""] = float(re.search(r"(-?[\d.]+) GiB$", line).group(1))
    if len(budgets) > 1 and min(budgets.values()) < 0 < max(budgets.values()):
        facts.clues.add("uneven_ranks")
    return budgets


def _framework(text: str, lower: str, facts: Facts, said_by: str) -> str:
    """Which framework's program ran out: the message's own reader, unless the context says otherwise.

    XLA's GPU client prints TensorFlow's BFC allocator dump (it lives in ``xla/tsl`` now), and TensorFlow
    with ``jit_compile`` prints XLA's RESOURCE_EXHAUSTED: the program's own names decide.
    """
    if said_by in ("torch", "nccl", "llama.cpp", "onnxruntime", "vllm", "paddle", "caffe2", "opencv", "numpy",
                   "python", "tensorrt-llm", "fastertransformer", "mxnet", "mindspore", "kubernetes", "theano",
                   "cntk", "slurm", "flashlight", "arrayfire", "tensorrt", "faiss", "oneflow", "cuda", "xgboost",
                   "lightgbm", "opencl", "caffe", "lmdeploy", "ray", "candle", "mlx", "metal", "tfjs", "node"):
        return said_by
    tail = lower[-200_000:]
    if _exla(tail):
        return "exla"
    if any(word in tail for word in _TORCH_XLA) or _XLA_DIST.search(tail):
        facts.clues.add("torch_xla")  # PyTorch's program compiled by XLA
        return "torch"
    # jaxlib was built inside TensorFlow's tree until 2023: its paths read "external/org_tensorflow/..."
    jax = any(word in tail for word in ("jaxlib", "xlaruntimeerror", "import jax", "jax.", "/jax/", "flax", "optax",
                                        "external/org_tensorflow", "xla/python", "xla_extension", "xla/pjrt",
                                        "external/xla/"))
    # and TensorFlow's runtime on a TPU prints its own lines around XLA's: TPUEstimator's "Closing session due to
    # error", the StatusGroup that sums up the errors of many ops ("Status code: Resource exhausted [9x]"); XLA's list
    # of the largest buffers names their ops by the graph's node types, where the traceback is cut
    # (TensorFlow's own exception class, ResourceExhaustedError, and the graph functions its runtime names,
    # "{{function_node __inference_train_function_1234}}", need no module's name beside them)
    tensorflow = any(word in tail for word in ("tensorflow", "errors_impl", "keras", "[op:", "tf.",
                                               "closing session due to error", "resourceexhaustederror",
                                               "{{function_node")) or \
        re.search(r"status code: [a-z ]{1,40} \[\d{1,9}x\]", tail) is not None or _tf_op_metadata(text)
    if said_by == "jax" and tensorflow and not jax:
        return "tensorflow"
    if said_by == "tensorflow" and jax and "errors_impl" not in tail and "tensorflow/core" not in tail.replace(
            "external/org_tensorflow/tensorflow/core", ""):
        return "jax"
    return said_by


def _tf_op_metadata(text: str) -> bool:
    """XLA's dumps name each buffer's op by the metadata its front end gave: TensorFlow's bridge (tf2xla) gives the
    graph node's type and name (``op_type="Relu6" op_name="FeatureExtractor/resnet_v1_50/conv1/Relu6"``), a registered
    op's name in CamelCase; JAX gives its primitive in lower case (``op_type="div" op_name="jit(true_divide)/div"``)."""
    return re.search(r'op_type="[A-Z][A-Za-z0-9]{0,60}" op_name="(?!p?jit\(|pmap\()', text[-200_000:]) is not None


# PyTorch/XLA, whose runtime prints TensorFlow's and XLA's words: its package, its XRT client's own C++
# ("E tensorflow/compiler/xla/xla_client/xla_util.cc:88]", built inside TensorFlow's tree), the XRT ops it runs on a
# TPU ("[[{{node XRTExecute}}]]"), xmp.spawn's "Exception in device=TPU:6: "
_TORCH_XLA = ("torch_xla", "xla_client/xla_util.cc", "xla_client/computation_client", "xrtexecute", "xrtcompile",
              "exception in device=tpu:")
# ... and the Cloud TPU Pod launcher, torch_xla.distributed.xla_dist, which prefixes every worker's line with the
# time, the worker's address and its ordinal: "2020-10-22 02:48:58 10.128.0.33 [3] "
_XLA_DIST = re.compile(r"(?m)^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \d{1,3}(?:\.\d{1,3}){3} \[\d{1,4}\] ")
# Elixir's Logger at the start of a line (its default console format: "13:21:27.502 [error] ", Livebook's without the
# time) carrying one of XLA's own messages: EXLA hands XLA's log lines to Logger (EXLA.Logger), where a Python program
# shows absl's "E1023 00:10:32.928098 30 pjrt_stream_executor_client.cc:2809] "
_ELIXIR_LOGGER_XLA = re.compile(r"(?m)^(?:\d{2}:\d{2}:\d{2}\.\d{3} )?\[(?:error|warning|info|debug)\] "
                                r"(?:\*{20}|[^\n]{0,200}?(?:resource_exhausted|execution of replica|xla |"
                                r"streamexecutor|bfc|in-use chunks))")


def _exla(tail: str) -> bool:
    """Whether XLA ran under Elixir's EXLA (Nx's compiler and backend): the log names it (``(exla 0.6.0)
    lib/exla/executable.ex:56``, ``EXLA.Backend``) or shows XLA's lines as Elixir's Logger prints them."""
    return re.search(r"(?<![\w.])exla(?![\w])", tail) is not None or _ELIXIR_LOGGER_XLA.search(tail) is not None


def _lower_same_length(text: str, piece: int = 1 << 20) -> str:
    """``text`` in lower case, each character in its place: the positions found in the copy index the text.
    str.lower() can make a text longer (one "İ" becomes two code points); a piece whose lower() kept its length
    mapped each character to one, and only the others are lowered as ASCII, by translate, which looks up every
    character in a dict (6 s for 50 MB, where lower() takes 0.1 s)."""
    pieces = []
    for start in range(0, len(text), piece):
        part = text[start:start + piece]
        lowered = part.lower()
        pieces.append(lowered if len(lowered) == len(part) else part.translate(_ASCII_LOWER))
    return "".join(pieces)


_TRITON_OUT_OF_RESOURCE = re.compile(r"out of resource: [\w ]{1,80}?,? ?required: ?\d{1,12},? ?hardware limit: ?\d{1,12}")


def read(text: str) -> Facts:
    """The facts of the last out-of-memory error in ``text`` (``oom`` false when there is none)."""
    lower = _lower_same_length(text)
    facts = Facts()
    said_by = None
    if _TRITON_OUT_OF_RESOURCE.search(lower) and "tried to allocate" not in lower and \
            "cuda error: out of memory" not in lower:
        # Triton's "out of resource: triton_flex_attention Required: 361472 Hardware limit: 232448" (which PyTorch's
        # inductor raises as an OutOfMemoryError): a kernel's shared memory per block, beyond what one streaming
        # multiprocessor has, as autotuning tries a configuration; the GPU's memory never ran out
        facts.clues.add("triton_shared_memory")
        facts.framework = _named_framework(lower) or "torch"
        return facts
    # The most specific message first: a PyTorch log can hold a CUDA driver line too, and a JAX log
    # prints TensorFlow's allocator dump; each reader fills only what it knows.
    if _read_ray(text, lower, facts):
        # Ray's memory monitor raises its own OutOfMemoryError, which names no framework's allocator (the class
        # name is PyTorch's too): the node's RAM, whatever the worker ran
        said_by = _named_framework(lower) or "ray"
    elif _read_mps(text, lower, facts):
        said_by = "torch"
    elif runtime := _read_metal(text, lower, facts):
        said_by = runtime
    elif _read_torch(text, lower, facts):
        said_by = "torch"
        facts.memory = facts.memory or "gpu"
    elif _read_host(text, lower, facts):
        said_by = "torch"
    elif _read_cuda_malloc_async(text, lower, facts):
        said_by = "torch"
        facts.memory = "gpu"
    elif _read_directml(text, lower, facts):
        said_by = "torch"
    elif _read_mxnet(text, lower, facts):
        said_by = "mxnet"
    elif _read_mindspore(text, lower, facts):
        said_by = "mindspore"
    elif _read_theano(text, lower, facts):
        said_by = "theano"
    elif _read_ggml(text, lower, facts):
        said_by = "llama.cpp"
    elif _read_onnxruntime(text, lower, facts):
        said_by = "onnxruntime"
    elif caller := _read_cuda_call(text, lower, facts):
        said_by = caller
    elif library := _read_cuda_malloc_error(text, lower, facts):
        said_by = library
    elif library := _read_gradient_boosting(text, lower, facts):
        said_by = library
    elif _read_vllm(text, lower, facts):
        said_by = "vllm"
    elif _read_paddle(text, lower, facts):
        said_by = "paddle"
        facts.memory = facts.memory or "gpu"
    elif _read_worker_shm(text, lower, facts):
        said_by = "torch"
    elif _read_tflite_arena(text, lower, facts):
        said_by = "tensorflow"
    elif _read_opencv(text, lower, facts):
        said_by = "opencv"
    elif _read_numpy(text, lower, facts):
        said_by = _named_framework(lower) or "numpy"  # NumPy's own error, in a program of no framework
        facts.oom = True
    elif runtime := _read_tensorrt_llm(text, lower, facts):
        said_by = runtime
    elif engine := _read_tensorrt(text, lower, facts):
        said_by = engine
    elif _read_torch_plain(text, lower, facts):
        said_by = "torch"
        facts.memory = facts.memory or "gpu"
    elif _read_caffe2(text, lower, facts):
        said_by = "caffe2"
    elif library := _read_arrayfire(text, lower, facts):
        said_by = library
    elif _read_tpu(text, lower, facts):
        said_by = "jax"
    bfc = _read_bfc(text, lower, facts)
    if said_by is None and _read_xla(text, lower, facts):
        said_by = "jax"
    tensorflow = _read_tensorflow(text, facts) if said_by is None else False
    if said_by is None and (bfc or tensorflow):
        said_by = "tensorflow"
    if said_by is None and _read_nccl(text, lower, facts):
        said_by = "nccl"
        facts.memory = "gpu"
    if said_by is None and _read_nccl_shm(text, lower, facts):
        said_by = "nccl"
    if said_by is None and _read_miopen(text, lower, facts):
        said_by = _named_framework(lower) or "tensorflow"
    if _read_cuda_driver(text, lower, facts) and said_by is None and not (facts.warnings_only and
                                                                          _driver_retries(lower)):
        # "failed to allocate 1.51G (1617277696 bytes) from device" is StreamExecutor's, which TensorFlow and
        # (until 2023) jaxlib share; the context decides. libgpuarray, Theano's new back end, raises the driver's own
        # words in its exception ("pygpu.gpuarray.GpuArrayException: cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY: out of
        # memory"), with no StreamExecutor in the process
        # Rust's cudarc (the CUDA binding of Hugging Face's candle and of mistral.rs) wraps the driver's code in its own
        # error type: "DriverError(CUDA_ERROR_OUT_OF_MEMORY, \"out of memory\")"
        said_by = ("torch" if "torch" in lower else "theano" if "gpuarrayexception" in lower
                   else "candle" if "drivererror(cuda_error_out_of_memory" in lower else "tensorflow")
        facts.oom = True
        if said_by == "candle" and "mistralrs" in lower:
            facts.clues.add("mistralrs")  # mistral.rs, the server on candle: its KV cache takes most of the GPU
    _read_device_properties(text, facts)
    _read_nvidia_smi(text, facts)
    if said_by is None and not facts.oom and _read_kubernetes(text, lower, facts):
        said_by = _named_framework(lower) or "kubernetes"  # the kubelet's words, in a log that names no framework
    elif said_by is None and not facts.oom and _read_slurm(text, lower, facts):
        said_by = _named_framework(lower) or "slurm"  # the scheduler's words, in a log that names no framework
    elif said_by is None and not facts.oom and (_read_killed(text, lower, facts) or
                                              _read_paging_file(text, lower, facts)):
        said_by = _named_framework(lower) or _killed_python(lower)
        facts.oom = True
    elif said_by is None and not facts.oom and _read_memory_error(text, facts):
        said_by = _named_framework(lower) or "python"  # Python's own MemoryError, in a program of no framework
        facts.oom = True
    elif said_by is None and not facts.oom and _read_bad_alloc(text, facts):
        said_by = _named_framework(lower)
        facts.oom = True
    elif said_by is None and not facts.oom and _read_tcmalloc(text, facts):
        said_by = _named_framework(lower)
        facts.oom = True
    elif said_by is None and not facts.oom and _read_js_heap(text, lower, facts):
        # TensorFlow.js in Node (tfjs-node names TensorFlow's C library in its log too) or another Node program
        said_by = "tfjs" if "tfjs" in lower or "tensorflow" in lower else "node"
        facts.oom = True
    if said_by is None and not facts.oom:
        # no allocation failed: the framework whose words the log shows is still worth saying (this is a PyTorch
        # error, not an out-of-memory one)
        facts.framework = _named_framework(lower)
        return facts
    facts.oom = True
    facts.warnings_only = False
    if facts.free_bytes is not None and facts.free_bytes >= NO_MACHINE_HAS:
        # more free than any machine has is no amount: a driver's unsigned count that went below zero (ROCm on an APU:
        # "total capacty of 512.00 MiB of which 17179869184.00 GiB is free", 2**64 bytes). (An APU's free can exceed
        # its total, the carve-out, where it counts the shared RAM too: that figure is real.)
        facts.free_bytes = None
    facts.framework = _framework(text, lower, facts, said_by) if said_by else None
    if facts.allocator and "host" in facts.allocator.lower() or facts.allocator and facts.allocator.lower() in (
            "cpu", "mklcpu", "cpu_bfc"):
        facts.memory = "host"
    facts.memory = facts.memory or "gpu"
    if facts.memory == "gpu":
        _read_rematerialization(text, facts)
        _read_scratch_limit(text, facts)
        _read_gpustat(text, lower, facts)
    elif facts.memory == "host":
        _read_free_table(lower, facts)
    _clues(lower, facts)
    _optimizer_frame(lower, facts)
    if facts.framework == "jax":
        _jax_init(lower, facts)
    _devices(text, facts)
    if facts.gpu_index is None and facts.allocator:
        match = re.match(r"GPU_(\d+)_bfc", facts.allocator)
        facts.gpu_index = int(match.group(1)) if match else None
    if facts.gpu_index is None and len(facts.gpu_indices) == 1 and facts.memory == "gpu":
        facts.gpu_index = next(iter(facts.gpu_indices))
    return facts
