"""Stage 3: fine-tune all of ResNet18.

Nothing is frozen here; the whole network is trained end to end with a small
learning rate so the ImageNet features adapt to breast histology patches.
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pandas as pd
import torch
import torch.nn as nn
import torch.optim as optim

from config import (
    BEST_MODEL_STAGE3,
    HISTORY_STAGE3_CSV,
    LEARNING_RATE_FINETUNE,
    NUM_EPOCHS_FINETUNE,
    WEIGHT_DECAY,
)
from src.data_utils import make_data_loader, print_split_summary
from src.experiment_utils import ensure_output_dirs, get_device, load_experiment_split, print_experiment_config
from src.models.deep_models import count_parameters, create_resnet18_full
from src.train_utils import compute_metrics, evaluate_model, predict_model, print_metrics, save_model_results, train_one_epoch
from src.visualization import plot_confusion_matrix, plot_roc_curve, plot_training_curves


def main():
    ensure_output_dirs()
    device = get_device()
    print_experiment_config("Stage 3: ResNet18 fine-tuning", device)

    # same fixed patient-level split as the other stages
    df = load_experiment_split()
    print_split_summary(df)
    tr_df = df[df["split"] == "train"]
    va_df = df[df["split"] == "val"]
    te_df = df[df["split"] == "test"]

    # loaders; light augmentation for training only
    tr_dl = make_data_loader(tr_df, shuffle=True, augment=True)
    va_dl = make_data_loader(va_df, shuffle=False, augment=False)
    te_dl = make_data_loader(te_df, shuffle=False, augment=False)

    # trainable ResNet18 with a 2-class head
    net = create_resnet18_full(num_classes=2, freeze_backbone=False).to(device)
    n_all, n_train = count_parameters(net)
    print(f"parameters: {n_all:,}; trainable: {n_train:,}")

    # inverse-frequency class weights from the training split
    tr_labels = tr_df["label"].tolist()
    counts = Counter(tr_labels)
    class_w = torch.tensor(
        [
            len(tr_labels) / (2 * max(counts.get(0, 0), 1)),
            len(tr_labels) / (2 * max(counts.get(1, 0), 1)),
        ],
        dtype=torch.float32,
        device=device,
    )
    print(f"class weights: IDC-={class_w[0]:.3f}, IDC+={class_w[1]:.3f}")

    loss_fn = nn.CrossEntropyLoss(weight=class_w)
    opt = optim.AdamW(net.parameters(), lr=LEARNING_RATE_FINETUNE, weight_decay=WEIGHT_DECAY)
    sched = optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2)

    hist = {"epoch": [], "train_loss": [], "train_acc": [], "val_loss": [], "val_acc": []}
    best_acc = -1.0

    # train / validate each epoch and keep the best weights
    for ep in range(1, NUM_EPOCHS_FINETUNE + 1):
        tr_loss, tr_acc = train_one_epoch(net, tr_dl, loss_fn, opt, device)
        va_loss, va_acc = evaluate_model(net, va_dl, loss_fn, device)
        sched.step(va_loss)

        hist["epoch"].append(ep)
        hist["train_loss"].append(tr_loss)
        hist["train_acc"].append(tr_acc)
        hist["val_loss"].append(va_loss)
        hist["val_acc"].append(va_acc)

        if va_acc > best_acc:
            best_acc = va_acc
            torch.save(net.state_dict(), BEST_MODEL_STAGE3)

        print(
            f"epoch {ep:2d}/{NUM_EPOCHS_FINETUNE} | lr {opt.param_groups[0]['lr']:.1e} | "
            f"train loss {tr_loss:.4f} | train acc {tr_acc:.4f} | "
            f"val loss {va_loss:.4f} | val acc {va_acc:.4f}"
        )

    # reload the best weights, test, save plots
    net.load_state_dict(torch.load(BEST_MODEL_STAGE3, map_location=device))
    pd.DataFrame(hist).to_csv(HISTORY_STAGE3_CSV, index=False)
    plot_training_curves(hist, stage_name="Stage3", output_name="training_curve_stage3.png")

    y_true, y_pred, y_prob = predict_model(net, te_dl, device)
    metrics = compute_metrics(y_true, y_pred, y_prob)
    print_metrics(metrics, "ResNet18 Finetune - Test")
    save_model_results("ResNet18 Finetune", metrics)
    plot_confusion_matrix(y_true, y_pred, title="ResNet18 Finetune")
    plot_roc_curve(y_true, y_prob, model_name="ResNet18 Finetune")

    print("stage 3 done.")


if __name__ == "__main__":
    main()
