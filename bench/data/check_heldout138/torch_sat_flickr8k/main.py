import os
import argparse
from dataloader import *
from test import bleu_report
from torchvision import transforms
from torch.utils.data import DataLoader
from torch import nn
from torch import optim
import torch
import pickle
from model import SAT
import time
import math
from tqdm import tqdm


def main(cli):
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    print(dev)
    with open(os.path.join(cli.path, 'mapping.pkl'), 'rb') as fh:
        w2i = pickle.load(fh)

    n_words = len(w2i)
    net = SAT(vocab_size=n_words)
    net.to(dev)
    crit = nn.CrossEntropyLoss(ignore_index=2)
    optimiser = optim.Adam(net.parameters(), lr=1e-4, betas=(0.9, 0.98), eps=1e-9)

    if not cli.test:
        tr_dl = make_loader(mode='train', path=cli.path, batch_size=cli.batch_size)
        va_dl = make_loader(mode='val', path=cli.path, batch_size=cli.batch_size)
        best = float('inf')
        for ep in range(cli.epochs):
            bar = tqdm(tr_dl)
            net.train()
            for imgs, caps in bar:
                loss = net.train_batch(imgs, caps)
                bar.set_description("| ep {:3d} | loss {:.6f} |".format(ep + 1, loss))

            net.eval()
            with torch.no_grad():
                va_losses = []
                for imgs, caps in tqdm(va_dl):
                    loss = net.valid_batch(imgs, caps)
                    va_losses.append(loss.detach().cpu().numpy())

                va_loss = np.mean(va_losses)
                print('validation loss {:.6f}'.format(va_loss))
                if best > va_loss:
                    best = va_loss
                    net.save(file_name='model/best-model.pt', num_epoch=ep)

    # evaluation with beam search
    else:
        print('running the test split...')
        beam = 5
        te_dl = make_loader(mode='test', path=cli.path, batch_size=cli.batch_size)
        net.load('./model/best-model.pt')
        with open(os.path.join(cli.path, 'itow.pkl'), 'rb') as fh:
            i2w = pickle.load(fh)

        outs = []
        for imgs, caps in tqdm(te_dl):
            seqs = net.inference(imgs, beam_size=5, max_len=36)
            outs += seqs

        bleu_report(outs, i2w)


if __name__ == '__main__':
    p = argparse.ArgumentParser(description='show attend tell')
    p.add_argument(
        '--path',
        type=str,
        default='./dataset')

    p.add_argument(
        '--epochs',
        type=int,
        default=128)

    p.add_argument(
        '--batch_size',
        type=int,
        default=40)

    p.add_argument(
        '--test',
        action='store_true')
    cli = p.parse_args()

    main(cli)
