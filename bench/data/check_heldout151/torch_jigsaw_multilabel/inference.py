import gc
import torch
from tqdm import tqdm


def infer(net, loader, dev):
      net.eval()
      bar = tqdm(enumerate(loader), total=len(loader))
      probs = []
      for _, mb in bar:
        gc.collect()
        ids = mb['input_ids'].to(dev, dtype=torch.long)
        mask = mb['attention_mask'].to(dev, dtype=torch.long)
        logits = net(input_ids=ids,
                       attention_mask=mask)
        p = torch.sigmoid(logits)
        probs.extend(p.cpu().detach().numpy().tolist())
      return probs
