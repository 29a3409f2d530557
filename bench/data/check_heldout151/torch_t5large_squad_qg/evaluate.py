import torch
from tqdm import tqdm
from torch.utils.data import DataLoader

def final_eval(net, va_set, dev, batch_size=8):
    """
    Mean loss over the dev split.

    Args:
        net (nn.Module): the trained model.
        va_set (Dataset): dev split.
        dev (torch.device): where to run.
        batch_size (int): eval batch size, 8 by default.

    Returns:
        float: the mean dev loss.
    """
    loader = DataLoader(va_set, batch_size=batch_size, shuffle=False, num_workers=0)
    net.to(dev)
    net.eval()

    acc = 0
    with torch.no_grad():
        for mb in tqdm(loader, desc="final dev"):
            ids = mb['input_ids'].to(dev)
            mask = mb['attention_mask'].to(dev)
            tgt = mb['labels'].to(dev)

            res = net(ids, mask, labels=tgt)
            loss = res.loss
            acc += loss.item()

    mean = acc / len(loader)
    print(f"final dev loss: {mean:.4f}")
    return mean


# usage sketch:
# dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
# net = SomeModel()
# va_set = SomeDevSet()
# mean = final_eval(net, va_set, dev)
