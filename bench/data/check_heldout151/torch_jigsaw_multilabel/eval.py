import gc
from tqdm import tqdm
import torch


def score(net, loader, dev):
    net.eval()
    bar = tqdm(enumerate(loader), total=len(loader))
    probs = []
    gold = []
    for _, mb in bar:
        gc.collect()
        ids = mb['input_ids'].to(dev, dtype=torch.long)
        mask = mb['attention_mask'].to(dev, dtype=torch.long)
        tgt = mb['labels'].to(dev, dtype=torch.float)
        logits = net(input_ids=ids,
                       attention_mask=mask)
        p = torch.sigmoid(logits)
        gold.extend(tgt.cpu().detach().numpy().tolist())
        probs.extend(p.cpu().detach().numpy().tolist())
    return probs, gold


def run_val_epoch(net, loader, crit, dev):
  loss_sum = 0.0
  n_seen = 0.0
  net.eval()
  bar = tqdm(enumerate(loader), total=len(loader))
  for it, mb in bar:
    ids = mb['input_ids'].to(dev, dtype=torch.long)
    mask = mb['attention_mask'].to(dev, dtype=torch.long)
    tgt = mb['labels'].to(dev, dtype=torch.float)
    logits = net(input_ids=ids,
                   attention_mask=mask)
    loss = crit(logits, tgt)
    # weight the last, smaller batch by its size
    bs = ids.size(0)
    loss_sum += (loss.item()*bs)
    n_seen += bs
  mean_loss = loss_sum / n_seen
  gc.collect()
  return mean_loss
