import torch

def onehot_of_argmax(scores):
    hard = torch.zeros_like(scores)
    hard[torch.tensor(range(scores.shape[0])), torch.argmax(scores, dim=1)] = 1
    return hard


def fit_all_epochs(net, opt, objective, fit_batches, dev_batches, n_epochs, log_every):
    print("training begins")
    dev = torch.device("cuda" if torch.cuda.is_available()
                       else "cpu")
    net.to(dev)
    all_fit_losses, all_fit_accs, all_dev_losses, all_dev_accs = [], [], [], []

    for ep in range(1, n_epochs + 1):
        net, ep_losses, ep_accs = one_epoch(net,
                                            opt,
                                            objective,
                                            fit_batches,
                                            dev_batches,
                                            dev,
                                            log_every)
        dev_loss, dev_acc = evaluate(net, objective, dev_batches, dev)
        print(f"[{ep}/{n_epochs}] "
              f"fit loss {sum(ep_losses) / len(ep_losses):.3f}, "
              f"fit acc {sum(ep_accs) / len(ep_accs):.3f}, "
              f"dev loss {dev_loss:.3f}, "
              f"dev acc {dev_acc:.3f}")
        all_fit_losses.extend(ep_losses)
        all_fit_accs.extend(ep_accs)
        all_dev_losses.append(dev_loss)
        all_dev_accs.append(dev_acc)
    return net, all_fit_losses, all_fit_accs, all_dev_losses, all_dev_accs


def one_epoch(net, opt, objective, fit_batches, dev_batches, dev, log_every):
    # optimisation pass
    net.train()
    step_losses, step_accs = [], []
    n_steps = len(fit_batches)
    for step, (xb, yb) in enumerate(fit_batches, 1):
        feats, targets = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        scores = net.forward(feats)
        loss = objective(scores, targets.float())
        loss.backward()
        opt.step()
        step_losses.append(loss.item())

        hard = onehot_of_argmax(scores)
        acc = (torch.argmax(hard, dim=1) == torch.argmax(targets, dim=1)).float().mean().item()
        step_accs.append(acc)

        if log_every is not None and step % log_every == 0:
            dev_loss, dev_acc = evaluate(net, objective, dev_batches, dev)
            net.train()
            print(f"\tstep {step}/{n_steps}: "
                  f"\tfit loss {sum(step_losses[-log_every:]) / log_every:.3f}, "
                  f"\tfit acc {sum(step_accs[-log_every:]) / log_every:.3f}, "
                  f"\tdev loss {dev_loss:.3f}, "
                  f"\tdev acc {dev_acc:.3f}")

    return net, step_losses, step_accs


def evaluate(net, objective, dev_batches, dev):
    loss_sum = 0
    acc_sum = 0
    net.eval()
    with torch.no_grad():
        for step, (xb, yb) in enumerate(dev_batches, 1):
            feats, targets = xb.to(dev), yb.to(dev)
            scores = net.forward(feats)

            batch_loss = objective(scores, targets.float())
            loss_sum += batch_loss.item()
            hard = onehot_of_argmax(scores)
            acc = (torch.argmax(hard, dim=1) == torch.argmax(targets, dim=1)).float().mean().item()
            acc_sum += acc
    return loss_sum / len(dev_batches), acc_sum / len(dev_batches)
