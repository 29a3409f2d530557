"""Keras's TensorFlow backend: XLA when jit-compiled, the graph executor otherwise.

On a GPU Keras compiles the train step with XLA by default
(``jit_compile="auto"``), so the step allocates as an XLA executable does (see
``xla.py``), with TensorFlow's BFC allocator underneath. With
``jit_compile=False`` the ``tf.function`` graph runs op by op: like eager
PyTorch, every op's saved inputs stay alive until its gradient runs, so the
saved-tensor model of ``torch.py`` applies; but Keras's TensorFlow optimizers
update one variable at a time with unfused ops (``adam/Square``,
``adam/Sqrt``...), so the update's temporaries scale with the largest
variable, not with all of them (the seed's model with Adam died at
``adam/Square`` with 8.6 GiB in use and a 2.87 GiB request on the CPU ground
truth).
"""

from __future__ import annotations

from ._base import StepFacts, StepMemory
from . import torch as eager
from .xla import XLABackend


_UNCERTAIN_GRAPH = 0.35


class TensorFlowBackend:
    name = "tensorflow"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        if facts.jit_compile:
            memory = XLABackend().step_memory(facts)
            memory.notes.append("TensorFlow with XLA (jit_compile): modelled as an XLA executable.")
            return memory
        kept = eager.saved_bytes(facts)
        spec = facts.optimizer.spec
        update = spec.update_temporaries * facts.largest_trainable_bytes
        if facts.optimizer.loss_scaling or facts.precision.value == "mixed_float16":
            update += facts.largest_trainable_bytes
        state = {
            "weights": facts.weight_bytes,
            "optimizer_state": facts.optimizer_state_bytes,
            "gradients": facts.trainable_bytes,
            "workspace": 0,
        }
        phases = {
            "backward pass": {**state, "input_batch": facts.input_bytes, "activations": sum(kept), "temporaries": 0},
            "optimizer update": {**state, "input_batch": facts.input_bytes, "activations": 0,
                                 "temporaries": int(update)},
        }
        phase = max(phases, key=lambda p: sum(phases[p].values()))
        chosen = phases[phase]
        return StepMemory(
            breakdown=chosen,
            # no GPU measurements of TensorFlow's graph executor yet, and its op order
            # varies between runs (up to 25 % on the CPU ground truth)
            uncertain_bytes=int(_UNCERTAIN_GRAPH * (chosen["activations"] + chosen["temporaries"])),
            activation_bytes_by_use=kept,
            peak_phase=phase,
            notes=["TensorFlow without XLA: graph execution, modelled op by op."],
        )
