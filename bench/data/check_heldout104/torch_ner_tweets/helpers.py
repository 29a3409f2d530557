import matplotlib.pyplot as plt
import numpy as np
import torch
from sklearn.metrics import f1_score


def acc_f1_from_cm(cm):
    # binary case only
    tn = cm[0][0]
    fn = cm[1][0]
    tp = cm[1][1]
    fp = cm[0][1]

    accuracy = (tn + tp) / (tn + tp + fn + fp)
    precision = tp / (tp + fp)
    recall = tp / (tp + fn)
    f1 = 2 * (precision * recall) / (precision + recall)
    return accuracy, f1


def report_batch(
    n_batches,
    bi,
    loss,
    tr_cm,
    va_cm,
    phase,
):
    train_accuracy, train_f1 = acc_f1_from_cm(
        tr_cm
    )
    if phase == "train":
        print(
            "Batch: {}/{} |".format(bi + 1, n_batches),
            "Batch Loss: {:.3f} |".format(loss),
            "Train Accuracy: {:.3f} |".format(train_accuracy),
            "Train F1: {:.3f}".format(train_f1),
        )
    if phase == "validate":
        val_accuracy, val_f1 = acc_f1_from_cm(va_cm)
        print(
            "Val Accuracy: {:.3f} |".format(val_accuracy),
            "Val F1: {:.3f}".format(val_f1),
        )


def report_epoch(
    history,
    ep,
    phase,
):
    cm = history[phase]["cm"]
    losses = history[phase]["losses"]
    mean_loss = np.array(losses).mean()
    n_total = history["n_epochs_total"]

    accuracy, f1 = acc_f1_from_cm(cm)
    print(
        "Epoch: {}/{} |".format(ep + 1, n_total),
        "{} Accuracy: {:.3f} |".format(phase, accuracy),
        "{} F1: {:.3f}".format(phase, f1),
    )

    history[phase]["acc_hist"].append(accuracy)
    history[phase]["f1_hist"].append(f1)
    history[phase]["loss_hist"].append(mean_loss)
    return history


def strip_pad(padded, lengths):
    pieces = []
    for x, n_x in zip(padded, lengths):
        x_cut = torch.Tensor(x[:n_x])
        pieces.append(x_cut)
    return torch.concat(pieces)


def draw_history(
    history,
    hidden,
    emb_name,
    dropout,
    loss_name,
    cls_w,
    depth,
    o_mode
):
    cls_w = [round(float(w), 2) for w in cls_w]
    xs = np.arange(1, history["n_epochs_total"] + 1)

    phases = ["train", "validate"]
    acc_col = {"train": "steelblue", "validate": "darkorange"}
    f1_col = {"train": "seagreen", "validate": "crimson"}
    loss_col = {"train": "purple", "validate": "chocolate"}
    for phase in phases:
        acc_ys = history[phase]["acc_hist"]
        f1_ys = history[phase]["f1_hist"]
        loss_ys = history[phase]["loss_hist"]
        if phase == "validate":
            val_f1 = round(f1_ys[-1], 3)

        plt.plot(
            xs,
            acc_ys,
            label=f"{phase}_Accuracy",
            color=acc_col[phase],
        )
        plt.plot(
            xs,
            f1_ys,
            label=f"{phase}_F1",
            color=f1_col[phase],
        )
        plt.plot(
            xs,
            loss_ys,
            label=f"{phase}_avg_loss",
            color=loss_col[phase],
        )
    plt.legend()
    plt.title(
        f"{val_f1=} | {emb_name}  {hidden=}\
        \n{loss_name} | {dropout=} | w={cls_w}"
    )
    plt.ylabel("Score")
    plt.xlabel("Epoch")
    png_name = f"plots/{val_f1=}_{emb_name}_{hidden=}_{loss_name}_\
                drop={dropout}_w={cls_w}_{depth=}_{o_mode=}.png"

    plt.savefig(png_name)
    plt.clf()
    plt.cla()


def write_tagged(guess, out_path, untagged_path):
    blank_rows = ["\t", ""]
    punct = [
        ".",
        ",",
        ":",
        ";",
        "?",
        "!",
        "*",
        '"',
        "#",
        "$",
        "-",
        "+",
        "_",
        "(",
        ")",
    ]
    print(f"writing tags for: {untagged_path}")
    with open(untagged_path, "r", encoding="utf8") as in_fh:
        with open(out_path, "w", encoding="utf8") as out_fh:
            for y in guess:
                if y == 0:
                    pred = "O"
                else:
                    pred = "1"
                word = in_fh.readline()[:-1]
                if word in blank_rows:
                    out_fh.write("\n")
                    word = in_fh.readline()[:-1]
                # if word in punct:
                #     pred = "O"
                out_fh.write(f"{word}\t{pred}\n")


def file_f1(pred_file, gold_file):
    pred_tags = []
    with open(pred_file, "r", encoding="utf8") as f:
        for line in f.readlines():
            line = line.split("\t")
            try:
                pred_tags.append(line[1][:-1])
            except:
                continue

    gold_tags = []
    with open(gold_file, "r", encoding="utf8") as f:
        for line in f.readlines():
            line = line.split("\t")
            try:
                gold_tags.append(line[1][:-1])
            except:
                continue

    gold_tags = [0 if x == "O" else 1 for x in gold_tags]
    pred_tags = [0 if x == "O" else 1 for x in pred_tags]

    n_cls = 2
    cm = np.zeros([n_cls, n_cls])

    for i in range(len(gold_tags)):
        cm[gold_tags[i]][pred_tags[i]] += 1

    print(cm)
    accuracy, f1 = acc_f1_from_cm(cm)
    print(f"own metric, {f1=}, {accuracy=}")
    print(f1_score(gold_tags, pred_tags))
