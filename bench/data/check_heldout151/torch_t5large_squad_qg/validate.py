import torch
from tqdm import tqdm

def dev_loss(net, loader, dev):
    net.eval()
    acc = 0
    with torch.no_grad():
        for mb in tqdm(loader, desc="dev"):
            ids = mb['input_ids'].to(dev)
            mask = mb['attention_mask'].to(dev)
            tgt = mb['labels'].to(dev)

            res = net(ids, mask, labels=tgt)
            loss = res.loss
            acc += loss.item()

    mean = acc / len(loader)
    return mean
