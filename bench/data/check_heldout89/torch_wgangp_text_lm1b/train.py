import os, sys
sys.path.append(os.getcwd())

import time

import numpy as np

import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

import text_data
import tflib as lib
import tflib.plot

from sklearn.preprocessing import OneHotEncoder

torch.manual_seed(1)
on_gpu = torch.cuda.is_available()
if on_gpu:
    dev_id = 0

# point CORPUS_DIR at the extracted One Billion Word benchmark

CORPUS_DIR = './lm1b_data'
if len(CORPUS_DIR) == 0:
    raise Exception('set CORPUS_DIR first')

BS = 64 # minibatch
N_STEPS = 200000 # generator steps
L = 32 # characters per row
WIDTH = 512 # channel width of both nets
          #
N_CRITIC = 10 # critic steps per generator step
                  #
                  #
GP_W = 10 # gradient-penalty weight
MAX_ROWS = 10000000# rows read from the corpus; lowering it saves RAM
                          #
                          #


lib.print_model_settings(locals().copy())

rows, ch2id, id2ch = text_data.read_corpus(
    seq_len=L,
    cap=MAX_ROWS,
    corpus_dir=CORPUS_DIR
)

ids = np.arange(len(ch2id)).reshape(-1, 1)
enc = OneHotEncoder()
enc.fit(ids)

# ---- model and helper definitions ----

def rand_z(shp, frozen=False):
    t = torch.randn(shp).cuda(dev_id) if on_gpu else torch.randn(shp)
    return autograd.Variable(t, frozen)

class Res1d(nn.Module):

    def __init__(self):
        super(Res1d, self).__init__()

        self.res_block = nn.Sequential(
            nn.ReLU(True),
            nn.Conv1d(WIDTH, WIDTH, 5, padding=2),# conv instead of linear
            nn.ReLU(True),
            nn.Conv1d(WIDTH, WIDTH, 5, padding=2),# conv instead of linear
        )

    def forward(self, input):
        h = self.res_block(input)
        return input + (0.3*h)

class TextGen(nn.Module):

    def __init__(self):
        super(TextGen, self).__init__()

        self.fc1 = nn.Linear(128, WIDTH*L)
        self.block = nn.Sequential(
            Res1d(),
            Res1d(),
            Res1d(),
            Res1d(),
            Res1d(),
        )
        self.conv1 = nn.Conv1d(WIDTH, len(ch2id), 1)
        self.softmax = nn.Softmax()

    def forward(self, z):
        h = self.fc1(z)
        h = h.view(-1, WIDTH, L)
        h = self.block(h)
        h = self.conv1(h)
        h = h.transpose(1, 2)
        shp = h.size()
        h = h.contiguous()
        h = h.view(BS*L, -1)
        h = self.softmax(h)
        return h.view(shp) # (BS, L, vocab)

class TextCritic(nn.Module):

    def __init__(self):
        super(TextCritic, self).__init__()

        self.block = nn.Sequential(
            Res1d(),
            Res1d(),
            Res1d(),
            Res1d(),
            Res1d(),
        )
        self.conv1d = nn.Conv1d(len(ch2id), WIDTH, 1)
        self.linear = nn.Linear(L*WIDTH, 1)

    def forward(self, input):
        h = input.transpose(1, 2)
        h = self.conv1d(h)
        h = self.block(h)
        h = h.view(-1, L*WIDTH)
        h = self.linear(h)
        return h

# endless shuffled minibatches of char ids
def batches_forever():
    while True:
        np.random.shuffle(rows)
        for k in xrange(0, len(rows)-BS+1, BS):
            yield np.array(
                [[ch2id[c] for c in l] for l in rows[k:k+BS]],
                dtype='int32'
            )

def grad_pen(critic, real_x, fake_x):
    mix = torch.rand(BS, 1, 1)
    mix = mix.expand(real_x.size())
    mix = mix.cuda(dev_id) if on_gpu else mix

    x_mix = mix * real_x + ((1 - mix) * fake_x)

    if on_gpu:
        x_mix = x_mix.cuda(dev_id)
    x_mix = autograd.Variable(x_mix, requires_grad=True)

    c_mix = critic(x_mix)


    grads = autograd.grad(outputs=c_mix, inputs=x_mix,
                              grad_outputs=torch.ones(c_mix.size()).cuda(dev_id) if on_gpu else torch.ones(
                                  c_mix.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]

    gp = ((grads.norm(2, dim=1) - 1) ** 2).mean() * GP_W
    return gp

def decode_fakes(gen):
    z = torch.randn(BS, 128)
    if on_gpu:
        z = z.cuda(dev_id)
    zv = autograd.Variable(z, volatile=True)
    gen_texts = gen(zv)
    gen_texts = gen_texts.view(-1, L, len(ch2id))
    #

    gen_texts = gen_texts.cpu().data.numpy()

    gen_texts = np.argmax(gen_texts, axis=2)
    texts = []
    for k in xrange(len(gen_texts)):
        chars = []
        for m in xrange(len(gen_texts[k])):
            chars.append(id2ch[gen_texts[k][m]])
        texts.append(tuple(chars))
    return texts



gen = TextGen()
critic = TextCritic()
print(gen)
print(critic)

if on_gpu:
    critic = critic.cuda(dev_id)
    gen = gen.cuda(dev_id)

opt_c = optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
opt_g = optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))

pos1 = torch.FloatTensor([1])
neg1 = pos1 * -1
if on_gpu:
    pos1 = pos1.cuda(dev_id)
    neg1 = neg1.cuda(dev_id)

stream = batches_forever()

# n-gram statistics of real text are collected once, with a small
# held-out slice used as a reference for the JS divergence
#
ref_stats = [text_data.CharNgramStats(k+1, rows[10*BS:], by_word=False) for k in xrange(4)]
held_stats = [text_data.CharNgramStats(k+1, rows[:10*BS], by_word=False) for k in xrange(4)]
for k in xrange(4):
    print("held-out JSD at order {}: {}".format(k+1, ref_stats[k].js_with(held_stats[k])))
ref_stats = [text_data.CharNgramStats(k+1, rows, by_word=False) for k in xrange(4)]

for step in xrange(N_STEPS):
    t0 = time.time()

    # critic updates
    #
    for w in critic.parameters():  # re-enable critic grads
        w.requires_grad = True  # switched off again for the generator step

    for ci in xrange(N_CRITIC):
        ids_batch = stream.next()
        onehot_np = enc.transform(ids_batch.reshape(-1, 1)).toarray().reshape(BS, -1, len(ch2id))
        #
        real_x = torch.Tensor(onehot_np)
        if on_gpu:
            real_x = real_x.cuda(dev_id)
        real_v = autograd.Variable(real_x)

        critic.zero_grad()

        # real rows
        c_real = critic(real_v)
        c_real = c_real.mean()
        #
        #
        c_real.backward(neg1)

        # generated rows
        z = torch.randn(BS, 128)
        if on_gpu:
            z = z.cuda(dev_id)
        zv = autograd.Variable(z, volatile=True)  # generator output only, no graph
        x_fake = autograd.Variable(gen(zv).data)
        inp_v = x_fake
        c_fake = critic(inp_v)
        c_fake = c_fake.mean()
        #
        c_fake.backward(pos1)

        # penalty term
        gp = grad_pen(critic, real_v.data, x_fake.data)
        gp.backward()

        c_cost = c_fake - c_real + gp
        w_dist = c_real - c_fake
        opt_c.step()


    # generator update
    #
    for w in critic.parameters():
        w.requires_grad = False  # critic frozen
    gen.zero_grad()

    z = torch.randn(BS, 128)
    if on_gpu:
        z = z.cuda(dev_id)
    zv = autograd.Variable(z)
    x_fake = gen(zv)
    g_score = critic(x_fake)
    g_score = g_score.mean()
    g_score.backward(neg1)
    g_cost = -g_score
    opt_g.step()

    # logging and periodic samples
    lib.plot.plot('logs/text/secs', time.time() - t0)
    lib.plot.plot('logs/text/critic', c_cost.cpu().data.numpy())
    lib.plot.plot('logs/text/gen', g_cost.cpu().data.numpy())
    lib.plot.plot('logs/text/w', w_dist.cpu().data.numpy())

    if step % 100 == 99:
        gen_texts = []
        for k in xrange(10):
            gen_texts.extend(decode_fakes(gen))

        for k in xrange(4):
            st = text_data.CharNgramStats(k+1, gen_texts, by_word=False)
            lib.plot.plot('logs/text/jsd{}'.format(k+1), st.js_with(ref_stats[k]))

        with open('logs/text/fake_{}.txt'.format(step), 'w') as fh:
            for line_out in gen_texts:
                line_out = ''.join(line_out)
                fh.write(line_out + '\n')

    if step % 100 == 99:
        lib.plot.flush()

    lib.plot.tick()
