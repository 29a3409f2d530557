"""PyTorch Lightning: ``PredictedBatchSize``, the job of Lightning's ``BatchSizeFinder`` without a trial step.

    from oomdoctor.lightning import PredictedBatchSize
    trainer = L.Trainer(callbacks=[PredictedBatchSize(gpu="A100-40GB", target_batch=512)])
    trainer.fit(model, datamodule=data)

``BatchSizeFinder`` runs real steps at growing batch sizes until one runs out of
memory. This callback runs none: at ``on_fit_start`` it takes one batch from
the training dataloader, traces ``training_step`` with the trainer's optimizer
and precision on fake tensors (``oomdoctor.pytorch``: the same trace and
caching-allocator replay as ``oomdoctor estimate``), and sets the largest batch
that fits where Lightning's finder sets it (``model.batch_size``, ``hparams``
or the datamodule, through Lightning's own ``lightning_setattr``). With
``target_batch`` it also sets ``trainer.accumulate_grad_batches``.

Importing this module imports Lightning (``lightning``, else ``pytorch_lightning``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from typing import Any, Iterator

try:
    from lightning.pytorch.callbacks import Callback
    from lightning.pytorch.utilities.parsing import lightning_hasattr, lightning_setattr
    from lightning.pytorch.utilities.rank_zero import rank_zero_info
except ImportError:  # the older, separately packaged name of the same library
    try:
        from pytorch_lightning.callbacks import Callback
        from pytorch_lightning.utilities.parsing import lightning_hasattr, lightning_setattr
        from pytorch_lightning.utilities.rank_zero import rank_zero_info
    except ImportError as exc:
        from .errors import missing_framework

        raise missing_framework("PyTorch Lightning", "lightning") from exc

from .batch_size import LargestBatch, checked_target, split_evenly
from .errors import OomdoctorError
from .gpus import resolve_auto
from .i18n import _
from .units import format_bytes

# Lightning's precision setting -> oomdoctor's (the trace runs torch.autocast as Lightning's mixed plugins do).
# "bf16-true", "16-true" and "64-true" need no entry: Lightning has converted the weights by on_fit_start, and
# the batch is converted below with the precision plugin's own convert_input.
_MIXED = {"16-mixed": "fp16_autocast", "bf16-mixed": "bf16_autocast"}


class PredictedBatchSize(Callback):
    """Sets the largest batch whose training step fits ``gpu``, predicted before the first step.

    ``gpu``: a catalog name ("A100-40GB"), a size ("24GiB" or bytes), or "auto": this machine's first GPU, less
    what other processes hold. ``target_batch``: the batch you want; the callback then trains at that batch split
    over ``trainer.accumulate_grad_batches`` steps when it does not fit at once. ``batch_arg_name``: where the
    batch size lives, as for Lightning's ``BatchSizeFinder``. The batch never exceeds the training set's length.
    After ``fit()`` starts, ``self.found`` holds the ``oomdoctor.batch_size.LargestBatch`` and
    ``self.batch_size`` the batch that was set.
    """

    def __init__(self, gpu="auto", target_batch: int | None = None, batch_arg_name: str = "batch_size",
                 verbose: bool = True) -> None:
        super().__init__()
        self.gpu = gpu
        self.target_batch = checked_target(target_batch)
        self.batch_arg_name = batch_arg_name
        self.verbose = verbose
        self.found: LargestBatch | None = None
        self.batch_size: int | None = None
        self.accumulation_steps: int | None = None
        self.seconds: float | None = None  # how long the prediction took

    def on_fit_start(self, trainer, pl_module) -> None:
        """Trace ``training_step`` on one batch of the training dataloader and set the largest batch that
        fits (and ``accumulate_grad_batches`` for a target), before Lightning runs any step."""
        started = time.perf_counter()
        if trainer.world_size > 1:
            raise OomdoctorError(
                _("PredictedBatchSize sizes the step of one process, and this run has {count}.").format(
                    count=trainer.world_size),
                _("Run it once on one device (devices=1) and set the batch it finds; each process of a DDP run "
                  "holds about one gradient copy more."))
        if not lightning_hasattr(pl_module, self.batch_arg_name):
            raise OomdoctorError(
                _("PredictedBatchSize found no {name!r} in the LightningModule, its hparams or its datamodule, "
                  "so it has nowhere to set the batch size.").format(name=self.batch_arg_name),
                _("Make the dataloader read self.{name} (or give batch_arg_name=).").format(name=self.batch_arg_name))
        source = trainer.fit_loop._data_source
        if not source.is_module():
            raise OomdoctorError(
                _("PredictedBatchSize cannot change the batch size of a dataloader passed to fit() directly."),
                _("Build the dataloader in the LightningModule's or the LightningDataModule's train_dataloader(), "
                  "reading self.{name}, as Lightning's BatchSizeFinder also needs.").format(name=self.batch_arg_name))
        loader = source.dataloader()
        batch, loaded = _first_batch(loader, pl_module, trainer)
        self.found = predict(pl_module, batch, loaded, trainer, resolve_auto(self.gpu), self.target_batch)
        if not self.found.batch_size:
            raise OomdoctorError(_("Not even batch 1 of {model} fits {gpu}: {reason}.").format(
                model=type(pl_module).__name__, gpu=self.found.gpu, reason=self.found.reason),
                _("Use a larger GPU, bf16-mixed precision, or a smaller model."))
        best = self.found.batch_size
        length = _length(getattr(loader, "dataset", None))
        if length is not None:
            best = min(best, length)  # a larger batch than the data set is the data set
        if self.target_batch:
            best, self.accumulation_steps = split_evenly(self.target_batch, best)
            trainer.accumulate_grad_batches = self.accumulation_steps
        self.batch_size = best
        lightning_setattr(pl_module, self.batch_arg_name, best)
        self.seconds = time.perf_counter() - started
        if self.verbose:
            message = _("oomdoctor: batch size {batch} (largest that fits {gpu}: {largest}, allocator peak {peak}; "
                        "predicted in {seconds:.1f} s, no trial step)").format(
                batch=best, gpu=self.found.gpu, largest=self.found.batch_size,
                peak=format_bytes(self.found.peak_bytes), seconds=self.seconds)
            if self.accumulation_steps:
                message += " " + _("with accumulate_grad_batches={steps} for a batch of {target}").format(
                    steps=self.accumulation_steps, target=self.target_batch)
            rank_zero_info(message)  # Lightning's own log, beside "GPU available: ..."


def predict(pl_module, batch, batch_size: int, trainer, gpu, target_batch: int | None = None) -> LargestBatch:
    """The largest batch of ``pl_module``'s ``training_step`` that fits ``gpu``, traced from one real ``batch``
    of ``batch_size`` samples with ``trainer``'s optimizer and precision."""
    import torch

    from .pytorch.job import largest_batch, make_job

    if not pl_module.automatic_optimization:
        raise OomdoctorError(
            _("{model} uses manual optimization: its training_step runs its own backward and optimizer steps, "
              "which PredictedBatchSize does not trace.").format(model=type(pl_module).__name__),
            _("Estimate the model with oomdoctor.estimate(module, batch, example_inputs=..., loss=...) instead."))
    optimizers = trainer.optimizers
    if len(optimizers) > 1:
        raise OomdoctorError(_("{model} has {count} optimizers; Lightning trains several only with manual "
                               "optimization.").format(model=type(pl_module).__name__, count=len(optimizers)),
                             _("Return one optimizer from configure_optimizers()."))
    optimizer = optimizers[0] if optimizers else "sgd"  # no optimizer: the step updates nothing, keeps no state

    def loss(module, fake_batch):
        output = module.training_step(fake_batch, 0)
        if isinstance(output, Mapping):
            output = output.get("loss")
        if not isinstance(output, torch.Tensor):
            raise OomdoctorError(
                _("{model}.training_step returned {type}, not the loss.").format(model=type(module).__name__,
                                                                                 type=type(output).__name__),
                _("Return the loss tensor, or a dict with a 'loss' key, as Lightning's automatic optimization "
                  "needs."))
        return output

    precision = _MIXED.get(str(trainer.precision), "float32")
    with _step_without_side_effects(pl_module):
        job = make_job(pl_module, batch_size, example_inputs=batch, optimizer=optimizer, precision=precision,
                       loss=loss, gpu=gpu)
        return largest_batch(job, target_batch)


def _first_batch(loader, pl_module, trainer) -> tuple[Any, int]:
    """One batch of the training dataloader, through the module's batch hooks and the precision plugin, and its
    number of samples."""
    import torch
    from torch.utils._pytree import tree_flatten

    try:
        batch = next(iter(loader))
    except StopIteration:
        raise OomdoctorError(_("The training dataloader yields no batch."),
                             _("Check that the training set is not empty.")) from None
    batch = pl_module.on_before_batch_transfer(batch, 0)
    batch = pl_module.on_after_batch_transfer(batch, 0)
    batch = trainer.precision_plugin.convert_input(batch)
    sizes = {t.shape[0] for t in tree_flatten(batch)[0] if isinstance(t, torch.Tensor) and t.dim() > 0}
    loaded = getattr(loader, "batch_size", None) or (max(sizes) if sizes else None)
    if not loaded:
        raise OomdoctorError(_("The training dataloader's batch holds no tensor with a batch dimension."),
                             _("Yield tensors shaped (batch, ...) from the dataloader."))
    return batch, loaded


@contextlib.contextmanager
def _step_without_side_effects(pl_module) -> Iterator[None]:
    """``self.log`` and torchmetrics' updates are bookkeeping of real values: during the trace they do nothing
    (a metric's state is a few numbers, and its input checks read values a fake tensor does not have)."""
    import sys

    patched = [(pl_module, "log", lambda *args, **kwargs: None),
               (pl_module, "log_dict", lambda *args, **kwargs: None)]
    torchmetrics = sys.modules.get("torchmetrics")
    if torchmetrics is not None:
        import torch

        for child in pl_module.modules():
            if isinstance(child, torchmetrics.Metric):
                patched.append((child, "forward", lambda *args, **kwargs: torch.zeros(())))
                patched.append((child, "update", lambda *args, **kwargs: None))
    missing = object()
    saved = [(owner, name, owner.__dict__.get(name, missing)) for owner, name, _replacement in patched]
    for owner, name, replacement in patched:
        owner.__dict__[name] = replacement  # an instance attribute hides the class's method
    try:
        yield
    finally:
        for owner, name, before in saved:  # torchmetrics keeps its own wrapped update() on the instance
            if before is missing:
                owner.__dict__.pop(name, None)
            else:
                owner.__dict__[name] = before


def _length(dataset) -> int | None:
    try:
        return len(dataset) if dataset is not None else None
    except TypeError:  # an iterable data set has no length
        return None


__all__ = ["PredictedBatchSize", "predict"]
