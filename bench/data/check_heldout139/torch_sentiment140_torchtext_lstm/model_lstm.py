"""Bidirectional LSTM for tweet polarity."""

import argparse
import logging
import os

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.optim as optim
import torchtext
from sklearn.model_selection import train_test_split
from torchtext import data

import utils

# Module-level settings
# ------------------------------------------

NAME = "model_lstm"
CKPT = "{}{}.pt".format(utils.MODELS_DIR, NAME)
LOSS = nn.BCEWithLogitsLoss()
device = None


class TweetLSTM(nn.Module):
    def __init__(
        self,
        n_words,
        emb_dim,
        hid_dim,
        out_dim,
        n_layers,
        bidir,
        p_drop,
        pad_id
    ):
        """Build the layers.

        Args:
            n_words (int): vocabulary size.
            emb_dim (int): word vector size.
            hid_dim (int): LSTM state size.
            out_dim (int): number of outputs.
            n_layers (int): stacked LSTM layers.
            bidir (bool): run the LSTM both ways.
            p_drop (float): dropout rate.
            pad_id (str): id of the padding token.
        """

        super().__init__()

        # word vectors
        self.emb = nn.Embedding(
            n_words, emb_dim, padding_idx=pad_id)

        # recurrent encoder
        self.rnn = nn.LSTM(emb_dim,
                               hid_dim,
                               num_layers=n_layers,
                               bidirectional=bidir,
                               dropout=p_drop)

        # output layer
        self.head = nn.Linear(hid_dim*2, out_dim)

        # dropout used twice
        self.drop = nn.Dropout(p_drop)

    def forward(self, x, x_lens):
        """Run one batch.

        Args:
            x (tensor): padded ids, (T, N) with N the batch size.
            x_lens (tensor): true lengths, (N,) with N the batch
                size.
        """
        vecs = self.drop(self.emb(x))

        # pack the padded batch
        packed = nn.utils.rnn.pack_padded_sequence(
            vecs, x_lens)

        # run the encoder
        packed_out, (h, c) = self.rnn(packed)

        # back to a padded tensor
        out, out_lens = nn.utils.rnn.pad_packed_sequence(
            packed_out)

        # last forward and backward states
        h = self.drop(
            torch.cat((h[-2, :, :], h[-1, :, :]), dim=1))

        return self.head(h)


def load_train():
    """Read the training arrays and build torchtext iterators.

    Returns:
        tr_it (IterableDataset): training batches.
        va_it (IterableDataset): validation batches.
        te_it (IterableDataset): test batches.
        TEXT (torchtext.data.field): the text field.
    """
    x_all = np.load(utils.X_TRAIN_NPY)
    y_all = np.load(utils.Y_TRAIN_NPY)

    x_big, x_small, y_big, y_small = train_test_split(
        x_all, y_all, test_size=0.1, random_state=42)

    table = pd.concat(
        [pd.DataFrame(x_small), pd.DataFrame(y_small)], axis=1)
    pd.DataFrame(table).to_csv("tmp_train.csv", index=None)

    TEXT = data.Field(tokenize="spacy", lower=True, include_lengths=True)
    LABEL = data.LabelField(dtype=torch.float)

    cols = [("text", TEXT), ("label", LABEL)]

    ds = torchtext.data.TabularDataset(
        path="tmp_train.csv",
        format="csv",
        fields=cols,
        skip_header=False)
    os.remove("tmp_train.csv")

    (x_all, x_va, x_te) = ds.split(split_ratio=[0.8, 0.1, 0.1])

    TEXT.build_vocab(x_all,
                     max_size=25000,
                     vectors="glove.6B.100d",
                     unk_init=torch.Tensor.normal_)

    LABEL.build_vocab(x_all)

    tr_it, va_it, te_it = data.BucketIterator.splits(
        (x_all, x_va, x_te),
        batch_size=128,
        sort_key=lambda ex: len(ex.text),
        sort_within_batch=True)

    return tr_it, va_it, te_it, TEXT


def load_test():
    """Read the test arrays and build torchtext iterators.

    Returns:
        big_it (IterableDataset): larger test part.
        small_it (IterableDataset): smaller test part.
    """
    x_te = np.load(utils.X_TEST_NPY)
    y_te = np.load(utils.Y_TEST_NPY)

    TEXT = data.Field(tokenize="spacy", lower=True, include_lengths=True)
    LABEL = data.LabelField(dtype=torch.float)

    cols = [("text", TEXT), ("label", LABEL)]

    table = pd.concat([pd.DataFrame(x_te), pd.DataFrame(y_te)], axis=1)
    pd.DataFrame(table).to_csv("tmp_test.csv", index=None)
    ds = torchtext.data.TabularDataset(
        path="tmp_test.csv",
        format="csv",
        fields=cols,
        skip_header=False)
    os.remove("tmp_test.csv")

    # a larger and a smaller part
    (big, small) = ds.split(
        split_ratio=[0.9, 0.1])

    TEXT.build_vocab(big,
                     max_size=250000,
                     vectors="glove.6B.100d",
                     unk_init=torch.Tensor.normal_)

    LABEL.build_vocab(big)

    big_it, small_it = data.BucketIterator.splits(
        (big, small),
        batch_size=128,
        sort_key=lambda ex: len(ex.text),
        sort_within_batch=True)

    return big_it, small_it


def create(args):
    """Make a fresh model and save it.

    Nothing is trained or tested here; the untrained model is written to
    models/<name>.pt.
    """
    logging.info("create called")

    tr_it, va_it, te_it, TEXT = load_train()

    net = TweetLSTM(n_words=len(TEXT.vocab),
                 emb_dim=100,
                 hid_dim=256,
                 out_dim=1,
                 n_layers=2,
                 bidir=True,
                 p_drop=0.5,
                 pad_id=TEXT.vocab.stoi[TEXT.pad_token]).to(device)

    torch.save(net, CKPT)
    logging.info("fresh model written to {}".format(CKPT))


def batch_accuracy(logits, y):
    """Accuracy of one batch."""
    # threshold the sigmoid at one half
    hard = torch.round(torch.sigmoid(logits))

    # matches
    hit = (hard == y).float()

    # fraction correct
    acc = hit.sum() / len(hit)

    return acc


def run_epoch(net, it, opt, loss_fn):
    """One pass over the training batches."""
    # summed loss
    loss_sum = 0.0

    # summed accuracy
    acc_sum = 0.0

    # training mode
    net.train()

    # every training batch
    for batch in it:

        opt.zero_grad()

        # (ids, lengths)
        x, x_lens = batch.text

        logits = net(x, x_lens).squeeze(1)
        loss = loss_fn(logits, batch.label)
        acc = batch_accuracy(logits, batch.label)

        loss.backward()
        opt.step()

        loss_sum += loss.item()
        acc_sum += acc.item()

    return loss_sum / len(it), acc_sum / len(it)


def train(args):
    """Train the saved model.

    Loads models/<name>.pt and trains it on the training part only; the
    checkpoint is rewritten whenever the validation loss
    improves.
    """
    logging.info("train called")

    net = torch.load(CKPT).to(device)
    tr_it, va_it, te_it, TEXT = load_train()

    # best validation loss so far
    best = float("inf")

    # optimiser
    opt = optim.Adam(net.parameters(), lr=2e-2)

    for ep in range(args.epochs):

        # one training pass
        tr_loss, tr_acc = run_epoch(
            net, tr_it, opt, LOSS)

        # validation pass
        va_loss, va_acc = score(net, va_it)

        if va_loss < best:
            best = va_loss
            torch.save(net, CKPT)

        print("epoch {}:".format(ep+1))
        print("\t train loss {} | train acc: {}%".format(
            round(tr_loss, 2), round(tr_acc*100, 2)))
        print("\t valid loss {} | valid acc: {}%".format(
            round(va_loss, 2), round(va_acc*100, 2)))


def score(net, it):
    """Loss and accuracy of a model on an iterator.

    Used for validation during training and for the final test
    numbers.

    Nothing is written here.
    """
    logging.info("score called")

    loss_sum = 0.0
    acc_sum = 0
    net.eval()

    # no graph needed
    with torch.no_grad():

        for batch in it:

            x, x_lens = batch.text
            logits = net(x, x_lens).squeeze(1)
            loss = LOSS(logits, batch.label)
            acc = batch_accuracy(logits, batch.label)

            loss_sum += loss.item()
            acc_sum += acc.item()

    return loss_sum / len(it), acc_sum / len(it)


def evaluate(args):
    """Score the saved model on the test tweets.

    Loads models/<name>.pt and reports loss and accuracy on the
    smaller test part.

    The test files are only read.
    """
    net = torch.load(CKPT).to(device)
    big_it, small_it = load_test()

    # test loss and accuracy
    te_loss, te_acc = score(net, small_it)

    print("test loss: {} | test acc: {}%".format(
        round(te_loss, 2), round(te_acc*100, 2)))


if __name__ == "__main__":
    # Output folders
    # ------------------------------------------

    utils.make_dir(utils.RESULTS_DIR, delete_old=False)
    utils.make_dir(utils.MODELS_DIR, delete_old=False)

    utils.make_dir("{}{}/".format(utils.RESULTS_DIR, NAME), False)

    # Logging
    # ------------------------------------------
    logging.basicConfig(
        filename="{}{}/{}.log".format(utils.RESULTS_DIR,
                                      NAME, NAME),
        filemode="a",
        level=logging.DEBUG,
        format="%(asctime)s - %(levelname)s: %(message)s",
        datefmt="%Y/%m/%d %H:%M:%S",
    )

    # Command line
    # ------------------------------------------

    parser = argparse.ArgumentParser(
        "{} for tweet polarity".format(NAME))
    parser.add_argument("--cuda", help="run on the GPU", action="store_true")
    subparsers = parser.add_subparsers()

    # create
    # ------------------------------------------

    p_create = subparsers.add_parser(
        "create",
        help="make and save an untrained model",
    )
    p_create.set_defaults(func=create)

    # train
    # ------------------------------------------

    p_train = subparsers.add_parser(
        "train",
        help="train the saved model",
    )
    p_train.add_argument(
        "--epochs", help="how many epochs", default=42, type=int)
    p_train.add_argument(
        "--batch-size", help="batch size", default=128, type=int)
    p_train.set_defaults(func=train)

    # evaluate
    # ------------------------------------------

    p_eval = subparsers.add_parser(
        "evaluate",
        help="score the saved model on the test tweets"
    )
    p_eval.set_defaults(func=evaluate)

    # Parse
    # ------------------------------------------

    args = parser.parse_args()

    use_cuda = args.cuda and torch.cuda_is_available()
    device = torch.device("cuda" if use_cuda else "cpu")

    args.func(args)
