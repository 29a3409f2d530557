"""Which engine a model goes to: a ``torch.nn.Module`` to ``pytorch/``, anything else to ``keras/``.

``estimate`` takes a model object (it is ``oomdoctor.estimate``); ``estimate_spec`` takes the MODEL argument
of the command line (``file.py:function``, a ``.keras`` file, ``hf:FOLDER``) and lets the object that the
function returns decide, the file's imports being only a first guess.
"""

from __future__ import annotations

from typing import Any


def estimate(model: Any, batch_size: int, optimizer: Any = None, precision: str | None = None,
             backend: str | None = None, gpu: Any = None, jit_compile: bool | None = None,
             input_shape: "tuple[int, ...] | None" = None, device: str | None = None,
             example_inputs: Any = None, loss: Any = None, strategy: Any = None, find_devices: bool = False):
    """The ``Estimate`` of one training step of ``model`` (arguments: ``oomdoctor.estimate``)."""
    from . import pytorch

    if pytorch.is_module(model):
        return pytorch.estimate(model, batch_size, example_inputs=example_inputs, input_shape=input_shape,
                                optimizer=optimizer or "adamw", precision=precision or "float32", loss=loss,
                                gpu=gpu, strategy=strategy, find_devices=find_devices)
    from .keras.job import estimate as keras_estimate

    return keras_estimate(model, batch_size, optimizer=optimizer, precision=precision, backend=backend, gpu=gpu,
                          jit_compile=jit_compile, input_shape=input_shape, device=device, strategy=strategy,
                          find_devices=find_devices)


def estimate_spec(spec: str, batch_size: int, optimizer: str | None = None, precision: str | None = None,
                  backend: str | None = None, jit_compile: bool | None = None, gpu: Any = None,
                  input_shape: "tuple[int, ...] | None" = None, device: str | None = None, strategy: Any = None,
                  find_devices: bool = False, seq_len: int | None = None, task: str | None = None):
    """The ``Estimate`` of the model that ``spec`` names, loaded without training anything."""
    if spec.startswith("hf:"):
        return _hf_estimate(spec, batch_size, optimizer, precision, gpu, seq_len, task, strategy, find_devices)
    from .errors import WrongFramework
    from .keras.loading import choose_trace_backend
    from .pytorch.loading import is_torch_file

    first = "torch" if is_torch_file(spec) else "keras"
    choose_trace_backend()  # its code may import keras on either path
    job = (spec, batch_size, optimizer, precision, backend, jit_compile, gpu, input_shape, device, strategy,
           find_devices)
    try:
        return _ESTIMATORS[first](*job)
    except WrongFramework as wrong:
        return _ESTIMATORS[wrong.framework](*job)


def _keras_estimate(spec: str, batch_size: int, optimizer, precision, backend, jit, gpu, input_shape, device,
                    strategy, find_devices):
    """A .keras file, or file.py:function returning a keras.Model."""
    from .keras.job import estimate
    from .keras.loading import load_model, model_optimizer, prepare_keras

    if optimizer is not None:
        from .keras.optimizers import spec_by_name

        spec_by_name(optimizer)  # fail on a bad name before building anything
    prepare_keras(precision)
    keras_model = load_model(spec)
    return estimate(keras_model, batch_size, optimizer=optimizer or model_optimizer(keras_model), precision=precision,
                    backend=backend, gpu=gpu, jit_compile=jit, input_shape=input_shape, device=device,
                    strategy=strategy, find_devices=find_devices)


def _torch_estimate(spec: str, batch_size: int, optimizer, precision, backend, jit, gpu, input_shape, device, strategy,
                    find_devices):
    """A plain PyTorch model: file.py:function returns a module, or (module, example_batch, loss_fn)."""
    from .errors import require_framework
    from .pytorch import loading

    require_framework("torch")
    return _torch_job_estimate(loading.load(spec), batch_size, optimizer, precision, input_shape, gpu, strategy,
                               find_devices)


def _hf_estimate(spec: str, batch_size: int, optimizer, precision, gpu, seq_len, task, strategy, find_devices):
    """hf:FOLDER: the model its config.json describes (with its LoRA adapter), built on fake tensors
    (``load_folder`` names the extra when torch or transformers is missing)."""
    from .pytorch.hf_folder import load_folder

    return _torch_job_estimate(load_folder(spec, seq_len, task), batch_size, optimizer, precision, None, gpu,
                               strategy, find_devices)


def _torch_job_estimate(loaded, batch_size: int, optimizer, precision, input_shape, gpu, strategy, find_devices):
    """The estimate of a loaded PyTorch model (``TorchSpec``), with what loading it assumed first in its notes."""
    from .pytorch.job import finish, make_job

    job = make_job(loaded.module, batch_size, loaded.example_batch, input_shape, optimizer or "adamw",
                   precision or "float32", loaded.loss, gpu, fake_mode=loaded.fake_mode, strategy=strategy)
    result = finish(job, find_devices)
    result.notes[:0] = loaded.notes
    return result


_ESTIMATORS = {"keras": _keras_estimate, "torch": _torch_estimate}
