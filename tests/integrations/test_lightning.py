"""PredictedBatchSize in real Lightning runs on the CPU: the batch it sets is the estimate's largest batch."""

from __future__ import annotations

import math

import pytest

L = pytest.importorskip("lightning")
torch = pytest.importorskip("torch")
torchmetrics = pytest.importorskip("torchmetrics")

import oomdoctor  # noqa: E402
from oomdoctor.errors import OomdoctorError  # noqa: E402
from oomdoctor.lightning import PredictedBatchSize  # noqa: E402

SAMPLES = 256
GPU = "1GiB"  # 264 MiB usable once the CUDA context is counted: a largest batch well under SAMPLES


def _net():
    return torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.ReLU(),
                               torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.ReLU(),
                               torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(32, 10))


def _data():
    generator = torch.Generator().manual_seed(0)
    return torch.utils.data.TensorDataset(torch.randn(SAMPLES, 3, 64, 64, generator=generator),
                                          torch.randint(0, 10, (SAMPLES,), generator=generator))


class Classifier(L.LightningModule):
    """As Lightning's docs write one: hparams, a metric, self.log, its own dataloader."""

    def __init__(self, batch_size: int = 4, manual: bool = False):
        super().__init__()
        self.save_hyperparameters()
        self.net = _net()
        self.accuracy = torchmetrics.Accuracy(task="multiclass", num_classes=10)
        self.automatic_optimization = not manual
        self.batch_sizes_seen: list[int] = []

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_index):
        x, y = batch
        self.batch_sizes_seen.append(int(x.shape[0]))
        logits = self(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        self.log("train_loss", loss)
        self.log("train_accuracy", self.accuracy(logits, y))
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)

    def train_dataloader(self):
        return torch.utils.data.DataLoader(_data(), batch_size=self.hparams.batch_size)


class Data(L.LightningDataModule):
    def __init__(self, batch_size: int = 4):
        super().__init__()
        self.batch_size = batch_size

    def train_dataloader(self):
        return torch.utils.data.DataLoader(_data(), batch_size=self.batch_size)


class DataClassifier(Classifier):
    def train_dataloader(self):  # the datamodule's is used
        raise AssertionError("not called with a datamodule")


def _trainer(callback, **options):
    return L.Trainer(max_epochs=1, callbacks=[callback], accelerator="cpu", devices=1, logger=False,
                     enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, **options)


def _expected_largest(gpu=GPU, precision="float32"):
    """The same network and loss through oomdoctor.estimate, without Lightning."""
    net = _net()
    x, y = _data()[:4]
    found = oomdoctor.estimate(net, 4, example_inputs=(x, y), optimizer=torch.optim.AdamW(net.parameters(), lr=1e-3),
                               loss=lambda module, batch: torch.nn.functional.cross_entropy(module(batch[0]), batch[1]),
                               precision=precision, gpu=gpu)
    return found.max_batch_size


def test_the_batch_set_is_the_estimates_largest_and_the_epoch_trains_at_it():
    expected = _expected_largest()
    assert 8 < expected < SAMPLES
    callback = PredictedBatchSize(gpu=GPU)
    model = Classifier()
    trainer = _trainer(callback)
    trainer.fit(model)
    assert callback.batch_size == expected == model.hparams.batch_size
    assert callback.found.batch_size == expected and callback.found.peak_bytes > 0
    assert trainer.num_training_batches == math.ceil(SAMPLES / expected)
    epoch = model.batch_sizes_seen[-trainer.num_training_batches:]  # before them: the trace's fake steps
    assert epoch[0] == expected and sum(epoch) == SAMPLES  # the real epoch ran at the predicted batch
    assert callback.seconds is not None and trainer.accumulate_grad_batches == 1


def test_a_target_batch_is_split_over_accumulated_steps_on_the_datamodule():
    largest = _expected_largest()
    target = 3 * largest - 1
    callback = PredictedBatchSize(gpu=GPU, target_batch=target, verbose=False)
    data = Data()
    trainer = _trainer(callback, max_steps=1)
    trainer.fit(DataClassifier(), datamodule=data)
    assert trainer.accumulate_grad_batches == callback.accumulation_steps == 3
    assert data.batch_size == callback.batch_size == math.ceil(target / 3) <= largest


def test_bf16_mixed_precision_fits_a_larger_batch():
    callback = PredictedBatchSize(gpu=GPU, verbose=False)
    trainer = _trainer(callback, precision="bf16-mixed", limit_train_batches=1)
    trainer.fit(Classifier())
    assert callback.found.batch_size == _expected_largest(precision="bf16_autocast") > _expected_largest()


def test_a_dataloader_given_to_fit_is_refused_with_the_reason():
    model = Classifier()
    loader = torch.utils.data.DataLoader(_data(), batch_size=4)
    with pytest.raises(OomdoctorError, match="passed to fit"):
        _trainer(PredictedBatchSize(gpu=GPU)).fit(model, train_dataloaders=loader)


def test_manual_optimization_is_refused_with_the_reason():
    class Manual(Classifier):
        def training_step(self, batch, batch_index):
            optimizer = self.optimizers()
            loss = torch.nn.functional.cross_entropy(self(batch[0]), batch[1])
            optimizer.zero_grad()
            self.manual_backward(loss)
            optimizer.step()

    with pytest.raises(OomdoctorError, match="manual optimization"):
        _trainer(PredictedBatchSize(gpu=GPU)).fit(Manual(manual=True))


def test_a_missing_batch_size_attribute_is_named():
    model = Classifier()
    with pytest.raises(OomdoctorError, match="'batch_len'"):
        _trainer(PredictedBatchSize(gpu=GPU, batch_arg_name="batch_len")).fit(model)


def test_metrics_keep_working_after_the_trace():
    callback = PredictedBatchSize(gpu=GPU, verbose=False)
    model = Classifier()
    _trainer(callback, limit_train_batches=2).fit(model)
    assert model.accuracy.update_count > 0  # torchmetrics' own update wrapper was restored


def test_lightnings_own_transformer_demo_trains_after_the_prediction():
    """Material we did not write: Lightning's demo transformer caches its positional table and causal mask on
    first use (left as they were after the trace), and nn.Transformer reads whether its mask is causal."""
    from lightning.pytorch.demos.transformer import LightningTransformer

    class Demo(LightningTransformer):
        def __init__(self):
            super().__init__(vocab_size=1000)
            self.batch_size = 2

        def prepare_data(self):  # the demo downloads WikiText-2; random tokens instead
            pass

        def train_dataloader(self):
            tokens = torch.randint(0, 1000, (96, 35), generator=torch.Generator().manual_seed(0))
            return torch.utils.data.DataLoader(torch.utils.data.TensorDataset(tokens, tokens),
                                               batch_size=self.batch_size)

    callback = PredictedBatchSize(gpu="2GiB", verbose=False)
    model = Demo()
    trainer = _trainer(callback)
    trainer.fit(model)
    assert callback.found.batch_size > 96 and callback.batch_size == model.batch_size == 96  # the whole set
    assert any("_detect_is_causal_mask" in note for note in callback.found.notes)
    assert trainer.global_step == 1  # the real step ran on the real tensors
