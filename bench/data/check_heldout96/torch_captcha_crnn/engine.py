from tqdm import tqdm
import torch
import config


def fit_epoch(net, loader, opt):
    net.train()
    running = 0
    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        for name, tensor in batch.items():
            batch[name] = tensor.to(config.DEV)
        opt.zero_grad()
        _, loss = net(**batch)
        loss.backward()
        opt.step()
        running += loss.item()
    return running / len(loader)


def score_epoch(net, loader):
    net.eval()
    running = 0
    all_out = []
    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        for name, tensor in batch.items():
            batch[name] = tensor.to(config.DEV)
        out, loss = net(**batch)
        running += loss.item()
        all_out.append(out)
    return all_out, running / len(loader)
