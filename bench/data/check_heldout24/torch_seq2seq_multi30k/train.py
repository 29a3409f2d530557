import os
import math
import argparse
import torch
from torch import optim
from torch.autograd import Variable
from torch.nn.utils import clip_grad_norm_
from torch.nn import functional as F
from model import Encoder, Decoder, Seq2Seq
from utils import load_dataset


def read_args():
    cli = argparse.ArgumentParser(description='training settings')
    cli.add_argument('-epochs', type=int, default=100,
                   help='how many passes over the training data')
    cli.add_argument('-batch_size', type=int, default=32,
                   help='sentence pairs per batch')
    cli.add_argument('-lr', type=float, default=0.0001,
                   help='Adam step size')
    cli.add_argument('-grad_clip', type=float, default=10.0,
                   help='max gradient norm')
    return cli.parse_args()


def evaluate(model, data_iter, vocab_size, SRC, TRG):
    with torch.no_grad():
        model.eval()
        pad_id = TRG.vocab.stoi['<pad>']
        loss_sum = 0
        for b, batch in enumerate(data_iter):
            src, src_len = batch.src
            trg, trg_len = batch.trg
            src = src.data.cuda()
            trg = trg.data.cuda()
            logits = model(src, trg, teacher_forcing_ratio=0.0)
            loss = F.nll_loss(logits[1:].view(-1, vocab_size),
                                   trg[1:].contiguous().view(-1),
                                   ignore_index=pad_id)
            loss_sum += loss.data.item()
        return loss_sum / len(data_iter)


def train_epoch(e, model, optimizer, train_iter, vocab_size, grad_clip, SRC, TRG):
    model.train()
    loss_sum = 0
    pad_id = TRG.vocab.stoi['<pad>']
    for b, batch in enumerate(train_iter):
        src, src_len = batch.src
        trg, trg_len = batch.trg
        src, trg = src.cuda(), trg.cuda()
        optimizer.zero_grad()
        logits = model(src, trg)
        loss = F.nll_loss(logits[1:].view(-1, vocab_size),
                               trg[1:].contiguous().view(-1),
                               ignore_index=pad_id)
        loss.backward()
        clip_grad_norm_(model.parameters(), grad_clip)
        optimizer.step()
        loss_sum += loss.data.item()

        if b % 100 == 0 and b != 0:
            loss_sum = loss_sum / 100
            print("step %d | loss %5.2f | ppl %5.2f" %
                  (b, loss_sum, math.exp(loss_sum)))
            loss_sum = 0


def main():
    opts = read_args()
    hidden_dim = 512
    embed_dim = 256
    assert torch.cuda.is_available()

    print("loading Multi30k ...")
    train_iter, val_iter, test_iter, SRC, TRG = load_dataset(opts.batch_size)
    src_vocab, trg_vocab = len(SRC.vocab), len(TRG.vocab)
    print("train batches %d (pairs %d) | test batches %d (pairs %d)"
          % (len(train_iter), len(train_iter.dataset),
             len(test_iter), len(test_iter.dataset)))
    print("source vocab %d | target vocab %d" % (src_vocab, trg_vocab))

    print("building the network ...")
    encoder = Encoder(src_vocab, embed_dim, hidden_dim,
                      n_layers=2, dropout=0.5)
    decoder = Decoder(embed_dim, hidden_dim, trg_vocab,
                      n_layers=1, dropout=0.5)
    seq2seq_model = Seq2Seq(encoder, decoder).cuda()
    optimizer = optim.Adam(seq2seq_model.parameters(), lr=opts.lr)
    print(seq2seq_model)

    best_val = None
    for e in range(1, opts.epochs+1):
        train_epoch(e, seq2seq_model, optimizer, train_iter,
              trg_vocab, opts.grad_clip, SRC, TRG)
        val_loss = evaluate(seq2seq_model, val_iter, trg_vocab, SRC, TRG)
        print("epoch %d | val loss %5.3f | val ppl %5.2f"
              % (e, val_loss, math.exp(val_loss)))

        # keep a checkpoint whenever validation improves
        if not best_val or val_loss < best_val:
            print("saving checkpoint ...")
            if not os.path.isdir(".save"):
                os.makedirs(".save")
            torch.save(seq2seq_model.state_dict(), './.save/seq2seq_%d.pt' % (e))
            best_val = val_loss
    test_loss = evaluate(seq2seq_model, test_iter, trg_vocab, SRC, TRG)
    print("test loss %5.2f" % test_loss)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt as e:
        print("interrupted:", e)
