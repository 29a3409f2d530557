
import argparse

from torch import LongTensor
from torch.nn import CrossEntropyLoss
from torch.optim import Adam
from torch.utils.data import DataLoader
from torch.autograd import Variable

from .model import CharRNN
from .dataset import TextWindowDataset

cli = argparse.ArgumentParser()
cli.add_argument('--file_name', '-f', type=str, default='./corpus.txt')
cli.add_argument('--sample_len', '-s', type=int, default=100, help='characters per training window')
cli.add_argument('--gen_len', '-g', type=int, default=100, help='characters to sample when printing')
cli.add_argument('--hidden_size', '-i', type=int, default=128, help='GRU state width')
opts = cli.parse_args()

num_passes = 10
report_every = 1000

embed_dim = 8

corpus_ds = TextWindowDataset(opts.file_name, opts.sample_len)
batches = DataLoader(corpus_ds, shuffle=True)

net = CharRNN(corpus_ds.input_size, embed_dim, opts.hidden_size)
opt = Adam(net.parameters())
loss_fn = CrossEntropyLoss()

for pass_idx in range(num_passes):

    print('pass number: ' + str(pass_idx))

    running = 0

    for step, (window, shifted) in enumerate(batches):

        logits = net(Variable(window))

        loss = loss_fn(logits, Variable(shifted.view(-1)))
        running += loss.data[0]

        net.zero_grad()
        loss.backward()
        opt.step()

        if step % report_every == 0:
            print('step: ', step, '\trunning loss: ', running)
            running = 0

            seed = Variable(LongTensor(1).random_(corpus_ds.input_size))
            sampled = net.generate(seed, opts.gen_len)
            print(''.join([corpus_ds.idx_to_char[c.data[0]] for c in sampled]) + '\n')
