# encoding=utf-8
import json

import jieba
import numpy as np
from scipy.misc import imread, imresize
from torch.utils.data import Dataset

from config import *


def to_ids(vocab, words):
    return [vocab['<start>']] + [vocab.get(w, vocab['<unk>']) for w in words] + [
        vocab['<end>']] + [vocab['<pad>']] * (max_len - len(words))


class CaptionDataset(Dataset):
    """
    Image/caption pairs for a torch DataLoader.
    """

    def __init__(self, split, transform=None):
        """
        :param split: 'train' or 'valid'
        :param transform: transform applied to the image tensor
        """
        self.split = split
        assert self.split in {'train', 'valid'}

        if split == 'train':
            ann_path = train_annotations_filename
            self.img_dir = train_image_folder
        else:
            ann_path = valid_annotations_filename
            self.img_dir = valid_image_folder

        # all annotation records
        with open(ann_path, 'r') as fh:
            self.records = json.load(fh)

        # vocabulary
        with open(os.path.join(data_folder, 'WORDMAP.json'), 'r') as fh:
            self.vocab = json.load(fh)

        # image transform
        self.transform = transform

        # one item per caption
        self.n_items = len(self.records * captions_per_image)

    def __getitem__(self, k):
        # item k uses image k // captions_per_image
        rec = self.records[k // captions_per_image]
        img_path = os.path.join(self.img_dir, rec['image_id'])
        # decode the image
        im = imread(img_path)
        if len(im.shape) == 2:
            im = im[:, :, np.newaxis]
            im = np.concatenate([im, im, im], axis=2)
        im = imresize(im, (256, 256))
        im = im.transpose(2, 0, 1)
        assert im.shape == (3, 256, 256)
        assert np.max(im) <= 255
        im = torch.FloatTensor(im / 255.)
        if self.transform is not None:
            im = self.transform(im)

        # pick the caption
        sentences = rec['caption']
        # every image has the same number of captions
        assert len(sentences) == captions_per_image
        s = sentences[k % captions_per_image]
        s = list(jieba.cut(s))
        # to ids
        ids = to_ids(self.vocab, s)

        cap = torch.LongTensor(ids)

        cap_len = torch.LongTensor([len(s) + 2])

        if self.split is 'train':
            return im, cap, cap_len
        else:
            # validation also returns every caption of the image, for BLEU-4
            every_cap = torch.LongTensor([to_ids(self.vocab, list(jieba.cut(s))) for s in sentences])
            return im, cap, cap_len, every_cap

    def __len__(self):
        return self.n_items
