import torch

def fit_step(batch, det, opt,dev):
    det.train()
    imgs, tgts = batch
    imgs = list(im.to(dev) for im in imgs)
    tgts = [{k: v.to(dev) for k, v in t.items()} for t in tgts]
    opt.zero_grad()
    parts = det(imgs, tgts)
    total = sum(p for p in parts.values())
    total.backward()
    opt.step()
    return total, parts
