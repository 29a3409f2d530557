import torch
import torch.nn as nn
import torch.optim as optim
import matplotlib.pyplot as plt
from torch.utils.data import Dataset, DataLoader, TensorDataset
from collections import Counter
from rnn import RNN

# read the wikitext-2 splits


def read_split(path):
    with open(path, 'r', encoding='utf-8') as fh:
        raw = fh.read()
    return raw


def split_words(raw):
    return raw.split(' ')

# map rare words to <unk>


def prune_rare(words, min_count=5):
    freq = Counter(words)
    kept = [w if freq[w] >=
                      min_count else '<unk>' for w in words]
    return kept

# word <-> id dictionaries


def build_vocab(words):
    uniq = set(words)
    w2i = {w: k for k, w in enumerate(uniq)}
    i2w = {k: w for w, k in w2i.items()}
    return w2i, i2w

# words to their ids


def words_to_ids(words, w2i):
    return [w2i[w] for w in words]


def prepare_split(path):
    raw = read_split(path)
    words = split_words(raw)
    pruned = prune_rare(words)
    w2i, i2w = build_vocab(
        pruned)
    n_vocab = len(w2i)
    ids = words_to_ids(pruned, w2i)
    return ids, n_vocab


# # older step-by-step version
# tr_raw = read_split('wiki2.train.txt')
# tr_words = split_words(tr_raw)
# tr_pruned = prune_rare(tr_words)
# tr_w2i, tr_i2w = build_vocab(tr_pruned)
# tr_ids = words_to_ids(tr_pruned, tr_w2i)
tr_ids, tr_vocab = prepare_split('wiki2.train.txt')
va_ids, va_vocab = prepare_split('wiki2.valid.txt')
te_ids, te_vocab = prepare_split('wiki2.test.txt')


# sliding windows of inputs and next-word targets
def make_windows(ids, win):
    xs = []
    ys = []
    for k in range(len(ids) - win):
        xs.append(ids[k:k + win])  # the input window
        # the same window moved by one
        ys.append(ids[k + 1:k + win + 1])
    return torch.tensor(xs), torch.tensor(ys)


# hyper-parameters
bsz = 32
win = 10  # steps unrolled
lr = 0.001
n_epochs = 5
hid = 256
n_layers = 2

tr_x, tr_y = make_windows(tr_ids, win)
va_x, va_y = make_windows(va_ids, win)
te_x, te_y = make_windows(te_ids, win)

tr_set = TensorDataset(tr_x, tr_y)
va_set = TensorDataset(va_x, va_y)
te_set = TensorDataset(te_x, te_y)

tr_loader = DataLoader(tr_set, bsz, shuffle=True)
va_loader = DataLoader(va_set, bsz, shuffle=True)
te_loader = DataLoader(te_set, bsz, shuffle=True)


# n_vocab = len(tr_w2i)
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(dev)
net = RNN(tr_vocab)
net = net.to(dev)

crit = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=lr)
print(f"model ready")


def zero_state(bsz, hid, n_layers):
    h0 = torch.zeros(n_layers, bsz, hid)
    return h0


epoch_losses = []

# training
for ep in range(n_epochs):
    print(f"Epoch {ep + 1}/{n_epochs}")
    net.train()
    # state = None

    state = zero_state(bsz, hid, n_layers).to(dev)
    running = 0.0
    for step, (xb, yb) in enumerate(tr_loader):
        xb, yb = xb.to(dev), yb.to(dev)
        cur_bsz = xb.size(0)

        # rebuild the state when the last batch is smaller
        if state.size(1) != cur_bsz:
            state = zero_state(
                cur_bsz, hid, n_layers).to(dev)
        # print(f"batch {step + 1}/{len(tr_loader)}")
        opt.zero_grad()
        out, state = net(xb, state)
        loss = crit(out.view(-1, tr_vocab), yb.view(-1))
        loss.backward()
        opt.step()

        # cut the graph between batches
        state = state.detach()

        running += loss.item()

        # print(f"batch {step + 1}/{len(tr_loader)}, loss: {loss.item()}")
    mean_loss = running / len(tr_loader)
    epoch_losses.append(mean_loss)  # keep the epoch mean

    print(f'Epoch {ep + 1}/{n_epochs}, Loss: {mean_loss}')

plt.figure(figsize=(10, 6))
plt.plot(range(1, n_epochs + 1), epoch_losses,
         label='Training Loss', marker='o')
plt.xlabel('Epoch')
plt.ylabel('Loss')
plt.title('Training Loss Curve')
plt.legend()
plt.grid(True)
plt.show()
