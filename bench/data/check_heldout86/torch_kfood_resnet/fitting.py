import time
import copy
import torch
import matplotlib.pyplot as plt

dev = 'cuda' if torch.cuda.is_available() else 'cpu'

def fit_model(net, loss_fn, opt, sched, n_epochs, loader, verbose=True):
    net.train()
    net.to(dev)
    t0 = time.time()
    top_acc = 0.0
    top_weights = copy.deepcopy(net.state_dict())
    for k, n_epochs in enumerate(range(n_epochs)):
        sum_loss = 0.0
        sum_hits = 0.0
        seen = 0
        ep_t0 = time.time()
        for step, (imgs, ys) in enumerate(loader):
            imgs = imgs.to(dev)
            ys = ys.to(dev)
            opt.zero_grad()
            logits = net(imgs)
            _, guess = torch.max(logits, 1)
            loss = loss_fn(logits, ys)
            loss.backward()
            opt.step()
            sum_loss += loss.item() * imgs.size(0)
            sum_hits += torch.sum(guess == ys.data)
            seen += len(imgs)
        if sched != None:
            sched.step()
        ep_loss = sum_loss / seen
        ep_acc = sum_hits.double() / seen
        if verbose:
            ep_secs = time.time() - ep_t0
            print('epoch {} loss {:.3f}  acc {:.4f} took {:.0f}m {:.0f}s'
                  .format(k + 1, ep_loss, ep_acc, ep_secs // 60, ep_secs % 60))
        if ep_acc > top_acc:
            top_acc = ep_acc
            top_weights = copy.deepcopy(net.state_dict())
    total_secs = time.time() - t0
    print('fitting done in {:.0f}m {:.0f}s'.format(total_secs // 60, total_secs % 60))
    print('best acc {:4f}'.format(top_acc))
    net.load_state_dict(top_weights)
    return net, '{:4f}'.format(top_acc)


def check_model(net, loader):
    was_fitting = net.training
    net.eval()
    hits = 0
    seen = 0
    with torch.no_grad():
        for k, (imgs, ys) in enumerate(loader):
            imgs = imgs.to(dev)
            ys = ys.to(dev)

            logits = net(imgs)
            _, guess = torch.max(logits, 1)
            seen += ys.size(0)
            hits += (guess == ys).sum().item()
        net.train(mode=was_fitting)
        print('held-out accuracy: %d %%' % (100 * hits / seen))


def show_guesses(net, loader, dish_names):
    net.eval()
    fig = plt.figure()
    with torch.no_grad():
        for k, (imgs, ys) in enumerate(loader):
            imgs = imgs.to(dev)
            ys = ys.to(dev)

            logits = net(imgs)
            _, guesses = torch.max(logits, 1)

            for j in range(imgs.size()[0]):
                guessed = dish_names[int(guesses[j])]
                actual = dish_names[int(ys[j])]
                draw(imgs.cpu().data[j], "truth: {}, guess: {}".format(actual, guessed))


def draw(t, caption=None):
    """Show one image tensor."""
    t = t.numpy().transpose((1, 2, 0))
    plt.imshow(t)
    if caption is not None:
        plt.title(caption)
    plt.pause(0.001)  # give the window time to redraw