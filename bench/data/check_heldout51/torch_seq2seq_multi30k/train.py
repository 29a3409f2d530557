import torch
from torch import nn, optim
import os
from tqdm.auto import tqdm
from model import Translator
from encoder import SourceEncoder
from decoder import TargetDecoder
from load_data import Splits

class Trainer:
    def __init__(self, cfg):
        self.n_epochs = cfg["num_epochs"]
        self.lr = cfg["learning_rate"]
        self.out_dir = cfg["save_path"]
        self.patience = cfg["patience"]
        self.dropout = cfg["dropout"]
        self.batch_size = cfg["batch_size"]
        self.device = "cuda" if torch.cuda.is_available() else "cpu"

        # embedding settings
        self.emb_dim = cfg["text_embedding"]["embedding_dim"]
        self.max_length = cfg["text_embedding"]["max_length"]

        # network settings
        self.hidden = cfg["model"]["hidden_units"]
        self.depth = cfg["model"]["num_layers"]

        # data
        self.hub_name = cfg["data_path"]
        self.splits = Splits(self.hub_name, self.max_length, self.batch_size)

        # word tables
        self.table_en = self.splits.table_en
        self.table_de = self.splits.table_de

        # vocabulary sizes
        n_en = self.table_en.vocab_size()
        n_de = self.table_de.vocab_size()

        # encoder and decoder
        self.enc = SourceEncoder(
            input_size= n_de,
            embedding_dim= self.emb_dim,
            hidden_dim= self.hidden,
            num_layers= self.depth,
            dropout= self.dropout,
            padding_idx= self.table_de.pad_idx()
        )
        self.dec = TargetDecoder(
            output_size= n_en,
            embedding_dim= self.emb_dim,
            hidden_dim= self.hidden,
            num_layers= self.depth,
            dropout= self.dropout,
            padding_idx= self.table_en.pad_idx()
        )

        # full network
        self.net = Translator(self.enc, self.dec, self.device).to(self.device)

        self.opt = optim.Adam(self.net.parameters(), lr= self.lr)
        self.loss_fn = nn.CrossEntropyLoss(ignore_index= self.table_en.pad_idx())

    def train(self):
        tr, va = self.splits.train_valid_loaders()

        if not os.path.exists(self.out_dir):
            os.makedirs(self.out_dir)

        last_ckpt = "translator_last.pth"
        best_ckpt = "translator_best.pth"

        if os.path.exists(os.path.join(self.out_dir, last_ckpt)):
                state = torch.load(os.path.join(self.out_dir, last_ckpt))
                self.net.load_state_dict(state["model_state_dict"])
                self.opt.load_state_dict(state["optim_state_dict"])
                print("resumed from the last checkpoint")
                first_ep = state["epoch"] + 1
                print(f"resuming at epoch {first_ep}")
        else:
            first_ep = 0
            print("fresh start")

        if os.path.exists(os.path.join(self.out_dir, best_ckpt)):
            state = torch.load(os.path.join(self.out_dir, best_ckpt))
            best = state['score']
        else:
            best = 0.

        bad_epochs = 0

        self.net.train()
        for ep in range(first_ep, first_ep + self.n_epochs):
            run_loss = 0
            for _, b in enumerate(tqdm(tr)):
                src, tgt = b["de_ids"].to(self.device), b["en_ids"].to(self.device)

                self.opt.zero_grad()

                out = self.net(src, tgt)
                # out: [batch, tgt_len, tgt_vocab]
                v = out.shape[-1] # tgt_vocab

                out = out[:, 1:, :].contiguous().view(-1, v)
                # out: [batch*(tgt_len - 1), tgt_vocab]

                tgt = tgt[:, 1:].contiguous().view(-1)
                # tgt: [batch*(tgt_len - 1)]

                loss = self.loss_fn(out, tgt)

                loss.backward()

                self.opt.step()

                run_loss += loss.item()
            
            tr_loss = run_loss / len(tr)
            print(f"epoch {ep}:")
            print(f"train loss: {tr_loss:.5f}")

            run_loss = 0
            with torch.inference_mode():
                for _, b in enumerate(tqdm(va)):
                    src, tgt = b["de_ids"].to(self.device), b["en_ids"].to(self.device)
                    out = self.net(src, tgt, 0) # no teacher forcing
                    # out: [batch, tgt_len, tgt_vocab]
                    v = out.shape[-1] # tgt_vocab

                    out = out[:, 1:, :].contiguous().view(-1, v)
                    # out: [batch*(tgt_len - 1), tgt_vocab]

                    tgt = tgt[:, 1:].contiguous().view(-1)
                    # tgt: [batch*(tgt_len - 1)]

                    loss = self.loss_fn(out, tgt)

                    run_loss += loss.item()

                va_loss = run_loss / len(va)

                print(f"valid loss: {va_loss:.5f}")

                score = va_loss

                # last checkpoint
                torch.save({
                    'epoch': ep,
                    'model_state_dict': self.net.state_dict(),
                    'optim_state_dict': self.opt.state_dict(),
                    'score': score
                }, os.path.join(self.out_dir, last_ckpt))

                # best checkpoint
                if ep > 0 and score > best:
                    bad_epochs += 1
                else:
                    bad_epochs = 0

                if score <= best or ep == 0:
                    best = score
                    torch.save({
                        'epoch': ep,
                        'model_state_dict': self.net.state_dict(),
                        'optim_state_dict': self.opt.state_dict(),
                        'score':score
                    }, os.path.join(self.out_dir, best_ckpt))
                    print(f"new best, valid loss {score:.5f}")
