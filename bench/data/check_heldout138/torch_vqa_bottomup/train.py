import os
import time
import torch
import torch.nn as nn
import utils
from torch.autograd import Variable


def soft_bce(logits, targets):
    assert logits.dim() == 2

    l = nn.functional.binary_cross_entropy_with_logits(logits, targets)
    l *= targets.size(1)
    return l


def soft_score(logits, targets):
    logits = torch.max(logits, 1)[1].data # best class
    onehot = torch.zeros(*targets.size()).cuda()
    onehot.scatter_(1, logits.view(-1, 1), 1)
    s = (onehot * targets)
    return s


def fit(net, train_dl, val_dl, n_epochs, out_dir):
    utils.create_dir(out_dir)
    opt = torch.optim.Adamax(net.parameters())
    log = utils.Logger(os.path.join(out_dir, 'log.txt'))
    best = 0

    for ep in range(n_epochs):
        running = 0
        tr_score = 0
        t0 = time.time()

        for k, (feats, boxes, qtok, target) in enumerate(train_dl):
            feats = Variable(feats).cuda()
            boxes = Variable(boxes).cuda()
            qtok = Variable(qtok).cuda()
            target = Variable(target).cuda()

            logits = net(feats, boxes, qtok, target)
            l = soft_bce(logits, target)
            l.backward()
            nn.utils.clip_grad_norm(net.parameters(), 0.25)
            opt.step()
            opt.zero_grad()

            bscore = soft_score(logits, target.data).sum()
            running += l.data[0] * feats.size(0)
            tr_score += bscore

        running /= len(train_dl.dataset)
        tr_score = 100 * tr_score / len(train_dl.dataset)
        net.train(False)
        val_score, ceiling = run_eval(net, val_dl)
        net.train(True)

        log.write('ep %d, secs: %.2f' % (ep, time.time()-t0))
        log.write('\tloss: %.2f, train acc: %.2f' % (running, tr_score))
        log.write('\tval acc: %.2f (ceiling %.2f)' % (100 * val_score, 100 * ceiling))

        if val_score > best:
            ckpt = os.path.join(out_dir, 'model.pth')
            torch.save(net.state_dict(), ckpt)
            best = val_score


def run_eval(net, dl):
    total = 0
    ceiling = 0
    seen = 0
    for feats, boxes, qtok, target in iter(dl):
        feats = Variable(feats, volatile=True).cuda()
        boxes = Variable(boxes, volatile=True).cuda()
        qtok = Variable(qtok, volatile=True).cuda()
        logits = net(feats, boxes, qtok, None)
        bscore = soft_score(logits, target.cuda()).sum()
        total += bscore
        ceiling += (target.max(1)[0]).sum()
        seen += logits.size(0)

    total = total / len(dl.dataset)
    ceiling = ceiling / len(dl.dataset)
    return total, ceiling
