from tqdm import tqdm
import torch
import os


class RunningMean:
    def __init__(self):
        self.total = 0.0
        self.count = 0.0

    def send(self, v):
        self.total += v
        self.count += 1

    @property
    def value(self):
        if self.count == 0:
            return 0
        else:
            return 1.0 * self.total / self.count

    def reset(self):
        self.total = 0.0
        self.count = 0.0

def run_training(n_epochs, loader, opt, det, dev, wandb, cfg, log):
    
    
    lowest = 1000
    meter = RunningMean()

    for ep in range(n_epochs):
        meter.reset()

        for imgs, tgts, ids in tqdm(loader):

            # move the batch to the device
            imgs = list(im.float().to(dev) for im in imgs)
            tgts = [{k: v.to(dev) for k, v in t.items()} for t in tgts]

            # loss terms
            parts = det(imgs, tgts)

            total = sum(p for p in parts.values())
            total_f = total.item()

            meter.send(total_f)

            # update
            opt.zero_grad()
            total.backward()
            opt.step()

        
        wandb.log({"loss": meter.value})
        log.info(f"Epoch #{ep+1} loss: {meter.value}")
        if meter.value < lowest:
            path = f'./checkpoints/tv_{cfg["OPTIMIZER"]}_{cfg["AUGMENTATION"]}.pth'
            d = os.path.dirname(path)
            if not os.path.exists(d):
                os.makedirs(d)
            
            torch.save(det.state_dict(), path)
            lowest = meter.value
