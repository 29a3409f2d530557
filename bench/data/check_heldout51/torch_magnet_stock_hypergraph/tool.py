from torch import nn
from torcheval.metrics.functional import binary_accuracy, binary_auprc, binary_auroc, binary_f1_score, binary_precision, binary_recall
import torch
from tqdm import tqdm
from torch.cuda.amp import autocast


def fit_one_epoch(net, loader, loss_fn, opt, scaler, device="cuda"):
    net.train()
    loss_sum = 0
    out_hist = []
    lab_hist = []

    bar = tqdm(loader, desc='train')
    for xb, yb in bar:  # xb: [B, N, T, F], yb: [B, N]
        bsz = xb.size(0)

        opt.zero_grad()

        outs = []
        labs = []
        batch_loss = 0

        with autocast():
            for k in range(bsz):
                x = xb[k].to(device)  # x: [N, T, F]
                y = yb[k].to(device)  # y: [N]

                # keep labels for the metrics
                labs.append(y)

                # forward
                logits, _, _, _, _, _ = net(x)  # network output
                outs.append(logits)

                loss = loss_fn(logits, y)
                batch_loss += loss

            mean_loss = batch_loss / bsz
            scaler.scale(mean_loss).backward()

        # clip gradients
        scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)


        scaler.step(opt)
        scaler.update()

        with torch.no_grad():
            outs_cat = torch.cat(outs, dim=0)
            labs_cat = torch.cat(labs, dim=0)

            out_hist.append(outs_cat.detach())
            lab_hist.append(labs_cat.detach())

            m = Scores.compute(outs_cat, labs_cat)

            bar.set_postfix(
                {'loss': mean_loss.item(), 'accuracy': m['accuracy'],
                 'precision': m['precision'],
                 'recall': m['recall'], 'f1': m['f1'],
                 'auroc': m['auroc'], 'auprc': m['auprc']})

        loss_sum += mean_loss.item()

    with torch.no_grad():
        all_out = torch.cat(out_hist, dim=0)
        all_lab = torch.cat(lab_hist, dim=0)
        res = Scores.compute(all_out, all_lab)
        res['loss'] = loss_sum / len(loader)

    return res


def score_epoch(net, loader, loss_fn, device="cuda"):
    net.eval()
    loss_sum = 0
    out_hist = []
    lab_hist = []

    with torch.no_grad():
        for xb, yb in loader:  # xb: [B, N, T, F], yb: [B, N]
            bsz = xb.size(0)
            outs = []
            labs = []

            batch_loss = 0
            for k in range(bsz):
                x = xb[k].to(device)  # x: [N, T, F]
                y = yb[k].to(device)  # y: [N]

                # keep labels for the metrics
                labs.append(y)

                # forward
                logits, _, _, _, _, _ = net(x)  # network output
                outs.append(logits)

                # loss
                loss = loss_fn(logits, y)
                batch_loss += loss

            # mean over the batch
            mean_loss = batch_loss / bsz
            loss_sum += mean_loss.item()

            # join this batch for the metrics
            outs_cat = torch.cat(outs, dim=0)
            labs_cat = torch.cat(labs, dim=0)

            out_hist.append(outs_cat)
            lab_hist.append(labs_cat)

    # metrics over every batch
    all_out = torch.cat(out_hist, dim=0)
    all_lab = torch.cat(lab_hist, dim=0)
    res = Scores.compute(all_out, all_lab)
    res['loss'] = loss_sum / len(loader)

    return res


class Scores:
    @staticmethod
    def compute(logits, targets) -> dict:
        """
        Binary classification metrics
        """
        pred = logits.argmax(dim=1)
        prob = nn.functional.softmax(logits, dim=1)[:, 1]

        # binary metrics
        acc = binary_accuracy(pred, targets)
        prec = binary_precision(pred, targets)
        rec = binary_recall(pred, targets)
        f1 = binary_f1_score(pred, targets)
        roc = binary_auroc(prob, targets)
        prc = binary_auprc(prob, targets)

        return {
            'accuracy': acc.item(),
            'precision': prec.item(),
            'recall': rec.item(),
            'f1': f1.item(),
            'auroc': roc.item(),
            'auprc': prc.item()
        }


class StopWhenFlat:
    def __init__(self, patience=10, min_delta=0):
        self.patience = patience
        self.min_delta = min_delta
        self.waited = 0
        self.best = None
        self.stop = False

    def __call__(self, val_loss):
        if self.best is None:
            self.best = val_loss
        elif val_loss > self.best - self.min_delta:
            self.waited += 1
            if self.waited >= self.patience:
                self.stop = True
        else:
            self.best = val_loss
            self.waited = 0
