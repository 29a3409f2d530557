import numpy as np
import torch
from torch.nn.functional import one_hot
from torch.nn.helpers.rnn import pack_padded_sequence, pad_packed_sequence

from helpers import report_epoch, strip_pad


def fit_tagger(
    tagger,
    train_loader,
    n_ep: int,
    optimizer,
    criterion,
    val_loader=None,
):

    # ---------
    # device
    # ---------
    # pick the device
    # device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    # if torch.cuda.is_available():
    #     print("Training on GPU.")
    # else:
    #     print("No GPU available, training on CPU.")
    # device = torch.device("cpu")
    # tagger.to(device)
    # ----------------------------------
    # epochs
    # ----------------------------------
    # bookkeeping
    history = {}
    history["n_epochs_total"] = n_ep
    phases = ["train", "validate"]
    n_cls = tagger.n_cls
    for phase in phases:
        history[phase] = {}
        history[phase]["acc_hist"] = []
        history[phase]["f1_hist"] = []
        history[phase]["loss_hist"] = []

    for ep in range(n_ep):
        # bookkeeping
        for phase in phases:
            history[phase]["cm"] = np.zeros(
                [n_cls, n_cls]
            )
            history[phase]["losses"] = []

        loaders = {"train": train_loader}
        if val_loader:
            loaders["validate"] = val_loader

        for phase, loader in loaders.items():
            for bi, (sentences, labels, sent_lens) in enumerate(loader):
                # move to device
                # sentences, labels, sent_lens = (
                #     sentences.to(device),
                #     labels.to(device),
                #     sent_lens.to(device),
                # )

                # forward pass
                outputs = tagger(sentences, sent_lens)

                # targets without padding
                packed_y = pack_padded_sequence(
                    labels, sent_lens, batch_first=True, enforce_sorted=False
                )
                padded_y, y_lens = pad_packed_sequence(
                    packed_y, batch_first=True
                )
                flat_y = strip_pad(padded_y, y_lens).long()
                y_onehot = one_hot(flat_y, num_classes=n_cls)

                # loss value
                loss = criterion(outputs, y_onehot.float())
                history[phase]["losses"].append(loss.detach().cpu())

                if phase == "train":
                    # update
                    loss.backward(retain_graph=True)
                    optimizer.step()
                    optimizer.zero_grad()

                # predicted classes
                preds = outputs.argmax(dim=1).clone().detach().cpu()
                gold = np.array(flat_y.cpu().view(-1).int())
                guess = np.array(preds.view(-1))
                n_guess = len(guess)
                for i in range(n_guess):
                    history[phase]["cm"][gold[i]][
                        guess[i]
                    ] += 1

            history = report_epoch(
                history,
                ep,
                phase,
            )

    torch.save(tagger.state_dict(), tagger.ckpt_path)
    print("dev confusion:", history["validate"]["cm"])
    return history
