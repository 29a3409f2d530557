import os
import numpy as np
import torch
import torch.nn as nn
import torch.utils.data
from torch.utils.data.dataset import T_co
from utils.base import Params, Learning
from tqdm import tqdm

n_workers = 8


class PhonemeParams(Params):
    def __init__(self, K=15, B=32768, lr=1e-3, max_epoch=201, is_double=False,
                 data_dir='d:/data/phoneme_hw1', dropout=0.5, device='cuda:0'):
        super(PhonemeParams, self).__init__(B=B, lr=lr, max_epoch=max_epoch,
                                        data_dir=data_dir, is_double=is_double, device=device)
        self.K = K
        self.dropout = dropout
        self.str = 'ctx=' + str(self.K) + 'bs=' + str(self.B) + 'p=' + str(self.dropout) + 'lr=' + str(
                self.lr) + ('_f64_' if is_double else '_f32_')

    def __str__(self):
        return self.str


class FrameDataset(torch.utils.data.Dataset):
    def __init__(self, x_path, y_path, context, data_type=torch.float):
        super(FrameDataset, self).__init__()
        utts = np.load(x_path, allow_pickle=True)
        self.is_test = y_path is None
        self.n_utts = utts.shape[0]
        self.ctx = context
        self.index = []
        pad = (self.ctx, 40)
        self.X = []  # per utterance: (ctx + frames + ctx) x 40
        for u, feats in enumerate(utts):
            self.X.append(torch.cat([torch.zeros(pad), torch.as_tensor(feats, dtype=data_type),
                                     torch.zeros(pad)], dim=0))
            for f in range(feats.shape[0]):
                self.index.append((u, f))
        self.X = np.asarray(self.X, dtype=object)

        if not self.is_test:
            labs = np.load(y_path, allow_pickle=True)
            self.Y = [torch.as_tensor(l, dtype=torch.long) for l in labs]
            self.Y = np.asarray(self.Y, dtype=object)
        print(x_path, self.__len__())

    def __getitem__(self, k) -> T_co:
        u, f = self.index[k]
        if self.is_test:
            return torch.flatten(self.X[u][f:self.ctx * 2 + f + 1])
        else:
            return (torch.flatten(self.X[u][f:self.ctx * 2 + f + 1]),
                    self.Y[u][f])

    def __len__(self):
        return len(self.index)


class PhonemeLearner(Learning):
    def __init__(self, params: PhonemeParams, model):
        super(PhonemeLearner, self).__init__(params, model, torch.optim.Adam, nn.CrossEntropyLoss)
        print(str(self))

        self.tr_x = os.path.join(params.data_dir, 'train.npy')  # N,?,40
        self.tr_y = os.path.join(params.data_dir, 'train_labels.npy')  # N,?
        self.va_x = os.path.join(params.data_dir, 'dev.npy')  # N,?,40
        self.va_y = os.path.join(params.data_dir, 'dev_labels.npy')
        self.te_x = os.path.join(params.data_dir, 'test.npy')

        self.dtype = torch.double if params.is_double else torch.float

    def _load_train(self):
        self.train_loader = torch.utils.data.DataLoader(
                FrameDataset(self.tr_x, self.tr_y, self.params.K, self.dtype),
                batch_size=self.params.B,
                shuffle=True, pin_memory=True, num_workers=n_workers)

    def _load_valid(self):
        self.valid_loader = torch.utils.data.DataLoader(
                FrameDataset(self.va_x, self.va_y, self.params.K, self.dtype),
                batch_size=self.params.B,
                shuffle=False, pin_memory=True, num_workers=n_workers)

    def _load_test(self):
        self.test_loader = torch.utils.data.DataLoader(
                FrameDataset(self.te_x, None, self.params.K, self.dtype), batch_size=1,
                shuffle=False,
                pin_memory=True, num_workers=n_workers)

    def test(self):
        if self.test_loader is None:
            self._load_test()
        # print('predicting the test set...')
        with open('results/' + str(self) + '.csv', 'w') as out:
            out.write('id,label')
            with torch.cuda.device(self.device):
                with torch.no_grad():
                    self.model.eval()
                    for k, xb in enumerate(tqdm(self.test_loader)):
                        x = xb.to(self.device)
                        lab = torch.argmax(self.model(x), dim=1).item()
                        out.write('\n' + str(k) + ',' + str(lab))
