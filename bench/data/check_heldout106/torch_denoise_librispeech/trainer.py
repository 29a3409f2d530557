import argparse
import os

import torch
import torch.nn.functional as F
import torch.optim as optim
import torchaudio
from torchaudio.models import ConvTasNet
from torchsummary import summary
from torchvision import transforms
from tqdm import tqdm

from build_model import build_model


class Fitter:
    def __init__(
        self,
        train_set,
        val_set,
        ckpt_path,
        log_every=10,
    ):
        self.train_set = train_set
        self.val_set = val_set
        assert ckpt_path.endswith(".tar"), "checkpoint path has to end in .tar"
        self.ckpt_path = ckpt_path
        self.log_every = log_every

    def fit(
        self,
        net,
        device,
        epochs=10,
        batch_size=16,
        lr=0.001,
        weight_decay=1e-5,
        optimizer=optim.Adam,
        loss_fn=F.mse_loss,
        loss_mode="min",
        gradient_clipping=True,
    ):
        # device and loaders
        self.device = device
        kw = {"num_workers": 1, "pin_memory": True} if device == "cuda" else {}
        self.train_dl = torch.utils.data.DataLoader(self.train_set, batch_size=batch_size, **kw)
        self.val_dl = torch.utils.data.DataLoader(self.val_set, batch_size=batch_size, **kw)

        self.opt = optimizer(net.parameters(), lr=lr, weight_decay=weight_decay)
        self.loss_fn = loss_fn
        self.loss_mode = loss_mode
        self.gradient_clipping = gradient_clipping
        self.curves = {"train_loss": [], "test_loss": []}

        done_epochs = 0
        best = None

        # resume if a checkpoint is already there
        if os.path.isfile(self.ckpt_path):
            print(f"resuming from {self.ckpt_path}")
            state = torch.load(self.ckpt_path)
            net.load_state_dict(state["model_state_dict"])
            self.opt.load_state_dict(state["optimizer_state_dict"])
            self.loss_fn = state["loss_fn"]
            self.curves = state["history"]
            done_epochs = state["epoch"]
            best = state["best_loss"]
        else:
            print(f"no checkpoint yet, starting fresh")

        for epoch in range(done_epochs + 1, epochs + 1):
            print(f"\nepoch {epoch}/{epochs}")
            tr_loss = self.train(net)
            va_loss = self.test(net)

            self.curves["train_loss"].append(tr_loss)
            self.curves["test_loss"].append(va_loss)

            # keep only the checkpoint with the best validation loss
            if (
                best is None
                or (va_loss < best and self.loss_mode == "min")
                or (va_loss > best and self.loss_mode == "max")
            ):
                print(f"val loss {best} -> {va_loss}")
                print(f"writing {self.ckpt_path}")
                best = va_loss

                state = {
                    "epoch": epoch,
                    "best_loss": best,
                    "model_state_dict": net.state_dict(),
                    "optimizer_state_dict": self.opt.state_dict(),
                    "loss_fn": self.loss_fn,
                    "history": self.curves,
                }
                torch.save(state, self.ckpt_path)

        return self.curves

    def train(self, net):
        running = 0.0
        net.train()
        with tqdm(self.train_dl) as bar:
            for i, (mix, targets) in enumerate(bar):
                mix = mix.to(self.device)
                targets = targets.to(self.device)

                self.opt.zero_grad()

                est = net(mix)
                loss = self.loss_fn(est, targets)

                if self.loss_mode == "max":  # maximise by minimising the negative
                    loss = -1 * loss

                loss.mean().backward()

                # clip gradient values
                if self.gradient_clipping:
                    torch.nn.utils.clip_grad_value_(net.parameters(), clip_value=1.0)

                self.opt.step()

                running += loss.mean().item()

                if i % self.log_every == 0:
                    bar.set_postfix(
                        {
                            "loss": float(running / (i + 1)),
                        }
                    )

        running /= len(self.train_dl)
        return running

    def test(self, net):
        running = 0.0
        net.eval()
        with torch.no_grad():
            with tqdm(self.val_dl) as bar:
                for i, (mix, targets) in enumerate(bar):
                    mix = mix.to(self.device)
                    targets = targets.to(self.device)

                    est = net(mix)

                    loss = self.loss_fn(est, targets)

                    running += loss.mean().item()

                    if i % self.log_every == 0:
                        bar.set_postfix(
                            {
                                "loss": float(running / (i + 1)),
                            }
                        )

        running /= len(self.val_dl)
        return running


if __name__ == "__main__":
    cli = argparse.ArgumentParser()

    # data folders
    cli.add_argument("--clean_train_path", required=True)
    cli.add_argument("--clean_val_path", required=True)
    cli.add_argument("--noise_train_path", required=True)
    cli.add_argument("--noise_val_path", required=True)
    cli.add_argument("--keep_rate", default=1.0, type=float)

    # network and checkpoint
    cli.add_argument("--model", choices=["UNet", "UNetDNP", "ConvTasNet", "TransUNet", "SepFormer"])
    cli.add_argument("--checkpoint_name", required=True, help="path ending in .tar")

    # optimisation
    cli.add_argument("--epochs", default=10, type=int)
    cli.add_argument("--batch_size", default=16, type=int)
    cli.add_argument("--lr", default=1e-4, type=float)
    cli.add_argument("--gradient_clipping", action="store_true")

    # gpu selection
    cli.add_argument("--gpu", default="-1")

    opts = cli.parse_args()

    os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"  # stable gpu numbering
    os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpu

    gpus = list(map(lambda x: int(x), opts.gpu.split(",")))
    print("gpus:", gpus)

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"device: {device} ({opts.gpu})")

    # from torchaudio.models import ConvTasNet

    # from losses import LogSTFTMagnitudeLoss, MultiResolutionSTFTLoss, ScaleInvariantSDRLoss, SpectralConvergenceLoss
    # from models import *

    # network, input mode and loss chosen by name
    bundle = build_model(opts.model)

    net = bundle["model"]
    data_mode = bundle["data_mode"]
    loss_fn = bundle["loss_fn"]
    loss_mode = bundle["loss_mode"]

    # net = torch.nn.DataParallel(net, device_ids=list(range(len(gpus))))
    net = net.to(device)

    from data import FolderAudioSet, NoisyMixtureSet

    train_set = NoisyMixtureSet(
        speech_set=FolderAudioSet(root=opts.clean_train_path, keep_rate=opts.keep_rate),
        noise_set=FolderAudioSet(root=opts.noise_train_path, keep_rate=opts.keep_rate),
        mode=data_mode,
    )

    val_set = NoisyMixtureSet(
        speech_set=FolderAudioSet(root=opts.clean_val_path, keep_rate=opts.keep_rate),
        noise_set=FolderAudioSet(root=opts.noise_val_path, keep_rate=opts.keep_rate),
        mode=data_mode,
    )

    fitter = Fitter(train_set, val_set, ckpt_path=opts.checkpoint_name)
    curves = fitter.fit(
        net,
        device,
        epochs=opts.epochs,
        batch_size=opts.batch_size,
        lr=opts.lr,
        loss_fn=loss_fn,
        loss_mode=loss_mode,
        gradient_clipping=opts.gradient_clipping,
    )
