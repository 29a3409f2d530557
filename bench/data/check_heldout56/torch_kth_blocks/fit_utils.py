import os
import torch
import torch.nn as nn

from torch.autograd import Variable

def run_net(net, batch, with_flow=False, gpu=False):

    if with_flow:
        imgs = Variable(batch["frames"])
        fx = Variable(batch["flow_x"])
        fy = Variable(batch["flow_y"])

        if gpu:
            imgs = imgs.cuda()
            fx = fx.cuda()
            fy = fy.cuda()

        logits = net(imgs, fx, fy)

    else:
        batch = Variable(batch)
        if gpu:
            batch = batch.cuda()

        logits = net(batch)

    return logits

def score(net, loader, with_flow=False, gpu=False):
    total_loss = 0
    hits = 0
    seen = 0

    # eval mode for dropout / batchnorm
    net.eval()

    for k, batch in enumerate(loader):
        logits = run_net(net, batch["instance"], with_flow=with_flow,
                         gpu=gpu)

        y = Variable(batch["label"])
        if gpu:
            y = y.cuda()

        total_loss += nn.CrossEntropyLoss(size_average=False)(logits, y).data[0]

        top, guess = torch.max(logits, 1)
        hits += (y.data == guess.data).sum()

        seen += y.size(0)

    accuracy = hits / seen
    total_loss /= seen

    return total_loss, accuracy

def fit(net, n_epochs, train_data, val_data, lr=1e-3, batch_size=32,
        first_epoch=1, every=10, ckpt_dir=None, do_val=True,
        resume=False, with_flow=False, gpu=False):

    shuffled = torch.utils.data.DataLoader(
        dataset=train_data, batch_size=batch_size, shuffle=True)

    # kept in order: this one is scored after each epoch
    ordered = torch.utils.data.DataLoader(
        dataset=train_data, batch_size=batch_size, shuffle=False)
    val_loader = torch.utils.data.DataLoader(
        dataset=val_data, batch_size=batch_size, shuffle=False)

    # Adam over all weights
    opt = torch.optim.Adam(net.parameters(), lr=lr)

    # per-epoch history
    history = []

    # pick up from an earlier checkpoint when asked
    if resume:
        state = torch.load(os.path.join(
            ckpt_dir, "model_epoch%d.chkpt" % (first_epoch - 1)))

        net.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])

        history = state["hist"]

    if gpu:
        net.cuda()
        loss_fn = nn.CrossEntropyLoss().cuda()
    else:
        loss_fn = nn.CrossEntropyLoss()

    for ep in range(first_epoch, first_epoch + n_epochs):
        # back to train mode
        net.train()

        for k, batch in enumerate(shuffled):

            y = Variable(batch["label"])
            if gpu:
                y = y.cuda()

            # clear old grads
            opt.zero_grad()

            # step
            logits = run_net(net, batch["instance"], with_flow=with_flow,
                             gpu=gpu)
            loss = loss_fn(logits, y)
            loss.backward()
            opt.step()

            if (k+1) % every == 0:
                print("ep %d/%d, step %d/%d, loss %s"
                      % (ep, first_epoch + n_epochs - 1, k + 1,
                      len(train_data) // batch_size, loss.data[0]))

        # whole-train-set score
        tr_loss, tr_acc = score(net, ordered,
                                with_flow=with_flow, gpu=gpu)

        if do_val:
            # held-out score
            va_loss, va_acc = score(net, val_loader, with_flow=with_flow,
                                    gpu=gpu)

            print("ep %d/%d, tr_loss %s, tr_acc %s, "
                  "va_loss %s, va_acc %s"
                  % (ep, first_epoch + n_epochs - 1,
                  tr_loss, tr_acc, va_loss, va_acc))

            history.append({
                "train_loss": tr_loss, "train_acc": tr_acc,
                "dev_loss": va_loss, "dev_acc": va_acc
            })
        else:
            print("ep %d/%d, tr_loss %s, tr_acc %s" % (ep,
                  first_epoch + n_epochs - 1, tr_loss, tr_acc))

            history.append({
                "train_loss": tr_loss, "train_acc": tr_acc
            })

        opt.zero_grad()
        state = {
            "model": net.state_dict(),
            "optimizer": opt.state_dict(),
            "hist": history
        }

        # write checkpoint
        torch.save(state, os.path.join(
            ckpt_dir, "model_epoch%d.chkpt" % ep))

