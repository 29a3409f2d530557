import pandas as pd


class CorpusFiles:
    def __init__(self, train_file, val_file, test_file):
        self.train = read_tagged_file(train_file)
        self.validation = read_tagged_file(val_file)
        self.test = read_tagged_file(test_file)
        self.w2i = {}
        self.t2i = {}


def read_tagged_file(path):
    with open(path, "r") as fh:
        pairs = []
        for ln in fh:
            ws = []
            ts = []
            for wt in ln.split():
                w, t = wt.split('_')
                ws.append(w.lower())
                ts.append(t)
            pairs.append([ws, ts])

    frame = pd.DataFrame({'sentence': list(map(lambda wt: wt[0], pairs)), 'tags': list(map(lambda wt: wt[1], pairs))})

    return frame
