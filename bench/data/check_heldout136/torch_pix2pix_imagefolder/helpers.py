import itertools, imageio, torch
import matplotlib.pyplot as plt
import numpy as np
from torchvision import datasets
from scipy.misc import imresize

def save_preview(gen, src_b, tgt_b, ep_num, show = False, save = False, path = 'result.png'):

    fakes = gen(src_b)

    grid_n = 3
    figure, axes = plt.subplots(src_b.size()[0], grid_n, figsize=(5, 5))
    for r, c in itertools.product(range(src_b.size()[0]), range(grid_n)):
        axes[r, c].get_xaxis().set_visible(False)
        axes[r, c].get_yaxis().set_visible(False)

    for r in range(src_b.size()[0]):
        axes[r, 0].cla()
        axes[r, 0].imshow((src_b[r].cpu().data.numpy().transpose(1, 2, 0) + 1) / 2)
        axes[r, 1].cla()
        axes[r, 1].imshow((fakes[r].cpu().data.numpy().transpose(1, 2, 0) + 1) / 2)
        axes[r, 2].cla()
        axes[r, 2].imshow((tgt_b[r].numpy().transpose(1, 2, 0) + 1) / 2)

    caption = 'ep {0}'.format(ep_num)
    figure.text(0.5, 0.04, caption, ha='center')

    if save:
        plt.savefig(path)

    if show:
        plt.show()
    else:
        plt.close()

def plot_history(history, show = False, save = False, path = 'history.png'):
    xs = range(len(history['d']))

    d_curve = history['d']
    g_curve = history['g']

    plt.plot(xs, d_curve, label='d')
    plt.plot(xs, g_curve, label='g')

    plt.xlabel('Iter')
    plt.ylabel('Loss')

    plt.legend(loc=4)
    plt.grid(True)
    plt.tight_layout()

    if save:
        plt.savefig(path)

    if show:
        plt.show()
    else:
        plt.close()

def make_gif(out_dir, prefix, hp):
    frames = []
    for ep in range(hp.train_epoch):
        png = out_dir + 'probe_imgs/' + prefix + str(ep + 1) + '.png'
        frames.append(imageio.imread(png))
    imageio.mimsave(out_dir + prefix + 'progress.gif', frames, fps=5)

def folder_loader(path, split, tf, bs, mix=True):
    folder_ds = datasets.ImageFolder(path, tf)
    want = folder_ds.class_to_idx[split]

    pos = 0
    for r in range(folder_ds.__len__()):
        if want != folder_ds.imgs[pos][1]:
            del folder_ds.imgs[pos]
            pos -= 1

        pos += 1

    return torch.utils.data.DataLoader(folder_ds, batch_size=bs, shuffle=mix)

def resize_batch(batch, side = 286):
    result = torch.FloatTensor(batch.size()[0], batch.size()[1], side, side)
    for r in range(batch.size()[0]):
        one = imresize(batch[r].numpy(), [side, side])
        result[r] = torch.FloatTensor((one.transpose(2, 0, 1).astype(np.float32).reshape(-1, batch.size()[1], side, side) - 127.5) / 127.5)

    return result

def crop_pair(batch_a, batch_b, side = 256):
    res_a = torch.FloatTensor(batch_a.size()[0], batch_a.size()[1], side, side)
    res_b = torch.FloatTensor(batch_b.size()[0], batch_b.size()[1], side, side)
    for r in range(batch_a.size()[0]):
        one_a = batch_a[r]
        one_b = batch_b[r]
        off_a = np.random.randint(0, batch_a.size()[2] - side)
        off_b = np.random.randint(0, batch_b.size()[2] - side)
        res_a[r] = one_a[:, off_a: side + off_a, off_b: side + off_b]
        res_b[r] = one_b[:, off_a: side + off_a, off_b: side + off_b]

    return res_a, res_b

def flip_pair(batch_a, batch_b):
    res_a = torch.FloatTensor(batch_a.size())
    res_b = torch.FloatTensor(batch_b.size())
    for r in range(batch_a.size()[0]):
        if torch.rand(1)[0] < 0.5:
            one_a = torch.FloatTensor(
                (np.fliplr(batch_a[r].numpy().transpose(1, 2, 0)).transpose(2, 0, 1).reshape(-1, batch_a.size()[1], batch_a.size()[2], batch_a.size()[3]) + 1) / 2)
            res_a[r] = (one_a - 0.5) / 0.5
            one_b = torch.FloatTensor(
                (np.fliplr(batch_b[r].numpy().transpose(1, 2, 0)).transpose(2, 0, 1).reshape(-1, batch_b.size()[1], batch_b.size()[2], batch_b.size()[3]) + 1) / 2)
            res_b[r] = (one_b - 0.5) / 0.5
        else:
            res_a[r] = batch_a[r]
            res_b[r] = batch_b[r]

    return res_a, res_b
