import argparse
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
import numpy as np

from dataset import Vocab, RegionFeatureVQA
import base_model
from train import fit
import utils


def read_cli():
    p = argparse.ArgumentParser()
    p.add_argument('--epochs', type=int, default=30)
    p.add_argument('--num_hid', type=int, default=1024)
    p.add_argument('--model', type=str, default='baseline0_newatt')
    p.add_argument('--output', type=str, default='saved_models/exp0')
    p.add_argument('--batch_size', type=int, default=512)
    p.add_argument('--seed', type=int, default=1111, help='seed for the RNGs')
    cli = p.parse_args()
    return cli


if __name__ == '__main__':
    cli = read_cli()

    torch.manual_seed(cli.seed)
    torch.cuda.manual_seed(cli.seed)
    torch.backends.cudnn.benchmark = True

    vocab = Vocab.load_from_file('data/dictionary.pkl')
    train_set = RegionFeatureVQA('train', vocab)
    val_set = RegionFeatureVQA('val', vocab)
    bs = cli.batch_size

    builder_name = 'build_%s' % cli.model
    net = getattr(base_model, builder_name)(train_set, cli.num_hid).cuda()
    net.w_emb.init_embedding('data/glove6b_init_300d.npy')

    net = nn.DataParallel(net).cuda()

    train_dl = DataLoader(train_set, bs, shuffle=True, num_workers=1)
    val_dl =  DataLoader(val_set, bs, shuffle=True, num_workers=1)
    fit(net, train_dl, val_dl, cli.epochs, cli.output)
