"""Training, prediction, metrics and the shared results table.

Classes are imbalanced, so besides accuracy the usual medical metrics are
computed and appended to results_summary.csv.
"""

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from sklearn.metrics import (
    accuracy_score,
    average_precision_score,
    balanced_accuracy_score,
    confusion_matrix,
    f1_score,
    precision_score,
    recall_score,
    roc_auc_score,
)
from torch.utils.data import DataLoader
from tqdm import tqdm


def compute_metrics(y_true: np.ndarray, y_pred: np.ndarray, y_prob: np.ndarray | None = None) -> dict:
    """Binary metrics for the IDC task.

    accuracy, precision, recall (= sensitivity), specificity, F1,
    ROC-AUC, PR-AUC and balanced accuracy.
    """
    cm = confusion_matrix(y_true, y_pred, labels=[0, 1])
    tn, fp, fn, tp = cm.ravel()
    spec = tn / (tn + fp) if (tn + fp) else 0.0
    out = {
        "accuracy": accuracy_score(y_true, y_pred),
        "precision": precision_score(y_true, y_pred, zero_division=0),
        "recall": recall_score(y_true, y_pred, zero_division=0),
        "sensitivity": recall_score(y_true, y_pred, zero_division=0),
        "specificity": spec,
        "f1_score": f1_score(y_true, y_pred, zero_division=0),
        "balanced_accuracy": balanced_accuracy_score(y_true, y_pred),
        "confusion_matrix": cm,
    }
    if y_prob is not None and len(np.unique(y_true)) == 2:
        out["roc_auc"] = roc_auc_score(y_true, y_prob)
        out["pr_auc"] = average_precision_score(y_true, y_prob)
    else:
        out["roc_auc"] = float("nan")
        out["pr_auc"] = float("nan")
    out["auc"] = out["roc_auc"]
    return out


def print_metrics(metrics: dict, title: str = "Evaluation Metrics"):
    """Print the metrics and the confusion matrix."""
    print(f"\n{'-' * 58}")
    print(f"  {title}")
    print(f"{'-' * 58}")
    for key in [
        "accuracy",
        "precision",
        "recall",
        "sensitivity",
        "specificity",
        "f1_score",
        "roc_auc",
        "pr_auc",
        "balanced_accuracy",
    ]:
        print(f"  {key:18s}: {metrics[key]:.4f}")
    cm = metrics["confusion_matrix"]
    print(f"  TN={cm[0,0]:,} FP={cm[0,1]:,} FN={cm[1,0]:,} TP={cm[1,1]:,}")
    print(f"{'-' * 58}")


def train_one_epoch(model: nn.Module, loader: DataLoader, criterion, optimizer, device) -> tuple[float, float]:
    """One training epoch; returns mean loss and accuracy."""
    model.train()
    loss_sum, hits, seen = 0.0, 0, 0
    for x, y in tqdm(loader, desc="train", leave=False):
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        loss_sum += loss.item() * x.size(0)
        hits += (out.argmax(dim=1) == y).sum().item()
        seen += x.size(0)
    return loss_sum / max(seen, 1), hits / max(seen, 1)


@torch.no_grad()
def evaluate_model(model: nn.Module, loader: DataLoader, criterion, device) -> tuple[float, float]:
    """Loss and accuracy on a validation or test loader."""
    model.eval()
    loss_sum, hits, seen = 0.0, 0, 0
    for x, y in tqdm(loader, desc="eval", leave=False):
        x, y = x.to(device), y.to(device)
        out = model(x)
        loss = criterion(out, y)
        loss_sum += loss.item() * x.size(0)
        hits += (out.argmax(dim=1) == y).sum().item()
        seen += x.size(0)
    return loss_sum / max(seen, 1), hits / max(seen, 1)


@torch.no_grad()
def predict_model(model: nn.Module, loader: DataLoader, device) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """True labels, predicted labels and positive-class probabilities."""
    model.eval()
    ys, preds, probs = [], [], []
    for x, y in tqdm(loader, desc="predict", leave=False):
        x = x.to(device)
        out = model(x)
        p = torch.softmax(out, dim=1)[:, 1]
        ys.extend(y.numpy())
        preds.extend(out.argmax(dim=1).cpu().numpy())
        probs.extend(p.cpu().numpy())
    return np.array(ys), np.array(preds), np.array(probs)


def train_classifier_on_features(
    classifier: nn.Module,
    train_loader: DataLoader,
    val_loader: DataLoader,
    criterion,
    optimizer,
    device,
    num_epochs: int = 10,
    save_path=None,
) -> dict:
    """Stage 2: train a linear head on cached 512-d ResNet18 features.

    The backbone is frozen, only the head's weights change.
    """
    history = {"epoch": [], "train_loss": [], "train_acc": [], "val_loss": [], "val_acc": []}
    best_acc = -1.0
    best_state = None

    for ep in range(1, num_epochs + 1):
        classifier.train()
        tr_loss, tr_hits, tr_seen = 0.0, 0, 0
        for feats, y in train_loader:
            feats, y = feats.to(device), y.to(device)
            optimizer.zero_grad()
            out = classifier(feats)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            tr_loss += loss.item() * feats.size(0)
            tr_hits += (out.argmax(dim=1) == y).sum().item()
            tr_seen += feats.size(0)

        classifier.eval()
        va_loss, va_hits, va_seen = 0.0, 0, 0
        with torch.no_grad():
            for feats, y in val_loader:
                feats, y = feats.to(device), y.to(device)
                out = classifier(feats)
                loss = criterion(out, y)
                va_loss += loss.item() * feats.size(0)
                va_hits += (out.argmax(dim=1) == y).sum().item()
                va_seen += feats.size(0)

        tr_loss /= max(tr_seen, 1)
        tr_acc = tr_hits / max(tr_seen, 1)
        va_loss /= max(va_seen, 1)
        va_acc = va_hits / max(va_seen, 1)

        history["epoch"].append(ep)
        history["train_loss"].append(tr_loss)
        history["train_acc"].append(tr_acc)
        history["val_loss"].append(va_loss)
        history["val_acc"].append(va_acc)

        if va_acc > best_acc:
            best_acc = va_acc
            best_state = {k: v.detach().cpu().clone() for k, v in classifier.state_dict().items()}

        print(
            f"epoch {ep:2d}/{num_epochs} | train loss {tr_loss:.4f} | "
            f"train acc {tr_acc:.4f} | val loss {va_loss:.4f} | val acc {va_acc:.4f}"
        )

    if best_state is not None:
        classifier.load_state_dict(best_state)
        if save_path:
            torch.save(classifier.state_dict(), save_path)
            print(f"[saved] best head: {save_path} (val acc {best_acc:.4f})")
    return history


def save_model_results(model_name: str, metrics: dict):
    """Write one model's metrics into results_summary.csv.

    An older row with the same model name is replaced; all stages share the file.
    """
    row = {
        "model": model_name,
        "accuracy": metrics["accuracy"],
        "precision": metrics["precision"],
        "recall": metrics["recall"],
        "sensitivity": metrics["sensitivity"],
        "specificity": metrics["specificity"],
        "f1_score": metrics["f1_score"],
        "roc_auc": metrics["roc_auc"],
        "pr_auc": metrics["pr_auc"],
        "balanced_accuracy": metrics["balanced_accuracy"],
    }
    df = pd.DataFrame([row])
    from config import RESULTS_CSV

    if RESULTS_CSV.exists():
        old = pd.read_csv(RESULTS_CSV)
        old = old[old["model"] != model_name]
        df = pd.concat([old, df], ignore_index=True)
    df.to_csv(RESULTS_CSV, index=False)
    print(f"[saved] results: {RESULTS_CSV}")
    return df
