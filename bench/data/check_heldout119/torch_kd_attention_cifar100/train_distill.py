import os

import psutil
import argparse
from typing import Optional, Union, List

import wandb
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision.datasets as dataset
import torchvision.transforms as transforms
from torch.utils.data import DataLoader
from tqdm import tqdm

import model
import loss
from utils import *


PickFromDict = type('', (argparse.Action, ), dict(__call__=lambda a, p, n, v, o: setattr(n, a.dest, a.choices[v])))
ap = argparse.ArgumentParser()

ap.add_argument("--backbone",
                choices=dict(vgg11=model.VGG11,
                             resnet18=model.ResNet18,
                             resnet50=model.ResNet50),
                default=model.VGG11,
                action=PickFromDict)
ap.add_argument("--teacher",
                choices=dict(vgg11=model.VGG11,
                             resnet18=model.ResNet18,
                             resnet50=model.ResNet50),
                default=model.ResNet50,
                action=PickFromDict)
ap.add_argument("--loss",
                choices=dict(cle=loss.CrossEntropyLoss,
                             hkd=loss.HKD,
                             attention=loss.AT,
                             rkd=loss.RKD,
                             tkd=loss.TKD),
                default=loss.AT,
                action=PickFromDict)
ap.add_argument("--dataset",
                choices=dict(cifar100=dataset.CIFAR100),
                default=dataset.CIFAR100,
                action=PickFromDict)

ap.add_argument("--image_size", type=int, default=224, help="crop side in pixels")
ap.add_argument("--batch_size", type=int, default=64, help="samples per step")
ap.add_argument("--start_epoch", type=int, default=0)
ap.add_argument("--epoch", type=int, default=200, help="how many passes")
ap.add_argument('--lr_decay_epochs', type=int, default=[100, 150, 170], nargs='+', help="epochs where lr drops")
ap.add_argument('--lr_decay_gamma', default=0.5, type=float, help="lr drop factor")
ap.add_argument("--learning_rate", type=float, default=1e-5, help="initial lr")
ap.add_argument("--checkpoint_dir", default="checkpoint", help="where to write weights")
ap.add_argument("--num_classes", type=int, default=100, help="label count")
ap.add_argument("--resume", nargs='?', const=True, default=False, help="continue the last run")
ap.add_argument("--device", default="cuda:0" if torch.cuda.is_available() else "cpu", help="torch device")
ap.add_argument("--data_dir", default="dataset", help="root of the images")
ap.add_argument("--num_workers", type=int, default=psutil.cpu_count())
ap.add_argument("--best", type=int, default=0)
ap.add_argument("--test", nargs='?', const=True, default=False, help="only evaluate")

opts = ap.parse_args()
opts.device = torch.device(opts.device)


def evaluate(net: nn.Module, mentor: nn.Module, crit: nn.Module, loader: DataLoader):
    acc_avg = AverageMeter()
    loss_avg = AverageMeter()
    dev = wandb.config.device

    net = net.eval()

    bar = tqdm(loader, total=len(loader))
    for imgs, labels in bar:
        imgs: torch.Tensor = imgs.to(dev)
        labels: torch.Tensor = labels.to(dev)

        outputs: Union[torch.Tensor, torch.Tensor] = crit(imgs, labels, net, mentor)
        batch_loss, logits = outputs

        logits = logits.argmax(dim=1)

        loss_avg.update(batch_loss.mean().item())
        acc_avg.update((logits == labels).sum().item() / imgs.shape[0])
        bar.set_description(f"eval | loss {loss_avg.avg: .4f} acc {acc_avg.avg: .4f}")

    summary = {"val/acc": acc_avg.avg, "val/loss": loss_avg.avg}

    net = net.train()
    return summary


def fit(net: nn.Module, mentor: nn.Module, loader: DataLoader, crit: nn.Module,
        opt: optim.Optimizer, sched, wandb, run_id, val_loader: Optional[DataLoader]):
    acc_avg = AverageMeter()
    loss_avg = AverageMeter()
    dev = wandb.config.device
    crit = crit.to(dev)

    net = net.to(dev).train()

    top = wandb.config.best
    history = []

    for ep in range(wandb.config.start_epoch, wandb.config.epoch):
        bar = tqdm(loader, total=len(loader))
        loss_avg.reset()
        acc_avg.reset()
        for imgs, labels in bar:
            imgs: torch.Tensor = imgs.to(dev)
            labels: torch.Tensor = labels.to(dev)
            outputs: Union[torch.Tensor, torch.Tensor] = crit(imgs, labels, net, mentor)
            batch_loss, logits = outputs

            opt.zero_grad()
            batch_loss.backward()
            opt.step()
            sched.step()

            logits = logits.argmax(dim=1)

            loss_avg.update(batch_loss.mean().item())
            acc_avg.update((logits == labels).sum().item() / imgs.shape[0])

            bar.set_description(f"ep {ep + 1}/{wandb.config.epoch} | loss {loss_avg.avg: .4f} "
                                f"acc {acc_avg.avg: .4f}")

        summary = {"train/acc": acc_avg.avg, "train/loss": loss_avg.avg}
        score = acc_avg.avg
        history += [f'{summary["train/acc"]},{summary["train/loss"]}']
        if val_loader:
            with torch.no_grad():
                val_summary = evaluate(net, mentor, crit, val_loader)
                summary.update(val_summary)
            score = summary["val/acc"]
            history[-1] = [f'{summary["train/acc"]},{summary["train/loss"]},{summary["val/acc"]},{summary["val/loss"]}']

        ckpt = {"run_id": run_id, "state_dict": net.state_dict(), "optimizer": opt.state_dict(),
                "lr_scheduler": sched.state_dict(), "epoch": ep, "best": top, "net": net}
        if score > top:
            top = score
            torch.save(ckpt, os.path.join(wandb.config.run_dir, "best.pth"))
        torch.save(ckpt, os.path.join(wandb.config.run_dir, "last.pth"))

        wandb.log(summary)

    return history


if __name__ == "__main__":
    base_dir = os.path.join(os.getcwd(), opts.checkpoint_dir, "run")
    attempt_make_dir(base_dir)

    mentor: nn.Module = opts.teacher(pretrained=True, num_classes=opts.num_classes, teacher=True).to(opts.device)
    pupil: nn.Module = opts.backbone(pretrained=True, num_classes=opts.num_classes).to(opts.device)

    print(f"mentor network: {mentor}")
    print(f"pupil network: {pupil}")

    for p in mentor.parameters():
        p.requires_grad = False
    mentor = mentor.eval()

    opt = optim.Adam(pupil.parameters(), lr=opts.learning_rate, weight_decay=1e-5)
    sched = optim.lr_scheduler.MultiStepLR(opt, milestones=opts.lr_decay_epochs,
                                           gamma=opts.lr_decay_gamma)
    crit = opts.loss().to(opts.device)

    if not opts.resume:
        base_dir = os.path.join(opts.checkpoint_dir, "run", "exp" + f"{len(os.listdir(base_dir)) + 1}")
        attempt_make_dir(base_dir)
        opts.run_dir = base_dir
        run = wandb.init(project='kd_experiments', dir=base_dir, config=vars(opts))
    else:
        if isinstance(opts.resume, bool):
            base_dir = os.path.join(opts.checkpoint_dir, "run", "exp" + f"{len(os.listdir(base_dir))}")
            ckpt = torch.load(os.path.join(base_dir, "last.pth"), map_location=opts.device)
        else:
            base_dir = os.path.split(opts.resume)
            ckpt = torch.load(opts.resume, map_location=opts.device)

        pupil.load_state_dict(ckpt["state_dict"])
        opt.load_state_dict(ckpt["optimizer"])
        sched.load_state_dict(ckpt["lr_scheduler"])
        opts.start_epoch = ckpt["epoch"] + 1
        opts.best = ckpt["best"]
        opts.run_dir = base_dir
        run = wandb.init(id=ckpt["run_id"], project='kd_experiments', resume="allow", dir=base_dir,
                         config=vars(opts))

    if False and (isinstance(pupil, model.InceptionV1BN) or isinstance(pupil, model.GoogleNet)):
        norm = transforms.Compose([
            transforms.Lambda(lambda t: t[[2, 1, 0], ...] * 255.0),
            transforms.Normalize(mean=[104, 117, 128], std=[1, 1, 1]),
        ])
    else:
        norm = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])

    tf_train = transforms.Compose([
        transforms.Resize((256, 256)),
        transforms.RandomCrop(wandb.config.image_size),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        norm
    ])

    tf_eval = transforms.Compose([
        transforms.Resize((256, 256)),
        transforms.CenterCrop(wandb.config.image_size),
        transforms.ToTensor(),
        norm
    ])

    ds_train = opts.dataset(wandb.config.data_dir, train=True, transform=tf_train, download=True)
    ds_eval = opts.dataset(wandb.config.data_dir, train=False, transform=tf_eval, download=True)

    train_dl = DataLoader(ds_train, batch_size=wandb.config.batch_size, shuffle=True,
                          num_workers=wandb.config.num_workers)
    eval_dl = DataLoader(ds_eval, batch_size=wandb.config.batch_size, shuffle=False,
                         num_workers=wandb.config.num_workers)

    print("scoring the mentor first")
    summary = evaluate(mentor, mentor, loss.CrossEntropyLoss().to(wandb.config.device), eval_dl)
    print(f"mentor: loss {summary['val/loss']}, acc {summary['val/acc']}")

    history = []
    if not opts.test:
        history = fit(pupil, mentor, train_dl, crit, opt, sched, wandb, run.id, eval_dl)

    pupil.load_state_dict(torch.load(os.path.join(wandb.config.run_dir, "last.pth"), map_location=wandb.config.device)["state_dict"])
    summary = evaluate(pupil, mentor, crit, eval_dl)

    wandb.save(os.path.join(wandb.config.run_dir, "last.pth"))
    wandb.save(os.path.join(wandb.config.run_dir, "best.pth"))

    print(f"final: loss {summary['val/loss']}, acc {summary['val/acc']}")
    summary['test/loss'], summary['test/acc'] = summary['val/loss'], summary['val/acc']
    wandb.log(summary)
    with open(os.path.join(wandb.config.run_dir, "result.csv"), 'a') as fh:
        fh.write("\n".join(history))

    wandb.save(os.path.join(wandb.config.run_dir, "result.csv"))
    wandb.finish()
