import unidecode
import string
import random
import time
import math
import torch
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from torch.autograd import Variable
import torch.nn as nn

# text to a tensor of printable-character ids
def char_tensor(txt):
    ids = torch.zeros(len(txt)).long()
    for k in range(len(txt)):
        try:
            ids[k] = string.printable.index(txt[k])
        except:
            continue
    return ids

# elapsed time as text
def time_since(t0):
    secs = time.time() - t0
    mins = math.floor(secs / 60)
    secs -= mins * 60
    return '%dm %ds' % (mins, secs)

# layout helper for the heat-map plots
def wrap_colored_text(txt, shades, W, tabsize=4):
    ''' break text and per-character activations into rows of width W '''
    rows_txt, rows_shade = [], []

    # break into rows
    for ch, shade in zip(txt, shades):
        if ch == '\t':
            for k in range(tabsize):
                rows_txt.append(' ')
                rows_shade.append(shade)
        else:
            rows_txt.append(ch)
            rows_shade.append(shade)
            if ch == '\n':
                for k in range(W - len(rows_txt) % W):
                    rows_txt.append(' ')
                    rows_shade.append(np.zeros_like(shades[0]))

    # pad the last row to make a full rectangle
    for k in range(W - len(rows_txt) % W):
        rows_txt.append(' ')
        rows_shade.append(np.zeros_like(shades[0]))

    return np.array(rows_txt).reshape(-1, W), np.array(rows_shade).reshape(-1, W)

def plot_colored_text(txt, shades, W=80, title=None, save_file=None):
    grid_txt, grid_shade = wrap_colored_text(txt, shades, W, tabsize=4)

    H = len(grid_txt)
    plt.figure(figsize=(W/5, H/3))

    palette = sns.color_palette("RdBu_r", 255, desat=.9)
    palette[127] = (1.,1.,1.) # zero drawn as white
    sns.heatmap(grid_shade, annot=grid_txt,
                annot_kws={'color':'black',
                           'family':'monospace',
                           'horizontalalignment':'center',
                           'fontweight':'light'},
                fmt='s', cbar=False, cmap=palette, vmin=-2, vmax=2)
    plt.xticks([])
    plt.yticks([])
    plt.title(title)
    if save_file:
        plt.savefig(save_file)
    plt.show()

# loss of a trained model on one random batch
def test_model(net, test_path, batch_size=128, chunk_len=200, cuda=True):
    net.eval()

    txt = unidecode.unidecode(open(test_path, encoding='utf-8', errors='ignore').read())

    if cuda:
        inp = torch.cuda.LongTensor(batch_size, chunk_len)
        tgt = torch.cuda.LongTensor(batch_size, chunk_len)
    else:
        inp = torch.LongTensor(batch_size, chunk_len)
        tgt = torch.LongTensor(batch_size, chunk_len)

    for row in range(batch_size):
        lo = random.randint(0, len(txt) - chunk_len - 1)
        hi = lo + chunk_len + 1
        piece = txt[lo:hi]

        inp[row] = char_tensor(piece[:-1])
        tgt[row] = char_tensor(piece[1:])
    inp, tgt = Variable(inp), Variable(tgt)

    state = net.init_hidden(batch_size)
    if cuda:
        if isinstance(state, tuple):
            state = (state[0].cuda(), state[1].cuda())
        else:
            state = state.cuda()

    crit = nn.CrossEntropyLoss()

    total = 0
    for step in range(chunk_len):
        out, state = net(inp[:,step], state)
        total += crit(out.view(batch_size, -1), tgt[:, step])

    return total.data[0] / chunk_len
