import torch
from util import detach_state, slice_batch

EVAL_BS = 20

def val_loss_of(opts, src, lm, corp, xent):
    #
    lm.eval()
    acc = 0.
    vocab_n = len(corp.dictionary)
    state = lm.init_hidden(EVAL_BS)

    with torch.no_grad():
        for pos in range(0, src.size(0) - 1, opts.bptt):
            inp, tgt = slice_batch(opts.bptt, src, pos)
            logits, state = lm(inp, state)
            flat = logits.view(-1, vocab_n)
            acc += len(inp) * xent(flat, tgt).item()
            state = detach_state(state)

    return acc / (len(src) - 1)