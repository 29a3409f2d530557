import torch
from torch import nn
import torch.optim as optim
from torchsummary import summary

import numpy as np
from xml.dom.minidom import parse
import xml.dom.minidom
from nltk.translate.bleu_score import sentence_bleu

import data
import seq2seq

import os
os.environ["CUDA_VISIBLE_DEVICES"] = "3"


def run():
    # ----------------------
    # settings
    # ----------------------
    RNN_KIND = "gru"                   # rnn, gru, lstm
    BATCH = 64
    SRC_EMB = 128
    TGT_EMB = 128
    HIDDEN = 128
    LAYERS = 2
    DROP = 0.0
    N_EPOCHS = 200
    LR = 0.01
    MAX_GEN_LEN = 20
    CKPT_EVERY = 5
    USE_ATTN = True

    settings = locals()
    print()
    for key in settings:
        if key != "var_name":
            print("{0:15}   ".format(key), settings[key])
    print()

    # ----------------------
    # parallel corpus
    # ----------------------
    doc_tree = xml.dom.minidom.parse('en-hr.tmx')
    root = doc_tree.documentElement
    units = list(root.getElementsByTagName('tu'))
    src_lines = [units[k].childNodes[1].childNodes[0].childNodes[0].data for k in range(len(units))]
    tgt_lines = [units[k].childNodes[3].childNodes[0].childNodes[0].data for k in range(len(units))]
    src_vocab = data.DataHelper([src_lines])
    tgt_vocab = data.DataHelper([tgt_lines])
    pairs = [src_vocab.corpus, tgt_vocab.corpus]
    batches = data.DataGenerator(pairs)

    # ----------------------
    # network
    # ----------------------
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = seq2seq.Seq2seq(
        cell=RNN_KIND,
        enc_vocab_size=src_vocab.vocab_size,
        enc_embed_size=SRC_EMB,
        enc_hidden_dim=HIDDEN,
        num_layers=LAYERS,
        dec_vocab_size=tgt_vocab.vocab_size,
        dec_embed_size=TGT_EMB,
        dropout_rate=DROP,
        use_attention=USE_ATTN
    )
    net.to(device)
    summary(net, [(20,), (20,)])
    nll = nn.NLLLoss()
    opt = optim.SGD(net.parameters(), lr=LR)
    print()

    # ----------------------
    # train and evaluate
    # ----------------------
    for ep in range(N_EPOCHS):
        train_iter = batches.train_generator(BATCH)
        test_iter = batches.test_generator(BATCH)
        tr_losses = []
        while True:
            try:
                item = train_iter.__next__()
            except:
                break
            item = item[0]
            opt.zero_grad()
            src = torch.from_numpy(item[0]).to(device)
            tgt_in = torch.from_numpy(item[1][:, :-1]).to(device)
            out = net([src, tgt_in])
            loss = nll(out.reshape(-1, tgt_vocab.vocab_size),
                               torch.from_numpy(item[1][:, 1:]).reshape(-1).long().to(device))
            loss.backward()
            opt.step()
            tr_losses.append(loss.item())

        te_losses = []
        while True:
            with torch.no_grad():
                try:
                    item = test_iter.__next__()
                except:
                    break
                item = item[0]
                src = torch.from_numpy(item[0]).to(device)
                tgt_in = torch.from_numpy(item[1][:, :-1]).to(device)
                out = net([src, tgt_in])
                loss = nll(out.reshape(-1, tgt_vocab.vocab_size),
                                   torch.from_numpy(item[1][:, 1:]).reshape(-1).long().to(device))
                te_losses.append(loss.item())

        print('epoch {:d}   train {:.4f}    test {:.4f}'
              .format(ep + 1, np.mean(tr_losses), np.mean(te_losses)))

        if (ep + 1) % CKPT_EVERY == 0:
            print('=====================================================')
            print('writing checkpoint')
            os.makedirs('checkpoints', exist_ok=True)
            torch.save(net.state_dict(), 'checkpoints/s2s-' + str(ep) + '.pkl')

            with torch.no_grad():
                # decode a few test sentences
                test_iter = batches.test_generator(3)
                item = test_iter.__next__()
                item = item[0]
                feed = [torch.from_numpy(item[0]).to(device),
                     torch.LongTensor([[tgt_vocab.w2i['_BOS']]] * 3).to(device)]
                for k in range(MAX_GEN_LEN):
                    nxt = net.sample(feed)
                    feed[1] = torch.cat([feed[1], nxt], dim=1)
                feed[1] = feed[1].cpu().numpy()
            for k in range(feed[0].shape[0]):
                print(' '.join([src_vocab.i2w[_] for _ in list(item[0][k, :]) if _ not in
                                [src_vocab.w2i['_BOS'], src_vocab.w2i['_EOS'], src_vocab.w2i['_PAD']]]))
                print(' '.join([tgt_vocab.i2w[_] for _ in list(item[1][k, :]) if _ not in
                                [tgt_vocab.w2i['_BOS'], tgt_vocab.w2i['_EOS'], tgt_vocab.w2i['_PAD']]]))
                print(' '.join([tgt_vocab.i2w[_] for _ in list(feed[1][k, :]) if _ not in
                                [tgt_vocab.w2i['_BOS'], tgt_vocab.w2i['_EOS'], tgt_vocab.w2i['_PAD']]]))
                print()
            print('=====================================================')


if __name__ == '__main__':
    run()
