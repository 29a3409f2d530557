import torch
from collections import Counter
from torchtext.vocab import Vocab
from torch.nn.utils import clip_grad_norm_
from torch.nn.utils.rnn import pad_sequence

def train(model, train_iter, optimizer, loss_fn, device):
    # global steps
    model.train()
    total = 0
    for (src, tgt) in train_iter:
        src = src.to(device)
        tgt = tgt.to(device)

        dec_in = tgt[:-1, :]
        logits = model(src, dec_in)
        dec_out = tgt[1:, :]

        optimizer.zero_grad()
        
        loss = loss_fn(logits.reshape(-1, logits.shape[-1]), dec_out.reshape(-1))
        loss.backward()

        clip_grad_norm_(model.parameters(), max_norm=1)
        
        optimizer.step()
        # steps += 1
#         for group in optimizer.param_groups:
#             group['lr'] = lrate(steps)
            
        total += loss.item()
        
    return total / len(train_iter)

def evaluate(model, val_iter, loss_fn, device):
    model.eval()
    total = 0
    for (src, tgt) in val_iter:
        src = src.to(device)
        tgt = tgt.to(device)

        dec_in = tgt[:-1, :]
        logits = model(src, dec_in)
        dec_out = tgt[1:, :]

        loss = loss_fn(logits.reshape(-1, logits.shape[-1]), dec_out.reshape(-1))
        total += loss.item()

    return total / len(val_iter)

def build_vocab(vocab_pth, tokenizer, min_freq=1):
    counts = Counter()
    with open(vocab_pth, mode='r', encoding="utf8") as fh:
        lines = fh.readlines()
        for line in lines:
            counts.update(tokenizer(line.lower().rstrip("\n")))

    return Vocab(counts, min_freq=min_freq, specials=['<unk>', '<pad>', '<bos>', '<eos>'])
    
def sen2tensor(filepaths, src_vocab, tgt_vocab, src_tokenizer, tgt_tokenizer):
    src_lines = iter(open(filepaths[0], encoding="utf8"))
    tgt_lines = iter(open(filepaths[1], encoding="utf8"))
    pairs = []
    for (s_line, t_line) in zip(src_lines, tgt_lines):
        s_ids = torch.tensor([src_vocab[tok] for tok in src_tokenizer(s_line.lower().rstrip("\n"))], dtype=torch.long)
        t_ids = torch.tensor([tgt_vocab[tok] for tok in tgt_tokenizer(t_line.lower().rstrip("\n"))], dtype=torch.long)
        pairs.append((s_ids, t_ids))

    return pairs

def get_batchtify(PAD_IDX,BOS_IDX,EOS_IDX):
    def batchtify(items):
        src_list, tgt_list = [], []
        for (s_ids, t_ids) in items:
            src_list.append(torch.cat([torch.tensor([BOS_IDX]), s_ids, torch.tensor([EOS_IDX])], dim=0))
            tgt_list.append(torch.cat([torch.tensor([BOS_IDX]), t_ids, torch.tensor([EOS_IDX])], dim=0))
        src_list = pad_sequence(src_list, padding_value=PAD_IDX)
        tgt_list = pad_sequence(tgt_list, padding_value=PAD_IDX)
        return src_list, tgt_list

    return batchtify

def count_parameters(model):
    n = 0
    for p in model.parameters():
        if p.requires_grad:
            n += p.numel()

    return n

def generate_square_subsequent_mask(sz, device):
    m = (torch.triu(torch.ones((sz, sz), device=device)) == 1).transpose(0, 1)
    m = m.float().masked_fill(m == 0, float('-inf')).masked_fill(m == 1, float(0.0))
    return m

def get_prob(model, ys, memory, device):
    causal = (generate_square_subsequent_mask(ys.size(0), device).type(torch.bool)).to(device)
    h = model.decode(ys, memory, causal)
    h = h.transpose(0, 1)
    p = model.generator(h[:, -1]) # p: (1, |en vocab|)
    return p

def greedy_decode(model, src, src_mask, max_len, start_symbol, end_symbol, device):
    src = src.to(device)
    src_mask = src_mask.to(device)
    memory = model.encode(src, src_mask)
    ys = torch.ones(1, 1).fill_(start_symbol).type(torch.long).to(device)
    for _ in range(max_len - 1):
        memory = memory.to(device)
        causal = (generate_square_subsequent_mask(ys.size(0), device).type(torch.bool)).to(device)
        h = model.decode(ys, memory, causal)
        h = h.transpose(0, 1)
        p = model.generator(h[:, -1])
        _, nxt = torch.max(p, dim=1)
        nxt = nxt.item()

        ys = torch.cat([ys, torch.ones(1, 1).type_as(src.data).fill_(nxt)], dim=0)
        if nxt == end_symbol:
            break

    return ys
    
def beam_search(model, src, src_mask, max_len, start_symbol, end_symbol, dot, device, beam_k=5):
    src = src.to(device)
    src_mask = src_mask.to(device)
    memory = model.encode(src, src_mask).to(device)
    beams = []

    bos = torch.ones(1, 1).fill_(start_symbol).type(torch.long).to(device) # (1,len)
    p = get_prob(model, bos, memory, device)
    best_p, best_w = torch.max(p, dim=1)
    beams.append(torch.cat([best_p.view(1,1,-1),best_w.view(1,1,-1)],dim=0))
    best_w = best_w.item()
    prefix = torch.cat([bos, torch.ones(1, 1).type_as(src.data).fill_(best_w)], dim=0).to(device)

    # rounds = 0
    while True:
        # rounds += 1
        if len(beams)<2:
            p = get_prob(model, prefix, memory, device) # p: (1, |en vocab|)
            top_p, top_w = torch.topk(p, beam_k, dim=1)
            # k first candidates
            for q, w in zip(top_p[0],top_w[0]):
                cand = torch.cat([q.view(1,1,-1),w.view(1,1,-1)],dim=0) # (2,1,len)
                beams.append(cand) # row 0: scores, row 1: tokens   (k,2,1,len)
        else:
            for _ in range(beam_k):
                b = beams.pop(0) # (2,1,len)
                toks = b[1] # (1,len)
                if toks[0, -1] == end_symbol or toks[0,-1]==dot:
                    beams.append(b)
                    continue
                # extend the prefix and score again
                ys = torch.cat([prefix.transpose(0, 1),toks],dim=1).type_as(src.data).transpose(0, 1).to(device)
                p = get_prob(model, ys, memory, device) # p: (1, |en vocab|)
                # k best continuations
                top_p, top_w = torch.topk(p, beam_k, dim=1)
                # k new candidates
                for q, w in zip(top_p[0],top_w[0]):
                    cand = torch.cat([q.view(1,1,-1),w.view(1,1,-1)],dim=0) # (2,1,1)
                    beams.append(torch.cat([b, cand],dim=2)) # (2,1,len) + (2,1,1)

        scores = torch.tensor([torch.sum(torch.tensor([q for q in b[0, 0]]))/len(b[0,0]) for b in beams])
        _, keep = torch.topk(scores, beam_k, dim=0)
        beams = [beams[j] for j in keep]

        if all([b[1, 0, -1]==end_symbol or b[1,0,-1]==dot or len(b[1, 0])>max_len for b in beams]):
            break
    
    scores = torch.tensor([torch.sum(torch.tensor([q for q in b[0, 0]]))/len(b[0,0]) for b in beams])
    winner = beams[torch.argmax(scores)] # best token sequence

    return winner[1,0].type_as(src.data)
    
def greedy_search(model, src, src_mask, max_len, start_symbol, end_symbol, device):
    src = src.to(device)
    src_mask = src_mask.to(device)
    memory = model.encode(src, src_mask)
    ys = torch.ones(1, 1).fill_(start_symbol).type(torch.long).to(device)
    for _ in range(max_len - 1):
        memory = memory.to(device)
        causal = (generate_square_subsequent_mask(ys.size(0), device).type(torch.bool)).to(device)
        h = model.decode(ys, memory, causal)
        h = h.transpose(0, 1)
        p = model.generator(h[:, -1])
        _, nxt = torch.max(p, dim=1)
        nxt = nxt.item()

        ys = torch.cat([ys, torch.ones(1, 1).type_as(src.data).fill_(nxt)], dim=0)
        if nxt == end_symbol:
            break

    return ys

def translate(model, src, src_vocab, tgt_vocab, src_tokenizer, BOS_IDX, EOS_IDX, mode, device):
    model.eval()
    ids = [BOS_IDX] + [src_vocab.stoi[tok] for tok in src_tokenizer(src)] + [EOS_IDX]
    n = len(ids)
    src = (torch.LongTensor(ids).reshape(n, 1))
    src_mask = (torch.zeros(n, n)).type(torch.bool)
    if mode=="beam":
        out_ids = beam_search(model,
                                src,
                                src_mask,
                                max_len=n + 5,
                                start_symbol=BOS_IDX,
                                end_symbol=EOS_IDX,
                                device=device,
                                dot = tgt_vocab['.'],
                                beam_k=5).flatten()
    elif mode == "greedy":
        out_ids = greedy_search(model,
                                src,
                                src_mask,
                                max_len=n + 5,
                                start_symbol=BOS_IDX,
                                end_symbol=EOS_IDX,
                                device=device).flatten()

    return " ".join([tgt_vocab.itos[tok] for tok in out_ids]).replace("<bos>", "").replace("<eos>", "")
