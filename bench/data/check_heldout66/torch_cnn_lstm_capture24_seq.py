# seq_cnn_lstm.py
# CNN feature extractor + LSTM over consecutive windows, CAPTURE-24 (4 classes)
#
# Taken from the dataset's reference code:
#   - deep_models.Resnet  (convolutional backbone)
#   - augmentation.Augment (window augmentations)
#
# Added here:
#   - chains of consecutive windows are formed per participant only
#   - the Resnet without its last layer feeds a bidirectional LSTM head
#   - a plain training loop, a few plots and a confusion matrix
#
# Aim:
#   see whether modelling time across windows beats the per-window CNN and the CNN+HMM baseline
#   Classes: sleep / sedentary / light / moderate-vigorous

import os
import numpy as np
import torch
import json
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

import matplotlib.pyplot as plt
from sklearn.metrics import f1_score, matthews_corrcoef, cohen_kappa_score, confusion_matrix

from torchviz import make_dot # draws the network graph


import deep_models as models          # reference code
from augmentation import Augment      # reference code

# paths relative to this file
HERE = os.path.dirname(os.path.abspath(__file__))   # .../capture24
DATA = os.path.join(HERE, "prepared_data")
RESULTS  = os.path.join(HERE, "outputs", "seq_cnn_lstm")
RESULTS  = os.path.abspath(RESULTS)


# fixed seed, same as the baseline runs
SEED = 42
np.random.seed(SEED)
torch.manual_seed(SEED)
if torch.cuda.is_available():
    torch.cuda.manual_seed_all(SEED)


CHAIN = 10          # how many consecutive windows form one LSTM sequence
BS   = 32
N_EPOCHS  = 10
LR      = 1e-3

DEV = "cuda" if torch.cuda.is_available() else "cpu"

NAMES = ["sleep", "sedentary", "light", "moderate-vigorous"]

# text label -> class index
TO_ID = {
    "sleep": 0,
    "sedentary": 1,
    "light": 2,
    "moderate-vigorous": 3
}


# chains of windows that never cross participants
class WindowChains(Dataset):
    """
    Inputs are flat window arrays:
      X: (N, L, C)  window length L (1000 samples), C = 3 axes
      Y: (N,) text labels
      pid: (N,) participant ids such as "P001"

    Each item is a chain of CHAIN consecutive windows:
      x: (T, C, L) and y: (T,)
    Chains are cut inside one participant only.
    """
    def __init__(self, X, Y, pid, T, aug=None):
        self.X, self.Y, self.pid = X, Y, pid
        self.T = int(T)
        self.aug = aug

        # first index of every complete chain
        self.heads = []
        for who in np.unique(pid):
            rows = np.where(pid == who)[0]     # this participant's windows
            rows = np.sort(rows)              # in time order
            m = (len(rows) // self.T) * self.T  # cut the incomplete tail
            for j in range(0, m, self.T):
                self.heads.append(rows[j])  # chain start

    def __len__(self):
        return len(self.heads)

    def __getitem__(self, i):
        """
        Chain i:
          - look up its participant
          - take the following T windows of that participant
          - transpose each window to (C, L) for Conv1d
        """
        h = self.heads[i]          # start row in this subset
        who = self.pid[h]             # its participant

        rows = np.where(self.pid == who)[0]   # every row of that participant
        rows = np.sort(rows)
        at = np.searchsorted(rows, h)      # where the chain starts among them
        span = rows[at:at + self.T]      # the T rows of the chain

        xs, ys = [], []
        for r in span:
            w = self.X[r]   # one window (L, C)

            # augment only when training
            if self.aug is not None:
                w = self.aug(w)

            # channels first for Conv1d
            xs.append(torch.tensor(w.T, dtype=torch.float32))   # (C, L)
            ys.append(TO_ID[str(self.Y[r])])                      # class index

        # T windows -> (T, C, L)
        # T labels -> (T,)
        #
        #
        return torch.stack(xs), torch.tensor(ys, dtype=torch.long)


# network: reference CNN body + LSTM head
class ChainNet(nn.Module):
    """
    input (B, T, C, L) -> logits (B, T, 4)

      1) CNN on every window
      2) mean over the time axis gives one vector per window
      3) LSTM over the chain of vectors
      4) linear layer per step
    """
    def __init__(self):
        super().__init__()

        # same backbone settings as the baseline
        body = models.Resnet(
            3,          # input channels
            4,          # classes
            [64],       # filters
            [7],        # kernel sizes
            [3],        # residual blocks
            [3],        # residual kernel sizes
            [2],        # downsampling factors
            [2],        # downsampling orders
            0.2,        # dropout 1
            0.2,        # dropout 2
            128,        # fc width
            False,      # not the cnn-lstm variant
        )



        # drop the classifier, keep the feature layers
        # (the reference model keeps its layers in .resnet, classifier last)
        self.cnn = nn.Sequential(*list(body.resnet.children())[:-1])

        # 128 features per step
        self.lstm = nn.LSTM(
            input_size=128,
            hidden_size=128,
            batch_first=True,
            bidirectional=True
        )

        # both directions -> 256
        self.fc = nn.Linear(256, 4)

    def forward(self, x):
        # (B, T, C, L)
        B, T, C, L = x.shape

        # fold time into batch for the CNN
        x = x.view(B * T, C, L)       # (B*T, C, L)

        # average the feature maps over
        # their length -> (B*T, 128)
        f = self.cnn(x).mean(-1)      # (B*T, 128)

        # unfold back into chains
        f = f.view(B, T, 128)         # (B, T, 128)

        h, _ = self.lstm(f)           # (B, T, 256)
        logits = self.fc(h)           # (B, T, 4)
        return logits

# training, evaluation and plots
def main():
    os.makedirs(RESULTS, exist_ok=True)

    # prepared arrays
    X   = np.load(os.path.join(DATA, "X.npy"), mmap_mode="r")                 # (N, L, C)
    Y   = np.load(os.path.join(DATA, "Y_Walmsley2020.npy"), allow_pickle=True) # (N,)
    pid = np.load(os.path.join(DATA, "pid.npy"), allow_pickle=True)            # (N,)

    # the usual split: P001..P100 for development, the others for test
    dev_mask = np.isin(pid, [f"P{i:03d}" for i in range(1, 101)])

    # reference augmentations, training only
    aug = Augment(
        jitter_sigma=0.05, jitter_prob=0.5,
        shift_window=20,   shift_prob=0.3,
        twarp_sigma=0.2,   twarp_knots=4, twarp_prob=0.2,
        mwarp_sigma=0.2,   mwarp_knots=4, mwarp_prob=0.2
    )

    fit_set = WindowChains(X[dev_mask],  Y[dev_mask],  pid[dev_mask],  CHAIN, aug=aug)
    test_set  = WindowChains(X[~dev_mask], Y[~dev_mask], pid[~dev_mask], CHAIN, aug=None)

    fit_dl = DataLoader(fit_set, batch_size=BS, shuffle=True,  num_workers=0)
    test_dl  = DataLoader(test_set,  batch_size=BS, shuffle=False, num_workers=0)

    net = ChainNet().to(DEV)
    opt = torch.optim.Adam(net.parameters(), lr=LR)
    ce = nn.CrossEntropyLoss()

    ep_loss = []
    ep_acc = []

    # look at one batch
    xb0, yb0 = next(iter(fit_dl))
    print("first batch:")
    print("x:", xb0.shape, " (B, T, C, L)")
    print("y:", yb0.shape, " (B, T)")
    print("on:", DEV)

    # render the graph to a png
    net.eval()
    with torch.no_grad():
        xb_g = xb0.to(DEV)
        out_g = net(xb_g)

    graph = make_dot(
        out_g,
        params=dict(net.named_parameters())
    )
    graph.format = "png"
    graph.render(os.path.join(RESULTS, "model_arch"))


    for ep in range(N_EPOCHS):
        # one pass over the development chains
        net.train()
        tot = 0.0
        for xb, yb in fit_dl:
            xb, yb = xb.to(DEV), yb.to(DEV)

            out = net(xb)                           # (B, T, 4)
            l = ce(out.view(-1, 4), yb.view(-1))  # every step counts

            opt.zero_grad()
            l.backward()
            opt.step()

            tot += l.item()

        ep_loss.append(tot / max(len(fit_dl), 1))

        # test accuracy after the epoch
        net.eval()
        truth, guess = [], []
        with torch.no_grad():
            for xb, yb in test_dl:
                out = net(xb.to(DEV))                 # (B, T, 4)
                p = out.argmax(-1).cpu().numpy().reshape(-1)
                truth.append(yb.numpy().reshape(-1))
                guess.append(p)

        truth = np.concatenate(truth)
        guess = np.concatenate(guess)
        ep_acc.append((truth == guess).mean())

        print(f"epoch {ep+1}/{N_EPOCHS} loss={ep_loss[-1]:.4f} acc={ep_acc[-1]:.4f}")

    # weights
    torch.save(net.state_dict(), os.path.join(RESULTS, "cnn_lstm.pt"))

    # final scores and confusion matrix
    f1 = f1_score(truth, guess, average="macro", zero_division=0)
    mcc = matthews_corrcoef(truth, guess)
    kappa = cohen_kappa_score(truth, guess)

    cm = confusion_matrix(truth, guess, labels=[0, 1, 2, 3])
    np.save(os.path.join(RESULTS, "cm_raw.npy"), cm)

    print("\ntest scores:")
    print("macro f1 =", f1)
    print("mcc      =", mcc)
    print("kappa    =", kappa)

    # loss curve
    plt.figure()
    plt.plot(ep_loss)
    plt.title("loss")
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.tight_layout()
    plt.savefig(os.path.join(RESULTS, "loss.png"), dpi=200)
    plt.close()

    # accuracy curve
    plt.figure()
    plt.plot(ep_acc)
    plt.title("test accuracy")
    plt.xlabel("epoch")
    plt.ylabel("accuracy")
    plt.tight_layout()
    plt.savefig(os.path.join(RESULTS, "acc.png"), dpi=200)
    plt.close()

    # row-normalised confusion matrix
    cmn = cm / np.maximum(cm.sum(1, keepdims=True), 1)
    plt.figure(figsize=(6, 5))
    plt.imshow(cmn)
    plt.title("confusion (row-normalised)")
    plt.xticks(range(4), NAMES, rotation=25, ha="right")
    plt.yticks(range(4), NAMES)
    for i in range(4):
        for j in range(4):
            plt.text(j, i, f"{cmn[i, j]:.2f}", ha="center", va="center")
    plt.colorbar()
    plt.tight_layout()
    plt.savefig(os.path.join(RESULTS, "cm_norm.png"), dpi=200)
    plt.close()

    # text summary
    with open(os.path.join(RESULTS, "metrics.txt"), "w", encoding="utf-8") as fh:
        fh.write(f"chain={CHAIN}\n")
        fh.write(f"n={len(truth)}\n")
        fh.write(f"f1_macro={f1}\n")
        fh.write(f"mcc={mcc}\n")
        fh.write(f"kappa={kappa}\n")

    print("\nwritten to:", os.path.abspath(RESULTS))

    # the same as json
    with open(os.path.join(RESULTS, "metrics.json"), "w", encoding="utf-8") as fh:
        json.dump(
            {
                "model": "seq_cnn_lstm",
                "seed": SEED,
                "chain": CHAIN,
                "n": int(len(truth)),
                "f1_macro": float(f1),
                "mcc": float(mcc),
                "kappa": float(kappa),
            },
            fh,
            indent=2
        )



if __name__ == "__main__":
    main()
