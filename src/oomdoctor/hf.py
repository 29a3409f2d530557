"""The Hugging Face Trainer: the largest batch that fits, before ``train()``, without a trial step.

    from oomdoctor.hf import largest_batch
    found = largest_batch(trainer, gpu="A100-40GB", target_batch=64, apply=True)
    trainer.train()

The Trainer's own ``auto_find_batch_size`` starts a step, catches the
out-of-memory error and halves the batch until one runs. This answers first:
it reads the model (PEFT adapters included), the optimizer the Trainer would
make from ``args.optim``, the precision (``bf16``/``fp16``), activation
checkpointing, and a batch from the training dataloader at the longest sequence
of the training set, traces one step on fake tensors (``oomdoctor.pytorch``)
and replays it at other batch sizes. ``apply=True`` sets
``per_device_train_batch_size`` and ``gradient_accumulation_steps``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any, Iterator

from .batch_size import LargestBatch, checked_target, split_evenly
from .errors import OomdoctorError, first_line
from .gpus import resolve_auto
from .i18n import _

# How many training samples are read to find the longest sequence; past it the answer says so.
SCAN_LIMIT = 50_000


def largest_batch(trainer, gpu="auto", target_batch: int | None = None, seq_len: int | None = None,
                  apply: bool = False) -> LargestBatch:
    """The largest ``per_device_train_batch_size`` whose training step of ``trainer`` fits ``gpu``.

    ``gpu``: a catalog name ("A100-40GB"), a size ("24GiB" or bytes), or "auto": this machine's first GPU, less
    what other processes hold. ``target_batch``: the batch you want per device; the answer then says how many
    gradient-accumulation steps reach it. ``seq_len``: the sequence length to size for (default: the longest
    sequence among the first ``SCAN_LIMIT`` training samples, as the Trainer's collator pads a batch to its
    longest). ``apply=True`` sets ``trainer.args.per_device_train_batch_size`` (the target split evenly over the
    steps, when a target is given) and ``gradient_accumulation_steps``. The answer's ``notes`` say what was
    read and what was assumed.
    """
    from .pytorch.job import largest_batch as largest_batch_of
    from .pytorch.job import make_job

    target_batch = checked_target(target_batch)
    args = trainer.args
    if args.world_size > 1:
        raise OomdoctorError(
            _("largest_batch sizes the step of one process, and this Trainer runs {count}.").format(
                count=args.world_size),
            _("Call it in a run on one device and use the batch it finds per device."))
    if trainer.train_dataset is None:
        raise OomdoctorError(_("The Trainer has no train_dataset, so there is no batch to size."),
                             _("Give Trainer(train_dataset=...) before asking for the largest batch."))
    notes: list[str] = []
    model = trainer.model
    batch, loaded = _longest_batch(trainer, seq_len, notes)
    optimizer = _optimizer(trainer, notes)
    precision = "bf16_autocast" if args.bf16 else "fp16_autocast" if args.fp16 else "float32"

    def loss(module, fake_batch):
        output = trainer.compute_loss(module, dict(fake_batch))
        return output[0] if isinstance(output, tuple) else output

    with _checkpointing_as_trainer_sets_it(model, args, notes):
        job = make_job(model, loaded, example_inputs=batch, optimizer=optimizer, precision=precision, loss=loss,
                       gpu=resolve_auto(gpu))
        found = largest_batch_of(job, target_batch, tuple(notes))
    if apply:
        if not found.batch_size:
            raise OomdoctorError(_("Not even batch 1 fits {gpu}: {reason}.").format(gpu=found.gpu,
                                                                                    reason=found.reason),
                                 _("Use a larger GPU, bf16=True, a LoRA adapter (peft), or a smaller model."))
        batch_size, steps = (split_evenly(target_batch, found.batch_size) if target_batch
                             else (found.batch_size, 1))
        args.per_device_train_batch_size = batch_size
        args.gradient_accumulation_steps = steps
        # the Trainer reads the batch from args once, in __init__; its own auto_find_batch_size sets this too
        trainer._train_batch_size = args.train_batch_size
    return found


def _longest_batch(trainer, seq_len: int | None, notes: list[str]) -> tuple[Any, int]:
    """A batch from the Trainer's own dataloader and collator, every sample the longest one of the training set
    (or cut or padded to ``seq_len``), and its number of samples."""
    import torch
    from torch.utils._pytree import tree_flatten

    loader = trainer.get_train_dataloader()
    dataset = getattr(loader, "dataset", None)
    batch_size = trainer.args.per_device_train_batch_size
    longest = None
    try:
        count = len(dataset)
    except TypeError:  # an iterable data set: only its first batch can be seen
        count = None
    if count:
        lengths = ((index, _sample_length(dataset[index])) for index in range(min(count, SCAN_LIMIT)))
        index, length = max(lengths, key=lambda pair: pair[1])
        longest = dataset[index]
        if count > SCAN_LIMIT:
            notes.append(_("The longest sequence was looked for in the first {limit:,} of {count:,} training samples "
                           "({length} tokens); a longer one later makes a larger batch.").format(
                limit=SCAN_LIMIT, count=count, length=length))
    if longest is not None:
        batch = loader.collate_fn([longest] * batch_size)
    else:
        batch = next(iter(loader))
        notes.append(_("The training set has no length: sized from its first batch; a batch of longer sequences "
                       "needs more."))
    if isinstance(batch, Mapping):
        batch = dict(batch)
    tensors = [t for t in tree_flatten(batch)[0] if isinstance(t, torch.Tensor) and t.dim() > 0]
    if not tensors:
        raise OomdoctorError(_("The Trainer's training batch holds no tensor."),
                             _("Check the data collator and the training set's columns."))
    found_length = max((t.shape[1] for t in tensors if t.dim() > 1), default=None)
    if seq_len is not None and found_length is not None and seq_len != found_length:
        batch = _with_length(batch, found_length, seq_len)
        notes.append(_("Sized for sequences of {length} tokens (seq_len), where the data's longest has "
                       "{found}.").format(length=seq_len, found=found_length))
    elif found_length is not None:
        notes.append(_("Sized for the longest training sequence, {length} tokens.").format(length=found_length))
    return batch, tensors[0].shape[0]


def _sample_length(sample) -> int:
    """A tokenized sample's length: its longest sequence-like field."""
    values = sample.values() if isinstance(sample, Mapping) else sample if isinstance(sample, (list, tuple)) else ()
    lengths = [len(value) for value in values if hasattr(value, "__len__") and not isinstance(value, (str, bytes))]
    return max(lengths, default=0)


def _with_length(batch, found: int, wanted: int):
    """``batch`` with every second dimension of ``found`` made ``wanted`` (the tracer only reads shapes)."""
    import torch
    from torch.utils._pytree import tree_map

    def resize(value):
        if isinstance(value, torch.Tensor) and value.dim() > 1 and value.shape[1] == found:
            return torch.zeros((value.shape[0], wanted, *value.shape[2:]), dtype=value.dtype)
        return value

    return tree_map(resize, batch)


def _optimizer(trainer, notes: list[str]):
    """The optimizer the Trainer uses: its own (``optimizers=``), or the one ``create_optimizer`` builds from
    ``args.optim``, with the Trainer's weight-decay groups; the Trainer is left as it was."""
    if trainer.optimizer is not None:
        return trainer.optimizer
    try:
        return trainer.create_optimizer()  # holds no state until its first step
    except Exception as exc:  # an optimizer from a library that is not installed (bitsandbytes), say
        notes.append(_("The Trainer's optimizer {name!r} could not be made here ({error}); sized with AdamW, which "
                       "keeps two states per weight.").format(name=str(trainer.args.optim), error=first_line(exc)))
        return "adamw"
    finally:
        trainer.optimizer = None  # train() makes its own, as it would have


@contextlib.contextmanager
def _checkpointing_as_trainer_sets_it(model, args, notes: list[str]) -> Iterator[None]:
    """Activation checkpointing on for the trace when the Trainer's arguments turn it on at ``train()``, and back
    to how it was after."""
    wanted = bool(getattr(args, "activation_checkpointing", False) or getattr(args, "gradient_checkpointing", False))
    state = getattr(model, "is_activation_checkpointing", None)  # the older name warns in newer transformers
    already = bool(state if state is not None else getattr(model, "is_gradient_checkpointing", False))
    if not wanted or already:
        yield
        return
    enable = getattr(model, "activation_checkpointing_enable", None) or getattr(model,
                                                                               "gradient_checkpointing_enable", None)
    if enable is None:
        notes.append(_("{model} has no way to turn activation checkpointing on; sized without it.").format(
            model=type(model).__name__))
        yield
        return
    enable()
    notes.append(_("Activation checkpointing is on, as the Trainer's arguments ask."))
    try:
        yield
    finally:
        disable = getattr(model, "activation_checkpointing_disable", None) or getattr(
            model, "gradient_checkpointing_disable", None)
        if disable is not None:
            disable()


__all__ = ["largest_batch", "SCAN_LIMIT"]
