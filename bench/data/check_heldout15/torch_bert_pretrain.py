import argparse
import random

import tqdm
import torch
import torch.nn as nn
from torch.optim import Adam
from torch.utils.data import Dataset, DataLoader

from bert_pytorch.model import BERTLM, BERT
from bert_pytorch.dataset.vocab import WordVocab
from bert_pytorch.trainer.optim_schedule import ScheduledOptim


class PairCorpusDataset(Dataset):
    def __init__(self, corpus_file_path, tok_vocab, max_tokens, text_encoding="utf-8", n_corpus_lines=None, keep_in_memory=True):
        self.tok_vocab = tok_vocab
        self.max_tokens = max_tokens
        self.keep_in_memory = keep_in_memory
        self.n_corpus_lines = n_corpus_lines
        self.corpus_file_path = corpus_file_path
        self.text_encoding = text_encoding
        with open(corpus_file_path, "r", encoding=text_encoding) as fh:
            if self.n_corpus_lines is None and not keep_in_memory:
                for _ in tqdm.tqdm(fh, desc="counting corpus rows", total=n_corpus_lines):
                    self.n_corpus_lines += 1
            if keep_in_memory:
                self.pairs_in_ram = [row[:-1].split("\t")
                              for row in tqdm.tqdm(fh, desc="reading corpus into RAM", total=n_corpus_lines)]
                self.n_corpus_lines = len(self.pairs_in_ram)
        if not keep_in_memory:
            self.seq_file = open(corpus_file_path, "r", encoding=text_encoding)
            self.shuffled_file = open(corpus_file_path, "r", encoding=text_encoding)
            for _ in range(random.randint(self.n_corpus_lines if self.n_corpus_lines < 1000 else 1000)):
                self.shuffled_file.__next__()

    def __len__(self):
        return self.n_corpus_lines

    def __getitem__(self, idx):
        sent_a, sent_b, next_label = self.pick_pair(idx)
        a_masked, a_labels = self.mask_tokens(sent_a)
        b_masked, b_labels = self.mask_tokens(sent_b)
        sent_a = [self.tok_vocab.sos_index] + a_masked + [self.tok_vocab.eos_index]
        sent_b = b_masked + [self.tok_vocab.eos_index]
        a_labels = [self.tok_vocab.pad_index] + a_labels + [self.tok_vocab.pad_index]
        b_labels = b_labels + [self.tok_vocab.pad_index]
        seg_labels = ([1 for _ in range(len(sent_a))] + [2 for _ in range(len(sent_b))])[:self.max_tokens]
        input_ids = (sent_a + sent_b)[:self.max_tokens]
        mlm_labels = (a_labels + b_labels)[:self.max_tokens]
        pad_ids = [self.tok_vocab.pad_index for _ in range(self.max_tokens - len(input_ids))]
        input_ids.extend(pad_ids), mlm_labels.extend(pad_ids), seg_labels.extend(pad_ids)
        sample = {"bert_input": input_ids,
                  "bert_label": mlm_labels,
                  "segment_label": seg_labels,
                  "is_next": next_label}
        return {k: torch.tensor(v) for k, v in sample.items()}

    def mask_tokens(self, sent):
        toks = sent.split()
        mlm_targets = []
        for i, tok in enumerate(toks):
            r = random.random()
            if r < 0.15:
                r /= 0.15
                if r < 0.8:
                    toks[i] = self.tok_vocab.mask_index
                elif r < 0.9:
                    toks[i] = random.randrange(len(self.tok_vocab))
                else:
                    toks[i] = self.tok_vocab.stoi.get(tok, self.tok_vocab.unk_index)
                mlm_targets.append(self.tok_vocab.stoi.get(tok, self.tok_vocab.unk_index))
            else:
                toks[i] = self.tok_vocab.stoi.get(tok, self.tok_vocab.unk_index)
                mlm_targets.append(0)
        return toks, mlm_targets

    def pick_pair(self, idx):
        sent_a, sent_b = self.read_pair(idx)
        if random.random() > 0.5:
            return sent_a, sent_b, 1
        else:
            return sent_a, self.read_other_sentence(), 0

    def read_pair(self, idx):
        if self.keep_in_memory:
            return self.pairs_in_ram[idx][0], self.pairs_in_ram[idx][1]
        else:
            row = self.seq_file.__next__()
            if row is None:
                self.seq_file.close()
                self.seq_file = open(self.corpus_file_path, "r", encoding=self.text_encoding)
                row = self.seq_file.__next__()
            sent_a, sent_b = row[:-1].split("\t")
            return sent_a, sent_b

    def read_other_sentence(self):
        if self.keep_in_memory:
            return self.pairs_in_ram[random.randrange(len(self.pairs_in_ram))][1]
        row = self.seq_file.__next__()
        if row is None:
            self.seq_file.close()
            self.seq_file = open(self.corpus_file_path, "r", encoding=self.text_encoding)
            for _ in range(random.randint(self.n_corpus_lines if self.n_corpus_lines < 1000 else 1000)):
                self.shuffled_file.__next__()
            row = self.shuffled_file.__next__()
        return row[:-1].split("\t")[1]


class MaskedLMTrainer:

    def __init__(self, encoder_net: BERT, n_vocab: int,
                 train_batches_loader: DataLoader, test_batches_loader: DataLoader = None,
                 step_lr: float = 1e-4, adam_betas=(0.9, 0.999), decay: float = 0.01, n_warmup=10000,
                 use_cuda: bool = True, gpu_ids=None, print_every: int = 10):
        on_gpu = torch.cuda.is_available() and use_cuda
        self.dev = torch.device("cuda:0" if on_gpu else "cpu")
        self.encoder_net = encoder_net
        self.lm_model = BERTLM(encoder_net, n_vocab).to(self.dev)
        if use_cuda and torch.cuda.device_count() > 1:
            print("data-parallel over %d GPUs" % torch.cuda.device_count())
            self.lm_model = nn.DataParallel(self.lm_model, device_ids=gpu_ids)
        self.train_batches = train_batches_loader
        self.test_batches = test_batches_loader
        self.adam_opt = Adam(self.lm_model.parameters(), lr=step_lr, betas=adam_betas, weight_decay=decay)
        self.lr_sched = ScheduledOptim(self.adam_opt, self.encoder_net.hidden, n_warmup_steps=n_warmup)
        self.nll = nn.NLLLoss(ignore_index=0)
        self.print_every = print_every
        print("parameter count:", sum([p.nelement() for p in self.lm_model.parameters()]))

    def train_epoch(self, epoch):
        self.run_epoch(epoch, self.train_batches)

    def test_epoch(self, epoch):
        self.run_epoch(epoch, self.test_batches, is_train=False)

    def run_epoch(self, epoch, batch_loader, is_train=True):
        phase = "train" if is_train else "test"
        progress = tqdm.tqdm(enumerate(batch_loader),
                              desc="EP_%s:%d" % (phase, epoch),
                              total=len(batch_loader),
                              bar_format="{l_bar}{r_bar}")
        loss_sum = 0.0
        n_correct = 0
        n_total = 0
        for i, batch_data in progress:
            batch_data = {k: v.to(self.dev) for k, v in batch_data.items()}
            nsp_logp, mlm_logp = self.lm_model.forward(batch_data["bert_input"], batch_data["segment_label"])
            nsp_loss = self.nll(nsp_logp, batch_data["is_next"])
            mlm_loss = self.nll(mlm_logp.transpose(1, 2), batch_data["bert_label"])
            total_loss = nsp_loss + mlm_loss
            if is_train:
                self.lr_sched.zero_grad()
                total_loss.backward()
                self.lr_sched.step_and_update_lr()
            hits = nsp_logp.argmax(dim=-1).eq(batch_data["is_next"]).sum().item()
            loss_sum += total_loss.item()
            n_correct += hits
            n_total += batch_data["is_next"].nelement()
            progress_info = {
                "ep": epoch,
                "step": i,
                "mean_loss": loss_sum / (i + 1),
                "nsp_acc": n_correct / n_total * 100,
                "last_loss": total_loss.item()
            }
            if i % self.print_every == 0:
                progress.write(str(progress_info))
        print("epoch %d (%s): mean loss" % (epoch, phase), loss_sum / len(progress), "next-sentence accuracy",
              n_correct * 100.0 / n_total)

    def save_encoder(self, epoch, out_prefix_path="output/bert_trained.model"):
        saved_path = out_prefix_path + ".ep%d" % epoch
        torch.save(self.encoder_net.cpu(), saved_path)
        self.encoder_net.to(self.dev)
        print("epoch %d encoder written to" % epoch, saved_path)
        return saved_path


def train_entry():
    cli_parser = argparse.ArgumentParser()
    cli_parser.add_argument("-c", "--train_dataset", required=True, type=str, help="tab-separated sentence pairs to train on")
    cli_parser.add_argument("-t", "--test_dataset", type=str, default=None, help="held-out sentence pairs")
    cli_parser.add_argument("-v", "--vocab_path", required=True, type=str, help="vocabulary file made by bert-vocab")
    cli_parser.add_argument("-o", "--output_path", required=True, type=str, help="where to write the encoder, e.g. output/bert.model")
    cli_parser.add_argument("-hs", "--hidden", type=int, default=256, help="transformer width")
    cli_parser.add_argument("-l", "--layers", type=int, default=8, help="transformer depth")
    cli_parser.add_argument("-a", "--attn_heads", type=int, default=8, help="heads per attention layer")
    cli_parser.add_argument("-s", "--seq_len", type=int, default=20, help="tokens per example")
    cli_parser.add_argument("-b", "--batch_size", type=int, default=64, help="examples per step")
    cli_parser.add_argument("-e", "--epochs", type=int, default=10, help="passes over the corpus")
    cli_parser.add_argument("-w", "--num_workers", type=int, default=5, help="loader worker processes")
    cli_parser.add_argument("--with_cuda", type=bool, default=True, help="use the GPU")
    cli_parser.add_argument("--log_freq", type=int, default=10, help="log every this many steps")
    cli_parser.add_argument("--corpus_lines", type=int, default=None, help="row count of the corpus, if known")
    cli_parser.add_argument("--cuda_devices", type=int, nargs='+', default=None, help="GPU ids for data parallel")
    cli_parser.add_argument("--on_memory", type=bool, default=True, help="hold the whole corpus in RAM")
    cli_parser.add_argument("--lr", type=float, default=1e-3, help="Adam step size")
    cli_parser.add_argument("--adam_weight_decay", type=float, default=0.01, help="Adam weight decay")
    cli_parser.add_argument("--adam_beta1", type=float, default=0.9, help="Adam beta1")
    cli_parser.add_argument("--adam_beta2", type=float, default=0.999, help="Adam beta2")
    cli = cli_parser.parse_args()
    print("vocabulary:", cli.vocab_path)
    tok_vocab = WordVocab.load_vocab(cli.vocab_path)
    print("vocabulary size:", len(tok_vocab))
    print("train pairs:", cli.train_dataset)
    train_pairs_dataset = PairCorpusDataset(cli.train_dataset, tok_vocab, max_tokens=cli.seq_len,
                                n_corpus_lines=cli.corpus_lines, keep_in_memory=cli.on_memory)
    print("test pairs:", cli.test_dataset)
    test_pairs_dataset = PairCorpusDataset(cli.test_dataset, tok_vocab, max_tokens=cli.seq_len, keep_in_memory=cli.on_memory) \
        if cli.test_dataset is not None else None
    print("making the loaders")
    train_pairs_loader = DataLoader(train_pairs_dataset, batch_size=cli.batch_size, num_workers=cli.num_workers)
    test_pairs_loader = DataLoader(test_pairs_dataset, batch_size=cli.batch_size, num_workers=cli.num_workers) \
        if test_pairs_dataset is not None else None
    print("building the encoder")
    encoder_net = BERT(len(tok_vocab), hidden=cli.hidden, n_layers=cli.layers, attn_heads=cli.attn_heads)
    print("setting up the trainer")
    lm_trainer = MaskedLMTrainer(encoder_net, len(tok_vocab), train_batches_loader=train_pairs_loader, test_batches_loader=test_pairs_loader,
                          step_lr=cli.lr, adam_betas=(cli.adam_beta1, cli.adam_beta2), decay=cli.adam_weight_decay,
                          use_cuda=cli.with_cuda, gpu_ids=cli.cuda_devices, print_every=cli.log_freq)
    print("starting")
    for epoch in range(cli.epochs):
        lm_trainer.train_epoch(epoch)
        lm_trainer.save_encoder(epoch, cli.output_path)
        if test_pairs_loader is not None:
            lm_trainer.test_epoch(epoch)


if __name__ == "__main__":
    train_entry()
