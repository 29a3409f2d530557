"""Plain PyTorch modules: the caching-allocator replay and the traced step, checked against hand-computed bytes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")

from oomdoctor import OomdoctorError, estimate  # noqa: E402
from oomdoctor.pytorch.allocator import CachingAllocator, OutOfMemory, round_size, segment_size  # noqa: E402
from oomdoctor.units import MiB  # noqa: E402


# -- the allocator, rule by rule -------------------------------------------------


def test_sizes_round_to_512_and_segments_follow_the_pools():
    assert round_size(1) == 512
    assert round_size(513) == 1024
    assert segment_size(512) == 2 * MiB  # small pool
    assert segment_size(1 * MiB) == 2 * MiB
    assert segment_size(1 * MiB + 512) == 20 * MiB  # large pool, under 10 MiB
    assert segment_size(10 * MiB) == 10 * MiB
    assert segment_size(10 * MiB + 1) == 12 * MiB  # rounded up to 2 MiB


def test_small_blocks_split_and_merge_back():
    allocator = CachingAllocator()
    a = allocator.malloc(1000)  # 1024 from a new 2 MiB segment
    b = allocator.malloc(1000)  # the rest of that segment, split again
    assert allocator.reserved == 2 * MiB and allocator.allocated == 2048
    allocator.free(a)
    allocator.free(b)
    assert allocator.allocated == 0
    c = allocator.malloc(2 * MiB - 512)  # large pool: a small-pool block is never used for it
    assert allocator.reserved == 2 * MiB + 20 * MiB
    assert c.size == 2 * MiB - 512  # split: the remaining 18 MiB + 512 is more than 1 MiB


def test_a_large_block_with_1mib_or_less_left_is_handed_out_whole():
    allocator = CachingAllocator()
    block = allocator.malloc(11 * MiB)  # 10 MiB or more: a segment of its own, rounded up to 12 MiB
    assert block.size == 12 * MiB  # 1 MiB left over is not worth a split: counted as allocated
    assert allocator.allocated == 12 * MiB
    medium = allocator.malloc(4_000_000)  # under 10 MiB: a 20 MiB segment, split
    assert medium.size == 4_000_256 and allocator.reserved == 32 * MiB


def test_best_fit_reuses_the_smallest_free_block():
    allocator = CachingAllocator()
    big, small = allocator.malloc(30 * MiB), allocator.malloc(12 * MiB)
    allocator.free(big)
    allocator.free(small)
    again = allocator.malloc(11 * MiB)
    assert again.segment is small.segment
    assert allocator.reserved == 42 * MiB


def test_a_cap_first_releases_free_segments_then_fails():
    allocator = CachingAllocator(cap=40 * MiB)
    first = allocator.malloc(30 * MiB)
    allocator.free(first)
    allocator.malloc(32 * MiB)  # 30 MiB cached + 32 MiB > 40 MiB: the free segment goes back first
    assert allocator.reserved == 32 * MiB
    with pytest.raises(OutOfMemory):
        allocator.malloc(10 * MiB)


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
        "torchvision", reason="torchvision needs torch 2.14.1 (a 5.5 GB CUDA build) beside the CPU torch 2.13 "
                              "that CI installs: pip install torch==2.14.1 torchvision==0.29.1")
    model = torchvision.models.resnet50(weights=None)
    x, y = torch.zeros(1, 3, 224, 224), torch.zeros(1, dtype=torch.long)
    result = estimate(model, 64, example_inputs=(x, y),
                      loss=lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1]))
    assert 5.0e9 < result.peak_bytes < 7.0e9  # measured on an H200: 5.96e9


# -- the command line ------------------------------------------------------------------


def test_cli_estimates_a_function_that_returns_module_batch_and_loss(tmp_path):
    script = tmp_path / "net.py"
    script.write_text(textwrap.dedent("""
        import torch

        def build():
            model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 3))
            batch = (torch.randn(1, 32), torch.randint(0, 3, (1,)))
            return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "16",
                          "--gpu", "T4", "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["backend"] == "pytorch" and data["batch_size"] == 16
    assert data["peak_bytes"] <= data["reserved_peak_bytes"] < data["device_total_bytes"]
    assert data["params"] == 32 * 64 + 64 + 64 * 3 + 3
    assert data["fits"] is True


def test_cli_says_in_one_line_what_a_pytorch_function_returned_wrong(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\n\ndef build():\n    return 42\n")
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "2"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert "torch.nn.Module" in run.stderr and "Traceback" not in run.stderr


def test_the_report_charts_a_pytorch_estimate_from_replays(tmp_path):
    from oomdoctor.estimator.batch_curve import batch_curve
    from oomdoctor.gpus import CUDA_CONTEXT_BYTES

    model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 4))
    result = estimate(model, 32, example_inputs=torch.zeros(1, 512), gpu="T4")
    curve = batch_curve(result)
    for batch, peak, total in curve.points:
        replay = result._job.step(batch)
        assert (peak, total) == (replay.peak_bytes, replay.reserved_bytes + CUDA_CONTEXT_BYTES)
    assert curve.gpus[0].allocator_bytes == result.gpu.usable_bytes
    page = result._repr_html_()
    assert f'data-max-batch="{result.max_batch_size}"' in page


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


# -- several devices ---------------------------------------------------------------------


def _mlp(width: int = 512):
    block = lambda: torch.nn.Sequential(torch.nn.Linear(width, width), torch.nn.ReLU())  # noqa: E731
    return torch.nn.Sequential(*[block() for _ in range(4)], torch.nn.Linear(width, 10))


def test_ddp_runs_each_devices_share_of_the_batch_and_adds_gradient_buckets():
    model, x = _mlp(), torch.zeros(1, 512)
    single = estimate(model, 16, example_inputs=x, optimizer="adam")
    ddp = estimate(model, 64, example_inputs=x, optimizer="adam", strategy="ddp:4")
    weights = sum(p.numel() * 4 for p in model.parameters())
    assert ddp.devices == 4 and ddp.per_device_batch_size == 16 and ddp.strategy == "ddp:4"
    assert ddp.to_dict()["per_device_batch_size"] == 16
    # same step per device as one device at batch 16, plus a flat copy of every gradient
    assert ddp.peak_bytes - single.peak_bytes >= weights
    assert ddp._job.step(64).peak_bytes == ddp.peak_bytes


def test_zero_stages_shard_optimizer_state_then_gradients_then_weights():
    model, x = _mlp(2048), torch.zeros(1, 2048)  # 64 MiB of weights: the model state dominates
    results = {s: estimate(model, 32, example_inputs=x, optimizer="adam", strategy=f"{s}:8")
               for s in ("ddp", "zero1", "zero2", "zero3")}
    from oomdoctor.pytorch.job import make_job
    from oomdoctor.pytorch.parallel import per_device
    from oomdoctor.estimator.parallel import parse_strategy

    job = make_job(model, 32, example_inputs=x, optimizer="adam")
    sizes = job.sizes(4)
    for name, stage in (("zero1", 1), ("zero2", 2), ("zero3", 3)):
        scaled, _extras = per_device(job, sizes, parse_strategy(f"{name}:8"))
        for storage, before, after in zip(job.first.storages, sizes, scaled):
            sharded = (storage.role == "optimizer_state" or (stage >= 2 and storage.role == "gradients")
                       or (stage >= 3 and storage.role == "weights"))
            assert after == (-(-before // 8) if sharded else before) or storage.phase == "optimizer"
    peaks = [results[s].peak_bytes for s in ("ddp", "zero1", "zero2", "zero3")]
    assert peaks == sorted(peaks, reverse=True)


def test_a_keras_strategy_is_refused_for_a_pytorch_model():
    with pytest.raises(OomdoctorError, match="ddp:8"):
        estimate(torch.nn.Linear(4, 4), 8, example_inputs=torch.zeros(1, 4), strategy="mirrored:8")


def test_the_device_search_finds_the_fewest_gpus_and_the_simplest_strategy():
    from dataclasses import replace

    from oomdoctor.gpus import GPU
    from oomdoctor.estimator.parallel import parse_strategy
    from oomdoctor.pytorch.job import torch_candidates

    model, x = _mlp(2048), torch.zeros(1, 2048)
    small = GPU("small", 760 * 2**20 + 200 * 2**20)  # 200 MiB left for the allocator
    result = estimate(model, 32, example_inputs=x, optimizer="adam", gpu=small, find_devices=True)
    assert result.fits is False
    search = result.device_search
    assert search["devices"] > 1
    job = result._job
    found = parse_strategy(search["strategy"])
    assert replace(job, strategy=found).fits(32)
    fewer = search["devices"] - 1
    candidates = [None] if fewer == 1 else torch_candidates(fewer)
    assert not any(replace(job, strategy=s).fits(32) for s in candidates)
    assert result.to_dict()["device_search"]["devices"] == search["devices"]


def test_cli_strategy_and_device_search_for_a_pytorch_function(tmp_path):
    script = tmp_path / "net.py"
    script.write_text(textwrap.dedent("""
        import torch

        def build():
            layers = [torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()) for _ in range(4)]
            return torch.nn.Sequential(*layers), torch.zeros(1, 1024)
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "64",
                          "--strategy", "zero3:4", "--gpu", "T4", "--find-devices", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["strategy"] == "zero3:4" and data["devices"] == 4 and data["per_device_batch_size"] == 16
    assert data["device_search"]["devices"] == 1  # it fits one T4: no strategy needed
    bad = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "8",
                          "--strategy", "zero9:4"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "zero2" in bad.stderr


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


def test_cli_builds_for_real_a_module_whose_constructor_reads_tensor_values(tmp_path):
    script = tmp_path / "widths.py"
    script.write_text(textwrap.dedent("""
        import torch

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                width = int(torch.tensor([16, 32]).sum().item())  # like RegNet's computed widths
                self.body = torch.nn.Linear(8, width)

            def forward(self, x):
                return self.body(x)

        def build():
            return Net(), torch.zeros(1, 8)
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "4",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["params"] == 8 * 48 + 48


_TRAINABLE = textwrap.dedent("""
    import torch

    def build():
        model = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(),
                                    torch.nn.Linear(16 * 32 * 32, 10))
        batch = (torch.randn(1, 3, 32, 32), torch.randint(0, 10, (1,)))
        return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
""")


def test_measure_runs_a_pytorch_function_for_real_and_shows_the_estimate_beside_it(tmp_path):
    from oomdoctor.measure.run import measure

    script = tmp_path / "net.py"
    script.write_text(_TRAINABLE)
    result = measure(f"{script}:build", 8, steps=2)
    assert result.backend == "pytorch" and result.steps_done == 2 and not result.oom
    assert result.estimate is not None and result.estimate_peak_bytes == result.estimate.peak_bytes
    if result.device == "CPU:0":
        assert result.peak_bytes is None and any("no allocator statistics" in n for n in result.notes)
    with pytest.raises(OomdoctorError, match="torchrun"):
        measure(f"{script}:build", 8, strategy="ddp:2")


@pytest.mark.gpu
def test_measured_pytorch_peak_is_within_10_percent_of_the_estimate(tmp_path):
    """10 %, not 3: cuDNN's per-call convolution workspace is not traced, and this model is small."""
    from oomdoctor.measure.run import measure

    script = tmp_path / "net.py"
    script.write_text(_TRAINABLE)
    result = measure(f"{script}:build", 256, steps=2)
    assert result.device == "GPU:0"
    assert abs(result.relative_error) < 0.10
