import argparse
import os

import segmentation_models_pytorch as smp
import torch
import wandb
import yaml

from torch import nn
from torch.utils.data import DataLoader
from torchvision import transforms
from tqdm import tqdm
import pprint

from dataset import LandTiles, class_names, id_to_name
from get_key import wandb_key
from utils import confusion, scores, Denormalize

# settings
ap = argparse.ArgumentParser()
ap.add_argument(
    "--config", help="settings file", default="config.yaml"
)
ap.add_argument(
    "--log",
    help="send the run to Weights and Biases",
    action=argparse.BooleanOptionalAction,
    default=False,
)

opts = ap.parse_args()
with open(opts.config, "r") as fh:
    cfg = yaml.safe_load(fh)

## inline settings for quick runs on Kaggle
# cfg = {
#     "downsize_res": 512,
#     "batch_size": 6,
#     "epochs": 20,
#     "lr": 3e-4,
#     "model_architecture": "Unet",
#     "model_config": {
#         "encoder_name": "resnet34",
#         "encoder_weights": "imagenet",
#         "in_channels": 3,
#         "classes": 7,
#     },
# }


# repeatability
torch.manual_seed(1)
torch.backends.cudnn.benchmark = False
torch.backends.cudnn.deterministic = True
# logging
use_wandb = opts.log
# data
small_res = cfg["downsize_res"]
bs = cfg["batch_size"]
n_epochs = cfg["epochs"]
# evaluation
max_logged = 7
log_every = 10
# network
dev = "cuda" if torch.cuda.is_available() else "cpu"
arch = getattr(smp, cfg["model_architecture"])
net = arch(**cfg["model_config"])
net.to(dev)
# optimiser
lr = float(cfg["lr"])
opt = torch.optim.Adam(net.parameters(), lr=lr)
keep_ckpt = True
if keep_ckpt and not os.path.exists("checkpoints/"):
    os.mkdir("checkpoints/")
# transforms
mean = [0.4085, 0.3798, 0.2822]
std = [0.1410, 0.1051, 0.0927]

shrink = transforms.Resize(small_res)
to_input = transforms.Compose(
    [
        transforms.ToTensor(),
        transforms.Normalize(mean, std),
    ]
)
to_target = transforms.Compose(
    [
        transforms.PILToTensor(),
    ]
)
denorm = Denormalize(mean, std)
# splits
tiles = LandTiles(transform=to_input, target_transform=to_target)
fit_ds, check_ds, hold_ds = torch.utils.data.random_split(tiles, [454, 207, 142])
loader_kw = dict(batch_size=bs, num_workers=os.cpu_count(), pin_memory=True)
# loaders
fit_dl = DataLoader(fit_ds, shuffle=True, **loader_kw)
check_dl = DataLoader(check_ds, shuffle=False, **loader_kw)
hold_dl = DataLoader(hold_ds, shuffle=False, **loader_kw)
# class weights for cross entropy
cls_w = torch.tensor(
    [0.8987, 0.4091, 0.9165, 0.8886, 0.9643, 0.9231, 0.0], device=dev
)
ce = nn.CrossEntropyLoss(weight=cls_w)
print("class weights:", cls_w.tolist())

# record the settings
if use_wandb:
    wandb.login(key=wandb_key)
    wandb.init(
        tags=["baseline"],
        entity="landcover-classification",
        notes="run 58 again with nicer prediction plots",
        project="ml-experiments",
        config=dict(
            ce_weights=cls_w.tolist(),
            optimizer=type(opt).__name__,
            loss_fn=type(ce).__name__,
            num_workers=os.cpu_count(),
            **cfg,
        ),
    )
    wandb.watch(net, log_freq=10)  # gradients every 10 steps
    print("settings")
    pprint.pprint(dict(wandb.config))

# confusion matrix: rows true, columns predicted
conf = torch.zeros((7, 7), device=dev)
for ep in range(1, n_epochs + 1):
    conf.zero_()
    # fitting
    net.train()
    with tqdm(total=len(fit_ds), desc=f"fit {ep}/{n_epochs}", unit="img") as bar:
        for step, (X, y) in enumerate(fit_dl):
            X, y = X.to(dev), y.to(dev)
            y_small = shrink(y)
            X_small = shrink(X)
            # forward
            logits = net(X_small)
            loss = ce(logits, y_small)
            # backward
            opt.zero_grad()
            loss.backward()
            opt.step()

            guess = torch.argmax(logits, 1).detach()
            # back to the full tile size for scoring
            guess = transforms.functional.resize(guess, y.shape[-2:])
            conf += confusion(guess, y)
            # batch loss
            if use_wandb:
                wandb.log({"train/loss": loss.item()})
            # progress bar
            bar.update(X.shape[0])
            bar.set_postfix(**{"loss (batch)": loss.item()})

    if use_wandb:
        m = scores("train", conf, class_names)
        wandb.log({"epoch": ep, **m})

    # checkpoints
    if ep % 20 == 0:
        torch.save(net.state_dict(), "checkpoints/" + f"CP_epoch{ep}.pth")

    # held-out pass
    conf.zero_()
    check_loss = 0.0
    net.eval()
    n_logged = 0
    with tqdm(total=len(check_ds), desc=f"check {ep}/{n_epochs}", unit="img") as bar:
        with torch.no_grad():
            for step, (X, y) in enumerate(check_dl):
                X, y = X.to(dev), y.to(dev)
                X_small = shrink(X)
                y_small = shrink(y)
                # forward
                logits = net(X_small)
                loss = ce(logits, y_small)
                check_loss += loss.item()
                guesses = torch.argmax(logits, 1).detach()
                # back to the full tile size for scoring
                guesses = transforms.functional.resize(guesses, y.shape[-2:])
                # confusion
                conf += confusion(guesses, y)

                # a few pictures in the last round
                if use_wandb and n_epochs % log_every == 0:
                    for k in range(len(X)):
                        if n_logged >= max_logged:
                            break
                        n_logged += 1
                        pic_id = (k + 1) + (step * bs)
                        sat = denorm(X[k])
                        guess_img = guesses[k].cpu().numpy()
                        true_img = y[k].cpu().numpy()
                        overlay = wandb.Image(
                            sat,
                            masks={
                                "predictions": {
                                    "mask_data": guess_img,
                                    "class_labels": id_to_name,
                                },
                                "ground_truth": {
                                    "mask_data": true_img,
                                    "class_labels": id_to_name,
                                },
                            },
                        )
                        wandb.log({f"Image No. {pic_id}": overlay})
                bar.update(X.shape[0])  # progress
        check_loss /= len(check_dl)

    if use_wandb:
        m = scores("val", conf, class_names)
        wandb.log(
            {
                "epoch": ep,
                "val/mean_loss": check_loss,
                **m,
            }
        )
        wandb.save("checkpoints/*")
wandb.finish()
