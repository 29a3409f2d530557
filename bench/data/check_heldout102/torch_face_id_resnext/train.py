import os
from tqdm import tqdm
import torch
import torch.nn as nn
import torch.nn.functional as F
from dataproc import make_loaders
from hparams import Hparams
from model import ResNext_BN, ResNext
from utils import initiate_run
from loss import ArcFace
import wandb


def train_one_epoch(
    net: nn.Module,
    cfg: Hparams,
    loader: torch.utils.data.DataLoader,
    opt,
    crit,
    scaler,
    dev,
    margin_opt,
    margin_crit,
):

    net.train()

    # progress bar
    bar = tqdm(
        total=len(loader),
        dynamic_ncols=True,
        leave=False,
        position=0,
        desc="Train",
        ncols=5,
    )

    hits = 0
    loss_sum = 0

    # the margin loss lives on the same device
    margin_crit.to(dev)

    for k, (imgs, labs) in enumerate(loader):

        opt.zero_grad()  # clear gradients
        margin_opt.zero_grad()

        imgs, labs = imgs.to(dev), labs.to(dev)

        with torch.cuda.amp.autocast():  # mixed precision
            emb, logits = net(imgs, headless=True)
            loss = crit(logits, labs)

            if cfg.use_ft_loss:
                loss2 = cfg.ft_loss_weight * margin_crit(emb, labs)

        # running counts
        hits += int((torch.argmax(logits, axis=1) == labs).sum())
        loss_sum += float(loss.item())

        # numbers on the bar
        bar.set_postfix(
            acc="{:.04f}%".format(100 * hits / (cfg.batch_size * (k + 1))),
            loss="{:.04f}".format(float(loss_sum / (k + 1))),
            num_correct=hits,
            lr="{:.04f}".format(float(opt.param_groups[0]["lr"])),
        )

        scaler.scale(loss).backward(retain_graph=True if cfg.use_ft_loss else False)
        scaler.scale(loss2).backward()

        # rescale the margin-loss gradients by hand
        for p in margin_crit.parameters():
            p.grad.data *= 1.0 / cfg.ft_loss_weight

        scaler.step(opt)
        scaler.step(margin_opt)
        scaler.update()

        # a per-step scheduler would go here
        #

        bar.update()  # advance the bar

    bar.close()  # close the bar

    acc = 100 * hits / (cfg.batch_size * len(loader))
    loss_sum = float(loss_sum / len(loader))

    return acc, loss_sum


def evaluate(net, cfg, loader, crit, dev):

    net.eval()
    bar = tqdm(
        total=len(loader),
        dynamic_ncols=True,
        position=0,
        leave=False,
        desc="Val",
        ncols=5,
    )

    hits = 0.0
    loss_sum = 0.0

    for k, (imgs, labs) in enumerate(loader):

        # to the device
        imgs, labs = imgs.to(dev), labs.to(dev)

        # forward only
        with torch.inference_mode():
            logits = net(imgs)
            loss = crit(logits, labs)

        hits += int((torch.argmax(logits, axis=1) == labs).sum())
        loss_sum += float(loss.item())

        bar.set_postfix(
            acc="{:.04f}%".format(100 * hits / (cfg.batch_size * (k + 1))),
            loss="{:.04f}".format(float(loss_sum / (k + 1))),
            num_correct=hits,
        )

        bar.update()

    bar.close()
    acc = 100 * hits / (cfg.batch_size * len(loader))
    loss_sum = float(loss_sum / len(loader))
    return acc, loss_sum


def main(cfg: Hparams, device_override: str = None) -> None:

    if torch.cuda.is_available():
        dev = "cuda"
    elif torch.backends.mps.is_built():
        dev = "mps"
    else:
        dev = "cpu"

    if device_override:
        dev = device_override

    # where checkpoints are read and written
    if cfg.force_load_path == None:
        ckpt_in = os.path.join(
            cfg.model_dir, f"{cfg.architecture}/checkpoint.pth"
        )
    else:
        ckpt_in = os.path.join(cfg.force_load_path, "checkpoint.pth")

    if cfg.force_save_path == None:
        ckpt_out = ckpt_in
    else:
        ckpt_out = os.path.join(cfg.force_save_path, "checkpoint.pth")

    # make the checkpoint folder
    os.makedirs(
        os.path.join(cfg.model_dir, f"{cfg.architecture}/"), exist_ok=True
    )

    if cfg.force_save_path is not None:
        os.makedirs(cfg.force_save_path, exist_ok=True)

    tr_loader, va_loader, te_loader = make_loaders(cfg)

    if cfg.model == "ResNext":
        net = ResNext(cfg).to(dev)
    if cfg.model == "ResNext-BN":
        net = ResNext_BN(cfg).to(dev)

    crit = nn.CrossEntropyLoss(label_smoothing=cfg.label_smoothing)

    margin_crit = ArcFace(cfg.block_channels[-1], 7000, dev, s=64.0, m=0.5)

    for p in margin_crit.parameters():
        print(p)
        print(len(p))

    if cfg.optim_func == "AdamW":
        opt = torch.optim.AdamW(
            net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay
        )

    if cfg.optim_func == "SGD":
        opt = torch.optim.SGD(
            params=net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay
        )
    else:
        assert NameError, "optim_func has to be AdamW or SGD"

    margin_opt = torch.optim.SGD(params=margin_crit.parameters(), lr=0.1)

    # sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
    #     optimizer=opt, patience=3
    # )

    sched = torch.optim.lr_scheduler.CosineAnnealingLR(
        opt, T_max=8, eta_min=1e-6
    )

    scaler = torch.cuda.amp.GradScaler()

    start_ep = 0

    if cfg.warm_start:
        state = torch.load(ckpt_in)
        net.load_state_dict(state["model_state_dict"])
        opt.load_state_dict(state["optimizer_state_dict"])
        sched.load_state_dict(state["scheduler_state_dict"])
        start_ep = state["epoch"]

    if cfg.force_lr is not None:
        opt.param_groups[0]["lr"] = cfg.force_lr

    run = initiate_run(cfg)

    wandb.watch(net, log="all")

    top_acc = 0.0

    wandb.config.update(
        {"parameters": sum(p.numel() for p in net.parameters() if p.requires_grad)}
    )

    for ep in range(start_ep, cfg.epochs):

        lr_now = float(opt.param_groups[0]["lr"])

        tr_acc, tr_loss = train_one_epoch(
            net,
            cfg,
            tr_loader,
            opt,
            crit,
            scaler,
            dev,
            margin_opt,
            margin_crit,
        )

        print(
            "\nEpoch {}/{}: \ntrain acc {:.04f}%\t train loss {:.04f}\t lr {:.04f}".format(
                ep + 1, cfg.epochs, tr_acc, tr_loss, lr_now
            )
        )

        with torch.no_grad():
            va_acc, va_loss = evaluate(net, cfg, va_loader, crit, dev)

        print("val acc {:.04f}%\t val loss {:.04f}".format(va_acc, va_loss))

        sched.step()

        wandb.log(
            {
                "train_loss": tr_loss,
                "train_Acc": tr_acc,
                "validation_Acc": va_acc,
                "validation_loss": va_loss,
                "learning_Rate": sched.get_last_lr(),
            }
        )

        # keep the checkpoint when validation accuracy does not drop
        if va_acc >= top_acc:
            #
            print("writing checkpoint...")
            torch.save(
                {
                    "model_state_dict": net.state_dict(),
                    "optimizer_state_dict": opt.state_dict(),
                    "scheduler_state_dict": sched.state_dict(),
                    "val_acc": va_acc,
                    "epoch": ep,
                },
                ckpt_out,
            )
            print(f"written to {ckpt_out}")
            top_acc = va_acc
            if va_acc > 0.8:
                wandb.save(ckpt_in)
            # artifacts could version the checkpoints instead
    run.finish()


if __name__ == "__main__":
    cfg = Hparams()
    main(cfg, device_override=None)
