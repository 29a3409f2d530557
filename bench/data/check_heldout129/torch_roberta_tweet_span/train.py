import utils

import numpy as np
import torch
import torch.nn as nn
from tqdm.autonotebook import tqdm


def span_loss(s_scores, e_scores, s_gold, e_gold):
    ce = nn.CrossEntropyLoss()
    s_loss = ce(s_scores, s_gold)
    e_loss = ce(e_scores, e_gold)
    both = s_loss + e_loss
    return both


def span_score(
    text, gold_span, polarity, i_start, i_end, offsets
):

    if i_end < i_start:
        i_end = i_start

    picked = ""
    for k in range(i_start, i_end + 1):
        picked += text[offsets[k][0] : offsets[k][1]]
        if (k + 1) < len(offsets) and offsets[k][1] < offsets[k + 1][0]:
            picked += " "

    if polarity == "neutral" or len(text.split()) < 2:
        picked = text

    score = 0
    return score, picked


def run_train(loader, model, opt, dev, sched=None):
    model.train()
    loss_meter = utils.Averager()
    score_meter = utils.Averager()

    bar = tqdm(loader, total=len(loader))

    for _, b in enumerate(bar):

        ids = b["ids"]
        segs = b["token_type_ids"]
        attn = b["mask"]
        s_gold = b["targets_start"]
        e_gold = b["targets_end"]
        polarity = b["sentiment"]
        gold_span = b["orig_selected"]
        text = b["orig_tweet"]
        s_gold = b["targets_start"]
        e_gold = b["targets_end"]
        offsets = b["offsets"]

        ids = ids.to(dev, dtype=torch.long)
        segs = segs.to(dev, dtype=torch.long)
        attn = attn.to(dev, dtype=torch.long)
        s_gold = s_gold.to(dev, dtype=torch.long)
        e_gold = e_gold.to(dev, dtype=torch.long)

        model.zero_grad()
        s_out, e_out = model(
            ids=ids, mask=attn, token_type_ids=segs,
        )
        loss = span_loss(s_out, e_out, s_gold, e_gold)
        loss.backward()
        opt.step()
        sched.step()

        s_out = torch.softmax(s_out, dim=1).cpu().detach().numpy()
        e_out = torch.softmax(e_out, dim=1).cpu().detach().numpy()
        scores = []
        for j, tw in enumerate(text):
            gs = gold_span[j]
            pol = polarity[j]
            sc, _ = span_score(
                text=tw,
                gold_span=gs,
                polarity=pol,
                i_start=np.argmax(s_out[j, :]),
                i_end=np.argmax(e_out[j, :]),
                offsets=offsets[j],
            )
            scores.append(sc)

        score_meter.update(np.mean(scores), ids.size(0))
        loss_meter.update(loss.item(), ids.size(0))
        bar.set_postfix(loss=loss_meter.avg, jaccard=score_meter.avg)


def run_eval(loader, model, dev):
    model.eval()
    loss_meter = utils.Averager()
    score_meter = utils.Averager()

    with torch.no_grad():
        bar = tqdm(loader, total=len(loader))
        for k, b in enumerate(bar):
            ids = b["ids"]
            segs = b["token_type_ids"]
            attn = b["mask"]
            polarity = b["sentiment"]
            gold_span = b["orig_selected"]
            text = b["orig_tweet"]
            s_gold = b["targets_start"]
            e_gold = b["targets_end"]
            offsets = b["offsets"].numpy()

            ids = ids.to(dev, dtype=torch.long)
            segs = segs.to(dev, dtype=torch.long)
            attn = attn.to(dev, dtype=torch.long)
            s_gold = s_gold.to(dev, dtype=torch.long)
            e_gold = e_gold.to(dev, dtype=torch.long)

            s_out, e_out = model(
                ids=ids, mask=attn, token_type_ids=segs
            )
            loss = span_loss(s_out, e_out, s_gold, e_gold)
            s_out = torch.softmax(s_out, dim=1).cpu().detach().numpy()
            e_out = torch.softmax(e_out, dim=1).cpu().detach().numpy()
            scores = []
            for j, tw in enumerate(text):
                gs = gold_span[j]
                pol = polarity[j]
                sc, _ = span_score(
                    text=tw,
                    gold_span=gs,
                    polarity=pol,
                    i_start=np.argmax(s_out[j, :]),
                    i_end=np.argmax(e_out[j, :]),
                    offsets=offsets[j],
                )
                scores.append(sc)

            score_meter.update(np.mean(scores), ids.size(0))
            loss_meter.update(loss.item(), ids.size(0))
            bar.set_postfix(loss=loss_meter.avg, jaccard=score_meter.avg)

    print(f"score = {score_meter.avg}")
    return score_meter.avg

