import torch

@torch.no_grad()
def eval_step(x, y, net, loss_fn):
    logits = net(x)
    loss = loss_fn(logits, y)
    
    guess = torch.argmax(logits, dim=1)
    acc = (guess == y).float().mean()

    return acc.item(), loss.item()