import os
import time
from tqdm import tqdm

import torch
import torch.optim as optim
from torch.utils.tensorboard import SummaryWriter

from .utils import RMSE, MAE, MAPE, plot_predictions

# event writer
board = SummaryWriter()


@torch.no_grad()
def eval(net, device, loader, type=""):
    net.eval()
    net.to(device)

    abs_err = 0
    sq_err = 0
    pct_err = 0
    cnt = 0

    for k, mb in enumerate(loader):
        mb = mb.to(device)
        if mb.x.shape[0] == 1:
            pass
        else:
            with torch.no_grad():
                out = net(mb, device)
            gt = mb.y.view(out.shape)  # (sensors*batch, horizon)
            if k == 0:
                all_out = torch.zeros(len(loader), out.shape[0], out.shape[1])
                all_gt = torch.zeros(len(loader), out.shape[0], out.shape[1])
                # (batches, sensors*batch, horizon)
                # 27 batches for val/test

            gt = gt * loader.dataset.sigma + loader.dataset.mean
            out = out * loader.dataset.sigma + loader.dataset.mean
            all_out[k, : out.shape[0], :] = out
            all_gt[k, : gt.shape[0], :] = gt
            sq_err += RMSE(gt, out)
            abs_err += MAE(gt, out)
            pct_err += MAPE(gt, out)
            cnt += 1
    sq_err, abs_err, pct_err = sq_err / cnt, abs_err / cnt, pct_err / cnt
    print(f"{type}: abs {abs_err}, rms {RMSE}, pct {pct_err}")

    # per-batch means
    return sq_err, abs_err, pct_err, all_out, all_gt


def one_epoch(net, device, loader, opt, crit, ep):
    """
    One pass of updates over the loader
    :param net network
    :param device where to run
    :param loader batches
    :opt optimizer
    :param crit loss class
    :param ep pass index
    """
    net.train()
    for _, mb in enumerate(tqdm(loader, desc=f"pass {ep}")):
        mb.to(device)
        all_out = torch.squeeze(net(mb, device))  # (sensors*batch, horizon)
        l = crit()(all_out.float(), torch.squeeze(mb.y).float())
        board.add_scalar("fit/loss", l, ep)
        opt.zero_grad()
        l.backward()
        opt.step()
    return l


def fit_stgat(net, tr_loader, va_loader, cfg, device):
    """
    Fit the graph attention forecaster, scoring val every few passes.
    :param tr_loader fit batches
    :param va_loader val batches
    :param cfg settings
    :param device where to run
    """
    # each sample: 228 sensors x 12 input steps
    opt = optim.Adam(
        net.parameters(), lr=cfg["LR0"], weight_decay=cfg["WD"]
    )
    crit = torch.nn.MSELoss

    net.to(device)

    # fit each pass, score now and then
    for ep in tqdm(range(cfg["N_EPOCHS"])):
        l = one_epoch(
            net, device, tr_loader, opt, crit, ep
        )
        print(f"last loss {l:.3f}")
        if ep % 5 == 0:
            tr_abs, tr_sq, tr_pct, _, _ = eval(
                net, device, tr_loader, "fit"
            )
            va_abs, va_sq, va_pct, _, _ = eval(
                net, device, va_loader, "val"
            )
            board.add_scalar(f"abs/fit", tr_abs, ep)
            board.add_scalar(f"rms/fit", tr_sq, ep)
            board.add_scalar(f"pct/fit", tr_pct, ep)
            board.add_scalar(f"abs/val", va_abs, ep)
            board.add_scalar(f"rms/val", va_sq, ep)
            board.add_scalar(f"pct/val", va_pct, ep)

    board.flush()
    # checkpoint
    torch.save(
        {
            "epoch": ep,
            "model_state_dict": net.state_dict(),
            "optimizer_state_dict": opt.state_dict(),
            "loss": l,
        },
        os.path.join(cfg["CKPT_DIR"], f"stgat_checkpoint.pt"),
    )


def test_stgat(net, te_loader, cfg, device):
    """
    Score the forecaster on test days
    :param te_loader test batches
    :param device where to run
    """
    _, _, _, all_out, gt_all = eval(net, device, te_loader, "test")
    plot_predictions(all_out, gt_all, 0, cfg)