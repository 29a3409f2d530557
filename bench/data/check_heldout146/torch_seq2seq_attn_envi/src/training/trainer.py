import csv
import json
import os
from typing import Optional

import torch


def clip_by_total_norm(ps, max_norm):
    plist = list(ps)
    sq = 0.0
    for w in plist:
        if w.grad is not None:
            sq += (w.grad ** 2).sum().item()
    norm = sq ** 0.5

    if max_norm is not None and max_norm > 0 and norm > max_norm:
        factor = max_norm / (norm + 1e-6)
        for w in plist:
            if w.grad is not None:
                w.grad.mul_(factor)
    return norm


class Trainer:
    def __init__(
        self,
        model,
        optimizer,
        criterion,
        train_loader,
        tgt_vocab,
        epochs=15,
        evaluator=None,
        val_pairs=None,
        scheduler=None,
        save_dir="checkpoints",
        max_eval_samples=200,
        eval_max_len=50,
        log_every=100,
        grad_clip=1.0,
        teacher_forcing_start=0.6,
        teacher_forcing_end=0.2,
        early_stopping_patience: Optional[int] = None,
        config=None,
    ):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion
        self.train_loader = train_loader
        self.tgt_vocab = tgt_vocab
        self.epochs = epochs
        self.evaluator = evaluator
        self.val_pairs = val_pairs if val_pairs is not None else []
        self.scheduler = scheduler
        self.save_dir = save_dir
        self.max_eval_samples = max_eval_samples
        self.eval_max_len = eval_max_len
        self.log_every = log_every
        self.grad_clip = grad_clip
        self.teacher_forcing_start = teacher_forcing_start
        self.teacher_forcing_end = teacher_forcing_end
        self.early_stopping_patience = early_stopping_patience
        self.config = config or {}

        self.history = []
        self.best_bleu = float("-inf")
        self.best_loss = float("inf")
        self.no_improve_epochs = 0
        os.makedirs(self.save_dir, exist_ok=True)

    def _tf_ratio(self, epoch: int) -> float:
        if self.epochs <= 1:
            return float(self.teacher_forcing_end)
        frac = (epoch - 1) / max(self.epochs - 1, 1)
        return float(self.teacher_forcing_start + frac * (self.teacher_forcing_end - self.teacher_forcing_start))

    def _trim_pad(self, s, pad_idx=0):
        if s.dim() != 1:
            s = s.view(-1)
        end = len(s) - 1
        while end >= 0 and int(s[end].item()) == pad_idx:
            end -= 1
        return s[:max(end + 1, 1)]

    def _sequence_loss(self, dec_out, tgt_s):
        acc = 0.0
        n_steps = 0
        for step in range(len(dec_out)):
            gold_id = tgt_s[step + 1].item() if (step + 1) < len(tgt_s) else self.tgt_vocab.EOS_IDX
            if gold_id == self.tgt_vocab.PAD_IDX:
                continue
            logit_t = dec_out[step].unsqueeze(0)
            gold_t = torch.tensor([gold_id], device=logit_t.device)
            acc = acc + self.criterion(logit_t, gold_t)
            n_steps += 1
        if n_steps > 0:
            return acc / n_steps
        return torch.tensor(0.0, requires_grad=True, device=dec_out.device)

    def train_epoch(self, epoch):
        self.model.train()
        ep_loss = 0.0
        ep_gnorm = 0.0
        teacher_forcing_ratio = self._teacher_forcing_ratio(epoch)
        device = next(self.model.parameters()).device

        for bi, (src_b, tgt_b) in enumerate(self.train_loader):
            src_b = src_b.to(device)
            tgt_b = tgt_b.to(device)
            self.optimizer.zero_grad()
            b_loss = None

            for j in range(src_b.shape[0]):
                src_s = self._strip_trailing_pad(src_b[j], pad_idx=0)
                tgt_s = self._strip_trailing_pad(tgt_b[j], pad_idx=self.tgt_vocab.PAD_IDX)
                dec_out, _ = self.model(
                    src_tokens=src_s,
                    tgt_tokens=tgt_s,
                    teacher_forcing_ratio=teacher_forcing_ratio,
                )
                s_loss = self._compute_seq_loss(dec_out, tgt_s)
                b_loss = s_loss if b_loss is None else b_loss + s_loss

            b_loss = b_loss / src_b.shape[0]
            b_loss.backward()
            gnorm = clip_by_total_norm(self.model.parameters(), max_norm=self.grad_clip)
            self.optimizer.step()

            ep_loss += b_loss.item()
            ep_gnorm += gnorm

            if self.log_every and (bi + 1) % self.log_every == 0:
                print(
                    f"Epoch {epoch:02d} | Batch {bi + 1}/{len(self.train_loader)} | "
                    f"Loss={b_loss.item():.4f} | GradNorm={gnorm:.4f} | TF={teacher_forcing_ratio:.3f}"
                )

        avg_loss = ep_loss / max(len(self.train_loader), 1)
        mean_gnorm = ep_gnorm / max(len(self.train_loader), 1)
        print(f"Epoch {epoch:02d}/{self.epochs} | AvgLoss={avg_loss:.4f} | AvgGradNorm={mean_gnorm:.4f}")
        return avg_loss, mean_gnorm, teacher_forcing_ratio

    def _save_history(self):
        jpath = os.path.join(self.save_dir, "train_history.json")
        with open(jpath, "w", encoding="utf-8") as fh:
            json.dump(self.history, fh, ensure_ascii=False, indent=2)

        cpath = os.path.join(self.save_dir, "train_history.csv")
        if not self.history:
            return
        cols = ["epoch", "avg_loss", "grad_norm", "teacher_forcing_ratio", "lr", "bleu", "rouge_l", "chrf", "is_best"]
        with open(cpath, "w", encoding="utf-8", newline="") as fh:
            wr = csv.DictWriter(fh, fieldnames=cols)
            wr.writeheader()
            for rec in self.history:
                wr.writerow({c: rec.get(c) for c in cols})

    def save_checkpoint(self, epoch, avg_loss, metrics=None, is_best=False):
        ckpt = {
            "epoch": epoch,
            "avg_loss": float(avg_loss),
            "metrics": metrics or {},
            "best_bleu": None if self.best_bleu == float("-inf") else float(self.best_bleu),
            "best_loss": None if self.best_loss == float("inf") else float(self.best_loss),
            "model_state_dict": self.model.state_dict(),
            "optimizer_state_dict": self.optimizer.state_dict() if hasattr(self.optimizer, "state_dict") else None,
            "scheduler_state_dict": self.scheduler.state_dict() if self.scheduler is not None and hasattr(self.scheduler, "state_dict") else None,
            "history": self.history,
            "config": self.config,
        }
        torch.save(ckpt, os.path.join(self.save_dir, "last_checkpoint.pt"))
        torch.save(self.model.state_dict(), os.path.join(self.save_dir, "last_model_weights.pt"))
        if is_best:
            torch.save(ckpt, os.path.join(self.save_dir, "best_checkpoint.pt"))
            torch.save(self.model.state_dict(), os.path.join(self.save_dir, "best_model_weights.pt"))
        self._save_history()

    def load_checkpoint(self, ckpt_path):
        ckpt = torch.load(ckpt_path, map_location=next(self.model.parameters()).device)
        self.model.load_state_dict(ckpt["model_state_dict"])
        ostate = ckpt.get("optimizer_state_dict")
        if ostate is not None and hasattr(self.optimizer, "load_state_dict"):
            self.optimizer.load_state_dict(ostate)
        sstate = ckpt.get("scheduler_state_dict")
        if sstate is not None and self.scheduler is not None and hasattr(self.scheduler, "load_state_dict"):
            self.scheduler.load_state_dict(sstate)
        self.history = ckpt.get("history", [])
        self.best_bleu = ckpt.get("best_bleu") or float("-inf")
        self.best_loss = ckpt.get("best_loss") or float("inf")
        return ckpt.get("epoch", 0) + 1, ckpt

    def train(self, start_epoch=1):
        print("\n=== TRAINING ===")
        for epoch in range(start_epoch, self.epochs + 1):
            avg_loss, gnorm, tfr_used = self.train_epoch(epoch)
            metrics = {}
            if self.evaluator is not None and len(self.val_pairs) > 0:
                metrics = self.evaluator.evaluate_dataset(
                    self.val_pairs,
                    max_samples=self.max_eval_samples,
                    max_len=self.eval_max_len,
                )

            b = metrics.get("bleu") if isinstance(metrics, dict) else None
            if b is not None:
                is_best = b > self.best_bleu
                if is_best:
                    self.best_bleu = b
                    self.no_improve_epochs = 0
                else:
                    self.no_improve_epochs += 1
            else:
                is_best = avg_loss < self.best_loss
                self.no_improve_epochs = 0 if is_best else self.no_improve_epochs + 1

            if avg_loss < self.best_loss:
                self.best_loss = avg_loss

            if self.scheduler is not None:
                self.scheduler.step(epoch)
            cur_lr = self.scheduler.get_lr() if self.scheduler is not None else getattr(self.optimizer, "lr", None)

            rec = {
                "epoch": epoch,
                "avg_loss": float(avg_loss),
                "grad_norm": float(gnorm),
                "teacher_forcing_ratio": float(tfr_used),
                "lr": None if cur_lr is None else float(cur_lr),
                "bleu": metrics.get("bleu") if isinstance(metrics, dict) else None,
                "rouge_l": metrics.get("rouge_l") if isinstance(metrics, dict) else None,
                "chrf": metrics.get("chrf") if isinstance(metrics, dict) else None,
                "is_best": bool(is_best),
            }
            self.history.append(rec)
            self.save_checkpoint(epoch=epoch, avg_loss=avg_loss, metrics=metrics, is_best=is_best)
            print(f"[Checkpoint] Saved | best BLEU={self.best_bleu if self.best_bleu != float('-inf') else 0.0:.4f}")

            if self.early_stopping_patience is not None and self.no_improve_epochs >= self.early_stopping_patience:
                print(f"[EarlyStopping] Stop after {self.no_improve_epochs} non-improving epochs.")
                break

        print("\n[Done] Training finished.")
        return self.history
