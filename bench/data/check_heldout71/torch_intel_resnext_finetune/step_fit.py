import torch


def fit_step(x, y, net, loss_fn, opt):
    opt.zero_grad()
    logits = net(x)
    loss = loss_fn(logits, y)

    guess = torch.argmax(logits, dim=1)
    acc = (guess == y).float().mean()

    loss.backward()
    opt.step()

    return acc.item(), loss.item()