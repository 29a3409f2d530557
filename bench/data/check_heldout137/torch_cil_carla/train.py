import os
import torch
import shutil
import yaml
from utils import AverageMeter
from torch.utils.data import DataLoader
from torch.nn import Module
from torch.optim.lr_scheduler import ReduceLROnPlateau
from dataset import ImitationLearningDataset
from model import Network, BranchedNetwork
from torch.utils.tensorboard import SummaryWriter
from config import get_cfg_defaults
from datetime import datetime


def fit_one_epoch(
    model: Module,
    loader: DataLoader,
    crit,
    optimizer,
    device,
    cfg,
    writer: SummaryWriter,
    epoch: int,
    w_terms: dict,
):
    model.train()
    fit_meter = AverageMeter()

    for idx, (raw, frame, speed, cmd_sel, target) in enumerate(loader):
        it = epoch * len(loader) + idx + 1
        frame = frame.to(device)
        speed = speed.to(device)
        cmd_sel = cmd_sel.to(device)
        target = target.to(device)

        if cfg.MODEL.BRANCHED:
            out = model(frame, speed)
            target = target.float() * cmd_sel
            out = out.float() * cmd_sel
            l_steer = crit(
                out.reshape((-1, 4, 3))[:, :, 0],
                target.reshape((-1, 4, 3))[:, :, 0],
            )
            l_gas = crit(
                out.reshape((-1, 4, 3))[:, :, 1],
                target.reshape((-1, 4, 3))[:, :, 1],
            )
            l_brake = crit(
                out.reshape((-1, 4, 3))[:, :, 2],
                target.reshape((-1, 4, 3))[:, :, 2],
            )
            loss = (
                w_terms['steer'] * l_steer +
                w_terms['acc'] * l_gas +
                w_terms['brake'] * l_brake
            )

            optimizer.zero_grad()
            loss.backward()
        else:
            out = model(frame, speed, cmd_sel)
            l_steer = crit(out[:, 0], target[:, 0])
            l_gas = crit(out[:, 1], target[:, 1])
            l_brake = crit(out[:, 2], target[:, 2])
            loss = (
                w_terms['steer'] * l_steer +
                w_terms['acc'] * l_gas +
                w_terms['brake'] * l_brake
            )
            optimizer.zero_grad()
            loss.backward()

        fit_meter.update(loss.item(), cfg.TRAIN.BATCH_SIZE)

        optimizer.step()
        if (idx + 1) % cfg.TRAIN.PRINT_INTERVAL == 0 and idx != 0:
            print(f"fit: epoch {epoch + 1} step {it} loss: {loss.item()}")
            # remote logging disabled
            writer.add_scalar('loss/fit', loss.item(), it)
            writer.add_scalar('steer/fit', l_steer.item(), it)
            writer.add_scalar('gas/fit', l_gas.item(), it)
            writer.add_scalar('brake/fit', l_brake.item(), it)

    return fit_meter.avg


def check_one_epoch(
    model: Module,
    loader: DataLoader,
    crit,
    device,
    cfg,
    writer: SummaryWriter,
    epoch: int,
    w_terms: dict,
):
    model.eval()
    hold_meter = AverageMeter()

    for idx, (raw, frame, speed, cmd_sel, target) in enumerate(loader):
        it = epoch * len(loader) + idx + 1
        frame = frame.to(device)
        speed = speed.to(device)
        cmd_sel = cmd_sel.to(device)
        target = target.to(device)

        if cfg.MODEL.BRANCHED:
            with torch.no_grad():
                out = model(frame, speed)
            out = out * cmd_sel
            target = target * cmd_sel
            l_steer = crit(
                out.reshape((-1, 4, 3))[:, :, 0],
                target.reshape((-1, 4, 3))[:, :, 0],
            )
            l_gas = crit(
                out.reshape((-1, 4, 3))[:, :, 1],
                target.reshape((-1, 4, 3))[:, :, 1],
            )
            l_brake = crit(
                out.reshape((-1, 4, 3))[:, :, 2],
                target.reshape((-1, 4, 3))[:, :, 2],
            )
            loss = (
                w_terms['steer'] * l_steer +
                w_terms['acc'] * l_gas +
                w_terms['brake'] * l_brake
            )
        else:
            with torch.no_grad():
                out = model(frame, speed, cmd_sel)

            l_steer = crit(out[:, 0], target[:, 0])
            l_gas = crit(out[:, 1], target[:, 1])
            l_brake = crit(out[:, 2], target[:, 2])
            loss = (
                w_terms['steer'] * l_steer +
                w_terms['acc'] * l_gas +
                w_terms['brake'] * l_brake
            )

        hold_meter.update(loss.item(), cfg.VAL.BATCH_SIZE)

        if (idx + 1) % cfg.VAL.PRINT_INTERVAL == 0 and idx != 0:
            print(f"check: epoch {epoch + 1} step {it} loss: {loss.item()}")
            # remote logging disabled
            writer.add_scalar('loss/check', loss.item(), it)
            writer.add_scalar('steer/check', l_steer.item(), it)
            writer.add_scalar('gas/check', l_gas.item(), it)
            writer.add_scalar('brake/check', l_brake.item(), it)

    return hold_meter.avg


def main():
    opts = None  # no command line options yet
    cfg = get_cfg_defaults()
    if opts:
        cfg.merge_from_list(opts)
    cfg.freeze()
    td = datetime.now().strftime("%Y-%m-%d")
    run_dir = f"exps/{td}"
    run_dir = os.path.join(os.path.abspath(os.getcwd()), run_dir)
    print(f"Run folder: {run_dir}")
    if not os.path.isdir(run_dir):
        os.makedirs(run_dir)
    else:
        shutil.rmtree(run_dir)

    ckpt_dir = os.path.join(run_dir, "ckpt_list")
    if not os.path.isdir(ckpt_dir):
        os.makedirs(ckpt_dir)

    config = os.path.join(run_dir, "config.yaml")
    with open(config, 'w', encoding='utf8') as fp:
        fp.write(cfg.dump())
        print(f"Settings written to: {config}")

    writer = SummaryWriter(log_dir=run_dir)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    fit_ds = ImitationLearningDataset(cfg, "train")
    fit_loader = DataLoader(
        fit_ds,
        batch_size=cfg.TRAIN.BATCH_SIZE,
        num_workers=cfg.SYSTEM.NUM_WORKERS,
        shuffle=True,
    )

    hold_ds = ImitationLearningDataset(cfg, "val")
    hold_loader = DataLoader(
        hold_ds,
        batch_size=cfg.VAL.BATCH_SIZE,
        num_workers=cfg.SYSTEM.NUM_WORKERS,
        shuffle=True,
    )

    if cfg.MODEL.BRANCHED:
        print("Using the branched net")
        model = BranchedNetwork(cfg)
    else:
        print("Using the single-head net")
        model = Network(cfg)

    model = model.float()
    model.to(device)
    model.train()
    # remote watching disabled

    if cfg.TRAIN.OPTIM == "adam":
        optimizer = torch.optim.Adam(
            [p for p in model.parameters() if p.requires_grad],
            lr=cfg.TRAIN.LR,
        )
    elif cfg.TRAIN.OPTIM == "sgd":
        optimizer = torch.optim.SGD(
            [p for p in model.parameters() if p.requires_grad],
            lr=cfg.TRAIN.LR,
            momentum=cfg.TRAIN.MOMENTUM,
            nesterov=cfg.TRAIN.NESTEROV,
        )
    else:
        raise NotImplementedError("unknown optimizer")

    scheduler = ReduceLROnPlateau(
        optimizer, mode='min', factor=0.1, patience=3, threshold=0.0000001)

    crit = torch.nn.MSELoss(reduction="mean")

    w_terms = {
        'steer': 0.5,
        'acc': 0.45,
        'brake': 0.05,
    }

    best_hold = 1000
    for epoch in range(cfg.TRAIN.NUM_EPOCHS):
        fit_loss = fit_one_epoch(
            model=model,
            loader=fit_loader,
            crit=crit,
            optimizer=optimizer,
            device=device,
            cfg=cfg,
            writer=writer,
            epoch=epoch,
            w_terms=w_terms
        )
        print(f"mean fit loss: {fit_loss}")
        hold_loss = check_one_epoch(
            model=model,
            loader=hold_loader,
            crit=crit,
            device=device,
            cfg=cfg,
            writer=writer,
            epoch=epoch,
            w_terms=w_terms,
        )
        print(f"mean check loss: {hold_loss}")
        scheduler.step(hold_loss)
        print(f"current lr: {scheduler._last_lr}")
        if hold_loss < best_hold:
            ckpt_file = os.path.join(ckpt_dir, "best.pth")
            torch.save(model, ckpt_file)
            best_hold = hold_loss
        else:
            ckpt_file = os.path.join(ckpt_dir, f"epoch-{str(epoch + 1).zfill(3)}.pth")
            ckpt_list = os.listdir(ckpt_dir)
            ckpt_list.remove("best.pth")
            while len(ckpt_list) >= 3:
                ckpt_list = list(sorted(ckpt_list))
                oldest = ckpt_list[0]
                ckpt_list.remove(oldest)

            torch.save(model, ckpt_file)

        print(f"Checkpoint written: {ckpt_file}")


if __name__ == "__main__":
    main()
