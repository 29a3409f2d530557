import torch
from torch import nn, optim
import os
from tqdm.auto import tqdm
from model import Translator
from encoder import SourceEncoder
from decoder import TargetDecoder
from load_data import Splits
import pandas as pd

class Tester:
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
        self.loss_fn = nn.CrossEntropyLoss(ignore_index= self.table_en.pad_idx())

    def predict(self):
        te = self.splits.test_loader()

        best_ckpt = "translator_best.pth"

        if os.path.join(self.out_dir, best_ckpt):
            state = torch.load(os.path.join(self.out_dir, best_ckpt))
            self.net.load_state_dict(state["model_state_dict"])

            
            self.net.eval()
            with torch.inference_mode():
                run_loss = 0
                guesses = []
                for _, b in enumerate(tqdm(te)):
                    src, tgt = b["de_ids"].to(self.device), b["en_ids"].to(self.device)
                    out = self.net(src, tgt, 0) # no teacher forcing

                    guess = out.argmax(-1)
                    guesses.append(guess)

                    # out: [batch, tgt_len, tgt_vocab]
                    v = out.shape[-1] # tgt_vocab

                    out = out[:, 1:, :].contiguous().view(-1, v)
                    # out: [batch*(tgt_len - 1), tgt_vocab]

                    tgt = tgt[:, 1:].contiguous().view(-1)
                    # tgt: [batch*(tgt_len - 1)]

                    loss = self.loss_fn(out, tgt)

                    run_loss += loss.item()

                te_loss = run_loss / len(te)

                print(f"test loss: {te_loss:.5f}")

                all_ids = torch.cat(guesses, dim=0).tolist()

                sentences = [' '.join(self.table_en.decode(ids)) for ids in all_ids]

                # write the predictions
                df = pd.DataFrame({"predict": sentences})
                df.to_csv("result.csv", index= False)
