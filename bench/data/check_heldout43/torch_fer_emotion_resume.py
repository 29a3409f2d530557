import torch
import torch.nn as nn
import torch.optim as optim
from tqdm import tqdm
import os

from data_load import train_loader, test_loader, class_labels
from model import ArchitectureCNN

# -------------------
# settings
# -------------------
DEV = "cuda" if torch.cuda.is_available() else "cpu"
N_EPOCHS = 25
LEARN_RATE = 1e-3
CKPT_DIR = "checkpoints"
CKPT_FILE = os.path.join(CKPT_DIR, "face_cnn_last.pth")
EVERY = 5  # epochs between saves

os.makedirs(CKPT_DIR, exist_ok=True)

# -------------------
# network, optimiser, loss
# -------------------
net = ArchitectureCNN(num_classes=len(class_labels)).to(DEV)
opt = optim.Adam(net.parameters(), lr=LEARN_RATE)
loss_fn = nn.CrossEntropyLoss()

first_epoch = 0

# -------------------
# pick up an earlier run
# -------------------
if os.path.exists(CKPT_FILE):
    print(f"loading saved state from {CKPT_FILE}")
    state = torch.load(CKPT_FILE, map_location=DEV)

    net.load_state_dict(state["model_state_dict"])
    opt.load_state_dict(state["optimizer_state_dict"])
    first_epoch = state["epoch"] + 1

    print(f"continuing at epoch {first_epoch}")

else:
    print("nothing saved yet, training from scratch")

# -------------------
# training
# -------------------
for ep in range(first_epoch, N_EPOCHS):
    net.train()
    hits = seen = 0
    loss_sum = 0.0

    bar = tqdm(train_loader, desc=f"Epoch {ep+1}/{N_EPOCHS}")

    for pics, tags in bar:
        pics, tags = pics.to(DEV), tags.to(DEV)

        opt.zero_grad()
        scores = net(pics)
        loss = loss_fn(scores, tags)
        loss.backward()
        opt.step()

        loss_sum += loss.item()
        _, guess = scores.max(1)
        hits += guess.eq(tags).sum().item()
        seen += tags.size(0)

        bar.set_postfix({
            "loss": f"{loss_sum / (seen / tags.size(0)):.4f}",
            "acc": f"{hits / seen:.4f}"
        })

    tr_acc = hits / seen

    # -------------------
    # validation
    # -------------------
    net.eval()
    v_hits = v_seen = 0

    with torch.no_grad():
        for pics, tags in test_loader:
            pics, tags = pics.to(DEV), tags.to(DEV)
            scores = net(pics)
            _, guess = scores.max(1)
            v_hits += guess.eq(tags).sum().item()
            v_seen += tags.size(0)

    v_acc = v_hits / v_seen

    print(f"Epoch {ep+1}: train acc={tr_acc:.4f}, val acc={v_acc:.4f}")

    # -------------------
    # periodic save
    # -------------------
    if (ep + 1) % EVERY == 0:
        torch.save({
            "epoch": ep,
            "model_state_dict": net.state_dict(),
            "optimizer_state_dict": opt.state_dict(),
            "class_labels": class_labels
        }, CKPT_FILE)

        print(f"saved state at epoch {ep+1}")

# -------------------
# last save
# -------------------
torch.save({
    "epoch": N_EPOCHS - 1,
    "model_state_dict": net.state_dict(),
    "optimizer_state_dict": opt.state_dict(),
    "class_labels": class_labels
}, CKPT_FILE)

print("done, final state saved")
