"""What a training step needs besides the model: Keras's compile, a loss and labels shaped for it.

Used wherever oomdoctor runs or compiles a real step (``measure``, the XLA:CPU
compile), so both infer the same loss for an uncompiled model.
"""

from __future__ import annotations

from typing import Any

SPARSE = "sparse_categorical_crossentropy"


def keras_compile(model: Any, arguments: dict) -> None:
    """``keras.Model.compile`` itself on ``model``, not an override of it. A model may override compile() with
    its own signature (keras.io's GAN: ``compile(d_optimizer, g_optimizer, loss_fn)``, which calls
    ``super().compile()``); its builder ran the override already, and what oomdoctor compiles is Keras's part."""
    import keras

    keras.Model.compile(model, **arguments)


def default_loss(output_shape: tuple) -> str:
    """Softmax-like outputs get sparse labels; one unit gets binary cross-entropy; else MSE."""
    units = output_shape[-1] if len(output_shape) > 1 else 1
    if len(output_shape) == 2 and units and units > 1:
        return SPARSE
    if units == 1:
        return "binary_crossentropy"
    return "mse"


def loss_name(loss) -> str:
    """A Keras loss (a name, a Loss object or a function) as the name the tables know it by."""
    return loss if isinstance(loss, str) else getattr(loss, "name", type(loss).__name__)


def label_spec(loss, output_shape: tuple, batch_size: int) -> tuple[tuple, str]:
    """(shape, dtype) of one batch of labels for ``loss``."""
    if "sparse" in loss_name(loss).lower():  # one class index per output position
        return (batch_size,) + tuple(output_shape[1:-1]), "int32"
    return (batch_size,) + tuple(output_shape[1:]), "float32"
