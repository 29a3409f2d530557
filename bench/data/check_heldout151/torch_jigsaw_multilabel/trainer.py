import gc
from tqdm import tqdm
import torch
import pandas as pd
import numpy as np
import copy
from eval import run_val_epoch


def run_train_epoch(net, opt, loader, crit, dev, sched) :
    loss_sum = 0.0
    n_seen = 0.0
    net.train()
    bar = tqdm(enumerate(loader), total=len(loader))
    for it, mb in bar:
        ids = mb['input_ids'].to(dev, dtype=torch.long)
        mask = mb['attention_mask'].to(dev, dtype=torch.long)
        tgt = mb['labels'].to(dev, dtype=torch.float)
        logits = net(input_ids=ids,
                       attention_mask=mask)
        loss = crit(logits, tgt)
        # the last batch may be smaller, so weight by its size
        bs = ids.size(0)
        loss_sum += (loss.item()*bs)
        n_seen += bs
        # parameter update
        loss.backward() # gradients
        opt.step() # apply them
        opt.zero_grad() # clear for the next step
        sched.step() # advance the schedule
    mean_loss = loss_sum / n_seen
    gc.collect()
    return mean_loss


def fit(net, opt, tr_loader, va_loader, crit, dev, epochs, out_path, sched):
    log = []
    best_val = np.inf
    # epochs
    for ep in range(epochs):
        tr_loss = run_train_epoch(net, opt, tr_loader, crit, dev,
                                 sched)
        va_loss = run_val_epoch(net, va_loader, crit, dev)
        row = {'epoch': ep,
                         'train_loss:': tr_loss,
                         'val_loss': va_loss}
        print(row)
        # remember the best weights
        log.append(row)
        if va_loss < best_val:
            best_val = va_loss
            best_state = copy.deepcopy(net.state_dict())
            torch.save(net.state_dict(), out_path)

    # restore the best weights
    net.load_state_dict(best_state)
    gc.collect()
    return net, pd.DataFrame(log)
