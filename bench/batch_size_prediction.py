"""Time to a batch size: oomdoctor's prediction against trial runs (prints a table; not a unit test).

For each model, ``oomdoctor.lightning.PredictedBatchSize`` (a Lightning run) or
``oomdoctor.hf.largest_batch`` (a Hugging Face Trainer) predicts the largest
batch for ``--gpu`` and the seconds it took, with no step on a GPU. Where a
CUDA GPU is present (``--gpu auto``), Lightning's own ``BatchSizeFinder``
(binary search, trial steps on the GPU) runs too, and the table shows both
batches and both times. On a machine without a GPU only the prediction runs.

    python bench/batch_size_prediction.py [--gpu A100-40GB]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _cnn_module(batch_size: int, samples: int):
    """A ResNet-like LightningModule on 224 x 224 images, as a first Lightning project writes one."""
    import lightning as L
    import torch

    def block(cin, cout):
        return torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 3, padding=1, bias=False), torch.nn.BatchNorm2d(cout),
                                   torch.nn.ReLU(), torch.nn.Conv2d(cout, cout, 3, padding=1, bias=False),
                                   torch.nn.BatchNorm2d(cout), torch.nn.ReLU(), torch.nn.MaxPool2d(2))

    class Images(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.batch_size = batch_size
            self.net = torch.nn.Sequential(block(3, 64), block(64, 128), block(128, 256), block(256, 512),
                                           torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(512, 100))

        def training_step(self, batch, index):
            x, y = batch
            loss = torch.nn.functional.cross_entropy(self.net(x), y)
            self.log("loss", loss)
            return loss

        def configure_optimizers(self):
            return torch.optim.AdamW(self.parameters(), lr=1e-3)

        def train_dataloader(self):
            return torch.utils.data.DataLoader(Blank(), batch_size=self.batch_size)

    class Blank(torch.utils.data.Dataset):
        """``samples`` images made as they are read, so the set itself holds no memory."""

        def __len__(self):
            return samples

        def __getitem__(self, index):
            return torch.zeros(3, 224, 224), 0

    return Images()


class _Stopped(Exception):
    pass


def _stop_after_prediction():
    import lightning as L

    class Stop(L.Callback):
        def on_fit_start(self, trainer, pl_module):
            raise _Stopped

    return Stop()


def lightning_row(gpu: str, on_gpu: bool, samples: int) -> dict:
    import lightning as L

    from oomdoctor.lightning import PredictedBatchSize

    def trainer(callbacks):
        return L.Trainer(max_steps=1, callbacks=callbacks, accelerator="gpu" if on_gpu else "cpu", devices=1,
                         logger=False, enable_checkpointing=False, enable_progress_bar=False,
                         enable_model_summary=False, limit_train_batches=1)

    predicted = PredictedBatchSize(gpu=gpu, verbose=False)
    callbacks = [predicted] if on_gpu else [predicted, _stop_after_prediction()]
    try:
        trainer(callbacks).fit(_cnn_module(4, samples))
    except _Stopped:
        pass  # without a GPU, a step at the predicted batch would run on the CPU: stopped before it
    row = {"model": "Lightning CNN 224px (AdamW)", "predicted": predicted.batch_size, "predict_s": predicted.seconds}
    if on_gpu:
        from lightning.pytorch.callbacks import BatchSizeFinder

        finder = BatchSizeFinder(mode="binsearch", init_val=4, max_trials=25)
        started = time.perf_counter()
        trainer([finder]).fit(_cnn_module(4, samples))
        row.update(trials=finder.optimal_batch_size, trials_s=time.perf_counter() - started)
    return row


def trainer_row(gpu: str, on_gpu: bool) -> dict:
    import torch
    import transformers

    from oomdoctor.hf import largest_batch

    model = transformers.GPT2LMHeadModel(transformers.GPT2Config(n_positions=1024))
    data = [{"input_ids": [1] * 1024}] * 256

    def collate(samples):
        ids = torch.tensor([s["input_ids"] for s in samples])
        return {"input_ids": ids, "labels": ids}

    with tempfile.TemporaryDirectory() as folder:
        args = transformers.TrainingArguments(output_dir=folder, per_device_train_batch_size=4, report_to=[],
                                              use_cpu=not on_gpu, bf16=True, save_strategy="no")
        trainer = transformers.Trainer(model=model, args=args, train_dataset=data, data_collator=collate)
        started = time.perf_counter()
        found = largest_batch(trainer, gpu=gpu)
        return {"model": "HF Trainer GPT-2 124M, 1024 tokens, bf16", "predicted": found.batch_size,
                "predict_s": time.perf_counter() - started}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpu", default=None, help="the GPU to size for (default: this machine's, else A100-40GB)")
    args = parser.parse_args()
    import torch

    on_gpu = torch.cuda.is_available()
    gpu = args.gpu or ("auto" if on_gpu else "A100-40GB")
    rows = [lightning_row(gpu, on_gpu, samples=4096), trainer_row(gpu, on_gpu)]
    print(f"GPU sized for: {gpu}" + ("" if on_gpu else " (no GPU here: the prediction alone)"))
    print(f"{'model':44} {'predicted':>9} {'seconds':>8} {'trials found':>12} {'seconds':>8}")
    for row in rows:
        trials = f"{row['trials']:>12} {row['trials_s']:8.1f}" if "trials" in row else f"{'-':>12} {'-':>8}"
        print(f"{row['model']:44} {row['predicted']:>9} {row['predict_s']:8.1f} {trials}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
