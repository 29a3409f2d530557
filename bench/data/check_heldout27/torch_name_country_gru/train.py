# adapted from spro/practical-pytorch
import time
import math
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader

from name_dataset import SurnameDataset
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

# settings and loaders
HIDDEN_DIM = 100
NUM_LAYERS = 2
BATCH_N = 256
EPOCHS = 100

test_dataset = SurnameDataset(train_split=False)
test_loader = DataLoader(dataset=test_dataset,
                         batch_size=BATCH_N, shuffle=True)


train_dataset = SurnameDataset(train_split=True)
train_loader = DataLoader(dataset=train_dataset,
                          batch_size=BATCH_N, shuffle=True)

NUM_COUNTRIES = len(train_dataset.country_names())
print(NUM_COUNTRIES, "classes")
NUM_CHARS = 128  # byte values


# helpers
def elapsed_str(t0):
    secs = time.time() - t0
    mins = math.floor(secs / 60)
    secs -= mins * 60
    return '%dm %ds' % (mins, secs)


def to_device_var(t):
    # move to GPU first, then wrap
    if torch.cuda.is_available():
        return Variable(t.cuda())
    else:
        return Variable(t)


# zero-pad the char ids and sort by length
def pad_and_sort(char_id_lists, seq_lengths, countries):
    padded = torch.zeros((len(char_id_lists), seq_lengths.max())).long()
    for row_idx, (ids, n_chars) in enumerate(zip(char_id_lists, seq_lengths)):
        padded[row_idx, :n_chars] = torch.LongTensor(ids)

    # longest first, as packing needs
    seq_lengths, order = seq_lengths.sort(0, descending=True)
    padded = padded[order]

    # targets follow the same order
    target = country_targets(countries)
    if len(countries):
        target = target[order]

    # hand back wrapped tensors
    # (DataParallel wants Variables)
    return to_device_var(padded), \
        to_device_var(seq_lengths), \
        to_device_var(target)


# names -> padded ids, lengths, targets
def make_batch_tensors(names, countries):
    ids_and_lens = [to_ascii_ids(name) for name in names]
    char_id_lists = [pair[0] for pair in ids_and_lens]
    seq_lengths = torch.LongTensor([pair[1] for pair in ids_and_lens])
    return pad_and_sort(char_id_lists, seq_lengths, countries)


def to_ascii_ids(text):
    codes = [ord(ch) for ch in text]
    return codes, len(codes)


def country_targets(countries):
    target_ids = [train_dataset.country_index(
        country) for country in countries]
    return torch.LongTensor(target_ids)


class GRUNameClassifier(nn.Module):
    # embedding + GRU + linear head

    def __init__(self, vocab_size, hidden_dim, n_classes, num_layers=1, bidir=True):
        super(GRUNameClassifier, self).__init__()
        self.hidden_dim = hidden_dim
        self.num_layers = num_layers
        self.num_dirs = int(bidir) + 1

        self.char_emb = nn.Embedding(vocab_size, hidden_dim)
        self.rnn = nn.GRU(hidden_dim, hidden_dim, num_layers,
                          bidirectional=bidir)
        self.head = nn.Linear(hidden_dim, n_classes)

    def forward(self, batch_in, seq_lengths):
        # the whole sequence goes through in one call
        # in: batch x seq
        # to seq x batch
        batch_in = batch_in.t()
        bsz = batch_in.size(1)

        # zero initial state
        h = self._zero_state(bsz)

        # ids -> vectors
        emb = self.char_emb(batch_in)

        # pack the padded batch
        packed = pack_padded_sequence(
            emb, seq_lengths.data.cpu().numpy())

        # keep cuDNN weights contiguous
        self.rnn.flatten_parameters()
        output, h = self.rnn(packed, h)

        # classify from the last layer's final state
        # (no unpacking needed)
        logits = self.head(h[-1])
        return logits

    def _zero_state(self, bsz):
        h = torch.zeros(self.num_layers * self.num_dirs,
                             bsz, self.hidden_dim)
        return to_device_var(h)


# one pass over the training names
def train():
    loss_sum = 0

    for step, (names, countries) in enumerate(train_loader, 1):
        batch_in, seq_lengths, target = make_batch_tensors(names, countries)
        output = classifier(batch_in, seq_lengths)

        loss = criterion(output, target)
        loss_sum += loss.data[0]

        classifier.zero_grad()
        loss.backward()
        optimizer.step()

        if step % 10 == 0:
            print('[{}] epoch {} | {}/{} ({:.0f}%) | loss {:.2f}'.format(
                elapsed_str(t_start), epoch,  step *
                len(names), len(train_loader.dataset),
                100. * step * len(names) / len(train_loader.dataset),
                loss_sum / step * len(names)))

    return loss_sum


# accuracy on the test names, or one prediction
def test(name=None):
    # single-name prediction
    if name:
        batch_in, seq_lengths, target = make_batch_tensors([name], [])
        output = classifier(batch_in, seq_lengths)
        pred = output.data.max(1, keepdim=True)[1]
        cid = pred.cpu().numpy()[0][0]
        print(name, "->", train_dataset.country_at(cid))
        return

    print("scoring on the test split ...")
    n_correct = 0
    n_test = len(test_loader.dataset)

    for names, countries in test_loader:
        batch_in, seq_lengths, target = make_batch_tensors(names, countries)
        output = classifier(batch_in, seq_lengths)
        pred = output.data.max(1, keepdim=True)[1]
        n_correct += pred.eq(target.data.view_as(pred)).cpu().sum()

    print('\ntest accuracy {}/{} ({:.0f}%)\n'.format(
        n_correct, n_test, 100. * n_correct / n_test))


if __name__ == '__main__':

    classifier = GRUNameClassifier(NUM_CHARS, HIDDEN_DIM, NUM_COUNTRIES, NUM_LAYERS)
    if torch.cuda.device_count() > 1:
        print("data-parallel over", torch.cuda.device_count(), "GPUs")
        # the batch dimension is split across the GPUs
        classifier = nn.DataParallel(classifier)

    if torch.cuda.is_available():
        classifier.cuda()

    optimizer = torch.optim.Adam(classifier.parameters(), lr=0.001)
    criterion = nn.CrossEntropyLoss()

    t_start = time.time()
    print("%d epochs to run" % EPOCHS)
    for epoch in range(1, EPOCHS + 1):
        # fit
        train()

        # evaluate
        test()

        # a few single names
        test("Sung")
        test("Jungwoo")
        test("Soojin")
        test("Nako")
