"""``hf:PATH``: a Hugging Face model folder's config.json (and a PEFT adapter beside it) estimated on fake tensors.

Every folder is a tiny config written here; nothing is downloaded (the Hub is set offline).
"""

import shutil

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from oomdoctor.errors import OomdoctorError  # noqa: E402
from oomdoctor.pytorch.hf_folder import TASKS, load_folder  # noqa: E402
from oomdoctor.pytorch.job import finish, make_job  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def offline():
    """No test here may reach the Hub: the library reads HF_HUB_OFFLINE once, at import, so both are set."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("TRANSFORMERS_OFFLINE", "1")
        try:
            import huggingface_hub.constants

            patch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
        except ImportError:
            pass
        yield


def _gpt2_config():
    return transformers.GPT2Config(n_layer=2, n_embd=64, n_head=2, n_positions=256, vocab_size=1000,
                                   architectures=["GPT2LMHeadModel"])


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gpt2")
    _gpt2_config().save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def gpt2_lora(tmp_path_factory, gpt2):
    peft = pytest.importorskip("peft")
    folder = tmp_path_factory.mktemp("gpt2-lora")
    shutil.copy(gpt2 / "config.json", folder / "config.json")
    peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM").save_pretrained(folder)
    return folder


def _estimate(spec_text, seq_len, task=None):
    spec = load_folder(spec_text, seq_len, task)
    job = make_job(spec.module, 4, spec.example_batch, None, "adamw", "float32", spec.loss, "T4",
                   fake_mode=spec.fake_mode)
    return finish(job)


@pytest.fixture(scope="module")
def gpt2_at_128(gpt2):
    return _estimate(f"hf:{gpt2}", 128)


def test_gpt2_folder_counts_the_parameters_of_the_real_model(gpt2_at_128):
    real = transformers.AutoModelForCausalLM.from_config(_gpt2_config())
    assert gpt2_at_128.params == sum(p.numel() for p in real.parameters())
    assert gpt2_at_128.trainable_params == gpt2_at_128.params
    assert not gpt2_at_128.notes or not any("sum of its outputs" in note for note in gpt2_at_128.notes)  # .loss used
    assert gpt2_at_128.breakdown["optimizer_state"] >= 2 * 4 * gpt2_at_128.params


def test_activations_grow_with_the_sequence_length(gpt2, gpt2_at_128):
    at_64 = _estimate(f"hf:{gpt2}", 64)
    assert gpt2_at_128.breakdown["activations"] > 1.8 * at_64.breakdown["activations"] > 0
    assert at_64.params == gpt2_at_128.params


def test_the_config_json_file_itself_names_its_folder(gpt2):
    spec = load_folder(f"hf:{gpt2 / 'config.json'}", 32)
    assert type(spec.module).__name__ == "GPT2LMHeadModel"
    assert spec.loss is None and spec.fake_mode is not None
    assert set(spec.example_batch) == {"input_ids", "attention_mask", "labels"}
    assert spec.example_batch["input_ids"].shape == (1, 32)
    assert spec.example_batch["labels"].dtype == torch.int64
    # built on fake tensors: no weight memory was allocated
    from torch._subclasses.fake_tensor import FakeTensor

    assert all(isinstance(p, FakeTensor) for p in spec.module.parameters())


def test_bert_sequence_classification_folder(tmp_path):
    transformers.BertConfig(num_hidden_layers=2, hidden_size=64, num_attention_heads=2, intermediate_size=128,
                            vocab_size=1000, max_position_embeddings=256,
                            architectures=["BertForSequenceClassification"]).save_pretrained(tmp_path)
    spec = load_folder(f"hf:{tmp_path}", 64)
    assert type(spec.module).__name__ == "BertForSequenceClassification"
    assert spec.example_batch["labels"].shape == (1,)
    job = make_job(spec.module, 4, spec.example_batch, None, "adamw", "float32", spec.loss, "T4",
                   fake_mode=spec.fake_mode)
    assert finish(job).breakdown["activations"] > 0


def test_t5_seq2seq_folder(tmp_path):
    # no decoder_start_token_id nor pad_token_id: the step fills them in (which token changes no size)
    transformers.T5Config(d_model=64, d_ff=128, num_layers=1, num_heads=2, d_kv=32, vocab_size=1000,
                          architectures=["T5ForConditionalGeneration"]).save_pretrained(tmp_path)
    estimate = _estimate(f"hf:{tmp_path}", 64)
    assert estimate.model_name == "T5ForConditionalGeneration"
    assert estimate.breakdown["activations"] > 0


def test_an_explicit_task_overrides_the_architecture(gpt2):
    spec = load_folder(f"hf:{gpt2}", 32, task="qa")
    assert type(spec.module).__name__ == "GPT2ForQuestionAnswering"
    assert set(spec.example_batch) == {"input_ids", "attention_mask", "start_positions", "end_positions"}
    assert spec.example_batch["start_positions"].shape == (1,)
    spec = load_folder(f"hf:{gpt2}", 32, task="token-cls")
    assert spec.example_batch["labels"].shape == (1, 32)


def test_a_lora_adapter_trains_far_fewer_parameters(gpt2_lora, gpt2_at_128):
    estimate = _estimate(f"hf:{gpt2_lora}", 128)
    assert estimate.trainable_params < 0.05 * estimate.params
    assert estimate.params > gpt2_at_128.params  # the base model plus the adapter
    assert estimate.breakdown["optimizer_state"] < gpt2_at_128.breakdown["optimizer_state"]


def test_an_adapter_takes_the_task_asked_for(gpt2_lora):
    # a causal-LM adapter on a classifier: peft's wrapper for classification, which trains the new head too
    module = load_folder(f"hf:{gpt2_lora}", 32, task="seq-cls").module
    assert type(module).__name__ == "PeftModelForSequenceClassification"
    assert any(p.requires_grad for name, p in module.named_parameters() if ".score." in name)


def test_a_saved_adapter_in_inference_mode_is_still_trained(tmp_path, gpt2):
    peft = pytest.importorskip("peft")
    shutil.copy(gpt2 / "config.json", tmp_path / "config.json")
    peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM",
                    inference_mode=True).save_pretrained(tmp_path)
    module = load_folder(f"hf:{tmp_path}", 32).module
    trainable = sum(p.numel() for p in module.parameters() if p.requires_grad)
    assert 0 < trainable < 0.05 * sum(p.numel() for p in module.parameters())


def test_an_adapter_only_folder_uses_its_local_base(tmp_path, gpt2, monkeypatch):
    peft = pytest.importorskip("peft")
    relative = tmp_path / "relative"
    absolute = tmp_path / "absolute"
    (tmp_path / "base").mkdir()
    shutil.copy(gpt2 / "config.json", tmp_path / "base" / "config.json")
    peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM",
                    base_model_name_or_path="../base").save_pretrained(relative)
    peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM",
                    base_model_name_or_path=str(gpt2)).save_pretrained(absolute)
    for folder in (relative, absolute):
        assert not (folder / "config.json").exists()
        spec = load_folder(f"hf:{folder}", 64)
        assert type(spec.module).__name__ == "PeftModelForCausalLM"
        trainable = sum(p.numel() for p in spec.module.parameters() if p.requires_grad)
        assert 0 < trainable < 0.05 * sum(p.numel() for p in spec.module.parameters())
    # relative to the current folder
    monkeypatch.chdir(tmp_path)
    current = tmp_path / "current"
    peft.LoraConfig(r=4, target_modules=["c_attn"], task_type="CAUSAL_LM",
                    base_model_name_or_path="base").save_pretrained(current)
    assert type(load_folder("hf:current", 64).module).__name__ == "PeftModelForCausalLM"


def test_an_adapter_for_other_layers_is_said(tmp_path, gpt2):
    peft = pytest.importorskip("peft")
    shutil.copy(gpt2 / "config.json", tmp_path / "config.json")
    peft.LoraConfig(r=4, target_modules=["q_proj"], task_type="CAUSAL_LM").save_pretrained(tmp_path)
    with pytest.raises(OomdoctorError, match="adapter") as raised:
        load_folder(f"hf:{tmp_path}", 64)
    assert "target_modules" in raised.value.fix


def test_an_adapter_for_a_hub_model_is_refused_without_downloading(tmp_path):
    peft = pytest.importorskip("peft")
    peft.LoraConfig(r=4, target_modules=["q_proj"], task_type="CAUSAL_LM",
                    base_model_name_or_path="meta-llama/Llama-2-7b-hf").save_pretrained(tmp_path)
    with pytest.raises(OomdoctorError, match="not a local folder") as raised:
        load_folder(f"hf:{tmp_path}", 128)
    assert "meta-llama/Llama-2-7b-hf" in str(raised.value) and "config.json" in raised.value.fix


def test_the_sequence_length_must_be_given(gpt2):
    with pytest.raises(OomdoctorError, match="--seq-len"):
        load_folder(f"hf:{gpt2}", None)


def test_a_sequence_longer_than_the_positions_is_refused(gpt2):
    with pytest.raises(OomdoctorError, match="positions") as raised:
        load_folder(f"hf:{gpt2}", 300)
    assert "300" in str(raised.value) and "256" in str(raised.value)


def test_an_unknown_task_is_refused(gpt2):
    with pytest.raises(OomdoctorError, match="--task") as raised:
        load_folder(f"hf:{gpt2}", 64, task="translation")
    assert all(task in raised.value.fix for task in TASKS)


def test_a_config_without_architectures_needs_a_task(tmp_path):
    config = _gpt2_config()
    config.architectures = None
    config.save_pretrained(tmp_path)
    with pytest.raises(OomdoctorError, match="architecture") as raised:
        load_folder(f"hf:{tmp_path}", 64)
    assert "--task" in raised.value.fix and all(task in raised.value.fix for task in TASKS)
    assert type(load_folder(f"hf:{tmp_path}", 64, task="causal-lm").module).__name__ == "GPT2LMHeadModel"


def test_a_config_the_task_cannot_build_is_said(tmp_path):
    transformers.T5Config(d_model=64, d_ff=128, num_layers=2, num_heads=2, d_kv=32, vocab_size=1000,
                          architectures=["T5ForConditionalGeneration"]).save_pretrained(tmp_path)
    with pytest.raises(OomdoctorError, match="could not build") as raised:
        load_folder(f"hf:{tmp_path}", 64, task="masked-lm")
    assert "ValueError" in str(raised.value)


def test_a_folder_without_a_config_is_refused(tmp_path):
    with pytest.raises(OomdoctorError, match="config.json"):
        load_folder(f"hf:{tmp_path}", 64)
    with pytest.raises(OomdoctorError, match="not a folder"):
        load_folder(f"hf:{tmp_path / 'missing'}", 64)


def _llama(folder, dtype):
    transformers.LlamaConfig(hidden_size=128, intermediate_size=344, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=4, vocab_size=1000, max_position_embeddings=512,
                             architectures=["LlamaForCausalLM"], dtype=dtype).save_pretrained(folder)
    return folder


def test_batch_1_of_a_llama_and_the_checkpoints_dtype(tmp_path):
    """At batch 1 a Llama step skips copies it makes at batch 2 (a size-1 dimension keeps a tensor contiguous):
    batch 1 is replayed from 2 and 4. A half-precision checkpoint: a full fine-tune keeps float32 weights, a
    LoRA adapter's frozen base stays in the checkpoint's dtype."""
    peft = pytest.importorskip("peft")
    folder = _llama(tmp_path / "llama", "float16")
    spec = load_folder(f"hf:{folder}", 64)
    job = make_job(spec.module, 1, spec.example_batch, None, "adamw", "float32", spec.loss, "T4",
                   fake_mode=spec.fake_mode)
    full = finish(job)
    assert full.batch_size == 1 and full.peak_bytes > 0
    assert full.breakdown["weights"] >= 4 * full.params and any("float32" in note for note in spec.notes)
    peft.LoraConfig(r=4, target_modules=["q_proj", "v_proj"], task_type="CAUSAL_LM").save_pretrained(folder)
    adapted = load_folder(f"hf:{folder}", 64)
    frozen = [p for p in adapted.module.parameters() if not p.requires_grad]
    trained = [p for p in adapted.module.parameters() if p.requires_grad]
    assert {p.dtype for p in frozen} == {torch.float16} and {p.dtype for p in trained} == {torch.float32}
    assert any("float16" in note for note in adapted.notes)
