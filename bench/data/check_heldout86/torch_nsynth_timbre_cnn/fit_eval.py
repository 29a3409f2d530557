import time
import torch

def fit_epoch(net, device, loader, opt, epoch, report_every):
    net.train()
    for step, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(device), yb.to(device)

        opt.zero_grad()

        logits = net(xb)

        batch_loss = net.loss(logits, yb)
        batch_loss.backward()
        opt.step()
        if step % report_every == 0:
            print('{} epoch {} step [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(
                time.ctime(time.time()),
                epoch, step * len(xb), len(loader.dataset),
                100. * step / len(loader), batch_loss.item()))
    return batch_loss.item()

def evaluate(net, device, loader, keep_images=False, report_every=None):
    net.eval()
    summed_loss = 0
    hits = 0

    good_imgs = []
    good_ids = []

    bad_imgs = []
    guessed_ids = []
    truth_ids = []
    with torch.no_grad():
        for step, (xb, yb) in enumerate(loader):
            print("inputs")
            print(xb)
            print(xb.to(device))
            print("targets\n")
            print(yb)
            xb, yb = xb.to(device), yb.to(device)
            logits = net(xb)
            step_loss = net.loss(logits, yb, reduction='sum').item()
            summed_loss += step_loss
            guess = logits.max(1)[1]
            hit_mask = guess.eq(yb.view_as(guess))
            n_hits = hit_mask.sum().item()
            hits += n_hits
            if keep_images:
                if n_hits > 0:
                    good_imgs.append(xb[hit_mask, ...].data.cpu().numpy())
                    good_batch_ids = yb[hit_mask].data.cpu().numpy()[:, 0]
                    good_ids.append(good_batch_ids)
                if n_hits < len(yb):
                    bad_batch = xb[~hit_mask, ...].data.cpu().numpy()
                    bad_imgs.append(bad_batch)
                    guessed_batch = guess[~hit_mask].data.cpu().numpy()
                    guessed_ids.append(guessed_batch)
                    truth_batch = yb[~hit_mask].data.cpu().numpy()[:, 0]

                    truth_ids.append(truth_batch)
            if report_every is not None and step % report_every == 0:
                print('{} eval: [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(
                    time.ctime(time.time()),
                    step * len(xb), len(loader.dataset),
                    100. * step / len(loader), step_loss))
    if keep_images:
        good_imgs = np.concatenate(good_imgs, axis=0)
        bad_imgs = np.concatenate(bad_imgs, axis=0)
        guessed_ids = np.concatenate(guessed_ids, axis=0)
        good_ids = np.concatenate(good_ids, axis=0)
        truth_ids = np.concatenate(truth_ids, axis=0)

    summed_loss /= len(loader.dataset)
    eval_acc = 100. * hits / len(loader.dataset)

    print('\nEval split: mean loss {:.4f}, correct {}/{} ({:.0f}%)\n'.format(
        summed_loss, hits, len(loader.dataset), eval_acc))
    if keep_images:
        return good_imgs, good_ids, bad_imgs, guessed_ids, truth_ids,eval_acc,summed_loss
    else:
      return eval_acc,summed_loss
