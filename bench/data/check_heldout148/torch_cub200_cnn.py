import os
import time
import copy
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, random_split
from torchvision import datasets, transforms
import matplotlib.pyplot as plt

# settings
FIT_ROOT = r"dataset/train"
HOLDOUT_ROOT  = r"dataset/test"
SAVE_ROOT   = r"results_cnn"
os.makedirs(SAVE_ROOT, exist_ok=True)

SIDE = 300
BS = 16
N_EPOCHS = 40
STEP = 1e-3
WD = 1e-4
CHECK_FRACTION = 0.2
RNG_SEED = 10


DEV = "cuda" if torch.cuda.is_available() else "cpu"

N_WORKERS = 2
PINNED = (DEV == "cuda")

torch.manual_seed(RNG_SEED)
np.random.seed(RNG_SEED)

torch.backends.cudnn.benchmark = True

class BirdNet(nn.Module):
    def __init__(self, n_out: int):
        super().__init__()

        def block(c_in, c_out):
            return nn.Sequential(
                nn.Conv2d(c_in, c_out, kernel_size=3, padding=1, bias=False),
                nn.BatchNorm2d(c_out),
                nn.ReLU(inplace=True),
            )

        self.trunk = nn.Sequential(
            block(3, 64),
            block(64, 64),
            nn.MaxPool2d(2),

            block(64, 128),
            block(128, 128),
            nn.MaxPool2d(2),

            block(128, 256),
            block(256, 256),
            nn.MaxPool2d(2),

            block(256, 512),
            block(512, 512),
            nn.MaxPool2d(2),
        )

        self.head = nn.Sequential(
            nn.AdaptiveAvgPool2d((1, 1)),
            nn.Flatten(),
            nn.Dropout(0.4),
            nn.Linear(512, n_out)
        )

    def forward(self, x):
        x = self.trunk(x)
        x = self.head(x)
        return x


# scores
def count_in_top(scores: torch.Tensor, target: torch.Tensor, k: int) -> int:
    best = torch.topk(scores, k=k, dim=1).indices
    return (best == target.view(-1, 1)).any(dim=1).sum().item()

def macro_scores(truth: np.ndarray, guess: np.ndarray, n_cls: int):
    ps, rs, fs = [], [], []
    for c in range(n_cls):
        tp = np.sum((truth == c) & (guess == c))
        fp = np.sum((truth != c) & (guess == c))
        fn = np.sum((truth == c) & (guess != c))
        p = tp / (tp + fp) if (tp + fp) > 0 else 0.0
        r = tp / (tp + fn) if (tp + fn) > 0 else 0.0
        f = (2*p*r)/(p+r) if (p+r) > 0 else 0.0
        ps.append(p); rs.append(r); fs.append(f)
    return float(np.mean(ps)), float(np.mean(rs)), float(np.mean(fs))

def build_confusion(truth: np.ndarray, guess: np.ndarray, n_cls: int):
    grid = np.zeros((n_cls, n_cls), dtype=np.int64)
    for t, p in zip(truth, guess):
        grid[t, p] += 1
    return grid

def accuracy_by_class(truth: np.ndarray, guess: np.ndarray, n_cls: int):
    right = np.zeros(n_cls, dtype=np.int64)
    seen = np.zeros(n_cls, dtype=np.int64)
    for t, p in zip(truth, guess):
        seen[t] += 1
        if t == p:
            right[t] += 1
    frac = np.divide(right, seen, out=np.zeros_like(right, dtype=float), where=seen != 0)
    return frac, seen


# drawing
def draw_curves(log: dict, prefix: str, folder: str):
    xs = np.arange(1, len(log["train_acc"]) + 1)

    plt.figure()
    plt.plot(xs, log["train_acc"], label="fit acc")
    plt.plot(xs, log["val_acc"], label="check acc")
    plt.xlabel("Epoch"); plt.ylabel("Accuracy")
    plt.title(f"{prefix} Accuracy")
    plt.legend()
    plt.tight_layout()
    plt.savefig(os.path.join(folder, f"{prefix.lower().replace(' ','_')}_acc.png"))
    plt.close()

    plt.figure()
    plt.plot(xs, log["train_loss"], label="fit loss")
    plt.plot(xs, log["val_loss"], label="check loss")
    plt.xlabel("Epoch"); plt.ylabel("Loss")
    plt.title(f"{prefix} Loss")
    plt.legend()
    plt.tight_layout()
    plt.savefig(os.path.join(folder, f"{prefix.lower().replace(' ','_')}_loss.png"))
    plt.close()

def draw_confusion(grid: np.ndarray, title: str, dest: str, show_at_most=25):
    n = min(grid.shape[0], show_at_most)
    part = grid[:n, :n]
    plt.figure(figsize=(8, 8))
    plt.imshow(part)
    plt.title(f"{title} (first {n} species)")
    plt.xlabel("Guessed"); plt.ylabel("Actual")
    plt.colorbar()
    plt.tight_layout()
    plt.savefig(dest)
    plt.close()

def draw_weakest(frac: np.ndarray, names: list, title: str, dest: str, top_k=20):
    order = np.argsort(frac)[:top_k]
    plt.figure(figsize=(10, 5))
    plt.bar(np.arange(top_k), frac[order])
    plt.xticks(np.arange(top_k), [names[i] for i in order], rotation=90)
    plt.ylabel("Accuracy per species")
    plt.title(f"{title} - weakest {top_k} species")
    plt.tight_layout()
    plt.savefig(dest)
    plt.close()

def draw_spread(frac: np.ndarray, title: str, dest: str):
    plt.figure()
    plt.hist(frac, bins=20)
    plt.xlabel("Accuracy per species")
    plt.ylabel("How many species")
    plt.title(title)
    plt.tight_layout()
    plt.savefig(dest)
    plt.close()


# one pass over a loader
def one_pass(net, loader, crit, opt=None, grad_scaler=None):
    learning = opt is not None
    net.train() if learning else net.eval()

    loss_sum = 0.0
    count = 0
    hit1 = 0
    hit3 = 0

    for xb, yb in loader:
        xb = xb.to(DEV, non_blocking=True)
        yb = yb.to(DEV, non_blocking=True)

        if learning:
            opt.zero_grad(set_to_none=True)

        with torch.set_grad_enabled(learning):
            if DEV == "cuda":
                with torch.autocast(device_type="cuda", dtype=torch.float16):
                    scores = net(xb)
                    loss = crit(scores, yb)
            else:
                scores = net(xb)
                loss = crit(scores, yb)

            if learning:
                if grad_scaler is not None:
                    grad_scaler.scale(loss).backward()
                    grad_scaler.step(opt)
                    grad_scaler.update()
                else:
                    loss.backward()
                    opt.step()

        n = yb.size(0)
        count += n
        loss_sum += loss.item() * n
        hit1 += (scores.argmax(dim=1) == yb).sum().item()
        hit3 += count_in_top(scores, yb, k=3)

    return loss_sum / count, hit1 / count, hit3 / count

@torch.no_grad()
def collect_guesses(net, loader):
    net.eval()
    truths = []
    guesses = []
    for xb, yb in loader:
        xb = xb.to(DEV, non_blocking=True)
        scores = net(xb)
        picked = scores.argmax(dim=1).cpu().numpy()
        guesses.append(picked)
        truths.append(yb.numpy())
    return np.concatenate(truths), np.concatenate(guesses)


def main():
    fit_tf = transforms.Compose([
        transforms.RandomResizedCrop(SIDE, scale=(0.7, 1.0)),
        transforms.RandomHorizontalFlip(p=0.5),
        transforms.RandomRotation(10),
        transforms.ColorJitter(brightness=0.2, contrast=0.2, saturation=0.2),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406],
                             [0.229, 0.224, 0.225]),
        transforms.RandomErasing(p=0.25, scale=(0.02, 0.15), ratio=(0.3, 3.3)),
    ])

    plain_tf = transforms.Compose([
        transforms.Resize((SIDE, SIDE)),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406],
                             [0.229, 0.224, 0.225]),
    ])

    all_fit = datasets.ImageFolder(FIT_ROOT, transform=fit_tf)
    species = all_fit.classes
    n_species = len(species)
    print("Species count:", n_species)

    # split off a check part
    n_all = len(all_fit)
    n_check = int(n_all * CHECK_FRACTION)
    n_fit = n_all - n_check
    fit_part, check_part = random_split(
        all_fit,
        [n_fit, n_check],
        generator=torch.Generator().manual_seed(RNG_SEED)
    )

    check_base = datasets.ImageFolder(FIT_ROOT, transform=plain_tf)
    check_part = torch.utils.data.Subset(check_base, check_part.indices)

    holdout_part = datasets.ImageFolder(HOLDOUT_ROOT, transform=plain_tf)

    fit_dl = DataLoader(fit_part, batch_size=BS, shuffle=True,
                              num_workers=N_WORKERS, pin_memory=PINNED)
    check_dl = DataLoader(check_part, batch_size=BS, shuffle=False,
                            num_workers=N_WORKERS, pin_memory=PINNED)
    holdout_dl = DataLoader(holdout_part, batch_size=BS, shuffle=False,
                             num_workers=N_WORKERS, pin_memory=PINNED)

    net = BirdNet(n_out=n_species).to(DEV)
    crit = nn.CrossEntropyLoss()

    opt = optim.AdamW(net.parameters(), lr=STEP, weight_decay=WD)

    # halve the step when the check loss stalls
    plateau = optim.lr_scheduler.ReduceLROnPlateau(
        opt, mode="min", factor=0.5, patience=2, verbose=True
    )

    grad_scaler = torch.amp.GradScaler("cuda") if DEV == "cuda" else None

    log = {
        "train_loss": [], "train_acc": [], "train_top3": [],
        "val_loss": [], "val_acc": [], "val_top3": [],
        "lr": []
    }

    best_acc = 0.0
    best_weights = copy.deepcopy(net.state_dict())

    t_start = time.time()

    for ep in range(1, N_EPOCHS + 1):
        f_loss, f_acc, f_top3 = one_pass(net, fit_dl, crit, opt=opt, grad_scaler=grad_scaler)
        c_loss, c_acc, c_top3 = one_pass(net, check_dl, crit, opt=None, grad_scaler=None)

        plateau.step(c_loss)

        lr_now = opt.param_groups[0]["lr"]
        log["train_loss"].append(f_loss)
        log["train_acc"].append(f_acc)
        log["train_top3"].append(f_top3)
        log["val_loss"].append(c_loss)
        log["val_acc"].append(c_acc)
        log["val_top3"].append(c_top3)
        log["lr"].append(lr_now)

        print(f"Ep {ep:02d}/{N_EPOCHS} | "
              f"fit loss {f_loss:.4f} acc {f_acc:.4f} top3 {f_top3:.4f} | "
              f"check loss {c_loss:.4f} acc {c_acc:.4f} top3 {c_top3:.4f} | "
              f"lr {lr_now:.2e}")

        if c_acc > best_acc:
            best_acc = c_acc
            best_weights = copy.deepcopy(net.state_dict())
            ckpt = os.path.join(SAVE_ROOT, "best_improved_cnn.pth")
            partial = ckpt + ".tmp"
            torch.save(best_weights, partial)
            os.replace(partial, ckpt)
            print(f" kept new best BirdNet (check acc={best_acc:.4f})")

    mins = (time.time() - t_start) / 60
    print(f"\nDone in {mins:.1f} min. Best check acc: {best_acc:.4f}")

    # score the holdout folder
    net.load_state_dict(best_weights)
    truth, guess = collect_guesses(net, holdout_dl)

    holdout_acc = float(np.mean(truth == guess))
    mp, mr, mf1 = macro_scores(truth, guess, n_species)
    grid = build_confusion(truth, guess, n_species)
    frac_pc, seen_pc = accuracy_by_class(truth, guess, n_species)

    print("\n=== BirdNet holdout scores ===")
    print(f"Top-1 accuracy:   {holdout_acc:.4f}")
    print(f"Macro precision:  {mp:.4f}")
    print(f"Macro recall:     {mr:.4f}")
    print(f"Macro F1:         {mf1:.4f}")

    # write results
    np.save(os.path.join(SAVE_ROOT, "history.npy"), log, allow_pickle=True)
    np.save(os.path.join(SAVE_ROOT, "y_true.npy"), truth)
    np.save(os.path.join(SAVE_ROOT, "y_pred.npy"), guess)
    np.save(os.path.join(SAVE_ROOT, "confusion_matrix.npy"), grid)
    np.save(os.path.join(SAVE_ROOT, "per_class_acc.npy"), frac_pc)

    draw_curves(log, "Bird Net", SAVE_ROOT)
    draw_confusion(grid, "Bird Net Confusion", os.path.join(SAVE_ROOT, "confusion_matrix_crop.png"))
    draw_weakest(frac_pc, species, "Bird Net", os.path.join(SAVE_ROOT, "worst_classes.png"), top_k=20)
    draw_spread(frac_pc, "Bird Net accuracy spread over species",
                               os.path.join(SAVE_ROOT, "per_class_acc_hist.png"))

    print(f"\nPlots and arrays written to: {SAVE_ROOT}")


if __name__ == "__main__":
    import multiprocessing as mp
    mp.freeze_support()
    main()
