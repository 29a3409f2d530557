"""Plain PyTorch steps traced on fake tensors (oomdoctor.pytorch.record and job), checked against hand-counted bytes."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from oomdoctor import OomdoctorError, estimate  # noqa: E402
from oomdoctor.units import MiB  # noqa: E402


# -- the traced step ---------------------------------------------------------------


def test_a_one_layer_step_matches_the_bytes_counted_by_hand():
    """Linear(1000, 1000, bias=False), batch 256, SGD, loss = output.sum(), on an H100.

    Allocated at the peak (end of the backward pass), as blocks:
      weight 4,000,000 B -> 4,000,256 from a 20 MiB segment (split)        4,000,256
      batch 256 x 1000 float32, small pool (a 2 MiB segment)              1,024,000
      cuBLAS workspaces, forward and backward threads, 32 MiB each       67,108,864
      the loss and the gradient seed of ones, 512 B each                      1,024
      the weight's gradient, from the rest of the weight's segment        4,000,256
    The forward's output is not kept (sum's backward needs only its shape); it
    came from the small segment's second half and went back there.
    """
    model = torch.nn.Linear(1000, 1000, bias=False)
    result = estimate(model, 256, example_inputs=torch.zeros(1, 1000), optimizer="sgd",
                      loss=lambda module, batch: module(batch).sum(), gpu="H100-80GB")
    assert result.peak_bytes == 4_000_256 + 1_024_000 + 67_108_864 + 1_024 + 4_000_256
    # segments: 20 MiB for the weight and its gradient, 2 MiB small, two workspaces
    assert result.reserved_peak_bytes == (20 + 2 + 32 + 32) * MiB
    assert result.breakdown["weights"] == 4_000_256
    assert result.breakdown["gradients"] == 4_000_256
    assert result.breakdown["optimizer_state"] == 0
    assert sum(result.breakdown.values()) == result.peak_bytes
    assert result.peak_phase == "backward pass"


def test_adam_keeps_two_state_tensors_per_weight_and_relu_output_is_kept():
    model = torch.nn.Sequential(torch.nn.Linear(256, 2048), torch.nn.ReLU(), torch.nn.Linear(2048, 8))
    x, y = torch.zeros(1, 256), torch.zeros(1, dtype=torch.long)
    loss = lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])  # noqa: E731
    adam = estimate(model, 32, example_inputs=(x, y), optimizer="adam", loss=loss)
    sgd = estimate(model, 32, example_inputs=(x, y), optimizer="sgd", loss=loss)
    weights = sum(p.numel() * 4 for p in model.parameters())
    assert adam.params == weights // 4
    assert adam.breakdown["optimizer_state"] >= 2 * weights
    assert adam.peak_bytes - sgd.peak_bytes >= 2 * weights
    relu = next(row for row in adam.layers if row.name == "1")
    assert relu.activation_bytes == 32 * 2048 * 4  # what threshold_backward reads
    assert relu.output_shape == (None, 2048)


def test_the_batch_scales_every_allocation_linearly():
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
                                torch.nn.Flatten(), torch.nn.Linear(16 * 32 * 32, 10))
    x = torch.zeros(1, 3, 32, 32)
    first = estimate(model, 8, example_inputs=x)
    direct = estimate(model, 24, example_inputs=x)
    job = first._job
    assert job.step(24).peak_bytes == direct.peak_bytes
    assert job.step(24).reserved_bytes == direct.reserved_peak_bytes


def test_bf16_autocast_follows_cuda_rules_layer_norm_and_softmax_stay_float32():
    from oomdoctor.pytorch.job import make_job

    model = torch.nn.Sequential(torch.nn.Linear(64, 512), torch.nn.LayerNorm(512), torch.nn.Softmax(-1))
    job = make_job(model, 16, example_inputs=torch.zeros(1, 64), precision="bf16_autocast")
    made = {(s.op, s.nbytes) for s in job.first.storages if s.phase == "forward"}
    assert ("addmm", 16 * 512 * 2) in made  # the matmul ran in bfloat16
    assert ("native_layer_norm", 16 * 512 * 4) in made  # CUDA runs layer_norm in float32
    assert ("_softmax", 16 * 512 * 4) in made  # and softmax with dtype=float32
    f32 = estimate(model, 16, example_inputs=torch.zeros(1, 64))
    bf16 = estimate(model, 16, example_inputs=torch.zeros(1, 64), precision="bf16_autocast")
    assert bf16.breakdown["weights"] == f32.breakdown["weights"]  # weights stay float32 under autocast


def test_attention_uses_the_memory_efficient_kernel_not_the_l_by_l_matrix():
    layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, batch_first=True)
    result = estimate(layer, 4, example_inputs=torch.zeros(1, 512, 64))
    from oomdoctor.pytorch.job import make_job

    job = make_job(layer, 4, example_inputs=torch.zeros(1, 512, 64))
    ops = {s.op for s in job.first.storages}
    assert "_scaled_dot_product_efficient_attention" in ops
    assert max(s.nbytes for s in job.first.storages if s.role != "workspace") < 4 * 4 * 512 * 512 * 4  # no B x H x L x L tensor
    assert result.peak_bytes > 0


def test_a_data_dependent_step_is_reported_not_guessed():
    class Picky(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(4, 4)

        def forward(self, x):
            if x.sum() > 0:  # needs the data's values
                return self.linear(x)
            return x

    with pytest.raises(OomdoctorError, match="values in its data"):
        estimate(Picky(), 2, example_inputs=torch.zeros(1, 4))


def test_torch_nn_reading_a_mask_is_answered_and_said():
    """nn.Transformer asks whether its mask is the causal one (a .item() in torch.nn's own code): that read gets
    the ordinary answer and a note, while a branch in the user's own code stays refused (above)."""
    model = torch.nn.Transformer(d_model=32, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
                                 dim_feedforward=64, batch_first=True)

    def loss(module, batch):
        mask = torch.nn.Transformer.generate_square_subsequent_mask(batch.shape[1])
        return module(batch, batch, tgt_mask=mask).sum()

    result = estimate(model, 4, example_inputs=torch.zeros(1, 16, 32), loss=loss)
    assert result.peak_bytes > 0
    assert any("_detect_is_causal_mask" in note for note in result.notes)


def test_a_forward_that_caches_a_tensor_leaves_the_module_usable():
    """A positional table made on first use (``self.pe = ...``) must not keep the trace's fake tensor."""
    class Cached(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(8, 8)
            self.table = None

        def forward(self, x):
            if self.table is None:
                self.table = torch.ones(x.shape[-1])
                self.register_buffer("made_late", torch.zeros(1))
            return self.linear(x + self.table)

    model = Cached()
    estimate(model, 4, example_inputs=torch.zeros(1, 8))
    assert model.table is None and "made_late" not in model._buffers
    model(torch.ones(2, 8)).sum().backward()  # a real step after the estimate


def test_the_users_own_optimizer_object_is_traced_as_its_name_is():
    model = torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10))
    x = torch.zeros(1, 256)
    by_object = estimate(model, 8, example_inputs=x, optimizer=torch.optim.SGD(model.parameters(), lr=0.1,
                                                                                 momentum=0.9))
    assert by_object.optimizer == "momentum"
    assert by_object.peak_bytes == estimate(model, 8, example_inputs=x, optimizer="momentum").peak_bytes
    adam_groups = torch.optim.AdamW([{"params": model[0].parameters(), "lr": 1e-3},
                                     {"params": model[2].parameters()}], lr=1e-4)
    assert estimate(model, 8, example_inputs=x, optimizer=adam_groups).breakdown["optimizer_state"] == \
        estimate(model, 8, example_inputs=x, optimizer="adamw").breakdown["optimizer_state"]
    with pytest.raises(OomdoctorError, match="torch.optim.Optimizer"):
        estimate(model, 8, example_inputs=x, optimizer=3)
    other = torch.nn.Linear(2, 2)
    with pytest.raises(OomdoctorError, match="not parameters of the module"):
        estimate(model, 8, example_inputs=x, optimizer=torch.optim.SGD(other.parameters(), lr=0.1))


def test_a_module_in_eval_mode_is_traced_as_training_runs_it():
    """from_pretrained returns a model in eval mode; the step trains it (dropout's masks are kept)."""
    def model():
        return torch.nn.Sequential(torch.nn.Linear(64, 512), torch.nn.Dropout(0.5), torch.nn.Linear(512, 1))

    evaluating = model().eval()
    peak = estimate(evaluating, 32, example_inputs=torch.zeros(1, 64)).peak_bytes
    assert peak == estimate(model(), 32, example_inputs=torch.zeros(1, 64)).peak_bytes
    assert not evaluating.training and not evaluating[1].training  # left as it was


def test_a_module_without_an_input_description_is_told_what_to_give():
    with pytest.raises(OomdoctorError, match="example_inputs"):
        estimate(torch.nn.Linear(2, 2), 2)


def test_the_users_module_is_left_as_it_was():
    model = torch.nn.Linear(8, 8)
    before = model.weight.detach().clone()
    estimate(model, 4, example_inputs=torch.zeros(1, 8))
    assert model.weight.device.type == "cpu" and model.weight.grad is None
    assert torch.equal(model.weight.detach(), before)


# -- models people use, built from configs (no downloads) --------------------------------


def test_hugging_face_gpt2_from_a_config_uses_its_own_loss():
    transformers = pytest.importorskip("transformers")
    config = transformers.GPT2Config(n_layer=2, n_embd=128, n_head=4, n_positions=256, vocab_size=1000)
    model = transformers.GPT2LMHeadModel(config)
    ids = torch.zeros(1, 256, dtype=torch.long)
    f32 = estimate(model, 4, example_inputs={"input_ids": ids, "labels": ids}, gpu="A100-40GB")
    assert not f32.notes  # .loss was used: no note about summing outputs
    assert f32.params == sum(p.numel() for p in model.parameters())  # the tied lm_head counted once
    assert f32.breakdown["optimizer_state"] >= 2 * 4 * f32.params
    assert f32.fits and f32.max_batch_size > 4
    from oomdoctor.pytorch.job import MAX_BATCH_SPARE

    job = f32._job  # the largest batch replays under the A100 with 2 % spare; one more does not
    assert job.fits(f32.max_batch_size, MAX_BATCH_SPARE) and not job.fits(f32.max_batch_size + 1, MAX_BATCH_SPARE)
    assert any(f.name == "mixed_precision" for f in f32.fixes)
    checkpointing = next(f for f in f32.fixes if f.name == "activation_checkpointing")
    assert "transformer.h" in checkpointing.change and checkpointing.saves_bytes > 0
    no_labels = estimate(model, 4, example_inputs={"input_ids": ids})
    assert any("sum of its outputs" in note for note in no_labels.notes)


@pytest.mark.slow
def test_torchvision_resnet50_at_batch_64():
    torchvision = pytest.importorskip(
        "torchvision", reason="torchvision is not installed (the dev extra pins it with the torch it was built "
                              "with: torch==2.14.1 torchvision==0.29.1)")
    model = torchvision.models.resnet50(weights=None)
    x, y = torch.zeros(1, 3, 224, 224), torch.zeros(1, dtype=torch.long)
    result = estimate(model, 64, example_inputs=(x, y),
                      loss=lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1]))
    assert 5.0e9 < result.peak_bytes < 7.0e9  # measured on an H200: 5.96e9

def test_activation_checkpointing_recomputes_the_blocks_activations():
    from oomdoctor.pytorch.advice import repeated_blocks
    from oomdoctor.pytorch.job import reestimate

    block = lambda: torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.GELU(), torch.nn.Linear(1024, 256))  # noqa: E731
    model = torch.nn.Sequential(*[block() for _ in range(6)])
    assert repeated_blocks(model) == ("Sequential", tuple(str(i) for i in range(6)))
    plain = estimate(model, 2048, example_inputs=torch.zeros(1, 256), optimizer="sgd")
    checkpointed = reestimate(plain._job, checkpointed=repeated_blocks(model)[1])
    # kept per block: Linear output and GELU output (2 x 8 MiB) without; only its 2 MiB input with
    assert plain.breakdown["activations"] >= 6 * 2 * 2048 * 1024 * 4
    assert checkpointed.breakdown["activations"] < plain.breakdown["activations"] / 3
    assert checkpointed.peak_bytes < plain.peak_bytes - 50 * 2**20


def test_recurrent_layers_are_reported_as_approximated_and_counted_twice_in_the_safe_figure():
    class Tagger(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(100, 32)
            self.lstm = torch.nn.LSTM(32, 64, batch_first=True)

        def forward(self, x):
            return self.lstm(self.embed(x))[0]

    result = estimate(Tagger(), 16, example_inputs=torch.zeros(1, 50, dtype=torch.long))
    assert result.approximated == ["lstm (LSTM)"]
    lstm = next(r for r in result.layers if r.name == "lstm")
    assert result.safe_peak_bytes == result.peak_bytes + int(0.05 * result.peak_bytes) + lstm.activation_bytes
    assert any("cuDNN" in note for note in result.notes)
