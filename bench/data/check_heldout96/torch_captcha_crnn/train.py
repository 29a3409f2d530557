import os
import glob
import torch
import numpy as np

import albumentations
from sklearn import preprocessing
from sklearn import model_selection
from sklearn import metrics

import config
import dataset
import engine
from model import CaptchaModel


from torch import nn


def collapse_repeats(s):
    if len(s) < 2:
        return s
    res = ""
    for ch in s:
        if res == "":
            res = ch
        else:
            if ch == res[-1]:
                continue
            else:
                res = res + ch
    return res


def to_strings(logits, enc):
    logits = logits.permute(1, 0, 2)
    logits = torch.softmax(logits, 2)
    logits = torch.argmax(logits, 2)
    logits = logits.detach().cpu().numpy()
    decoded = []
    for r in range(logits.shape[0]):
        chars = []
        for idx in logits[r, :]:
            idx = idx - 1
            if idx == -1:
                chars.append("~")
            else:
                c = enc.inverse_transform([idx])[0]
                chars.append(c)
        joined = "".join(chars).replace("~", "")
        decoded.append(collapse_repeats(joined))
    return decoded


def main():
    files = glob.glob(os.path.join(config.IMG_FOLDER, "*.png"))
    raw_labels = [x.split("/")[-1][:-4] for x in files]
    char_lists = [[c for c in x] for x in raw_labels]
    all_chars = [c for clist in char_lists for c in clist]

    encoder = preprocessing.LabelEncoder()
    encoder.fit(all_chars)
    encoded = [encoder.transform(x) for x in char_lists]
    encoded = np.array(encoded)
    encoded = encoded + 1

    (
        tr_files,
        te_files,
        tr_labels,
        te_labels,
        _,
        te_raw,
    ) = model_selection.train_test_split(
        files, encoded, raw_labels, test_size=0.1, random_state=42
    )

    tr_ds = dataset.CaptchaImages(
        paths=tr_files,
        labels=tr_labels,
        size=(config.H, config.W),
    )
    tr_loader = torch.utils.data.DataLoader(
        tr_ds,
        batch_size=config.BS,
        num_workers=config.WORKERS,
        shuffle=True,
    )
    te_ds = dataset.CaptchaImages(
        paths=te_files,
        labels=te_labels,
        size=(config.H, config.W),
    )
    te_loader = torch.utils.data.DataLoader(
        te_ds,
        batch_size=config.BS,
        num_workers=config.WORKERS,
        shuffle=False,
    )

    net = CaptchaModel(num_chars=len(encoder.classes_))
    net.to(config.DEV)

    opt = torch.optim.Adam(net.parameters(), lr=3e-4)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
        opt, factor=0.8, patience=5, verbose=True
    )
    for ep in range(config.N_EPOCHS):
        tr_loss = engine.fit_epoch(net, tr_loader, opt)
        outs, te_loss = engine.score_epoch(net, te_loader)
        pred_strings = []
        for o in outs:
            batch_strings = to_strings(o, encoder)
            pred_strings.extend(batch_strings)
        pairs = list(zip(te_raw, pred_strings))
        print(pairs[:10])
        truth = [collapse_repeats(c) for c in te_raw]
        acc = metrics.accuracy_score(truth, pred_strings)
        print(
            f"ep={ep} train={tr_loss} test={te_loss} acc={acc}"
        )
        sched.step(te_loss)


if __name__ == "__main__":
    main()
