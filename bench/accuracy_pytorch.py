"""Accuracy of the plain-PyTorch estimate against measured peaks (prints a table; not a unit test).

For every ``kind == "torch"`` row of the H200 ground truth, builds the same model
as ``measure/gpu_one.py`` (torchvision / transformers from configs, no weights
downloaded) on fake tensors and compares ``peak_bytes`` with
``torch.cuda.max_memory_allocated()`` and ``reserved_peak_bytes`` with
``max_memory_reserved()``. Rows whose library is missing are listed as skipped
(torchvision needs torch 2.14.1 beside it; see the README).

    python bench/accuracy_pytorch.py [--ground-truth ../shared/ground-truth]
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import time
from pathlib import Path


def build(name: str):
    """(module, example batch, loss_fn) as gpu_one.py's torch_model builds them."""
    import torch

    if name in ("tv_resnet50", "tv_vit_b_16"):
        import torchvision

        model = getattr(torchvision.models, name[3:])(weights=None)
        batch = (torch.zeros(1, 3, 224, 224), torch.zeros(1, dtype=torch.long))
        return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
    if name == "hf_gpt2_small":
        from transformers import GPT2Config, GPT2LMHeadModel

        ids = torch.zeros(1, 1024, dtype=torch.long)
        return GPT2LMHeadModel(GPT2Config(n_positions=1024)), ids, lambda m, b: m(input_ids=b, labels=b).loss
    if name == "hf_bert_base":
        from transformers import BertConfig, BertForSequenceClassification

        batch = (torch.zeros(1, 512, dtype=torch.long), torch.zeros(1, dtype=torch.long))
        return BertForSequenceClassification(BertConfig()), batch, lambda m, b: m(input_ids=b[0], labels=b[1]).loss
    raise KeyError(name)


def build_fake(name: str, skipped: set):
    """(fake mode, module, batch, loss_fn) built on fake tensors; None, noted in ``skipped``, without the library."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    from oomdoctor.pytorch.loading import initializers_skipped

    fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
    try:
        with fake_mode, initializers_skipped():
            return (fake_mode, *build(name))
    except ImportError as exc:
        skipped.add(f"{name} ({exc.name} not installed)")
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[2] / "shared" / "ground-truth"
    parser.add_argument("--ground-truth", type=Path, default=default)
    args = parser.parse_args()

    import torch

    from oomdoctor.pytorch.job import build_estimate, make_job
    from oomdoctor.units import format_bytes

    rows = [json.loads(line) for line in (args.ground_truth / "h200-calibration.jsonl").open()]
    rows = [r for r in rows if r["kind"] == "torch" and not r.get("oom")]
    peak_errors, reserved_errors, lines, skipped, seconds = [], [], [], set(), []
    for row in rows:
        built = build_fake(row["model"], skipped)
        if built is None:
            continue
        fake_mode, model, batch, loss = built
        precision = row["precision"]
        started = time.perf_counter()
        job = make_job(model, row["batch"], batch, None, row["optimizer"], precision, loss, "H200", fake_mode)
        estimate = build_estimate(job)
        seconds.append(time.perf_counter() - started)
        peak = (estimate.peak_bytes - row["peak_bytes"]) / row["peak_bytes"]
        reserved = (estimate.reserved_peak_bytes - row["peak_reserved"]) / row["peak_reserved"]
        peak_errors.append(peak)
        reserved_errors.append(reserved)
        lines.append(f"  {row['model']:14} b{row['batch']:<4} {row['optimizer']:6} {precision:14} "
                     f"allocated {format_bytes(row['peak_bytes']):>9} est {format_bytes(estimate.peak_bytes):>9} "
                     f"{peak * 100:+5.1f} %   reserved {format_bytes(row['peak_reserved']):>9} "
                     f"est {format_bytes(estimate.reserved_peak_bytes):>9} {reserved * 100:+5.1f} %")
    print(f"oomdoctor plain-PyTorch accuracy, {datetime.date.today()}, torch {torch.__version__}")
    print("\n".join(lines))
    if peak_errors:
        def summary(errors):
            absolute = [abs(e) for e in errors]
            return (f"median |err| {statistics.median(absolute) * 100:.1f} %, max {max(absolute) * 100:.1f} %, "
                    f"under {sum(e < 0 for e in errors)}/{len(errors)}, >2 % under {sum(e < -0.02 for e in errors)}")

        print(f"max_memory_allocated: {summary(peak_errors)}   (target: median <= 3 %)")
        print(f"max_memory_reserved:  {summary(reserved_errors)}   (target: median <= 8 %)")
        print(f"estimate time per row (two traces + replay): median {statistics.median(seconds):.1f} s")
    cap_rows(args.ground_truth, skipped)
    for name in sorted(skipped):
        print(f"skipped: {name}")
    return 0


def cap_rows(ground_truth: Path, skipped: set) -> None:
    """cap-* rows of plain PyTorch models: the largest batch under set_per_process_memory_fraction."""
    from oomdoctor.gpus import CUDA_CONTEXT_BYTES, GPU
    from oomdoctor.pytorch.job import make_job, max_batch_size

    rows = [json.loads(line) for line in (ground_truth / "h200-calibration.jsonl").open()]
    rows = [r for r in rows if r["kind"].startswith("cap-") and r["model"].startswith(("tv_", "hf_"))]
    print(f"largest batch under a cap: {len(rows)} plain-PyTorch cap row(s) in the ground truth")
    for row in rows:
        built = build_fake(row["model"], skipped)
        if built is None:
            continue
        fake_mode, model, batch, loss = built
        # the cap limits the allocator's segments; the GPU adds the CUDA context on top
        cap = GPU(f"{row['cap_gib']} GiB cap", int(row["cap_gib"] * 2**30) + CUDA_CONTEXT_BYTES)
        job = make_job(model, 1, batch, None, row.get("optimizer", "adamw"), row.get("precision", "float32"), loss,
                       cap, fake_mode)
        predicted, measured = max_batch_size(job), row["max_batch"]
        ok = predicted <= measured and (measured == 0 or predicted >= 0.95 * measured)
        print(f"  {row['model']} {row['cap_gib']} GiB: measured {measured}, predicted {predicted}: "
              f"{'ok' if ok else 'MISS'}")


if __name__ == "__main__":
    raise SystemExit(main())
