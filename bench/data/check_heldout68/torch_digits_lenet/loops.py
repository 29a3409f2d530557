import torch

from torch.utils.data import DataLoader


def fit_batch(net: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> tuple:
    net.train()  # dropout/bn in training behaviour
    net.optimizer.zero_grad()  # fresh gradients each step

    # forward
    out = net(image=x)
    loss = net.loss_function(out, y)

    # backward
    loss.backward()
    net.optimizer.step()  # apply the update

    return loss.item(), out  # plain float for the running sum


@torch.no_grad()  # no autograd graph in here
def hold_batch(net: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> tuple:
    net.eval()  # inference behaviour

    out = net(image=x)
    loss = net.loss_function(out, y)

    return loss.item(), out


@torch.no_grad()
def infer_batch(net: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:
    net.eval()  # inference behaviour

    out = net(image=x)

    return out


def fit(net: torch.nn.Module, fit_loader: DataLoader, hold_loader: DataLoader, n_epochs: int,
          give_back: bool = False) -> torch.nn.Module:
    print("training started")
    n_fit = len(fit_loader)
    n_hold = len(hold_loader)

    for ep in range(1, n_epochs + 1):
        print(f"fit pass {ep:02}")
        run_fit = 0.0

        # fit pass
        for _, (xb, yb) in enumerate(fit_loader):
            # noinspection PyTypeChecker
            b_loss, _ = fit_batch(net=net, x=xb, y=yb)
            run_fit += b_loss

        mean_fit = run_fit / n_fit
        net.epoch_loss_trn.append(mean_fit)

        print(f"  mean fit loss {mean_fit:.3f}")
        print()

        # hold-out pass
        print(f"hold-out pass {ep:02}")
        run_hold = 0.0

        for _, (xb, yb) in enumerate(hold_loader):
            # noinspection PyTypeChecker
            b_loss, _ = hold_batch(net=net, x=xb, y=yb)
            run_hold += b_loss

        mean_hold = run_hold / n_hold
        net.epoch_loss_vld.append(mean_hold)

        print(f"  mean hold-out loss {mean_hold:.3f}")
        print()

    print("training finished")

    if give_back:
        return net


@torch.no_grad()
def infer(net: torch.nn.Module, loader: DataLoader, give_back: bool = False) -> torch.Tensor:
    net.eval()
    outs = []

    for xb, in loader:
        # noinspection PyTypeChecker
        b_out = infer_batch(net=net, x=xb)
        b_out = torch.exp(b_out)
        b_out = torch.max(b_out, dim=1)[1]
        outs.append(b_out)

    out = torch.cat(outs)

    if give_back:
        return out
