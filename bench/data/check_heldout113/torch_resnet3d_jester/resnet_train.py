import argparse
import logging
import sys
import os
import math
import time
from matplotlib import pyplot as plt
import pandas as pd
import numpy as np
import torch
import torch.nn as nn
import torchvision.transforms as transforms

from network.utils import GestureSeqFolder, SidePad, loader_accuracy
from resnet import ResNet, BasicBlock

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s | %(message)s")
logger = logging.getLogger()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
N_WORKERS = 8


def fit_gesture_net(root, sep, seq_len, pad_width, bs, n_epochs, lr, ckpt_path, curve_path, cm_path):
    fit_dir = os.path.join(root, 'train_imgseqs/')
    eval_dir = os.path.join(root, 'test_imgseqs/')
    fit_csv = os.path.join(root, 'jester-v1-train.csv')
    eval_csv = os.path.join(root, 'jester-v1-validation.csv')

    tfm = transforms.Compose([transforms.ToTensor(),
                                    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
                                    SidePad(pad_to_width=pad_width)])  # widen every frame to pad_width with constant columns

    fit_ds = GestureSeqFolder(fit_dir, fit_csv, transform=tfm, delimiter=sep, seq_len=seq_len)
    fit_dl = torch.utils.data.DataLoader(fit_ds, batch_size=bs, shuffle=True, num_workers=N_WORKERS)

    eval_ds = GestureSeqFolder(eval_dir, eval_csv, transform=tfm, delimiter=sep, seq_len=seq_len)
    eval_dl = torch.utils.data.DataLoader(eval_ds, batch_size=bs, shuffle=False, num_workers=N_WORKERS)

    net = nn.DataParallel(ResNet(BasicBlock, num_classes=27).to(device)).to(device)

    ce = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=lr)

    fit_hist, eval_hist = [], []

    t0 = time.time()
    eval_acc = -1
    for ep in range(n_epochs):
        for i, (clips, ys) in enumerate(fit_dl):
            logger.info('ep %d/%d step %d/%d' % (ep + 1, n_epochs, i + 1, int(math.ceil(float(len(fit_ds)) / bs))))

            clips = clips.to(device)
            ys = ys.to(device)

            opt.zero_grad()
            scores = net(clips)

            batch_loss = ce(scores, ys)
            batch_loss.backward()

            opt.step()

            logger.info('step loss %.4f' % batch_loss.item())

        net.eval()

        fit_acc = loader_accuracy(net, fit_dl, scale=100, return_data=False)
        logger.info("fit accuracy after ep %d: %.2f%%" % (ep + 1, fit_acc))
        fit_hist.append(fit_acc)

        prev_eval_acc = eval_acc

        eval_acc, eval_pred, eval_true = loader_accuracy(net, eval_dl, scale=100, return_data=True)
        logger.info("eval accuracy after ep %d: %.2f%%" % (ep + 1, eval_acc))
        eval_hist.append(eval_acc)

        if eval_acc < prev_eval_acc:
            logger.info("eval accuracy at ep %d (%.2f%%) fell below the previous %.2f%%; stopping with the earlier weights" %
                        (ep + 1, eval_acc, prev_eval_acc))
            break

        logger.info("writing weights to %s" % ckpt_path)
        torch.save(net.state_dict(), ckpt_path)

        net.train()
    t1 = time.time()
    logger.info("fit seconds: %s" % (t1 - t0))

    plt.figure(1)
    plt.plot(range(1, ep + 2), fit_hist, label='fit')
    plt.plot(range(1, ep + 2), eval_hist, label='eval')
    plt.xlabel('epoch')
    plt.ylabel('accuracy %')
    plt.xticks(range(0, n_epochs + 1, 2))
    plt.xlim(right=n_epochs + 0.5)
    plt.ylim(bottom=0, top=100)
    plt.legend()
    plt.savefig(curve_path)
    try:
        plt.show()
    except:
        logger.info("no display for the plot")

    cm = np.zeros((len(fit_ds.class_names), len(fit_ds.class_names)))

    for t, q in zip(eval_true, eval_pred):
        cm[t.item(), q.item()] += 1

    cm_df = pd.DataFrame(cm).astype(int)
    cm_df.index = cm_df.columns = [fit_ds.class_names[i] for i in cm_df.index]
    logger.info("confusion counts (written to %s), rows true, columns predicted:\n%s" % (cm_path, cm_df))
    cm_df.to_csv(cm_path)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument('root',
    help='folder with train_imgseqs/, test_imgseqs/ and the two jester csv files')
    ap.add_argument('--bs', '-b', type=int, default=150, required=True, help='clips per step')
    ap.add_argument('--sep', '-d', default=';', help='csv separator')
    ap.add_argument('--seq_len', '-t', type=int, default=36, help='frames per clip after trimming or padding')
    ap.add_argument('--pad_width', '-w', type=int, default=176, help='pad narrower frames to this width')
    ap.add_argument('--n_epochs', '-e', type=int, default=100, help='max epochs')
    ap.add_argument('--lr', '-lr', type=float, default=0.001, help='Adam step size')
    ap.add_argument('--ckpt_path', '-f', default='gesture_net.pkl', help='weights file')
    ap.add_argument('--curve_path', '-q', default='acc_curve.png', help='accuracy curve image')
    ap.add_argument('--cm', '-cf', default='confusion.csv', help='confusion counts csv')

    opts = ap.parse_args()

    fit_gesture_net(opts.root, opts.sep, opts.seq_len, opts.pad_width, opts.bs,
                 opts.n_epochs, opts.lr, opts.ckpt_path, opts.curve_path, opts.cm)
