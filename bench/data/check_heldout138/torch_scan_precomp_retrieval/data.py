# -----------------------------------------------------------
# Data side of a cross-attention image-text matching model
# trained on precomputed region features
# (bottom-up regions, 36 per image).
#
#
# Re-expressed for a memory check set
# ---------------------------------------------------------------
"""Loaders for precomputed features"""

import torch
import torch.utils.data as data
import torchvision.transforms as transforms
import os
import nltk
from PIL import Image
import numpy as np
import json as jsonmod


class RegionCaptionSet(data.Dataset):
    """
    Precomputed region features paired with captions
    Data names: f30k_precomp, coco_precomp
    """

    def __init__(self, folder, split, vocab):
        self.vocab = vocab
        base = folder + '/'

        # caption lines
        self.captions = []
        with open(base+'%s_caps.txt' % split, 'rb') as fh:
            for ln in fh:
                self.captions.append(ln.strip())

        # region features
        self.images = np.load(base+'%s_ims.npy' % split)
        self.length = len(self.captions)
        # five captions per image unless the features are repeated
        if self.images.shape[0] != self.length:
            self.im_div = 5
        else:
            self.im_div = 1
        # coco dev is large; validate on its first 5000 captions
        if split == 'dev':
            self.length = 5000

    def __getitem__(self, i):
        # five captions share one image
        img_row = i/self.im_div
        img = torch.Tensor(self.images[img_row])
        cap = self.captions[i]
        vocab = self.vocab

        # caption text to word ids
        toks = nltk.tokenize.word_tokenize(
            str(cap).lower().decode('utf-8'))
        cap = []
        cap.append(vocab('<start>'))
        cap.extend([vocab(t) for t in toks])
        cap.append(vocab('<end>'))
        tgt = torch.Tensor(cap)
        return img, tgt, i, img_row

    def __len__(self):
        return self.length


def collate_fn(batch):
    """Stack a list of (regions, caption) samples into a batch.
    Args:
        batch: list of (regions, caption, index, image row) tuples.
            - regions: tensor (36, 2048).
            - caption: 1-D tensor of any length.

    Returns:
        regions: tensor (batch, 36, 2048).
        targets: tensor (batch, longest caption).
        lengths: list of caption lengths.
    """
    # longest caption first
    batch.sort(key=lambda x: len(x[1]), reverse=True)
    imgs, caps, idxs, rows = zip(*batch)

    # one tensor for the regions
    imgs = torch.stack(imgs, 0)

    # pad the captions into one 2-D tensor
    lens = [len(c) for c in caps]
    tgts = torch.zeros(len(caps), max(lens)).long()
    for k, c in enumerate(caps):
        n = lens[k]
        tgts[k, :n] = c[:n]

    return imgs, tgts, lens, idxs


def make_loader(folder, split, vocab, opt, batch_size=100,
                       shuffle=True, num_workers=2):
    """DataLoader over one precomputed split."""
    ds = RegionCaptionSet(folder, split, vocab)

    dl = torch.utils.data.DataLoader(dataset=ds,
                                              batch_size=batch_size,
                                              shuffle=shuffle,
                                              pin_memory=True,
                                              collate_fn=collate_fn)
    return dl


def get_loaders(data_name, vocab, batch_size, workers, opt):
    folder = os.path.join(opt.data_path, data_name)
    train_dl = make_loader(folder, 'train', vocab, opt,
                                      batch_size, True, workers)
    val_dl = make_loader(folder, 'dev', vocab, opt,
                                    batch_size, False, workers)
    return train_dl, val_dl


def get_test_loader(split_name, data_name, vocab, batch_size,
                    workers, opt):
    folder = os.path.join(opt.data_path, data_name)
    test_dl = make_loader(folder, split_name, vocab, opt,
                                     batch_size, False, workers)
    return test_dl
