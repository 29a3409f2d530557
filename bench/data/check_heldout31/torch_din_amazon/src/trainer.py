import os

import torch.cuda
import torch.nn.functional as F

from dataclasses import dataclass
from sklearn.metrics import roc_auc_score
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter
from src.collator import BatchCollator
from src.config import DinConfig
from src.dataset import AmazonReviewDataset
from src.model import DinNetwork


@dataclass
class RunArguments:
    model_config: DinConfig
    train_data_path: str
    test_data_path: str
    log_dir: str
    max_len: int
    num_epochs: int
    batch_size: int
    learning_rate: float
    adam_beta1: float
    adam_beta2: float
    logging_steps: int
    evaluate_steps: int


class DinTrainer:
    def __init__(self, run_args: RunArguments):
        super().__init__()
        self.run_args = run_args
        self.device_count = torch.cuda.device_count()
        print(f"visible GPUs: {self.device_count}")

        batch_collator = BatchCollator(pad_len=run_args.max_len)
        train_set = AmazonReviewDataset(parquet_path=run_args.train_data_path)
        self.train_loader = DataLoader(dataset=train_set,
                                           batch_size=max(1, self.device_count) * run_args.batch_size,
                                           collate_fn=batch_collator,
                                           num_workers=8,
                                           shuffle=True,
                                           pin_memory=True)

        test_set = AmazonReviewDataset(parquet_path=run_args.test_data_path)
        self.test_loader = DataLoader(dataset=test_set,
                                          batch_size=max(1, self.device_count) * run_args.batch_size,
                                          collate_fn=batch_collator,
                                          num_workers=8,
                                          shuffle=False,
                                          pin_memory=True)

        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        self.net, self.adam_opt = self._build_model_and_opt()

        self.train_tb = self._open_writer("train")
        self.test_tb = self._open_writer("test")

        print(f"samples: {len(train_set)} train / {len(test_set)} test, "
              f"batches: {len(self.train_loader)} train / {len(self.test_loader)} test.")

    def _build_model_and_opt(self):
        din_model = DinNetwork(din_config=self.run_args.model_config)

        def init_weights(mod):

            if isinstance(mod, nn.BatchNorm1d):
                nn.init.normal_(mod.weight.data, 1.0, 0.02)
                nn.init.constant_(mod.bias.data, 0)
            elif isinstance(mod, nn.Linear):
                nn.init.normal_(mod.weight.data, 0.0, 0.02)
            elif isinstance(mod, nn.Embedding):
                nn.init.uniform_(mod.weight.data, -1, 1)

        adam_opt = torch.optim.Adam(din_model.parameters(),
                                     lr=self.run_args.learning_rate,
                                     betas=(self.run_args.adam_beta1, self.run_args.adam_beta2))
        if self.device_count > 1:
            din_model = nn.DataParallel(din_model)
        din_model = din_model.to(self.device)
        din_model.apply(init_weights)

        return din_model, adam_opt

    def _open_writer(self, split_name: str):
        writer_dir = os.path.join(self.run_args.log_dir, "metrics", split_name)
        if not os.path.exists(writer_dir):
            os.makedirs(writer_dir)

        return SummaryWriter(log_dir=writer_dir)

    def train(self):
        step_no = 0
        best_accuracy = 0.0
        for epoch_no in range(self.run_args.num_epochs):
            for batch_no, batch_dict in enumerate(self.train_loader, start=1):
                self.net.train()
                model_inputs = {k: v.to(self.device) for k, v in batch_dict.items() if k != "label"}
                label_ids = batch_dict["label"].to(self.device)
                self.net.zero_grad()
                logits = self.net(**model_inputs)
                ce_loss = F.cross_entropy(logits, label_ids, reduction="mean")
                ce_loss.backward()
                self.adam_opt.step()

                preds = torch.argmax(logits, dim=-1)
                acc_value = (preds == label_ids).float().mean().item()
                auc_value = roc_auc_score(label_ids.detach().cpu(), preds.detach().cpu())

                if step_no % self.run_args.logging_steps == 0:
                    print(f"{'[train]':<9} epoch {epoch_no + 1:>2} | step {step_no:>4} | "
                          f"loss {ce_loss.item():.5f} | acc {acc_value:.5f} | auc {auc_value:.5f}")
                    self.train_tb.add_scalar("Loss", ce_loss.item(), step_no)
                    self.train_tb.add_scalar("Accuracy", acc_value, step_no)
                    self.train_tb.add_scalar("AUC", auc_value, step_no)
                    self.train_tb.flush()

                if step_no % self.run_args.evaluate_steps == 0:
                    test_acc = self.evaluate(step_no)
                    if test_acc > best_accuracy:
                        best_accuracy = test_acc
                        self._store_best()

                step_no += 1

        self.train_tb.close()
        self.test_tb.close()

    def _store_best(self):
        din_model = self.net.module if self.device_count > 1 else self.net
        ckpt_dir = os.path.join(self.run_args.log_dir, "checkpoint")
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        torch.save(din_model.state_dict(), os.path.join(ckpt_dir, "best-checkpoint"))

    def evaluate(self, step_no: int):
        self.net.eval()

        summed_loss = 0.0
        all_preds, all_labels = [], []
        for batch_no, batch_dict in enumerate(self.test_loader, start=1):
            model_inputs = {k: v.to(self.device) for k, v in batch_dict.items() if k != "label"}
            label_ids = batch_dict["label"].to(self.device)
            with torch.no_grad():
                logits = self.net(**model_inputs)
                ce_loss = F.cross_entropy(logits, label_ids, reduction="sum")
                summed_loss += ce_loss.item()
                preds = torch.argmax(logits, dim=-1)
                all_preds.append(preds.detach().cpu())
                all_labels.append(label_ids.detach().cpu())

        all_preds = torch.cat(all_preds, dim=0)
        all_labels = torch.cat(all_labels, dim=0)

        avg_loss = summed_loss / all_preds.size(0)
        acc_value = (all_preds == all_labels).float().mean().item()
        auc_value = roc_auc_score(all_labels, all_preds)

        print(f"[test] step {step_no:>4} | loss {avg_loss:.5f} | "
              f"acc {acc_value:.5f} | auc {auc_value:.5f}")
        self.test_tb.add_scalar("Loss", avg_loss, step_no)
        self.test_tb.add_scalar("Accuracy", acc_value, step_no)
        self.test_tb.add_scalar("AUC", auc_value, step_no)
        self.test_tb.flush()

        return acc_value

