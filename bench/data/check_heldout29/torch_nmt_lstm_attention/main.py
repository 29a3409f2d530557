import nltk
import numpy as np
import torch
from torch.utils.data import DataLoader
import torch.nn as nn
from load import find_latest_ckpt, list_ckpts
from sentence_processor import build_vocab, greedy_translate, greedy_translate_attn,read_pairs, bleu_scores
from MyDataset import PairDataset
from LSTM_ATTEN import AttnEncoder, AttnDecoder, AttnSeq2Seq
from train import train_epoch, valid_epoch


if __name__ == "__main__":
    param_fh = open('param.txt', encoding='utf-8')
    param_line = param_fh.readlines()[1]
    param_fh.close()

    # hyper-parameters from the second line of param.txt
    [n_sentences, vocab_cap, learn_rate, enc_emb_dim, enc_hid_dim,
     dec_emb_dim, dec_hid_dim, save_every_epoch, train_batch_size] = list(map(float, param_line.split(" ")))
    [n_sentences, vocab_cap, enc_emb_dim, enc_hid_dim,
     dec_emb_dim, dec_hid_dim, save_every_epoch, train_batch_size] = list(map(int, [n_sentences, vocab_cap,
                                                                 enc_emb_dim, enc_hid_dim,
                                                                 dec_emb_dim, dec_hid_dim,
                                                                 save_every_epoch, train_batch_size]))

    run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    # read the parallel sentences
    en_sents, zh_sents = read_pairs("../cmn_train.txt", n_sentences)
    valid_en_sents, valid_zh_sents = read_pairs("../cmn_valid.txt", max_pairs=1000000)

    en_vocab, en_itos = build_vocab(en_sents, vocab_cap)
    zh_vocab, zh_itos = build_vocab(zh_sents, vocab_cap)

    #  vocabulary sizes
    en_vocab_size = len(en_vocab)
    zh_vocab_size = len(zh_vocab)

    max_epoch = 1000    # number of passes
    ckpt_dir = "../MODEL/LSTM_ATTEN_V"

    pair_dataset = PairDataset(en_sents, zh_sents, en_vocab, zh_vocab)
    train_loader = DataLoader(pair_dataset, train_batch_size, shuffle=True, collate_fn=pair_dataset.pad_batch)
    valid_pair_dataset = PairDataset(valid_en_sents, valid_zh_sents, en_vocab, zh_vocab)
    valid_loader = DataLoader(valid_pair_dataset, train_batch_size, shuffle=True, collate_fn=valid_pair_dataset.pad_batch)

    # tag the run with its hyper-parameters
    run_tag = [n_sentences, vocab_cap, learn_rate, enc_emb_dim, enc_hid_dim,
                      dec_emb_dim, dec_hid_dim]
    run_tag = list(map(str, run_tag))
    run_tag = "_".join(run_tag)

    vocab_fh = open(run_tag + "re_word2index.txt", 'a', encoding='utf-8')
    vocab_fh.write(str(en_vocab) + "\n" + str(zh_vocab) + "\n")
    vocab_fh.close()

    if find_latest_ckpt(run_tag, "./") is None:   # no checkpoint yet
        print("no checkpoint found, building a fresh attention seq2seq")
        enc_net = AttnEncoder(en_vocab_size, enc_emb_dim, enc_hid_dim, 2, 0.0).to(run_device)
        dec_net = AttnDecoder(zh_vocab_size, dec_emb_dim, dec_hid_dim, 2, 0.0).to(run_device)
        seq_model = AttnSeq2Seq(enc_net, dec_net, run_device)
        seq_model = seq_model.to(run_device)
    else:   # resume from the newest checkpoint
        ckpt_name = find_latest_ckpt(run_tag, "./")
        print("resuming from: " + ckpt_name)
        seq_model = torch.load(ckpt_name)
        seq_model = seq_model.to(run_device)

    adam_opt = torch.optim.Adam(seq_model.parameters(), lr=learn_rate)
    ce_loss = nn.CrossEntropyLoss()

    loss_fh = open(run_tag + ".loss", "a+", encoding='utf-8')
    loss_fh.seek(0)
    done_epochs = len(loss_fh.readlines())
    loss_fh.close()

    pending_lines = []
    best_val_loss = torch.tensor(np.Inf)
    patience_left = 10  # epochs without improvement before stopping
    for epoch_idx in range(max_epoch):
        train_loss_sum = train_epoch(seq_model, train_loader, ce_loss, adam_opt, zh_vocab_size)
        # valid_loss = valid_epoch(seq_model, valid_loader, ce_loss, zh_vocab_size)
        # if valid_loss.item() < best_val_loss.item():
        #     best_val_loss = valid_loss
        #     patience_left = 10
        #     print(patience_left)
        # else:
        #     patience_left -= 1
        #     print(patience_left)
        #     if patience_left < 0:
        #         break
        pending_lines.append(str(epoch_idx) + " " + str(train_loss_sum.item()) )
        print(str(epoch_idx) + " " + str(train_loss_sum.item()) )

        if (epoch_idx + 1) % save_every_epoch == 0:
            loss_fh = open(run_tag + ".loss", "a+", encoding='utf-8')
            loss_fh.write('\n'.join(pending_lines))
            loss_fh.write('\n')
            loss_fh.close()
            pending_lines = []
            torch.save(seq_model, 'model_' + run_tag + '_' + str(epoch_idx + 1 + done_epochs) + '.pth')  # whole-model checkpoint

    while True:
        user_sentence = input()
        user_sentence = ["BOS"] + nltk.word_tokenize(user_sentence.lower()) + ["EOS"]
        print(greedy_translate_attn(user_sentence, en_vocab, zh_itos, seq_model))
