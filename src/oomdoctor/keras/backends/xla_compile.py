"""Ask XLA itself: compile Keras's train step on abstract shapes and read its buffer assignment.

For TensorFlow's CPU allocator with ``jit_compile=True`` the step is one XLA:CPU
executable, and what it allocates is what XLA's buffer assignment decides.
Compiling the same Keras model's JAX train step for the CPU (``jax.jit(...)
.lower(shapes).compile().memory_analysis()``) gives that assignment without
allocating a weight: arguments (weights, optimizer slots, the batch) plus the
temporary buffer. On the CPU ground truth and eight more measured
configurations this matched TensorFlow's XLA:CPU peak with no fitted constant
(ratio 0.88-1.16 for 15 of 18 rows; ResNet-50 1.3, a 4096-batch MLP 0.69, and
an LSTM 0.45: TensorFlow's while loop keeps more per step than JAX's scan, so
models with recurrent layers keep the table). Small models come out low:
TensorFlow's CPU kernels take scratch from the same allocator, which XLA's
buffer assignment does not report (-41 % on a 48x48 two-convolution model).

For a GPU, the same step is compiled by XLA's GPU compiler for a described card,
with no GPU here (JAX's CUDA plugin; see "compiling for a GPU that is not here"
below); the kernels Keras would choose on that card (cuDNN flash attention,
cuDNN's LSTM) are chosen as there.

Only with Keras's JAX backend (oomdoctor's tracing default) and for models Keras
can clone (functional and sequential); otherwise ``None``, and the caller uses
its table.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...cache import PerModelCache
from ...errors import first_line
from ..loading import global_dtype_policy
from ..step_model import abstract_batch, compile_arguments, labels_loss, working_copy
from ..training import keras_compile
from ..trace import unseeded_random_traceable, weights_left_unfilled
from .base import NotCompiled

if TYPE_CHECKING:
    from ...gpus import GPU

# per model (weakly: a model's id may be reused once it is gone), per batch, optimizer, target, precision
_COMPILED = PerModelCache()

# A fresh Keras optimizer of the job's kind, for the steps oomdoctor compiles (here) or traces
# (oomdoctor.keras.backends.torch_trace): its slots are what counts, not its hyperparameters.
STAND_IN_OPTIMIZERS = {
    "sgd": lambda k: k.optimizers.SGD(),
    "momentum": lambda k: k.optimizers.SGD(momentum=0.9),
    "nesterov": lambda k: k.optimizers.SGD(momentum=0.9, nesterov=True),
    "adam": lambda k: k.optimizers.Adam(),
    "amsgrad": lambda k: k.optimizers.Adam(amsgrad=True),
    "adamw": lambda k: k.optimizers.AdamW(),
    "adamax": lambda k: k.optimizers.Adamax(),
    "nadam": lambda k: k.optimizers.Nadam(),
    "rmsprop": lambda k: k.optimizers.RMSprop(),
    "rmsprop_momentum": lambda k: k.optimizers.RMSprop(momentum=0.9),
    "rmsprop_centered": lambda k: k.optimizers.RMSprop(centered=True),
    "adagrad": lambda k: k.optimizers.Adagrad(),
    "adadelta": lambda k: k.optimizers.Adadelta(),
    "ftrl": lambda k: k.optimizers.Ftrl(),
    "lion": lambda k: k.optimizers.Lion(),
    "adafactor": lambda k: k.optimizers.Adafactor(),
    "lamb": lambda k: k.optimizers.Lamb(),
}


@dataclass(frozen=True)
class CompiledStep:
    """What XLA's buffer assignment reports for one training step's executable."""

    argument_bytes: int  # weights, optimizer slots, metric counters and the batch
    output_bytes: int
    alias_bytes: int  # outputs written over donated arguments (the new weights and slots)
    temp_bytes: int  # the one temporary buffer: kept activations, gradients, library workspaces

    @property
    def fresh_output_bytes(self) -> int:
        """Output bytes not written over donated arguments (the loss and metric values)."""
        return max(self.output_bytes - self.alias_bytes, 0)


def compiled_step(model: Any, batch_size: int, optimizer_name: str, target: "GPU | None",
                  precision: str, inputs: list[tuple[tuple, str]] | None = None,
                  outputs: list[tuple] | None = None) -> CompiledStep | NotCompiled:
    """The step compiled for XLA:CPU (``target=None``) or for ``target``'s GPU, without one.

    ``inputs`` are the per-sample (shape, dtype) of the model's inputs and ``outputs`` the per-sample
    shapes of its outputs, as oomdoctor traced them (``--input-shape`` and subclassed models); by
    default the model's own. Returns why not when the step cannot be compiled here.
    """
    if target is not None and os.environ.get("OOMDOCTOR_XLA_GPU_COMPILE") == "0":
        return NotCompiled("OOMDOCTOR_XLA_GPU_COMPILE=0")  # asked for the per-layer table (faster)
    key = (batch_size, optimizer_name, target, precision, tuple(inputs or ()), tuple(outputs or ()))
    return _COMPILED.get(model, key, lambda: _compile(model, batch_size, optimizer_name, target, precision, inputs,
                                                      outputs))


def _compile(model: Any, batch_size: int, optimizer_name: str, target: "GPU | None", precision: str,
             inputs: list[tuple[tuple, str]] | None, outputs: list[tuple] | None) -> CompiledStep | NotCompiled:
    import keras

    if keras.backend.backend() != "jax":
        return NotCompiled(f"Keras runs on {keras.backend.backend()} in this process, and the compile needs JAX")
    tape = _tensorflow_train_step(model, follow_calls=False)
    if tape:
        return _tape_refused(model, tape)
    try:
        import jax

        placement = _placement(target)
        if isinstance(placement, NotCompiled):
            return placement
        # building the working copy and lowering its step both trace the model
        with unseeded_random_traceable():
            train_step, state, data = _abstract_step(model, batch_size, optimizer_name, target, precision,
                                                     placement, inputs, outputs)
            with weights_left_unfilled(), _kernels_as_on(target):
                lowered = jax.jit(train_step, donate_argnums=0, **placement.jit_kwargs).lower(state, data)
                try:
                    compiled = lowered.compile()
                except Exception as exc:
                    # Without autotuning XLA emits matrix products as Triton kernels of default tile sizes, and
                    # for some shapes finds none ("Couldn't find output tile sizes"); cuBLAS, which autotuning
                    # may pick on the GPU anyway, takes any shape
                    if target is None or "tile sizes" not in str(exc):
                        raise
                    compiled = lowered.compile(compiler_options={"xla_gpu_enable_triton_gemm": False})
        analysis = compiled.memory_analysis()
        return CompiledStep(argument_bytes=int(analysis.argument_size_in_bytes),
                            output_bytes=int(analysis.output_size_in_bytes),
                            alias_bytes=int(analysis.alias_size_in_bytes),
                            temp_bytes=int(analysis.temp_size_in_bytes))
    except Exception as exc:  # the reason travels to the report; the caller's table answers
        tape = _tensorflow_train_step(model, follow_calls=True)
        if tape:  # a step per backend may have run its TensorFlow one here: that, not the symptom, is why
            return _tape_refused(model, tape)
        if target is not None and "PTX compilation provider" in str(exc):
            # the one CUDA tool the compile runs: the kernels are compiled, though none will run here
            return NotCompiled(f"XLA's GPU compiler found no ptxas ({first_line(exc)}); oomdoctor's install brings "
                               "it on Linux: pip install nvidia-cuda-nvcc-cu12")
        return NotCompiled(first_line(exc))


def _tape_refused(model: Any, tape: str) -> NotCompiled:
    return NotCompiled(f"{type(model).__name__}.train_step uses {tape}, which only TensorFlow runs, and this "
                       "compile goes through Keras's JAX trainer")


def _tensorflow_train_step(model: Any, follow_calls: bool) -> str | None:
    """``"tf.GradientTape"`` where the model's own ``train_step`` is written with one (keras.io's VAE and GAN
    examples): its bytecode names the tape, or, ``follow_calls``, that of a method of the model it calls (a
    step per backend, which may have one for JAX too: asked only once the compile failed). None for Keras's
    own step and for backend-neutral overrides."""
    import keras

    cls = type(model)
    step = getattr(cls, "train_step", None)
    if step is getattr(keras.Model, "train_step", None):
        return None
    seen: set[str] = set()
    waiting = ["train_step"]
    while waiting:
        code = getattr(getattr(cls, waiting.pop(), None), "__code__", None)
        if code is None:
            continue
        if "GradientTape" in code.co_names:
            return "tf.GradientTape"
        if not follow_calls:
            break
        # the model's own methods it calls (self._tensorflow_step(...)), not Keras's
        for name in code.co_names:
            if name not in seen and callable(getattr(cls, name, None)) and not hasattr(keras.Model, name):
                seen.add(name)
                waiting.append(name)
    return None


@dataclass(frozen=True)
class _Placement:
    sharding: Any  # given to every abstract argument (None: JAX's default)
    jit_kwargs: dict


def _placement(target: "GPU | None") -> _Placement | NotCompiled:
    if target is None:
        return _Placement(sharding=None, jit_kwargs={"backend": "cpu"})
    from jax.sharding import NamedSharding, PartitionSpec

    topology = gpu_topology(target)
    if isinstance(topology, NotCompiled):
        return topology
    from jax.experimental import topologies

    mesh = topologies.make_mesh(topology, (1,), ("device",))
    return _Placement(sharding=NamedSharding(mesh, PartitionSpec()), jit_kwargs={})


# cuDNN's version that JAX's CUDA 12 wheels bring (nvidia-cudnn-cu12 9.x)
_CUDNN_VERSION = 90800


@contextlib.contextmanager
def _kernels_as_on(target: "GPU | None"):
    """Let Keras choose its attention and LSTM kernels as it would on ``target``.

    Keras's JAX LSTM runs cuDNN's RNN (``jax.experimental.rnn``) when JAX's default backend
    is a GPU; here it is the CPU, and ``lax.scan`` would keep 2.5x less than the H200 ground
    truth's LSTM measured.

    Keras's JAX backend uses cuDNN's flash attention when ``jax.devices()`` has a GPU
    of compute capability 8.0 or newer, cuDNN is installed and the inputs suit it
    (bfloat16/float16, head size <= 128; JAX's own checks). Compiling here, with no
    GPU, Keras would take the XLA path, which keeps the batch x heads x L x L
    probabilities: on the H200 ground truth a bfloat16 transformer needed 30 % less.
    The device questions are answered for the target; the input checks stay JAX's.
    """
    if target is None:
        yield
        return
    from jax._src.cudnn import fused_attention_stablehlo as cudnn_attention
    from jaxlib import gpu_rnn

    keras_rnn = importlib.import_module("keras.src.backend.jax.rnn")  # the package exports a function "rnn"

    capability = target.compute_capability or (9, 0)
    saved = (cudnn_attention.check_cudnn_version, cudnn_attention.check_compute_capability,
             keras_rnn._is_gpu_available, gpu_rnn.compute_rnn_workspace_reserve_space_sizes)
    cudnn_attention.check_cudnn_version = lambda: _CUDNN_VERSION
    cudnn_attention.check_compute_capability = lambda needed: capability >= tuple(map(int, needed.split(".")))
    keras_rnn._is_gpu_available = lambda: True
    gpu_rnn.compute_rnn_workspace_reserve_space_sizes = _cudnn_lstm_sizes
    try:
        yield
    finally:
        (cudnn_attention.check_cudnn_version, cudnn_attention.check_compute_capability,
         keras_rnn._is_gpu_available, gpu_rnn.compute_rnn_workspace_reserve_space_sizes) = saved


# cuDNN's LSTM keeps a reserve space from the forward to the backward pass; its size comes
# from cuDNN on the device (cudnnGetRNNTempSpaceSizes), which needs a GPU to ask. Modelled as
# floats per hidden unit, time step and sample: on the H200 ground truth's two-layer LSTM the
# step's temporary buffer needed 34 at batch 64 and 32 at batch 512 (the larger is used).
_CUDNN_LSTM_RESERVE_FLOATS = 34


def _cudnn_lstm_sizes(input_size, hidden_size, num_layers, batch_size, max_seq_length, dropout, bidirectional,
                      cudnn_allow_tf32=False):
    """(workspace, reserve space) in floats, as jaxlib.gpu_rnn would ask cuDNN for them."""
    directions = 2 if bidirectional else 1
    return 0, _CUDNN_LSTM_RESERVE_FLOATS * num_layers * directions * batch_size * max_seq_length * hidden_size


def _abstract_step(model: Any, batch_size: int, optimizer_name: str, target: "GPU | None", precision: str,
                   placement: _Placement, inputs: list[tuple[tuple, str]] | None, outputs: list[tuple] | None):
    """The model's own train step on a copy of ``model``, and abstract (state, data) to compile it on.

    The copy is compiled as the user compiled the model (loss, loss weights, metrics, and the
    optimizer itself with its schedule when it is of the job's kind; a stand-in of the job's kind
    otherwise), so a model that overrides ``train_step`` or adds losses compiles its own step.
    """
    import jax
    import keras

    # XLA:CPU computes float16 in float32 anyway; on a GPU the job's policy is kept
    policy = "float32" if target is None else precision
    # weights_left_unfilled throughout: any StatelessScope that Keras opens and leaves into eager mode here
    # (a Lambda's output shape) would otherwise fill every variable still waiting, the user's included;
    # the copy's own variables are forgotten with it
    with weights_left_unfilled(keep_created=False):
        copy = working_copy(model, policy)
        arguments = compile_arguments(model, copy, optimizer_name, STAND_IN_OPTIMIZERS, outputs)
        with global_dtype_policy(policy):  # mixed_float16 wraps the optimizer in LossScaleOptimizer
            keras_compile(copy, arguments)
        x, y = abstract_batch(copy, batch_size, labels_loss(copy, arguments, outputs), inputs)
        with keras.StatelessScope(initialize_variables=False):
            copy._symbolic_build(data_batch=(x, y))  # the loss, metrics and optimizer slots, by shape
            if not copy.optimizer.built:
                copy.optimizer.build(copy.trainable_variables)

    def spec(t):
        return jax.ShapeDtypeStruct(tuple(t.shape), t.dtype, sharding=placement.sharding)

    def variables(vs):
        return [spec(v) for v in vs]

    state = (variables(copy.trainable_variables), variables(copy.non_trainable_variables),
             variables(copy.optimizer.variables), variables(copy.metrics_variables))
    data = keras.tree.map_structure(spec, (x, y))
    return copy.train_step, state, data


# ---- compiling for a GPU that is not here -------------------------------------------------------
#
# XLA's GPU compiler can compile for a described GPU without one (PJRT's deviceless
# topology, openxla/xla#16913): JAX's CUDA plugin (``pip install "jax[cuda12]"``) takes
# the description as a ``GpuTargetConfig`` text proto. The buffer assignment it makes is
# the one the real GPU runs with, except where XLA autotunes on the device (cuDNN
# convolution algorithms and their scratch, GEMM tilings); on the H200 ground truth the
# temporary buffer was the measured largest allocation to the byte for VGG-16, MobileNet-v2
# and the seed's model.
#
# What the compile needs, found by hiding each piece (strace, and CUDA's toolkit masked): the
# plugin's PJRT library, and ptxas with CUDA's libdevice (nvidia-cuda-nvcc-cu12), since XLA
# compiles every kernel to a cubin even though none will run. cuDNN, cuBLAS and the other CUDA
# libraries are never opened: convolution and matrix-product algorithms are chosen on a device,
# by autotuning, which a compile without one skips. The plugin's version checks would load them,
# so JAX_SKIP_CUDA_CONSTRAINTS_CHECK is set (keras.loading.choose_trace_backend).

# Per compute capability: shared memory per SM and the most one block may opt in to, threads per
# SM, FP32 lanes per SM (NVIDIA's CUDA C++ programming guide, technical specifications).
_ARCHITECTURES: dict[tuple[int, int], tuple[int, int, int, int]] = {
    (6, 0): (65536, 49152, 2048, 64),
    (7, 0): (98304, 98304, 2048, 64),
    (7, 5): (65536, 65536, 1024, 64),
    (8, 0): (167936, 166912, 2048, 64),
    (8, 6): (102400, 101376, 1536, 128),
    (8, 9): (102400, 101376, 1536, 128),
    (9, 0): (233472, 232448, 2048, 128),
    (10, 0): (233472, 232448, 2048, 128),
    (12, 0): (102400, 101376, 1536, 128),
}


def target_config(gpu: "GPU") -> str:
    """``gpu`` as the ``stream_executor.GpuTargetConfigProto`` text XLA compiles for.

    A GPU known only by its memory is described as an H200 with that memory.
    """
    from ...gpus import CATALOG

    known = gpu if gpu.compute_capability is not None else replace(CATALOG["H200"], name=gpu.name,
                                                                    total_bytes=gpu.total_bytes)
    capability = known.compute_capability
    smem_core, smem_optin, threads_core, fpus = _ARCHITECTURES.get(capability, _ARCHITECTURES[(9, 0)])
    return f"""gpu_device_info {{
  threads_per_block_limit: 1024
  threads_per_warp: 32
  shared_memory_per_block: 49152
  shared_memory_per_core: {smem_core}
  threads_per_core_limit: {threads_core}
  core_count: {known.sm_count}
  fpus_per_core: {fpus}
  block_dim_limit_x: 2147483647
  block_dim_limit_y: 65535
  block_dim_limit_z: 65535
  memory_bandwidth: {known.memory_bandwidth}
  l2_cache_size: {known.l2_bytes}
  clock_rate_ghz: {known.clock_ghz}
  device_memory_size: {known.total_bytes}
  shared_memory_per_block_optin: {smem_optin}
  cuda_compute_capability {{ major: {capability[0]} minor: {capability[1]} }}
  registers_per_core_limit: 65536
  registers_per_block_limit: 65536
}}
platform_name: "CUDA"
dnn_version_info {{ major: 9 minor: 8 }}
runtime_version {{ major: 12 minor: 9 }}
device_description_str: "{known.name}"
"""


def _cuda_plugin_name() -> str | None:
    """The module of JAX's CUDA plugin (``jax_plugins.xla_cuda12``), or None when none is installed."""
    import importlib.util
    import pkgutil

    if importlib.util.find_spec("jax_plugins") is None:
        return None
    import jax_plugins

    return next((f"jax_plugins.{m.name}" for m in pkgutil.iter_modules(jax_plugins.__path__)
                 if m.name.startswith("xla_cuda")), None)


def _cuda_plugin_installed() -> bool:
    return _cuda_plugin_name() is not None


def gpu_topology(gpu: "GPU"):
    """A one-device topology of ``gpu`` to compile for, or why there is none (JAX's CUDA plugin is
    missing, or too old for deviceless topologies)."""
    if not _cuda_plugin_installed():
        if sys.platform != "linux":
            return NotCompiled(f"JAX's CUDA plugin, which XLA's GPU compiler comes in, is built only for Linux "
                               f"(this is {sys.platform})")
        return NotCompiled("JAX's CUDA plugin is not installed: pip install 'oomdoctor[xla-gpu]'")
    # Without CUDA's GPU libraries (the default install) the plugin's version check fails and JAX leaves
    # the plugin unregistered. oomdoctor sets the switch before it imports Keras; where the user's own
    # code made JAX look for its plugins first (a Keras model built on JAX before oomdoctor.estimate),
    # the plugin is registered here, once, without the check.
    os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")
    try:
        from jax.experimental import topologies

        describe = functools.partial(topologies.get_topology_desc, platform="cuda", topology="1x1x1",
                                     target_config=target_config(gpu))
        try:
            return describe()
        except NotImplementedError:  # "topology not implemented for cuda": the plugin was left unregistered
            importlib.import_module(_cuda_plugin_name()).initialize()
            return describe()
    except Exception as exc:
        return NotCompiled(f"JAX's CUDA plugin could not describe {gpu.name}: {first_line(exc)}")
