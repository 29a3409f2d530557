"""oomdoctor.hf.largest_batch on a real Hugging Face Trainer (a tiny GPT-2 built from its config; no download)."""

from __future__ import annotations

import math
import random

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("accelerate")

import oomdoctor  # noqa: E402
from oomdoctor.errors import OomdoctorError  # noqa: E402
from oomdoctor.hf import largest_batch  # noqa: E402

GPU = "2GiB"


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def _model():
    torch.manual_seed(0)
    config = transformers.GPT2Config(n_layer=2, n_embd=128, n_head=2, n_positions=512, vocab_size=1000,
                                     bos_token_id=0, eos_token_id=0)
    return transformers.GPT2LMHeadModel(config)


def _samples(count=64, longest=200):
    rng = random.Random(0)
    data = [{"input_ids": [rng.randrange(1000) for _ in range(rng.randint(20, longest - 1))]} for _ in range(count)]
    data[count // 2]["input_ids"] = [1] * longest  # the longest sequence, in the middle of the set
    return data


def _collate(samples):
    """Pads to the longest sample of the batch, as the Trainer's language-model collators do."""
    n = max(len(s["input_ids"]) for s in samples)
    ids = torch.tensor([s["input_ids"] + [0] * (n - len(s["input_ids"])) for s in samples])
    mask = torch.tensor([[1] * len(s["input_ids"]) + [0] * (n - len(s["input_ids"])) for s in samples])
    return {"input_ids": ids, "attention_mask": mask, "labels": ids.masked_fill(mask == 0, -100)}


def _trainer(tmp_path, model=None, data=None, **options):
    args = transformers.TrainingArguments(output_dir=str(tmp_path), per_device_train_batch_size=4, num_train_epochs=1,
                                          report_to=[], use_cpu=True, save_strategy="no", logging_strategy="no",
                                          disable_tqdm=True, **options)
    return transformers.Trainer(model=model or _model(), args=args, train_dataset=data or _samples(),
                                data_collator=_collate)


def _expected(model, batch, precision="float32"):
    """The same step through oomdoctor.estimate: the longest sample, the Trainer's default AdamW (fused)."""
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=5e-5, fused=True)
    example = _collate([max(_samples(), key=lambda s: len(s["input_ids"]))] * batch)
    return oomdoctor.estimate(model, batch, example_inputs=example, optimizer=optimizer, precision=precision,
                              gpu=GPU).max_batch_size


def test_the_largest_batch_is_the_estimates_and_apply_trains_at_it(tmp_path):
    trainer = _trainer(tmp_path)
    found = largest_batch(trainer, gpu=GPU, target_batch=256, apply=True)
    assert found.batch_size == _expected(trainer.model, 4)
    assert 8 < found.batch_size < 256 and found.accumulation_steps == math.ceil(256 / found.batch_size)
    assert any("200 tokens" in note for note in found.notes)  # sized at the longest sequence, not the first batch's
    steps = found.accumulation_steps
    assert trainer.args.per_device_train_batch_size == math.ceil(256 / steps)
    assert trainer.args.gradient_accumulation_steps == steps
    assert trainer.optimizer is None  # the Trainer makes its own at train(), as it would have
    trainer.train()
    assert trainer.state.train_batch_size == math.ceil(256 / steps)


def test_without_apply_nothing_changes(tmp_path):
    trainer = _trainer(tmp_path)
    largest_batch(trainer, gpu=GPU)
    assert trainer.args.per_device_train_batch_size == 4 and trainer.args.gradient_accumulation_steps == 1


def test_a_longer_seq_len_fits_a_smaller_batch(tmp_path):
    trainer = _trainer(tmp_path)
    at_data = largest_batch(trainer, gpu=GPU).batch_size
    longer = largest_batch(trainer, gpu=GPU, seq_len=400)
    assert longer.batch_size < 0.7 * at_data
    assert any("400 tokens" in note for note in longer.notes)


def test_bf16_and_activation_checkpointing_are_read_from_the_arguments(tmp_path):
    plain = largest_batch(_trainer(tmp_path), gpu=GPU).batch_size
    bf16 = _trainer(tmp_path, bf16=True)  # its model as the Trainer set it: use_cache off (args.use_cache)
    assert largest_batch(bf16, gpu=GPU).batch_size == _expected(bf16.model, 4, "bf16_autocast") > plain
    trainer = _trainer(tmp_path, gradient_checkpointing=True)
    checkpointed = largest_batch(trainer, gpu=GPU)
    assert checkpointed.batch_size > 1.3 * plain
    assert any("checkpointing" in note for note in checkpointed.notes)
    assert not trainer.model.is_gradient_checkpointing  # left as it was; train() turns it on itself


def test_a_lora_adapter_fits_a_larger_batch(tmp_path):
    peft = pytest.importorskip("peft")
    full = largest_batch(_trainer(tmp_path), gpu=GPU).batch_size
    adapted = peft.get_peft_model(_model(), peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM"))
    assert largest_batch(_trainer(tmp_path, model=adapted), gpu=GPU).batch_size > full


def test_bad_input_is_one_clear_error(tmp_path):
    with pytest.raises(OomdoctorError, match="target_batch"):
        largest_batch(_trainer(tmp_path), gpu=GPU, target_batch=0)
    trainer = transformers.Trainer(model=_model(), args=transformers.TrainingArguments(
        output_dir=str(tmp_path), use_cpu=True, report_to=[]))
    with pytest.raises(OomdoctorError, match="train_dataset"):
        largest_batch(trainer, gpu=GPU)
