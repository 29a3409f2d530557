import numpy as np
import torch
import torch.nn.functional as F
from pandas import read_csv
from sklearn.model_selection import train_test_split


# amino-acid letters mapped to integers, 0 is reserved for padding
aminos = [
    "A",
    "C",
    "D",
    "E",
    "F",
    "G",
    "H",
    "I",
    "K",
    "L",
    "M",
    "N",
    "P",
    "Q",
    "R",
    "S",
    "T",
    "V",
    "W",
    "Y",
]

aa_index = dict(zip(aminos, range(1, len(aminos) + 1)))


def seq_to_codes(seq, length, pad_mode="post"):
    """Integer-code a sequence, then cut or zero-pad it to exactly `length`."""

    codes = [*map(aa_index.get, seq)]
    k = len(codes)

    if k < length:
        if pad_mode == "pre":
            codes = [0] * ((length - k)) + codes
        elif pad_mode == "mid":
            codes = [0] * ((length - k) // 2) + codes + [0] * ((length - k) // 2)
            if len(codes) < length:  # one short when the gap is odd
                codes += [0]
        elif pad_mode == "post":
            codes += [0] * ((length - k))
    else:
        codes = codes[:length]

    return np.array(codes)


def load_data(csv_path, dev, cut_len):
    table = read_csv(csv_path)
    labels = table.solubility.values
    codes = np.stack(table.fasta.map(lambda q: seq_to_codes(q, cut_len, "mid")).values)
    lab_t = torch.tensor(labels).to(dev)
    code_t = torch.tensor(codes).to(dev)
    return lab_t, code_t


def encode_one_hot(codes):
    codes = F.one_hot(codes.to(torch.int64)).permute(0, 2, 1).float()

    return codes[:, 1:, :]


def init_data(csv_path, dev, cut_len):
    lab_t, code_t = load_data(csv_path, dev, cut_len)
    code_t = encode_one_hot(code_t)

    out = {}
    out["x_train"], out["x_test"], out["y_train"], out["y_test"] = train_test_split(
        code_t, lab_t, test_size=0.2
    )

    out["neg_pos_ratio"] = (lab_t == 0).sum() / lab_t.sum()

    return out
