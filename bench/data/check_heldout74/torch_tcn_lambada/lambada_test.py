import argparse
import time
import math
import torch
import torch.nn as nn
from torch.autograd import Variable
import torch.optim as optim
import sys
sys.path.append("../../")
from utils import *
from model import TCN
import pickle


ap = argparse.ArgumentParser(description='TCN word model on LAMBADA')
ap.add_argument('--batch_size', type=int, default=20, metavar='N',
                help='number of parallel streams (default: 20)')
ap.add_argument('--cuda', action='store_false',
                help='run on the GPU (default: True)')
ap.add_argument('--dropout', type=float, default=0.1,
                help='dropout inside the blocks (default: 0.1)')
ap.add_argument('--emb_dropout', type=float, default=0.1,
                help='dropout on the embeddings (default: 0.1)')
ap.add_argument('--clip', type=float, default=0.4,
                help='gradient norm clip, -1 disables (default: 0.4)')
ap.add_argument('--epochs', type=int, default=100,
                help='maximum epochs (default: 100)')
ap.add_argument('--ksize', type=int, default=4,
                help='convolution kernel size (default: 4)')
ap.add_argument('--data', type=str, default='./data/lambada',
                help='corpus folder (default: ./data/lambada)')
ap.add_argument('--emsize', type=int, default=500,
                help='embedding width (default: 500)')
ap.add_argument('--levels', type=int, default=5,
                help='number of blocks (default: 5)')
ap.add_argument('--log-interval', type=int, default=100, metavar='N',
                help='log every N batches (default: 100)')
ap.add_argument('--lr', type=float, default=4,
                help='starting learning rate (default: 4)')
ap.add_argument('--nhid', type=int, default=500,
                help='channels per block (default: 500)')
ap.add_argument('--seed', type=int, default=1111,
                help='seed (default: 1111)')
ap.add_argument('--tied', action='store_false',
                help='share encoder and decoder weights (default: True)')
ap.add_argument('--optim', type=str, default='SGD',
                help='optimiser name (default: SGD)')
ap.add_argument('--validseqlen', type=int, default=50,
                help='positions that count in the loss (default: 50)')
ap.add_argument('--seq_len', type=int, default=100,
                help='window length including warm-up history (default: 100)')
ap.add_argument('--corpus', action='store_true',
                help='rebuild the cached corpus (default: False)')
args = ap.parse_args()

# seed for repeatable runs
torch.manual_seed(args.seed)
if torch.cuda.is_available():
    if not args.cuda:
        print("note: a GPU is present, consider --cuda")


print(args)
tr_data, va_data, te_data, corpus = data_generator(args)

vocab_n = len(corpus.dictionary)
print("vocabulary: {0}".format(vocab_n))

chans = [args.nhid] * (args.levels - 1) + [args.emsize]
ks = args.ksize
drop = args.dropout
emb_drop = args.emb_dropout
tie = args.tied

net = TCN(args.emsize, vocab_n, chans, dropout=drop, 
          emb_dropout=emb_drop, kernel_size=ks, tied_weights=tie)

if args.cuda:
    net.cuda()

crit = nn.CrossEntropyLoss()
lr = args.lr
opt = getattr(optim, args.optim)(net.parameters(), lr=lr)


def evaluate(passages):
    net.eval()
    loss_sum = 0
    n_seen = 0
    right = 0
    with torch.no_grad():
        for k in range(len(passages)):
            x, y = torch.LongTensor(passages[k]).view(1, -1), torch.LongTensor([passages[k][-1]]).view(1, -1)
            x, y = Variable(x), Variable(y)
            if args.cuda:
                x, y = x.cuda(), y.cuda()
            out = net(x)
            last_out = out[:, -1].contiguous().view(-1, vocab_n)
            last_y = y[:, -1].contiguous().view(-1)
            loss = crit(last_out, last_y)
            loss_sum += loss.data
            n_seen += 1
        return loss_sum.item() / n_seen


def train():
    global tr_data
    net.train()
    loss_sum = 0
    t0 = time.time()
    for babatch_idxtch, i in enumerate(range(0, tr_data.size(1) - 1, args.validseqlen)):
        if i + args.seq_len - args.validseqlen >= tr_data.size(1) - 1:
            continue
        x, y = get_batch(tr_data, i, args)
        opt.zero_grad()
        out = net(x)
        warmup = args.seq_len - args.validseqlen
        if warmup < 0:
            raise ValueError("validseqlen has to be below seq_len")
        y_tail = y[:, warmup:].contiguous().view(-1)
        out_tail = out[:, warmup:].contiguous().view(-1, vocab_n)
        loss = crit(out_tail, y_tail)
        loss.backward()
        if args.clip > 0:
            torch.nn.utils.clip_grad_norm_(net.parameters(), args.clip)
        opt.step()
        loss_sum += loss.item()

        if batch_idx % args.log_interval == 0 and batch_idx > 0:
            avg = loss_sum / args.log_interval
            took = time.time() - t0
            print('| ep {:3d} | {:5d}/{:5d} | lr {:02.5f} | ms/batch {:5.5f} | '
                  'loss {:5.2f} | ppl {:8.2f}'.format(
                epoch, batch_idx, tr_data.size(1) // args.validseqlen, lr,
                took * 1000 / args.log_interval, avg, math.exp(avg)))
            loss_sum = 0
            reg_loss = 0
            t0 = time.time()


if __name__ == "__main__":
    best_va = 1e8
    try:
        va_hist = []
        for epoch in range(1, args.epochs+1):
            ep_t0 = time.time()
            train()
            va_loss = evaluate(va_data)
            te_loss = evaluate(te_data)
            print('-' * 89)
            print('| epoch {:3d} done | {:5.2f}s | valid loss {:5.2f} | '
                    'valid ppl {:8.2f}'.format(epoch, (time.time() - ep_t0),
                                               va_loss, math.exp(va_loss)))
            print('| epoch {:3d} done | {:5.2f}s | test loss {:5.2f} | '
                  'test ppl {:8.2f}'.format(epoch, (time.time() - ep_t0),
                                            te_loss, math.exp(te_loss)))
            print('-' * 89)
            # keep the best model by validation loss

            if va_loss < best_va:
                with open("model.pt", 'wb') as fh:
                    print('saving model\n')
                    torch.save(net, fh)
                best_va = va_loss
            if epoch > 5 and va_loss >= max(va_hist[-5:]):
                lr = lr / 10.
                for grp in opt.param_groups:
                    grp['lr'] = lr
            va_hist.append(va_loss)

    except KeyboardInterrupt:
        print('-' * 89)
        print('stopped by the user')

    # reload the best model
    with open("model.pt", 'rb') as fh:
        net = torch.load(fh)

    # final test
    te_loss = evaluate(te_data)
    print('=' * 89)
    print('| final | test loss {:5.2f} | test ppl {:8.2f}'.format(
        te_loss, math.exp(te_loss)))
    print('=' * 89)
