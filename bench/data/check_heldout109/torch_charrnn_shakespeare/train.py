from __future__ import print_function
import os
import torch.nn as nn
import torch.optim as optim
import torch.nn.utils

from model import CharLSTM
from data import build_loader
from utils import fresh_state, to_var, seed_all
from sample import draw_text


def fit_charnet(cfg, chatty=True, seed=1,
                prompt="The ", sample_len=50):

    seed_all(cfg, seed=seed)
    corpus, loader = build_loader(cfg)

    net = CharLSTM(cfg)
    if cfg.cuda:
        net = net.cuda()

    # loss and optimiser
    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(
        net.parameters(),
        lr=cfg.learning_rate,
    )
    history = []

    # epochs
    net.train()
    print("TRAINING STARTS, {} epochs".format(cfg.num_epochs))
    for ep in range(cfg.num_epochs):
        ep_total = 0
        for xb, yb in loader:

            # move the batch
            xv = to_var(xb, cuda=cfg.cuda)
            yv = to_var(yb, cuda=cfg.cuda)

            # forward, loss, update
            net.zero_grad()
            logits, state = net(
                x=xv,
                hidden=fresh_state(net, batch_size=cfg.batch_size),
            )
            loss = loss_fn(
                logits.contiguous().view(-1, cfg.vocab_size),
                yv.view(-1),
            )
            loss.backward()
            torch.nn.utils.clip_grad_norm(net.parameters(), cfg.grad_clip)
            opt.step()

            # keep the number only
            step_loss = loss.data.cpu().numpy()[0]
            ep_total += step_loss
        history.append(ep_total)

        # report
        say("Epoch={}/{}: Loss={}".format(
            ep, cfg.num_epochs, ep_total,
        ), chatty=chatty)

        if chatty:
            print("Generated: ")
            print(shift_right(draw_text(
                config=cfg,
                dataset=corpus,
                model=net,
                prime_text=prompt,
                length=sample_len,
            )))

        if cfg.save_every and ep % cfg.save_every == 0:
            ckpt = os.path.join(
                cfg.save_dir,
                "{:04d}.ckpt".format(ep)
            ),
            say("Writing to ".format(ckpt), chatty=chatty)
            torch.save(net, ckpt)

        # shrink the learning rate
        for group in opt.param_groups:
            group['lr'] *= cfg.decay_rate

    print("TRAINING DONE, {} epochs".format(cfg.num_epochs))
    return corpus, net, history


def say(msg, chatty):
    if chatty:
        print(msg)


def shift_right(msg, spaces=8):
    return "\n".join([
        " " * spaces + row
        for row in msg.splitlines()
    ])
