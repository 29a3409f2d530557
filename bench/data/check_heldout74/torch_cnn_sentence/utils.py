from sklearn.utils import shuffle

import pickle


def read_TREC():
    ds = {}

    def read(part):
        xs, ys = [], []

        with open("data/TREC/TREC_" + part + ".txt", "r", encoding="utf-8") as fh:
            for row in fh:
                if row[-1] == "\n":
                    row = row[:-1]
                ys.append(row.split()[0].split(":")[0])
                xs.append(row.split()[1:])

        xs, ys = shuffle(xs, ys)

        if part == "train":
            cut = len(xs) // 10
            ds["dev_x"], ds["dev_y"] = xs[:cut], ys[:cut]
            ds["train_x"], ds["train_y"] = xs[cut:], ys[cut:]
        else:
            ds["test_x"], ds["test_y"] = xs, ys

    read("train")
    read("test")

    return ds


def read_MR():
    ds = {}
    xs, ys = [], []

    with open("data/MR/rt-polarity.pos", "r", encoding="utf-8") as fh:
        for row in fh:
            if row[-1] == "\n":
                row = row[:-1]
            xs.append(row.split())
            ys.append(1)

    with open("data/MR/rt-polarity.neg", "r", encoding="utf-8") as fh:
        for row in fh:
            if row[-1] == "\n":
                row = row[:-1]
            xs.append(row.split())
            ys.append(0)

    xs, ys = shuffle(xs, ys)
    dev_cut = len(xs) // 10 * 8
    test_cut = len(xs) // 10 * 9

    ds["train_x"], ds["train_y"] = xs[:dev_cut], ys[:dev_cut]
    ds["dev_x"], ds["dev_y"] = xs[dev_cut:test_cut], ys[dev_cut:test_cut]
    ds["test_x"], ds["test_y"] = xs[test_cut:], ys[test_cut:]

    return ds


def save_model(net, hp):
    path = f"saved_models/{hp['DATASET']}_{hp['MODEL']}_{hp['EPOCH']}.pkl"
    pickle.dump(net, open(path, "wb"))
    print(f"model written to {path}")


def load_model(hp):
    path = f"saved_models/{hp['DATASET']}_{hp['MODEL']}_{hp['EPOCH']}.pkl"

    try:
        net = pickle.load(open(path, "rb"))
        print(f"model read from {path}")

        return net
    except:
        print(f"no saved model at {path}")
        exit()
