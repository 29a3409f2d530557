import os
import torch
import numpy as np
import pickle
from skimage import io, transform
from torchvision import transforms
from torch.utils.data import Dataset, DataLoader


class Flickr8kCaptions(Dataset):

    def __init__(self, mode, path='./dataset', transform=None):
        super(Flickr8kCaptions, self).__init__()
        self.img_dir = os.path.join(path, 'Images')
        self.transform = transform
        if mode == 'train':
            with open(os.path.join(path, 'train_dataset.txt')) as fh:
                self.rows = [ln.strip().split('\t') for ln in fh.readlines()]

        elif mode == 'val':
            with open(os.path.join(path, 'val_dataset.txt')) as fh:
                self.rows = [ln.strip().split('\t') for ln in fh.readlines()]
        elif mode == 'test':
            with open(os.path.join(path, 'test_dataset.txt')) as fh:
                self.rows = [ln.strip().split('\t') for ln in fh.readlines()]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        if torch.is_tensor(i):
            i = i.tolist()
        fname = os.path.join(self.img_dir, self.rows[i][0])
        img = io.imread(fname)  # numpy (H, W, C)
        img = (img - np.min(img)) / (np.max(img) - np.min(img))
        cap = self.rows[i][1]
        pair = (img, cap)

        if self.transform is not None:
            pair = self.transform(pair)

        return pair


class Resize(object):
    def __init__(self, side):
        assert isinstance(side, int)
        self.side = side

    def __call__(self, pair):  # pair: (img, cap)
        img, cap = pair
        h, w = img.shape[:2]
        nh, nw = self.side, self.side

        img = transform.resize(img, (nh, nw))  # (224, 224, 3)
        return (img, cap)


class ToIds(object):

    def __init__(self):
        with open('./dataset/wtoi.pkl', 'rb') as fh:
            w2i = pickle.load(fh)
            self.w2i = w2i

    def __call__(self, pair):
        img, cap = pair
        cap = cap.split()

        def lookup(w):
            if w in self.w2i:
                return self.w2i[w]
            else:
                return self.w2i['<unk>']

        ids = list(map(lookup, cap))

        return (img, ids)


class PairToTensor(object):

    def __call__(self, pair):
        img, cap = pair
        img = img.transpose((2, 0, 1))
        img = torch.from_numpy(img)
        cap = torch.tensor(cap)
        return (img, cap)


# ImageNet statistics
class PairNormalize(object):

    def __init__(self, mean, std):
        assert isinstance(mean, (tuple, list)) and isinstance(std, (tuple, list))
        self.mean = mean
        self.std = std
        self.normalize = transforms.Normalize(mean, std)

    def __call__(self, pair):
        img, cap = pair
        img = self.normalize(img)
        return img, cap


def make_loader(mode, path, batch_size):
    pipeline = transforms.Compose([Resize(224), ToIds(), PairToTensor(),
                               PairNormalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])])

    ds = Flickr8kCaptions(mode=mode, path=path, transform=pipeline)
    dl = DataLoader(ds, batch_size=batch_size, collate_fn=pad_batch, pin_memory=True)

    return dl


def write_split_files(path='./dataset/Flickr_TextData'):
    split_imgs = {}
    caps_of = {}  # file name -> captions
    with open(os.path.join(path, 'Flickr_8k.trainImages.txt'), 'r') as fh:
        split_imgs['train'] = [ln.strip() for ln in fh.readlines()]  # file names
    with open(os.path.join(path, 'Flickr_8k.testImages.txt'), 'r') as fh:
        split_imgs['test'] = [ln.strip() for ln in fh.readlines()]
    with open(os.path.join(path, 'Flickr_8k.devImages.txt'), 'r') as fh:
        split_imgs['val'] = [ln.strip() for ln in fh.readlines()]
    with open(os.path.join(path, 'Flickr8k.token.txt'), 'r') as fh:
        for ln in fh.readlines():
            fname, text = ln.strip().split('\t')  # id#n, caption
            fname = fname[:-2]
            if fname not in caps_of:
                caps_of[fname] = [text]
            else:
                caps_of[fname].append(text)

    print(caps_of)  # file name -> list of captions
    if os.path.exists('./dataset/train_dataset.txt'):
        print('train split file exists')
    else:
        with open('./dataset/train_dataset.txt', 'w') as fh:
            for key in split_imgs['train']:
                seqs = caps_of[key]
                for k in range(len(seqs)):
                    seqs[k] = '<start> ' + seqs[k] + ' <end>'
                    ln = '{}\t{}\n'.format(key, seqs[k])
                    fh.write(ln)
    if os.path.exists('./dataset/test_dataset.txt'):
        print('test split file exists')
    else:
        with open('./dataset/test_dataset.txt', 'w') as fh:
            for key in split_imgs['test']:
                seqs = caps_of[key]
                for k in range(len(seqs)):
                    seqs[k] = '<start> ' + seqs[k] + ' <end>'
                    ln = '{}\t{}\n'.format(key, seqs[k])
                    fh.write(ln)


def pad_batch(batch):
    def pad_one(vec, n):
        out = torch.empty(n, dtype=torch.int).fill_(2)
        m = len(vec)
        out[:m] = vec[:m]
        return out

    bs = len(batch)
    longest = -1
    imgs = []
    caps = []
    for item in batch:
        if longest == -1 or longest < len(item[1]):
            longest = len(item[1])
        imgs.append(item[0])
        caps.append(item[1])
    # padded caption ids: [batch, longest]

    padded = [pad_one(v, longest) for v in caps]

    return [imgs, padded]


def build_vocab(path='./dataset/Flickr_TextData', thres=2):
    freq = {}
    w2i = {}
    i2w = {}
    w2i['<start>'] = 0
    i2w[0] = '<start>'

    w2i['<end>'] = 1
    i2w[1] = '<end>'

    w2i['<pad>'] = 2
    i2w[2] = '<pad>'

    w2i['<unk>'] = 3
    i2w[3] = '<unk>'

    nxt = 4
    with open(os.path.join(path, 'Flickr8k.token.txt'), 'r') as fh:
        for ln in fh.readlines():
            toks = ln.strip().split('\t')[1].split()
            for t in toks:
                if t not in freq:
                    freq[t] = 1
                else:
                    freq[t] += 1
    for k, v in freq.items():
        if v > 2:
            w2i[k] = nxt
            i2w[nxt] = k
            nxt += 1

    assert len(w2i) == len(i2w)
    #print(len(w2i))  # about 4.2k words


    if not os.path.exists('./dataset/wtoi.pkl'):
        with open('./dataset/wtoi.pkl', 'wb') as fh:
            pickle.dump(w2i, fh)

    if not os.path.exists('./dataset/itow.pkl'):
        with open('./dataset/itow.pkl', 'wb') as fh:
            pickle.dump(i2w, fh)

#build_vocab()
# write_split_files()
# pipeline=transforms.Compose([Resize(256), ToIds(), PairToTensor()])
