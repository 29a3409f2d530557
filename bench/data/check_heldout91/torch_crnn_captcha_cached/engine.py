import torch
import torch.nn as nn
from config import SYMBOLS, MIN_CONFIDENCE, ENTROPY_COEF

ctc_fn = nn.CTCLoss(blank=0, zero_infinity=True)


def greedy_decode(seq_scores, min_conf=MIN_CONFIDENCE):
    texts = []
    seq_scores = seq_scores.permute(1, 0, 2)
    probs = torch.softmax(seq_scores, dim=2)
    top_p, top_i = torch.max(probs, dim=2)

    for ps, ids in zip(top_p, top_i):
        chars = []
        last = -1
        for p, k in zip(ps.tolist(), ids.tolist()):
            if k == last or k == 0:
                last = k
                continue
            if p < min_conf:
                last = k
                continue
            chars.append(SYMBOLS[k - 1])
            last = k
        texts.append("".join(chars))
    return texts


def entropy_term(logits):
    probs = torch.exp(logits)
    ent = - (probs * torch.log(probs + 1e-8)).sum(dim=2).mean()
    return ent


def edit_distance(a, b):
    m, n = len(a), len(b)
    if m == 0:
        return n
    if n == 0:
        return m
    table = [[0] * (n + 1) for _ in range(m + 1)]
    for r in range(m + 1):
        table[r][0] = r
    for c in range(n + 1):
        table[0][c] = c
    for r in range(1, m + 1):
        for c in range(1, n + 1):
            sub = 0 if a[r - 1] == b[c - 1] else 1
            table[r][c] = min(
                table[r - 1][c] + 1,      # drop
                table[r][c - 1] + 1,      # add
                table[r - 1][c - 1] + sub  # swap
            )
    return table[m][n]


def train_epoch(net, loader, opt, dev):
    net.train()
    total = 0.0

    for step, (pics, codes) in enumerate(loader):
        pics = pics.to(dev)
        codes = [c.to(dev) for c in codes]

        main_out, aux_out = net(pics)  # two heads
        flat = torch.cat(codes)

        code_lens = torch.tensor([len(c) for c in codes], dtype=torch.long).to(dev)
        n = pics.size(0)
        out_lens = torch.full(size=(n,), fill_value=main_out.size(0), dtype=torch.long).to(dev)

        loss_main = ctc_fn(main_out, flat, out_lens, code_lens)
        loss_aux = ctc_fn(aux_out, flat, out_lens, code_lens)
        ent = entropy_term(main_out)

        # main loss + 0.3 x auxiliary loss - entropy bonus
        loss = loss_main + 0.3 * loss_aux - ENTROPY_COEF * ent

        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=5.0)
        opt.step()

        total += loss.item()
        if step % 50 == 0:
            print(f"[fit] step {step}/{len(loader)} loss: {loss.item():.4f}")

    return total / len(loader)


def eval_epoch(net, loader, dev):
    net.eval()
    seen = 0
    right = 0
    char_right, char_seen = 0, 0
    guesses = []
    truths = []

    with torch.inference_mode():
        for step, (pics, codes) in enumerate(loader):
            pics = pics.to(dev)
            codes = [c.to(dev) for c in codes]

            main_out, _ = net(pics)
            got = greedy_decode(main_out)

            want = []
            for c in codes:
                want.append("".join([SYMBOLS[v.item() - 1] for v in c]))

            if step == 0:
                for k in range(min(20, len(got))):
                    print(f"[check] #{k+1}: guess={got[k]} | truth={want[k]}")

            for g, t in zip(got, want):
                for x, y in zip(g, t):
                    if x == y:
                        char_right += 1
                    char_seen += 1
                if g == t:
                    right += 1
                seen += 1
                guesses.append(g)
                truths.append(t)

    acc = right / seen if seen > 0 else 0.0
    edits = 0
    chars = 0
    for g, t in zip(guesses, truths):
        edits += edit_distance(g, t)
        chars += len(t)
    cer = edits / max(1, chars)

    print(f"check: exact={acc:.4f}, CER={cer:.4f}")
    return acc
