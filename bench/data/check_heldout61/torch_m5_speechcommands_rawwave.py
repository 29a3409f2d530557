
"""Keyword spotting on Speech Commands with a raw-waveform CNN.

Exported from a notebook.

Trains on the official training list and
    scores on the testing list.
"""

from torchaudio.datasets import SPEECHCOMMANDS
import os

import torch
from torch import nn, optim
import torch.nn.functional as F
import torchaudio
from tqdm import tqdm

import matplotlib.pyplot as plt

class KeywordSplit(SPEECHCOMMANDS):
    def __init__(self, subset, str=None):
        super().__init__("./", download=True)

        def read_listing(filename):
            listing_path = os.path.join(self._path, filename)
            with open(listing_path) as fh:
                return [os.path.join(self._path, line.strip()) for line in fh]

        if subset == "validation":
            self._walker = read_listing("validation_list.txt")
        elif subset == "testing":
            self._walker = read_listing("testing_list.txt")
        elif subset == "training":
            held_out = read_listing("validation_list.txt") + read_listing("testing_list.txt")
            held_out = set(held_out)
            self._walker = [w for w in self._walker if w not in held_out]

train_part = KeywordSplit("training")
test_part = KeywordSplit("testing")

wav, sr, word, spk, utt_no = train_part[0]

print("wav   :", wav, "\nsr    :", sr, "\nword  :", word, "\nspk   :", spk, "\nutt   :", utt_no)

# raw samples of the first clip
plt.plot(wav.t().numpy())
plt.title("First training clip")

# the word list the classifier chooses from
vocab = sorted(list(set(item[2] for item in train_part)))
print(vocab)

# helpers for batching
def word_to_id(w):
  return torch.tensor(vocab.index(w))

def id_to_word(idx):
  return vocab[idx]

def pad_batch(items):
  items = [x.t() for x in items]
  items = torch.nn.utils.rnn.pad_sequence(items, batch_first=True,
                                          padding_value=0.)
  return items.permute(0, 2, 1)

# turns a list of dataset items into padded tensors
def make_batch(items):


  waves, ids = [], []
  for wav, _, word, *_ in items:

    waves += [wav]

    ids += [word_to_id(word)]


  waves = pad_batch(waves)

  ids = torch.stack(ids)

  return waves, ids

bs = 256

import IPython.display as ipd
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device)

if device == 'cuda':
  n_workers = 1
  pin = True
else:
  n_workers = 0
  pin = False

train_iter = torch.utils.data.DataLoader(
    train_part,
    batch_size = bs,
    shuffle=True,
    collate_fn = make_batch,
    num_workers = n_workers,
    pin_memory = pin
)

test_iter = torch.utils.data.DataLoader(
    test_part,
    batch_size = bs,
    shuffle=False,
    drop_last = False,
    collate_fn = make_batch,
    num_workers = n_workers,
    pin_memory = pin
)

# 1-D conv net over raw audio
class RawConvNet(nn.Module):
  def __init__(self, in_ch=1, n_classes=35, stride=16, width=32):
    super().__init__()
    self.conv1 = nn.Conv1d(in_ch, width, kernel_size=80, stride=stride)
    self.bn1 = nn.BatchNorm1d(width)
    self.pool1 = nn.MaxPool1d(4)

    self.conv2 = nn.Conv1d(width, width, kernel_size=3)
    self.bn2 = nn.BatchNorm1d(width)
    self.pool2 = nn.MaxPool1d(4)

    self.conv3 = nn.Conv1d(width, 2*width, kernel_size=3)
    self.bn3 = nn.BatchNorm1d(2*width)
    self.pool3 = nn.MaxPool1d(4)

    self.conv4 = nn.Conv1d(2*width, 2*width, kernel_size=7, stride=stride)
    self.bn4 = nn.BatchNorm1d(2*width)
    self.pool4 = nn.MaxPool1d(4)

    self.fc1 = nn.Linear(2*width, n_classes)

  def forward(self, x):
    x = self.conv1(x)
    x = F.relu(self.bn1(x))
    x = self.pool1(x)

    x = self.conv2(x)
    x = F.relu(self.bn2(x))
    x = self.pool2(x)

    x = self.conv3(x)
    x = F.relu(self.bn3(x))
    x = self.pool3(x)

    x = self.conv4(x)
    x = F.relu(self.bn4(x))

    x = F.avg_pool1d(x, x.shape[-1])
    x = x.permute(0, 2, 1)
    x = self.fc1(x)
    return F.log_softmax(x, dim=2)

# resample everything to 8 kHz
target_sr = 8000

resampler = torchaudio.transforms.Resample(orig_freq=sr, new_freq=target_sr)
resampled = resampler(wav)

resampled.shape

net = RawConvNet(in_ch = resampled.shape[0], n_classes=len(vocab))
net.to(device)

def n_trainable(net):
  return sum(p.numel() for p in net.parameters() if p.requires_grad)

n_trainable(net)

opt = optim.Adam(net.parameters(), lr=0.001, weight_decay=0.0001)
sched = optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.1)

def fit_epoch(net, ep, print_every):
    net.train()
    for step, (xb, yb) in enumerate(train_iter):

        xb = xb.to(device)
        yb = yb.to(device)
        xb = resampler(xb)
        logp = net(xb)
        nll = F.nll_loss(logp.squeeze(), yb)

        opt.zero_grad()
        nll.backward()
        opt.step()

        if step % print_every == 0:
            print(f"epoch {ep} step {step} [{step * len(xb)}/{len(train_iter.dataset)}] nll={nll.item():.5f}")

        bar.update(tick)
        loss_log.append(nll.item())

def count_hits(guess, yb):
    return guess.squeeze().eq(yb).sum().item()


def top_index(t):
    return t.argmax(dim=-1)


def evaluate(net, ep):
    net.eval()
    hits = 0
    for xb, yb in test_iter:

        xb = xb.to(device)
        yb = yb.to(device)

        xb = resampler(xb)
        logp = net(xb)

        guess = top_index(logp)

        print("hits in batch", count_hits(guess, yb))
        hits += count_hits(guess, yb)

        bar.update(tick)

    print(f"\nepoch {ep} test accuracy: {hits}/{len(test_iter.dataset)} = {100. * hits / len(test_iter.dataset):.1f}%\n")

print_every = 20
n_epochs = 2

tick = 1 / (len(train_iter) + len(test_iter))
loss_log = []

resampler = resampler.to(device)
with tqdm(total=n_epochs) as bar:
    for ep in range(1, n_epochs + 1):
        fit_epoch(net, ep, print_every)
        evaluate(net, ep)
        sched.step()

def recognise(t):
    t = t.to(device)
    t = resampler(t)
    t = net(t.unsqueeze(0))
    t = top_index(t)
    t = id_to_word(t.squeeze())
    return t

print(test_part[3])
print(train_part[0])

for i in range(1, 1000, 50):
    print(i)
    try:
        wav, sr, spoken, *_ = test_part[i]
        ipd.Audio(wav.numpy(), rate=sr)
        print(f"said: {spoken} / heard: {recognise(wav)}")
    except:
        continue
