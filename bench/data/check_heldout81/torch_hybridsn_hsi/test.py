import numpy as np
from tqdm import tqdm
from utils.utils import AverageMeter
from utils.metrics import accuracy

#-------------------------------------------------------------------------------
def test_epoch(net, loader, loss_fn, dev):
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

        # percentage for display
        acc_pct = acc_meter.average.item() * 100

        bar.set_description(f'test')
        bar.set_postfix({
            "test_loss": loss_meter.average.item(),
            "test_accuracy": f"{acc_meter.average.item():.2f}%"
        })
        
    return y_true, y_pred
#----------------------------------------------------------------------------
