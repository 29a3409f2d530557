"""``hf:PATH`` for PyTorch: a Hugging Face model folder's ``config.json``, built on fake tensors.

No weights are read and nothing is downloaded: the config alone fixes every
tensor's shape, so the model is built from it under ``FakeTensorMode`` as
``loading.load`` builds a user's model. A PEFT adapter (``adapter_config.json``)
in the folder is put on it, as training with LoRA would. The example batch is
one sequence of ``--seq-len`` tokens with the labels the task's loss needs, so
the step is traced with the model's own ``.loss``.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from ..errors import OomdoctorError, first_line, missing_framework
from ..i18n import _

if TYPE_CHECKING:
    from .loading import TorchSpec

TASKS = ("causal-lm", "masked-lm", "seq-cls", "token-cls", "seq2seq-lm", "qa")

# task -> (the Auto class that builds it, transformers' table of the classes it builds per model type).
# Searched in this order: Bart's ...ForConditionalGeneration is in the masked-LM table too, and seq2seq wins.
_AUTO = {
    "seq2seq-lm": ("AutoModelForSeq2SeqLM", "MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES"),
    "causal-lm": ("AutoModelForCausalLM", "MODEL_FOR_CAUSAL_LM_MAPPING_NAMES"),
    "seq-cls": ("AutoModelForSequenceClassification", "MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING_NAMES"),
    "token-cls": ("AutoModelForTokenClassification", "MODEL_FOR_TOKEN_CLASSIFICATION_MAPPING_NAMES"),
    "qa": ("AutoModelForQuestionAnswering", "MODEL_FOR_QUESTION_ANSWERING_MAPPING_NAMES"),
    "masked-lm": ("AutoModelForMaskedLM", "MODEL_FOR_MASKED_LM_MAPPING_NAMES"),
}

# A class name's ending -> its task, for classes transformers' tables do not list
_SUFFIXES = (("ForCausalLM", "causal-lm"), ("LMHeadModel", "causal-lm"), ("ForMaskedLM", "masked-lm"),
             ("ForSequenceClassification", "seq-cls"), ("ForTokenClassification", "token-cls"),
             ("ForQuestionAnswering", "qa"))

# PEFT's task_type -> ours (masked-lm has none: a plain PeftModel)
_PEFT_TASKS = {"CAUSAL_LM": "causal-lm", "SEQ_CLS": "seq-cls", "TOKEN_CLS": "token-cls",
               "SEQ_2_SEQ_LM": "seq2seq-lm", "QUESTION_ANS": "qa"}

# The config fields that bound the sequence (learned position tables)
_POSITION_FIELDS = ("max_position_embeddings", "n_positions")

_PREFIX = "hf:"


def is_hf_folder(spec: str) -> bool:
    """Does ``spec`` name a Hugging Face folder (``hf:PATH``)?"""
    return spec.startswith(_PREFIX)


def load_folder(spec: str, seq_len: int | None, task: str | None = None) -> TorchSpec:
    """The model of the folder ``hf:PATH`` (a PEFT adapter on it when the folder has one), built on fake
    tensors, with an example batch of one ``seq_len``-token sequence and its labels.

    Returns a ``loading.TorchSpec`` whose loss is None: the step's loss is the model's own ``.loss``.
    """
    try:
        import torch
        from torch._subclasses.fake_tensor import FakeTensorMode
    except ImportError as exc:
        raise missing_framework("torch", "torch") from exc
    try:
        import transformers
    except ImportError as exc:
        raise missing_framework("transformers", "hf") from exc

    from .loading import TorchSpec, initializers_skipped
    from .record import data_pointer_warnings_hidden

    # transformers' own checks of a config (a token id outside a tiny vocabulary) are not the memory's
    # business, and each would be one more line on stderr
    with _quiet(transformers):
        folder = _folder(spec)
        adapter_folder = folder if (folder / "adapter_config.json").is_file() else None
        base = folder if (folder / "config.json").is_file() else _adapter_base(folder)
        config = _config(transformers, _small_json(base / "config.json").parent)
        peft_config = _peft_config(adapter_folder) if adapter_folder else None
        task = _task(config, task, peft_config)
        seq_len = _checked_seq_len(config, seq_len, base)
        _token_ids_filled(config, task)
        # A training step keeps no key/value cache; with one, a layer that activation checkpointing runs again
        # (one of the fixes an estimate tries) appends its keys a second time.
        for each in {id(c): c for c in (config, _text_config(config))}.values():
            if hasattr(each, "use_cache"):
                each.use_cache = False
        auto = getattr(transformers, _AUTO[task][0])
        weights_dtype, notes = _weights_dtype(torch, config, adapter=peft_config is not None)
        fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
        with data_pointer_warnings_hidden(), fake_mode, initializers_skipped(), _moves_in_place_skipped():
            try:
                module = auto.from_config(config, dtype=weights_dtype)
            except Exception as exc:
                raise OomdoctorError(
                    _("{auto} could not build the model of {path} for --task {task}: {error}").format(
                        auto=auto.__name__, path=base / "config.json", task=task, error=first_line(exc)),
                    _("Check that the config is for a model of that task, or give another --task (one of "
                      "{tasks}).").format(tasks=", ".join(TASKS))) from exc
            if peft_config is not None:
                module = _with_adapter(module, peft_config, adapter_folder, task)
        return TorchSpec(module, _example_batch(torch, config, task, seq_len), loss=None, fake_mode=fake_mode,
                         notes=notes)


def _weights_dtype(torch, config, adapter: bool):
    """The dtype the weights are built in, and a note when it is not the checkpoint's.

    A full fine-tune keeps float32 weights (mixed precision autocasts on top of float32 master weights). A
    LoRA adapter's base is frozen and loaded as the checkpoint is (``from_pretrained`` keeps config.json's
    float16 or bfloat16 in transformers 5, and LoRA recipes ask for it); peft keeps the adapter in float32.
    """
    saved = getattr(config, "dtype", None) or getattr(config, "torch_dtype", None)
    if isinstance(saved, str):
        saved = getattr(torch, saved, None)
    half = saved if saved in (torch.float16, torch.bfloat16) else None
    if half is None:
        return torch.float32, ()
    name = str(half).replace("torch.", "")
    if adapter:
        return half, (_("The frozen base is built in {dtype}, the dtype of its config.json, as from_pretrained "
                        "loads it; the adapter trains in float32.").format(dtype=name),)
    return torch.float32, (_("The weights are built in float32, as mixed-precision training keeps them (the "
                             "checkpoint is {dtype}); --precision bf16_autocast runs the step in bfloat16 on "
                             "top.").format(dtype=name),)


def _folder(spec: str) -> Path:
    """The folder ``hf:PATH`` names; PATH may be its ``config.json`` itself."""
    text = spec[len(_PREFIX):] if spec.startswith(_PREFIX) else spec
    path = Path(text).expanduser()
    if path.is_file() and path.name in ("config.json", "adapter_config.json"):
        path = path.parent
    if not path.is_dir():
        raise OomdoctorError(_("{path} is not a folder.").format(path=text or "''"),
                             _("Give hf:PATH with PATH the local folder that holds the model's config.json."))
    if not (path / "config.json").is_file() and not (path / "adapter_config.json").is_file():
        raise OomdoctorError(_("{path} holds no config.json.").format(path=path),
                             _("Give the folder of a Hugging Face model (its config.json is enough; no weights "
                               "are needed)."))
    return path


@contextlib.contextmanager
def _quiet(transformers) -> Iterator[None]:
    verbosity = transformers.logging.get_verbosity()
    transformers.logging.set_verbosity_error()
    try:
        yield
    finally:
        transformers.logging.set_verbosity(verbosity)


def _small_json(path: Path) -> Path:
    """``path`` if it is a regular file no larger than a configuration can be (transformers and peft read it
    whole); else one line saying what it is."""
    from ..files import CONFIG_LIMIT, regular_file
    from ..units import format_bytes

    regular_file(path, _("Give the folder of a Hugging Face model (its config.json is enough; no weights are "
                         "needed)."))
    size = path.stat().st_size
    if size > CONFIG_LIMIT:
        raise OomdoctorError(_("{path} is {size}, more than a model's configuration holds.").format(
            path=path, size=format_bytes(size)), _("Check that it is the config.json the model was saved with."))
    return path


def _adapter_base(folder: Path) -> Path:
    """The local folder of the base model an adapter-only folder names (``base_model_name_or_path``).

    A name on the Hub is not fetched: estimates never touch the network, so the base's config must be here.
    """
    try:
        base_name = json.loads(_small_json(folder / "adapter_config.json").read_text(encoding="utf-8")).get(
            "base_model_name_or_path")
    except (OSError, ValueError, AttributeError) as exc:
        raise OomdoctorError(_("{path} cannot be read: {error}").format(
            path=folder / "adapter_config.json", error=first_line(exc)),
            _("Give a folder whose adapter_config.json is PEFT's JSON.")) from exc
    if isinstance(base_name, str) and base_name:
        name = Path(base_name).expanduser()
        candidates = [name] if name.is_absolute() else [folder / name, Path.cwd() / name]
        for candidate in candidates:
            if (candidate / "config.json").is_file():
                return candidate.resolve()
    raise OomdoctorError(
        _("The adapter in {path} is for the base model {base!r}, which is not a local folder with a "
          "config.json, and estimates never download.").format(path=folder, base=base_name),
        _("Copy the base model's config.json into {path} (no weights are needed), or point "
          "base_model_name_or_path at its local folder.").format(path=folder))


def _config(transformers, folder: Path):
    try:
        return transformers.AutoConfig.from_pretrained(str(folder), local_files_only=True)
    except Exception as exc:
        raise OomdoctorError(_("transformers could not read {path}: {error}").format(
            path=folder / "config.json", error=first_line(exc)),
            _("Check that config.json is a Hugging Face model config; a model with its own code (auto_map) "
              "cannot be built without running that code.")) from exc


def _peft_config(folder: Path):
    try:
        import peft
    except ImportError as exc:
        raise missing_framework("peft", "hf") from exc
    _small_json(folder / "adapter_config.json")
    try:
        config = peft.PeftConfig.from_pretrained(str(folder))
    except Exception as exc:
        raise OomdoctorError(_("peft could not read {path}: {error}").format(
            path=folder / "adapter_config.json", error=first_line(exc)),
            _("Check that adapter_config.json was written by peft (PeftConfig.save_pretrained).")) from exc
    # An adapter saved after training says inference_mode: true, which would freeze it too; the step
    # estimated trains it.
    config.inference_mode = False
    return config


@contextlib.contextmanager
def _moves_in_place_skipped() -> Iterator[None]:
    """Make ``Module.to`` on the fake model only change dtypes, by making new fake tensors.

    PEFT moves each adapter it adds to its base layer's device and dtype, and casts it back to float32
    (``autocast_adapter_dtype``). Inside ``FakeTensorMode`` a ``.to`` replaces every parameter with
    ``swap_tensors`` (forced for fake tensors), which fails on a parameter the mode still holds a weak
    reference to. A fake tensor holds no values, so a cast is a new empty tensor of the new dtype, and a
    device move changes nothing here: every tensor is a fake CPU tensor until the trace.
    """
    import torch

    to = torch.nn.Module.to

    def cast(tensor, dtype):
        if dtype is None or tensor.dtype == dtype or not (tensor.is_floating_point() or tensor.is_complex()):
            return None
        return torch.empty(tensor.shape, dtype=dtype)

    def moved(self, *args, **kwargs):
        _device, dtype, _blocking, _memory_format = torch._C._nn._parse_to(*args, **kwargs)
        for module in self.modules():
            for key, parameter in module._parameters.items():
                new = cast(parameter, dtype) if parameter is not None else None
                if new is not None:
                    module._parameters[key] = torch.nn.Parameter(new, requires_grad=parameter.requires_grad)
            for key, buffer in module._buffers.items():
                new = cast(buffer, dtype) if buffer is not None else None
                if new is not None:
                    module._buffers[key] = new
        return self

    torch.nn.Module.to = moved
    try:
        yield
    finally:
        torch.nn.Module.to = to


def _with_adapter(module, peft_config, folder: Path, task: str):
    import peft

    # PEFT's task_type picks the wrapper, which must fit the head built for the task; for classification it
    # also trains the new head (modules_to_save), as training for that task does
    peft_config.task_type = next((name for name, ours in _PEFT_TASKS.items() if ours == task), None)
    # the base is the one built here, wherever the adapter says it came from (else peft warns of the rename)
    peft_config.base_model_name_or_path = getattr(module, "name_or_path", peft_config.base_model_name_or_path)
    try:
        with warnings.catch_warnings():
            # peft asks transformers for the older name of a property, which newer transformers warns about
            warnings.filterwarnings("ignore", message=".*is_gradient_checkpointing.*", category=FutureWarning)
            return peft.get_peft_model(module, peft_config)
    except Exception as exc:
        raise OomdoctorError(
            _("peft could not put the adapter of {path} on {model}: {error}").format(
                path=folder, model=type(module).__name__, error=first_line(exc)),
            _("Check that the adapter's target_modules name layers of this model.")) from exc


def _task(config, task: str | None, peft_config) -> str:
    """``task`` checked, or the task of the config's first architecture (else of the adapter's task_type)."""
    if task is not None:
        if task not in TASKS:
            raise OomdoctorError(_("Unknown --task {task!r}.").format(task=task),
                                 _("Use one of: {tasks}.").format(tasks=", ".join(TASKS)))
        return task
    architectures = getattr(config, "architectures", None) or []
    name = architectures[0] if architectures else None
    found = _architecture_task(name) if name else None
    if found is None and peft_config is not None:
        found = _PEFT_TASKS.get(str(getattr(peft_config, "task_type", None) or "").split(".")[-1])
    if found is None and name and name.endswith("ForConditionalGeneration") and config.is_encoder_decoder:
        found = "seq2seq-lm"
    if found is None:
        problem = (_("The config names the architecture {name}, which is not one of the tasks oomdoctor "
                     "builds.").format(name=name) if name else
                   _("The config names no architecture, so the task to train is unknown."))
        raise OomdoctorError(problem, _("Give --task, one of: {tasks}.").format(tasks=", ".join(TASKS)))
    return found


def _architecture_task(name: str) -> str | None:
    """The task whose Auto class builds the class ``name`` (transformers' tables), else by its name's ending."""
    from transformers.models.auto import modeling_auto

    for task, (_auto, table) in _AUTO.items():
        classes = getattr(modeling_auto, table, {}).values()
        if any(name == value or (isinstance(value, (tuple, list)) and name in value) for value in classes):
            return task
    return next((task for suffix, task in _SUFFIXES if name.endswith(suffix)), None)


def _text_config(config):
    """The config of the language model inside ``config`` (itself, unless it nests one)."""
    return config.get_text_config() if hasattr(config, "get_text_config") else config


def _position_limit(config) -> int | None:
    """The longest sequence the config's learned positions allow; None when nothing bounds it."""
    text = _text_config(config)
    if getattr(text, "relative_attention_num_buckets", None):
        # T5's positions are relative buckets: its saved n_positions bounds nothing
        return None
    for name in _POSITION_FIELDS:
        value = getattr(text, name, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


def _checked_seq_len(config, seq_len: int | None, folder: Path) -> int:
    if seq_len is None:
        raise OomdoctorError(_("A model folder does not say how long the training sequences are, and the memory "
                               "of a step grows with them."),
                             _("Give --seq-len N, the number of tokens in each training sequence."))
    if isinstance(seq_len, bool) or not isinstance(seq_len, int) or seq_len < 1:
        raise OomdoctorError(_("--seq-len must be a positive whole number, not {value!r}.").format(value=seq_len),
                             _("Give --seq-len N, the number of tokens in each training sequence."))
    limit = _position_limit(config)
    if limit is not None and seq_len > limit:
        raise OomdoctorError(
            _("--seq-len {seq_len} is longer than the {limit} positions the model in {path} has.").format(
                seq_len=seq_len, limit=limit, path=folder),
            _("Give --seq-len {limit} or less.").format(limit=limit))
    return seq_len


def _token_ids_filled(config, task: str) -> None:
    """The special token ids the task's step reads, where the config leaves them out; which token each is
    changes no tensor's size, and without one the step raises.

    GPT-2 and Llama classify the last token that is not padding and refuse a batch of several sequences without
    a padding token; T5 shifts the labels right into the decoder's inputs behind decoder_start_token_id and
    puts pad_token_id where a label is -100.
    """
    if getattr(config, "pad_token_id", None) is None and task in ("seq-cls", "seq2seq-lm"):
        eos = getattr(config, "eos_token_id", None)
        config.pad_token_id = (eos[0] if isinstance(eos, (list, tuple)) and eos else eos) if eos is not None else 0
    if task == "seq2seq-lm" and getattr(config, "decoder_start_token_id", None) is None:
        config.decoder_start_token_id = config.pad_token_id


def _example_batch(torch, config, task: str, seq_len: int) -> dict:
    """One sequence of ``seq_len`` tokens with the labels ``task``'s loss needs (the tracer sets the batch).

    Real, small CPU tensors, made outside the fake mode: the tracer makes fake ones of the same shapes.
    """
    tokens = torch.zeros((1, seq_len), dtype=torch.int64)
    batch = {"input_ids": tokens, "attention_mask": torch.ones((1, seq_len), dtype=torch.int64)}
    if task in ("causal-lm", "masked-lm", "token-cls", "seq2seq-lm"):
        # seq2seq: the model shifts the labels right into its decoder's inputs
        batch["labels"] = torch.zeros((1, seq_len), dtype=torch.int64)
    elif task == "seq-cls":
        batch["labels"] = _classification_labels(torch, config)
    elif task == "qa":
        batch["start_positions"] = torch.zeros((1,), dtype=torch.int64)
        batch["end_positions"] = torch.zeros((1,), dtype=torch.int64)
    return batch


def _classification_labels(torch, config):
    """Labels of the loss the model picks: one class per sequence, a number (regression, one label), or one
    0/1 per label (multi-label)."""
    if config.problem_type == "multi_label_classification":
        return torch.zeros((1, config.num_labels), dtype=torch.float32)
    if config.problem_type == "regression" or config.num_labels == 1:
        return torch.zeros((1,), dtype=torch.float32)
    return torch.zeros((1,), dtype=torch.int64)


__all__ = ["TASKS", "load_folder", "is_hf_folder"]
