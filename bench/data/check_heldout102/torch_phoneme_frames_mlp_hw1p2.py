import numpy as np
import pandas as pd
import torch
from sklearn.metrics import accuracy_score
from torch.optim.lr_scheduler import  ReduceLROnPlateau


RUN = "COMPLETE"
SPLIT = "FINAL"    # FINAL: train on train + dev together
dev = torch.device("cuda")
ctx = 30


def read_splits(run):
    if run != 'TOY':
        tr_x = np.load("main_dataset/train.npy", allow_pickle=True)
        tr_y = np.load("main_dataset/train_labels.npy", allow_pickle=True)

        va_x = np.load("main_dataset/dev.npy", allow_pickle=True)
        va_y = np.load("main_dataset/dev_labels.npy", allow_pickle=True)

        te_x = np.load("main_dataset/test.npy", allow_pickle=True)
    else:
        tr_x = np.load("toy_dataset/toy_train_data.npy", allow_pickle=True)
        tr_y = np.load("toy_dataset/toy_train_label.npy", allow_pickle=True)

        va_x = np.load("toy_dataset/toy_val_data.npy", allow_pickle=True)
        va_y = np.load("toy_dataset/toy_val_label.npy", allow_pickle=True)

        te_x = np.load("toy_dataset/toy_test_data.npy", allow_pickle=True)

    # after tuning, fold the dev split into training
    # to use every labelled frame.
    if SPLIT == "FINAL":
        tr_x = np.concatenate((tr_x, va_x))
        tr_y = np.concatenate((tr_y, va_y))

    return tr_x, tr_y, va_x, va_y, te_x


class FrameSet(torch.utils.data.Dataset):

    def __init__(self, x, y, context_size):

        self.x = x
        self.y = y
        pairs = []
        for u, utt in enumerate(self.x):
            for f, _ in enumerate(utt):
                pair = (u, f)
                pairs.append(pair)
        self.pairs = pairs
        self.context_size = context_size

        # pad every utterance with zero frames
        for u, utt in enumerate(self.x):
            self.x[u] = np.pad(utt, ((self.context_size, self.context_size), (0, 0)), 'constant', constant_values=0)

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        u, f = self.pairs[k]
        lo = f
        hi = lo + 2 * self.context_size + 1
        window = self.x[u][lo: hi, :]
        lab = self.y[u][lo]
        return window.flatten(), lab

    @staticmethod
    def collate_fn(batch):
        xs = np.stack([w for w, _ in batch])
        ys = np.stack([l for _, l in batch])
        xs = torch.tensor(xs).float()
        ys = torch.tensor(ys).long()

        return xs, ys


class FrameTestSet(torch.utils.data.Dataset):

    def __init__(self, x, context_size):
        self.x = x
        pairs = []
        for u, utt in enumerate(self.x):
            for f, _ in enumerate(utt):
                pair = (u, f)
                pairs.append(pair)
        self.pairs = pairs
        self.context_size = context_size
        # pad every utterance with zero frames
        for u, utt in enumerate(self.x):
            self.x[u] = np.pad(utt, ((self.context_size, self.context_size), (0, 0)), 'constant', constant_values=0)

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        u, f = self.pairs[k]
        lo = f
        hi = lo + 2 * self.context_size + 1
        window = self.x[u][lo: hi, :]
        return window.flatten()

    @staticmethod
    def collate_fn(batch):
        xs = np.stack(batch)
        return torch.tensor(xs).float()


# a plain MLP
class MLP(torch.nn.Module):
    def __init__(self, widths, n_dropout=0, n_bn=0, p_drop = 0.5):
        super().__init__()
        mods = []
        for k in range(len(widths) - 1):
            w_in = widths[k]
            w_out = widths[k + 1]
            mods.append(torch.nn.Linear(w_in, w_out))
            if k != len(widths):
                mods.append(torch.nn.ReLU())
            if k < n_bn:
                mods.append(torch.nn.BatchNorm1d(w_out))
            if k < n_bn + n_dropout:
                mods.append(torch.nn.Dropout(p=p_drop))
        self.model = torch.nn.Sequential(*mods)

    def forward(self, x):
        return self.model(x)


def run_train_epoch(loader, net, opt, crit):
    net.train()

    # batch loop
    step_losses = []
    for k, (xb, yb) in enumerate(loader):
        xb = xb.to(dev)
        yb = yb.to(dev)
        opt.zero_grad(set_to_none=True)
        out = net(xb)
        step_loss = crit(out, yb)
        step_loss.backward()
        opt.step()
        if k % 100000 == 0:
            print(step_loss.item())
        step_losses.append(step_loss.item())
    return np.mean(step_losses)


def run_eval_epoch(loader, net, crit):
    preds = []
    truths = []

    net.eval()
    for k, (xb, yb) in enumerate(loader):
        # score the dev split
        xb = xb.to(dev)
        yb = yb.to(dev)
        with torch.no_grad():
            out = net(xb)
            # dev loss
            dev_loss = crit(out, yb)

        # to numpy
        out = out.cpu().detach().numpy()
        truth = yb.cpu().numpy()

        # class ids
        out = np.argmax(out, axis=1)

        # column vectors for stacking
        truth = truth.reshape((len(truth), 1))
        out = out.reshape((len(out), 1))
        # keep
        preds.append(out)
        truths.append(truth)

    preds, truths = np.vstack(preds), np.vstack(truths)
    # dev accuracy
    acc = accuracy_score(truths, preds)
    return acc, dev_loss.item()


def infer(loader, net):
    preds = []
    net.eval()
    with torch.no_grad():
        for xb in loader:
            xb = xb.to(dev)
            out = net(xb)

            out = out.cpu().detach().numpy()
            out = np.argmax(out, axis=1)
            preds.append(out)
    return preds


if __name__ == "__main__":

    tr_x, tr_y, va_x, va_y, te_x = read_splits(RUN)

    d_in = (1 + 2 * ctx) * 40
    d_out = 71
    widths = [d_in, 4096, 4096, 4096, 4096, 4096, 4096, 4096, d_out]

    train_set = FrameSet(tr_x, tr_y, context_size=ctx)

    dev_set = FrameSet(va_x, va_y, context_size=ctx)

    test_set = FrameTestSet(te_x, context_size=ctx)

    loader_kw = dict(shuffle=True, batch_size=8192, drop_last=True, collate_fn=FrameSet.collate_fn,
                            pin_memory=True, num_workers=8)

    train_loader = torch.utils.data.DataLoader(train_set, **loader_kw)

    dev_loader = torch.utils.data.DataLoader(dev_set, shuffle=False, batch_size=4096,
                                                         drop_last=True, collate_fn=FrameSet.collate_fn)

    test_loader = torch.utils.data.DataLoader(test_set, shuffle=False, batch_size=4096,
                                                   collate_fn=FrameTestSet.collate_fn)

    net = MLP(widths, n_dropout=7, p_drop=0.5)
    net.to(dev)

    crit = torch.nn.CrossEntropyLoss()

    opt = torch.optim.Adam(net.parameters(), 0.0001)
    # sched = ReduceLROnPlateau(opt, 'min', patience=0, min_lr=0.001, factor=0.1)

    n_epochs = 90
    # the learning rate could follow the dev loss
    # once per epoch.
    print(net)
    for ep in range(n_epochs):
        # training
        print(f"learning rate now {opt.param_groups[0]['lr']}")
        tr_loss = run_train_epoch(train_loader, net, opt, crit)

        # dev check
        va_acc, va_loss = run_eval_epoch(dev_loader, net, crit)
        # sched.step(va_loss)
        # log the numbers
        print("Epoch: " + str(ep) + ", train loss: " + str(tr_loss) + ", dev loss:" + str(va_loss) +
              ", dev accuracy:" + str(va_acc * 100) + "%")
        if ep % 10 == 9:
            torch.save(net.state_dict(), f"model_{ep}")

    # labels for the test split
    ps = infer(test_loader, net)

    ps = np.concatenate(ps, axis=0).reshape((-1, 1))

    table = pd.DataFrame(data=ps, columns=['Label']).reset_index()

    table.columns = ['id', 'label']

    table.to_csv("submission.csv", index=False)
