import warnings
from pathlib import Path
from typing import Callable, List, Optional

import pytorch_lightning as pl
import torch
from pytorch_lightning.utilities import rank_zero_only
from torch.utils.data import DataLoader
from transformers import (AdamW, AutoConfig,
                          AutoModelForSequenceClassification, AutoTokenizer,
                          get_linear_schedule_with_warmup, ViTForImageClassification, ViTFeatureExtractor)

warnings.filterwarnings('ignore')


class VitFinetuner(pl.LightningModule):
    def __init__(
        self,
        checkpoint: str,
        learning_rate: float = 2e-5,
        adam_epsilon: float = 1e-8,
        weight_decay: float = 0.0,
        warmup_steps: int = 0,
        predictions_file: str = 'preds_out.pt',
        num_labels: int = 10
    ):
        super().__init__()
        self.save_hyperparameters()

        self.model = ViTForImageClassification.from_pretrained(checkpoint, num_labels=num_labels)
        self.acc_fn = pl.metrics.Accuracy()

    def score(self, predicted, truth, stage='val'):
        value = self.acc_fn(predicted, truth)
        return {f'{stage}_acc': value}

    def forward(self, **inputs):
        return self.model(**inputs)

    def training_step(self, batch, batch_idx):
        result = self(**batch)
        loss = result[0]
        self.log('train_loss', loss)
        return loss

    def validation_step(self, batch, batch_idx, dataloader_idx=0):
        result = self(**batch)
        v_loss, logits = result[:2]
        predicted = torch.argmax(logits, axis=1)
        scores = self.score(predicted, batch['labels'])
        self.log_dict(scores, prog_bar=True, on_step=False, on_epoch=True)
        self.log('val_loss', v_loss, prog_bar=True)

    def test_step(self, batch, batch_idx, dataloader_idx=0):
        result = self(**batch)
        t_loss, logits = result[:2]
        predicted = torch.argmax(logits, axis=1)
        self.write_prediction('preds', predicted, self.hparams.predictions_file)
        self.write_prediction('labels', batch['labels'], self.hparams.predictions_file)
        scores = self.score(predicted, batch['labels'], stage='test')
        self.log_dict(scores, prog_bar=True, on_step=False, on_epoch=True)

    def configure_optimizers(self):
        "AdamW with a linear warmup-then-decay schedule"
        skip_decay = ["bias", "LayerNorm.weight"]
        groups = [
            {
                "params": [p for n, p in self.model.named_parameters() if not any(nd in n for nd in skip_decay)],
                "weight_decay": self.hparams.weight_decay,
            },
            {
                "params": [p for n, p in self.model.named_parameters() if any(nd in n for nd in skip_decay)],
                "weight_decay": 0.0,
            },
        ]
        opt = AdamW(groups, lr=self.hparams.learning_rate, eps=self.hparams.adam_epsilon)
        sched = get_linear_schedule_with_warmup(
            opt, num_warmup_steps=self.hparams.warmup_steps, num_training_steps=self.total_steps
        )
        sched = {'scheduler': sched, 'interval': 'step', 'frequency': 1}
        return [opt], [sched]

    @rank_zero_only
    def save_pretrained(self, out_dir):
        self.hparams.save_dir = out_dir
        self.model.save_pretrained(self.hparams.save_dir)
        # tokenizer saving is not needed for images
