import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.helpers.rnn import pack_padded_sequence, pad_packed_sequence
from torch.optim import Adam

from embed_data import SentenceVectors
from loop_tagger import fit_tagger
from helpers import draw_history, strip_pad


class BiLSTMTagger(nn.Module):
    def __init__(
        self,
        emb_dim,
        hid,
        n_cls,
        ckpt_path,
        activation,
        depth,
        dropout,
    ):
        super().__init__()
        self.emb_dim = emb_dim
        self.hid = hid
        self.lstm = nn.LSTM(
            input_size=emb_dim,
            hidden_size=self.hid,
            num_layers=depth,
            batch_first=True,
            dropout=dropout,
            bidirectional=True,
        )
        self.proj_hidden = nn.Sequential(
            activation, nn.Linear(self.hid * 2, self.hid)
        )
        self.proj_out = nn.Sequential(
            # nonlinearity,
            nn.Linear(self.hid, n_cls)
        )
        self.activation = nn.Sigmoid()
        self.dropout = nn.Dropout(p=dropout)
        self.ckpt_path = ckpt_path
        self.n_cls = n_cls

    def forward(self, sent_vecs, sent_lens):
        # pack the padded batch
        packed_in = pack_padded_sequence(
            sent_vecs, sent_lens, batch_first=True, enforce_sorted=False
        )
        packed_out, (ht, ct) = self.lstm(input=packed_in)
        # back to padded
        padded_out, out_lens = pad_packed_sequence(
            packed_out, batch_first=True
        )

        # from sentence rows to token rows
        token_states = strip_pad(padded_out, sent_lens)

        # states -> scores -> probabilities
        logits = self.proj_hidden(token_states)
        logits = self.activation(logits)
        logits = self.dropout(logits)
        logits = self.proj_out(logits)
        probs = F.softmax(logits, dim=1)
        return probs


# -------------------------
# Wiring
# -------------------------


def run(
    train_loader,
    dev_loader,
    emb_name,
    vdim,
    hid,
    dropout,
    cls_w,
    criterion,
    loss_name,
    batch_size,
    o_mode,
    depth,
):
    n_cls = 2
    n_ep = 10
    lr = 0.001
    activation = nn.Tanh()
    emb_dim = vdim
    weight_options = [round(float(w), 2) for w in cls_w]

    ckpt_path = f"LSTM_model_stateDict_hidden={hid}_\
        layers={depth}_w={weight_options}_{o_mode}.pt"

    tagger = BiLSTMTagger(
        emb_dim=emb_dim,
        n_cls=n_cls,
        hid=hid,
        ckpt_path=ckpt_path,
        activation=activation,
        depth=depth,
        dropout=dropout,
    )

    optimizer = Adam(params=tagger.parameters(), lr=lr)

    history = fit_tagger(
        tagger=tagger,
        train_loader=train_loader,
        n_ep=n_ep,
        val_loader=dev_loader,
        optimizer=optimizer,
        criterion=criterion,
    )

#    draw_history(
#        history=history,
#        hidden=hid,
#        emb_name=emb_name,
#        dropout=dropout,
#        loss_name=loss_name,
#        cls_w=list(cls_w),
#        depth=depth,
#        o_mode=o_mode,
#    )


def main():
    embed_options = [
        (
            "concated",
            ["glove-twitter-200", "word2vec-google-news-300"],
            [200, 300],
            500,
        )
    ]
    hidden_options = [256, 600, 1000]
    hidden_options = [500]
    dropout_options = [0.2]
    weight_options = [
        torch.tensor([0.1, 0.9]),
        # torch.tensor([0.25, 0.75]),
    ]
    batch_size = 32
    o_options = ["withO", "noO"]
    o_options = ["withO"]

    depth_options = [1, 3, 4]
    depth_options = [1]

    for o_mode in o_options:
        for emb_name, emb_sources, emb_dims, vdim in embed_options:

            # build the vectorised corpus
            torch.manual_seed(42)
            # either build it now
            ner_data = SentenceVectors(
                vdim=vdim,
                emb_sources_list=emb_sources,
                emb_dims_list=emb_dims,
                emb_source=emb_name,
                o_mode=o_mode,
            )
            train_loader, dev_loader, _ = ner_data.make_loaders(
                batch_size=batch_size
            )
            # or read a saved copy
            # train_loader, dev_loader, _ = torch.load(
            #     f"concated_ds_{batch_size}_{o_mode}.pkl"
            # )

            # sweep
            for hid in hidden_options:
                for depth in depth_options:
                    for dropout in dropout_options:
                        for cls_w in weight_options:
                            for criterion, loss_name in [
                                (
                                    nn.CrossEntropyLoss(weight=cls_w),
                                    "CrossEntropy",
                                ),
                            ]:
                                print(
                                    "----------------------------------------------------------"
                                )
                                print(
                                    f"{emb_name=} | {hid=} | {dropout=} \
                                        \n{cls_w=} | {criterion=}"
                                )
                                run(
                                    train_loader=train_loader,
                                    dev_loader=dev_loader,
                                    emb_name=emb_name,
                                    vdim=vdim,
                                    hid=hid,
                                    dropout=dropout,
                                    cls_w=cls_w,
                                    criterion=criterion,
                                    loss_name=loss_name,
                                    batch_size=batch_size,
                                    o_mode=o_mode,
                                    depth=depth,
                                )


if __name__ == "__main__":
    main()
