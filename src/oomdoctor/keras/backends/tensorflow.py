"""Keras's TensorFlow backend: XLA when jit-compiled, the graph executor otherwise.

On a GPU Keras compiles the train step with XLA by default
(``jit_compile="auto"``), so the step allocates as an XLA executable does (see
``xla.py``), with TensorFlow's BFC allocator underneath. With
``jit_compile=False`` the ``tf.function`` graph runs op by op: every tensor a
gradient op needs stays alive until that op has run, and Grappler fuses
convolution, bias and activation. What it keeps per kind of layer
(``GRAPH_TABLE``) was calibrated on TensorFlow's own CPU allocator (the only
TensorFlow ground truth: ``tf-cpu-calibration.jsonl``, ``jit_compile=False``),
and the executor is the same on a GPU.

Keras's TensorFlow optimizers update one variable at a time with unfused ops
(``adam/Square``, ``adam/Sqrt``...), so the update's temporaries scale with the
largest variable, not with all of them (the seed's model with Adam died at
``adam/Square`` with 8.6 GiB in use and a 2.87 GiB request on the CPU).

``device="cpu"`` predicts TensorFlow's CPU allocator instead of a GPU's: no
CUDA workspaces or autotuning, float16 computed in float32, and XLA:CPU's own
table.
"""

from __future__ import annotations

from ...i18n import _
from ...units import MiB, format_bytes
from ..layers import Kind
from .base import Device, KeptTable, StepFacts, StepMemory, bfc_fresh_region_chunk, eager_step, resident_bytes
from .xla import CPU_TABLE, XLABackend

GRAPH_TABLE = KeptTable(
    by_kind={
        Kind.CONV: 1.0,  # 1x1
        Kind.DENSE: 1.0,  # MatMul's gradient needs its input
        Kind.EMBEDDING: 1.0,
        Kind.BATCH_NORM: 1.0,
        Kind.NORM: 2.5,
        Kind.ACTIVATION: 0.0,  # fused into the producer; the output is counted there
        Kind.ELEMENTWISE: 1.0,
        Kind.DROPOUT: 2.7,  # the mask and the scaled output
        Kind.MERGE: 0.0,
        Kind.CONCAT: 1.0,  # materialised; the next layer keeps it as its input
        Kind.MULTIPLY: 1.0,  # same, and its gradient reads both inputs
        Kind.POOL: 1.0,  # MaxPoolGrad needs the pooled output as well as the input
        Kind.VIEW: 0.0,
        Kind.COPY: 0.0,
        Kind.ATTENTION: 0.0,
        Kind.RNN: 0.0,  # the per-step tensors are the "extra" below
        Kind.NO_GRADIENT: 0.0,
        Kind.UNKNOWN: 1.0,
    },
    spatial_conv=1.6,
    depthwise_conv=2.1,
    few_channels_conv=0.0,
    extra=1.6,
)
# No GPU measurements of TensorFlow's graph executor yet, and its op order varies
# between runs (up to 25 % on the CPU ground truth).
_UNCERTAIN_GRAPH = 0.35


# XLA:CPU via JAX against TensorFlow's XLA:CPU: within 0.69-1.34 on 18 measured rows.
_UNCERTAIN_COMPILED = 0.35

def _compiled_cpu_step(facts: StepFacts) -> StepMemory:
    kept = CPU_TABLE.kept_bytes(facts)
    state = facts.weight_bytes + facts.optimizer_state_bytes + facts.input_bytes
    working = max(facts.compiled_cpu_step_bytes - state, 0)
    gradients = min(facts.trainable_bytes, working)
    activations = min(sum(kept), working - gradients)
    chunk = bfc_fresh_region_chunk(working)
    breakdown = {
        **resident_bytes(facts),
        "gradients": gradients,
        "activations": activations,
        # the rest of XLA's buffer, and what the allocator's chunk holds beyond it
        "temporaries": chunk - gradients - activations,
        "workspace": 0,
    }
    uncertain = _UNCERTAIN_COMPILED * working
    if facts.compiled_cpu_step_by_tensorflow:
        notes = [_("TensorFlow with XLA on the CPU: the step's temporary buffer is XLA's own, from compiling "
                   "Keras's train step with TensorFlow's XLA:CPU here (other batch sizes: scaled from it).")]
    else:
        notes = [_("TensorFlow with XLA on the CPU: the step's buffers were sized by compiling it with XLA:CPU "
                   "(through Keras's JAX trainer) on abstract shapes.")]
    if chunk > working:
        notes.append(_("TensorFlow's BFC allocator serves XLA's {buffer} buffer from a fresh {region} region and "
                       "counts all of it (it splits a chunk only when it is twice the request or 128 MiB "
                       "larger).").format(buffer=format_bytes(working), region=format_bytes(chunk)))
    return StepMemory(
        breakdown=breakdown,
        activation_bytes_by_use=kept,
        peak_phase="XLA:CPU executable (buffer assignment read from XLA)",
        uncertain_bytes=int(uncertain),
        notes=notes,
    )


class TensorFlowBackend:
    """Keras's TensorFlow backend: an XLA executable with ``jit_compile``, else the graph executor op by op."""

    name = "tensorflow"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        """The step's peak: XLA:CPU's compiled buffers where they were read (for recurrent layers only from
        TensorFlow's own compile), the XLA model when jit-compiled, else ``GRAPH_TABLE`` op by op, with update
        temporaries that scale with the largest variable."""
        where = "CPU" if facts.device is Device.CPU else "GPU"
        # TensorFlow's XLA while loop for recurrent layers keeps far more per step than
        # JAX's scan (lstm_text: 2.2x), so JAX's compiled figure does not carry over to them.
        has_rnn = any(use.kind is Kind.RNN for use in facts.uses)
        if (facts.jit_compile and facts.compiled_cpu_step_bytes is not None
                and (facts.compiled_cpu_step_by_tensorflow or not has_rnn)):
            return _compiled_cpu_step(facts)
        if facts.jit_compile:
            memory = XLABackend().step_memory(facts)
            if facts.xla_gpu_anchor is not None:
                memory.notes.append(_("TensorFlow with XLA on the GPU: the step was compiled as Keras's JAX trainer "
                                      "writes it; TensorFlow's own lowering (tf2xla) may lay it out somewhat "
                                      "differently, and no TensorFlow GPU measurement exists yet."))
            else:
                memory.notes.append(_("TensorFlow with XLA (jit_compile) on the {where}: modelled as an XLA "
                                      "executable.").format(where=where))
            return memory
        update = facts.optimizer.spec.update_temporaries * facts.largest_trainable_bytes
        if facts.optimizer.loss_scaling or facts.precision.value == "mixed_float16":
            update += facts.largest_trainable_bytes
        return eager_step(facts, GRAPH_TABLE, workspace=0, update_temporaries=int(update),
                          uncertain_kept=_UNCERTAIN_GRAPH, uncertain_temporaries=_UNCERTAIN_GRAPH,
                          notes=[_("TensorFlow without XLA on the {where}: graph execution, modelled op by op.")
                                 .format(where=where)])
