import numpy as np
from tqdm import tqdm
from utils.utils import AverageMeter
from utils.metrics import accuracy

#-------------------------------------------------------------------------------
# one training epoch
def train_epoch(net, loader, loss_fn, opt, ep, n_epochs, dev):
    loss_meter = AverageMeter()
    acc_meter = AverageMeter()
    y_true = np.array([])
    y_pred = np.array([])
    bar = tqdm(enumerate(loader), total = len(loader))
    for it, (x, y) in bar:
        x = x.float().to(dev)
        y = y.long().to(dev)

        opt.zero_grad()
        logits = net(x)
        loss = loss_fn(logits, y)
        loss.backward()
        opt.step()       

        # batch accuracy
        acc_b, t, p = accuracy(logits, y, topk=(1,))
        n = x.shape[0]

        # running averages
        loss_meter.update(loss.data, n)
        acc_meter.update(acc_b[0].data, n)
        y_true = np.append(y_true, t.data.cpu().numpy())
        y_pred = np.append(y_pred, p.data.cpu().numpy())

        # percentage for display
        acc_pct = acc_meter.average.item() * 100

        bar.set_description(f'train ep [{ep+1}/{n_epochs}]')
        bar.set_postfix({
            "train_loss": loss_meter.average.item(),
            "train_accuracy": f"{acc_meter.average.item():.2f}%"
        })

    return acc_meter.average, loss_meter.average, y_true, y_pred
#-------------------------------------------------------------------------------

# one validation pass
def valid_epoch(net, loader, loss_fn, dev):
    loss_meter = AverageMeter()
    acc_meter = AverageMeter()
    y_true = np.array([])
    y_pred = np.array([])
    bar = tqdm(enumerate(loader), total = len(loader))
    for it, (x, y) in bar:
        x = x.float().to(dev)
        y = y.long().to(dev)  

        logits = net(x)
        loss = loss_fn(logits, y)

        # batch accuracy
        acc_b, t, p = accuracy(logits, y, topk=(1,))
        n = x.shape[0]

        # running averages
        loss_meter.update(loss.data, n)
        acc_meter.update(acc_b[0].data, n)
        y_true = np.append(y_true, t.data.cpu().numpy())
        y_pred = np.append(y_pred, p.data.cpu().numpy())

        bar.set_description(f'val')
        bar.set_postfix({
            "val_loss": loss_meter.average.item(),
            "val_accuracy": f"{acc_meter.average.item():.2f}%"
        })
        
    return loss_meter.average, y_true, y_pred
#-------------------------------------------------------------------------------
