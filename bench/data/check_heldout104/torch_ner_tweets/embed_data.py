# import json

# import numpy as np
# import pandas as pd
import torch
import torch.nn.helpers.rnn as rnn
from gensim import downloader
from torch.helpers.data import DataLoader, TensorDataset


class WordVectors:
    def __init__(self, embedding_model_type="glove", train_oov=False, vdim=200):
        self.vdim = vdim
        self.embedding_model_type = embedding_model_type
        self.emb_source = "glove-twitter-200"
        print("loading twitter vectors...")
        self.kv = downloader.load(self.emb_source)
        self.train_oov = train_oov

        # corpus files
        self.tr_file = "data/train.tagged"
        self.dev_file = "data/dev.tagged"
        self.te_file = "data/test.untagged"

        self.oov_vec = torch.rand(self.vdim, requires_grad=True)

    def make_loaders(self, batch_size):
        X_train, y_train, X_dev, y_dev = self.vectorise_splits()

        # wrap tensors
        tr_items = TensorDataset(X_train, y_train)
        dev_items = TensorDataset(X_dev, y_dev)

        # loaders
        torch.manual_seed(42)
        tr_loader = DataLoader(
            tr_items, batch_size=batch_size, shuffle=True
        )
        dev_loader_ = DataLoader(dev_items, batch_size=batch_size, shuffle=True)

        return tr_loader, dev_loader_

    def vectorise_test(self):
        X_test, _ = self._vectorise_file(self.te_file, tagged=False)

    def vectorise_splits(self):
        X_train, y_train = self._vectorise_file(self.tr_file, tagged=True)
        X_dev, y_dev = self._vectorise_file(self.dev_file, tagged=True)
        # entity vs outside
        y_train = torch.Tensor([0 if y == "O" else 1 for y in y_train])
        y_dev = torch.Tensor([0 if y == "O" else 1 for y in y_dev])
        return X_train, y_train, X_dev, y_dev

    def _vectorise_file(self, path: str, tagged: bool):
        EOF = "\ufeff"
        blank_rows = ["", "\t", EOF]

        # read whole file
        with open(path, "r", encoding="utf8") as f:
            raw_text = f.read()

        # one row per token
        words = []
        for row in raw_text.split("\n"):
            if row not in blank_rows:
                if tagged:
                    row = tuple(row.split("\t"))
                words.append(row)

        X = []
        y = []
        for word in words:
            if tagged:
                word, tag = word
                y.append(tag)
            word = word.lower()
            if word not in self.kv.key_to_index:
                if self.train_oov:
                    u_c = self.oov_vec
                else:
                    u_c = torch.zeros(self.vdim)
            else:
                u_c = torch.tensor(self.kv[word])
            X.append(u_c)

        X = torch.stack(X)
        return X, y


class SentenceVectors:
    """
    fasttext-wiki-news-subwords-300
    glove-twitter-100
    glove-twitter-200
    glove-twitter-25
    glove-twitter-50
    glove-wiki-gigaword-100
    glove-wiki-gigaword-200
    glove-wiki-gigaword-300
    glove-wiki-gigaword-50
    word2vec-google-news-300
    word2vec-ruscorpora-300
    """

    def __init__(
        self,
        o_mode,
        emb_source="glove-twitter-200",
        train_oov=False,
        vdim=200,
        emb_sources_list=None,
        emb_dims_list=None,
    ):
        self.vdim = vdim
        self.emb_source = emb_source
        self.emb_sources_list = emb_sources_list
        self.emb_dims_list = emb_dims_list
        self.o_mode = o_mode

        print("loading vector tables...")
        if self.emb_sources_list is None:
            self.kv = downloader.load(self.emb_source)
        else:
            self.kv = [
                downloader.load(self.emb_sources_list[0]),
                downloader.load(self.emb_sources_list[1]),
            ]
        self.train_oov = train_oov

        # corpus files
        self.tr_file = "data/train.tagged"
        self.dev_file = "data/dev.tagged"
        self.te_file = "data/test.untagged"

        # small files for quick runs
        # self.tr_file = "data/debug.tagged"
        # self.dev_file = "data/debug.tagged"
        # self.te_file = "data/dev_no_tag.untagged"

        # self.oov_vec = torch.rand(self.vdim, requires_grad=True)

    def make_loaders(self, batch_size):
        (
            X_train,
            y_train,
            lens_tr,
            X_dev,
            y_dev,
            lens_dev,
        ) = self.vectorise_splits()

        # pair up sentences, tags and lengths
        tr_items = [*zip(X_train, y_train, lens_tr)]
        dev_items = [*zip(X_dev, y_dev, lens_dev)]

        # loaders
        torch.manual_seed(42)
        tr_loader = DataLoader(
            tr_items, batch_size=batch_size, shuffle=True
        )
        dev_loader_ = DataLoader(dev_items, batch_size=batch_size, shuffle=False)

        te_loader = self.make_test_loader(batch_size=batch_size)

        return tr_loader, dev_loader_, te_loader

    def make_test_loader(self, batch_size):
        X_test, _, lens_te = self._vectorise_file(
            self.te_file, tagged=False
        )
        te_items = [*zip(X_test, lens_te)]
        te_loader = DataLoader(te_items, batch_size=batch_size, shuffle=False)

        return te_loader

    def vectorise_splits(self):
        X_train, y_train, lens_tr = self._vectorise_file(
            self.tr_file, tagged=True
        )
        X_dev, y_dev, lens_dev = self._vectorise_file(
            self.dev_file, tagged=True
        )
        return (
            X_train,
            y_train,
            lens_tr,
            X_dev,
            y_dev,
            lens_dev,
        )

    def _vectorise_file(self, path: str, tagged: bool):
        EOF = "\ufeff"
        blank_rows = ["", "\t", EOF]

        # read whole file
        with open(path, "r", encoding="utf8") as f:
            raw_text = f.read()

        # group rows into sentences
        sentences = []
        cur_sent = []
        for row in raw_text.split("\n"):
            if row not in blank_rows:
                if EOF == row:  # byte-order mark
                    continue
                if tagged:
                    row = tuple(row.split("\t"))
                cur_sent.append(row)
            else:
                if len(cur_sent) > 0:
                    sentences.append(cur_sent)
                cur_sent = []

        X = []
        y = []
        lens = []

        # look up vectors
        for sentence in sentences:

            sent_vecs_cur = []
            sent_tags_cur = []

            for word in sentence:
                if tagged:
                    word, tag = word
                    sent_tags_cur.append(tag)
                word = word.lower()

                # one vector table
                if self.emb_sources_list is None:
                    if word not in self.kv.key_to_index:
                        if self.train_oov:
                            wvec = torch.rand(self.vdim, requires_grad=True)
                        else:
                            wvec = torch.zeros(self.vdim)
                    else:
                        wvec = torch.tensor(self.kv[word])

                # several tables side by side
                else:
                    wvec = []
                    # each table in turn:
                    for i in range(len(self.kv)):

                        if word not in self.kv[i].key_to_index:
                            if self.train_oov:
                                wvec.append(
                                    torch.rand(
                                        self.emb_dims_list[i], requires_grad=True
                                    )
                                )
                            else:
                                wvec.append(torch.zeros(self.emb_dims_list[i]))
                        else:
                            wvec.append(torch.tensor(self.kv[i][word]))

                    wvec = torch.concat(wvec)
                sent_vecs_cur.append(wvec)

            sent_vecs_cur = torch.stack(sent_vecs_cur)
            X.append(sent_vecs_cur)
            lens.append(len(sent_vecs_cur))
            if tagged:
                y.append(sent_tags_cur)

        # drop sentences with no entity
        if tagged and "train" in path and self.o_mode == "noO":
            X, y = self._drop_all_outside(X, y)

        # pad to the longest sentence
        X = rnn.pad_sequence(X, batch_first=True, padding_value=0.0)
        if tagged:
            # entity vs outside
            y = [
                torch.Tensor([0 if y_ == "O" else 1 for y_ in sentence_tags])
                for sentence_tags in y
            ]
            y = rnn.pad_sequence(y, batch_first=True, padding_value=0.0)

        return X, y, lens

    def _drop_all_outside(self, X, y):
        kept_x = []
        kept_y = []
        for sentence, tags in zip(X, y):
            for tag in tags:
                if tag != "O":
                    kept_x.append(sentence)
                    kept_y.append(tags)
                    break
        return kept_x, kept_y


if __name__ == "__main__":
    pass
    # ds = SentenceVectors()
    # train_loader, dev_loader, test_loader = ds.make_loaders(batch_size=64)
